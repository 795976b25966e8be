"""`docs-check server` end to end: a real LSP client (pytest-lsp) talking to
the real server over stdio, started as CI's installed package is
(`python -m checker server`). One server for the module: each test opens
pages of its own, or leaves the pages it changed as it found them."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="docs-check[server] is not installed (pygls)")
pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp is not installed")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from tests.server.editor import SERVER, Editor, row_of, session  # noqa: E402
from tests.server.tree import FOLDER, PUT_METRIC, write_tree  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("workspace")
    write_tree(root)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):  # type: ignore[no-untyped-def]
    async for _ in session(lsp_client, workspace):
        yield


def _page(workspace: Path, version: str, name: str) -> Path:
    return workspace / FOLDER / f"pytorch_{version}" / name


async def test_writers_session(client: LanguageClient, workspace: Path) -> None:
    """The issue's "done when": the 2.12.0 elastic page opened, put_metric's
    Ascend 950DT ✘ flipped to ✔ (doc-differs-from-rule at its row), flipped
    back (gone); a page with a ✗ mark, its quick fix applied (clean)."""
    elastic = Editor(client, _page(workspace, "2-12-0", "torch-distributed-elastic.md"))
    elastic.open()
    assert await elastic.diagnostics(lambda found: True) == []
    row = row_of(elastic.text, PUT_METRIC, "Ascend 950DT")
    elastic.replace_on(row, "✘", "✔")
    assert await elastic.diagnostics(bool) == [(row, "doc-differs-from-rule")]
    elastic.replace_on(row, "✔", "✘")
    assert await elastic.diagnostics(lambda found: not found) == []
    elastic.close()

    crossed = Editor(client, _page(workspace, "2-12-0", "torch-distributed-elastic-events.md"))
    crossed.open()
    mark = row_of(crossed.text, "torch.distributed.elastic.metrics.get_elapsed_time_ms", "950DT")
    assert await crossed.diagnostics(bool) == [(mark, "nonstandard-mark")]
    where = types.Range(types.Position(mark - 1, 0), types.Position(mark - 1, 0))
    context = types.CodeActionContext(diagnostics=[])
    identifier = types.TextDocumentIdentifier(crossed.uri)
    offered = await client.text_document_code_action_async(
        types.CodeActionParams(identifier, where, context)
    )
    assert offered is not None
    fixes = [a for a in offered if isinstance(a, types.CodeAction) and a.is_preferred]
    assert [a.title for a in fixes] == ["docs-check: fix nonstandard-mark"]
    assert fixes[0].edit is not None and fixes[0].edit.changes is not None
    crossed.apply(fixes[0].edit.changes[crossed.uri])
    assert "| <term>Ascend 950DT</term> | ✘ |" in crossed.text.split("\n")[mark - 1]
    assert await crossed.diagnostics(lambda found: not found) == []
    crossed.close()


async def test_hover_shows_every_version_the_rule_and_the_links(
    client: LanguageClient, workspace: Path
) -> None:
    elastic = Editor(client, _page(workspace, "2-12-0", "torch-distributed-elastic.md"))
    elastic.open()
    await elastic.diagnostics(lambda found: True)
    heading = elastic.text.split("\n").index(f"### {PUT_METRIC}")
    identifier = types.TextDocumentIdentifier(elastic.uri)
    shown = await client.text_document_hover_async(
        types.HoverParams(identifier, types.Position(heading + 3, 0))
    )
    elastic.close()
    assert shown is not None and isinstance(shown.contents, types.MarkupContent)
    lines = shown.contents.value.split("\n")
    assert lines[:3] == [f"**{PUT_METRIC}**", "", "```text"]
    statuses = "atlas-a2=supported  atlas-a3=supported  ascend-950=unsupported"
    assert [line.split()[0] for line in lines[4:6]] == ["2.11.0", "2.12.0"]
    assert all(statuses in line for line in lines[4:6])
    assert any(line.startswith("- rule elastic-put-metric expects ") for line in lines)
    link = f"https://pytorch.org/docs/2.12/elastic/metrics.html#{PUT_METRIC}"
    assert f"- [PyTorch 2.12.0 docs]({link})" in lines


async def test_unreadable_page_is_one_diagnostic_at_line_1(
    client: LanguageClient, workspace: Path
) -> None:
    empty = _page(workspace, "2-12-0", "torch-empty.md")
    empty.write_text("# torch\n", encoding="utf-8")
    editor = Editor(client, empty)
    editor.open(" \n")  # what the editor holds, not the file: an empty page
    assert await editor.diagnostics(bool) == [(1, None)]
    said = client.diagnostics[editor.uri][0].message
    assert said.endswith("torch-empty.md: empty file"), said
    editor.close()
    empty.unlink()


async def test_broken_configuration_is_one_diagnostic_on_it(
    client: LanguageClient, workspace: Path
) -> None:
    other = workspace / "other"
    page = other / FOLDER / "pytorch_2-12-0" / "torch-distributed-elastic.md"
    page.parent.mkdir(parents=True)
    page.write_text((workspace / FOLDER / "pytorch_2-12-0" / page.name).read_text("utf-8"), "utf-8")
    config = other / ".docs-check.toml"
    config.write_text('scope = ["atlas-a2"]\nseverity = 3\n', encoding="utf-8")
    editor = Editor(client, page)
    editor.open()
    settings = Editor(client, config)
    assert await settings.diagnostics(bool) == [(2, None)]
    assert "severity" in client.diagnostics[settings.uri][0].message
    editor.close()


async def test_a_failing_handler_is_logged_and_the_server_goes_on(
    client: LanguageClient, workspace: Path
) -> None:
    """A quick fix asked of a page that was never opened and is no file."""
    missing = types.TextDocumentIdentifier((workspace / "gone.md").as_uri())
    where = types.Range(types.Position(0, 0), types.Position(0, 0))
    context = types.CodeActionContext(diagnostics=[])
    asked = types.CodeActionParams(missing, where, context)
    assert await client.text_document_code_action_async(asked) is None
    logged = [m.message for m in client.log_messages if m.type == types.MessageType.Error]
    assert logged and logged[-1].startswith("docs-check server: code_action failed: ")
    elastic = Editor(client, _page(workspace, "2-12-0", "torch-distributed-elastic.md"))
    elastic.open()
    assert await elastic.diagnostics(lambda found: True) == []
    elastic.close()


async def test_a_client_that_goes_away_mid_request_ends_the_server(workspace: Path) -> None:
    """stdin closed with a request unanswered: the server exits, quietly."""

    def framed(body: str) -> bytes:
        data = body.encode()
        return b"Content-Length: %d\r\n\r\n%s" % (len(data), data)

    page = _page(workspace, "2-12-0", "torch-distributed-elastic.md")
    requests = [
        '{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{},'
        f'"rootUri":"{workspace.as_uri()}"}}}}',
        '{"jsonrpc":"2.0","method":"initialized","params":{}}',
        '{"jsonrpc":"2.0","id":2,"method":"textDocument/hover","params":{"textDocument":'
        f'{{"uri":"{page.as_uri()}"}},"position":{{"line":0,"character":0}}}}}}',
    ]
    done = subprocess.run(
        SERVER, input=b"".join(map(framed, requests)), capture_output=True, timeout=60, check=False
    )
    assert done.returncode == 0
    assert b"Traceback" not in done.stderr, done.stderr.decode()
