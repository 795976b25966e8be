"""The issue's writer session on the real docs: the master snapshot of the
shared corpus, read in place (the server reads the files and never writes
them; what the writer types lives in the editor's buffer)."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("pygls", reason="docs-check[server] is not installed (pygls)")
pytest_lsp = pytest.importorskip("pytest_lsp", reason="pytest-lsp is not installed")

from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

from tests.server.editor import SERVER, Editor, row_of, session  # noqa: E402
from tests.server.tree import FOLDER, PUT_METRIC  # noqa: E402

pytestmark = pytest.mark.asyncio(loop_scope="module")


@pytest.fixture(scope="module")
def master(corpus: Path) -> Path:
    return corpus / "master"


@pytest_lsp.fixture(config=ClientServerConfig(server_command=SERVER), scope="module")
async def client(lsp_client: LanguageClient, master: Path):  # type: ignore[no-untyped-def]
    async for _ in session(lsp_client, master):
        yield


async def test_put_metric_flipped_on_the_2_12_0_page_of_master(
    client: LanguageClient, master: Path
) -> None:
    """Open the 2.12.0 elastic page, flip put_metric's Ascend 950DT ✘ to ✔:
    doc-differs-from-rule at that row (the shipped rule says unsupported);
    flip it back: the page's diagnostics are what they were."""
    page = master / FOLDER / "pytorch_2-12-0" / "torch-distributed-elastic.md"
    elastic = Editor(client, page)
    elastic.open()
    before = await elastic.diagnostics(lambda found: True)
    row = row_of(elastic.text, PUT_METRIC, "Ascend 950DT")
    assert row == 1856  # the line the page has it on
    elastic.replace_on(row, "✘", "✔")
    flipped = await elastic.diagnostics(lambda found: found != before)
    assert sorted(set(flipped) - set(before)) == [(row, "doc-differs-from-rule")]
    elastic.replace_on(row, "✔", "✘")
    assert await elastic.diagnostics(lambda found: found == before) == before
    elastic.close()
