"""`docs-check server` end to end: a real LSP client (pytest-lsp) talking to
the real server over stdio, started as CI's installed package is
(`python -m checker server`). One server for the module: each test opens
pages of its own, or leaves the pages it changed as it found them."""

from __future__ import annotations

import asyncio
import subprocess
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="docs-check[server] is not installed (pygls)")
pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp is not installed")

from lsprotocol import types  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402
from tests.server.tree import FOLDER, PUT_METRIC, write_tree  # noqa: E402

SERVER = [sys.executable, "-m", "checker", "server"]
TIMEOUT = 20  # seconds a test waits for what the server publishes
pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("workspace")
    write_tree(root)
    return root


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, workspace: Path):  # type: ignore[no-untyped-def]
    params = types.InitializeParams(
        capabilities=types.ClientCapabilities(), root_uri=workspace.as_uri()
    )
    await lsp_client.initialize_session(params)
    yield
    await lsp_client.shutdown_session()


class Editor:
    """What a writer does in the editor: open, type, apply a quick fix."""

    def __init__(self, client: LanguageClient, path: Path) -> None:
        self.client, self.uri = client, path.as_uri()
        self.text, self.version = path.read_text(encoding="utf-8"), 1

    def open(self, text: str | None = None) -> None:
        self.text = self.text if text is None else text
        item = types.TextDocumentItem(self.uri, "markdown", self.version, self.text)
        self.client.text_document_did_open(types.DidOpenTextDocumentParams(item))

    def close(self) -> None:
        identifier = types.TextDocumentIdentifier(self.uri)
        self.client.text_document_did_close(types.DidCloseTextDocumentParams(identifier))

    def replace_on(self, line: int, old: str, new: str) -> None:
        """Types `new` over `old` on `line` (1-based): an incremental change."""
        lines = self.text.split("\n")
        start = _utf16(lines[line - 1][: lines[line - 1].index(old)])
        where = types.Range(
            types.Position(line - 1, start), types.Position(line - 1, start + _utf16(old))
        )
        change = types.TextDocumentContentChangePartial(range=where, text=new)
        lines[line - 1] = lines[line - 1].replace(old, new, 1)
        self._changed("\n".join(lines), [change])

    def apply(self, edits: Sequence[types.TextEdit]) -> None:
        """A workspace edit's line edits applied, as an editor sends them: the whole text."""
        lines = self.text.split("\n")
        for edit in sorted(edits, key=lambda e: e.range.start.line, reverse=True):
            start, end = edit.range.start.line, edit.range.end.line
            lines[start:end] = edit.new_text.split("\n")[:-1]
        text = "\n".join(lines)
        self._changed(text, [types.TextDocumentContentChangeWholeDocument(text=text)])

    def _changed(self, text: str, changes: list[types.TextDocumentContentChangeEvent]) -> None:
        self.text, self.version = text, self.version + 1
        document = types.VersionedTextDocumentIdentifier(self.version, self.uri)
        params = types.DidChangeTextDocumentParams(document, changes)
        self.client.text_document_did_change(params)

    async def diagnostics(
        self, until: Callable[[list[tuple[int, str | None]]], bool]
    ) -> list[tuple[int, str | None]]:
        """The page's diagnostics as (line, rule), once `until` holds of them."""
        for _ in range(TIMEOUT * 20):
            found = [
                (d.range.start.line + 1, str(d.code) if d.code else None)
                for d in self.client.diagnostics.get(self.uri, [])
            ]
            if self.uri in self.client.diagnostics and until(found):
                return found
            await asyncio.sleep(0.05)
        raise AssertionError(f"{self.uri}: {self.client.diagnostics.get(self.uri)}")


def _utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def _row(text: str, api: str, cell: str) -> int:
    """The line (1-based) of the product row `cell` of `api`'s table."""
    lines = text.split("\n")
    heading = lines.index(f"### {api}")
    return next(n for n in range(heading, len(lines)) if cell in lines[n]) + 1


def _page(workspace: Path, version: str, name: str) -> Path:
    return workspace / FOLDER / f"pytorch_{version}" / name


async def test_writers_session(client: LanguageClient, workspace: Path) -> None:
    """The issue's "done when": the 2.12.0 elastic page opened, put_metric's
    Ascend 950DT ✘ flipped to ✔ (doc-differs-from-rule at its row), flipped
    back (gone); a page with a ✗ mark, its quick fix applied (clean)."""
    elastic = Editor(client, _page(workspace, "2-12-0", "torch-distributed-elastic.md"))
    elastic.open()
    assert await elastic.diagnostics(lambda found: True) == []
    row = _row(elastic.text, PUT_METRIC, "Ascend 950DT")
    elastic.replace_on(row, "✘", "✔")
    assert await elastic.diagnostics(bool) == [(row, "doc-differs-from-rule")]
    elastic.replace_on(row, "✔", "✘")
    assert await elastic.diagnostics(lambda found: not found) == []
    elastic.close()

    crossed = Editor(client, _page(workspace, "2-12-0", "torch-distributed-elastic-events.md"))
    crossed.open()
    mark = _row(crossed.text, "torch.distributed.elastic.metrics.get_elapsed_time_ms", "950DT")
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
