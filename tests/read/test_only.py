"""`仅支持<term>X</term>` / `Only X` / `Only supported on X` read as a status in
every format whose status is text (checker.model.status): the products listed
are supported, every other product in the page's scope is not. One page per
format under tests/fixtures/read/only/ (a per-product table's cells are marks,
never words). The v26.1.0 tags wrote `仅支持` in their row-per-API tables."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.support import Entry
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES, located, source_line

ONLY = FIXTURES / "read" / "only" / "docs"
CATALOGUE = default_catalogue()
SUP, UNS = "supported", "unsupported"
ONLY_950 = {"atlas-a2": UNS, "atlas-a3": UNS, "ascend-950": SUP}
ONLY_A3_950 = {"atlas-a2": UNS, "atlas-a3": SUP, "ascend-950": SUP}


def read(page: str) -> tuple[dict[str, Entry], list[Finding]]:
    corpus = read_corpus([str(ONLY / page)], CATALOGUE)
    assert corpus.errors == ()
    entries = {entry.api: entry for page in corpus.pages for entry in page.entries}
    return entries, lint_pages(corpus.pages, CATALOGUE)


@pytest.mark.parametrize(
    "page",
    ["zh/native_apis/pytorch_2-7-1/torch-fft.md", "en/native_apis/pytorch_2-7-1/torch-fft.md"],
)
def test_rows(page: str) -> None:
    entries, findings = read(page)
    assert findings == []
    assert entries["torch.fft.ifftshift"].expanded(CATALOGUE.scope) == ONLY_950
    assert entries["torch.fft.fftshift"].expanded(CATALOGUE.scope) == ONLY_A3_950
    assert entries["torch.fft.fft"].expanded(CATALOGUE.scope) == dict.fromkeys(ONLY_950, SUP)


@pytest.mark.parametrize(
    "page",
    [
        "zh/api/native_api/pytorch_2-12-0/torch-nested.md",
        "en/api/native_api/pytorch_2-12-0/torch-nested.md",
    ],
)
def test_inline(page: str) -> None:
    entries, findings = read(page)
    assert findings == []
    assert entries["torch.nested.narrow"].format == "inline"
    assert entries["torch.nested.narrow"].expanded(CATALOGUE.scope) == ONLY_950


def test_blocks() -> None:
    page = "zh/api/native_api/pytorch_2-12-0/torch-sparse.md"
    entries, findings = read(page)
    only = entries["torch.sparse.sum"]
    assert only.format == "blocks"
    # The block's item names its product: only 950, the others unsupported.
    assert only.expanded(CATALOGUE.scope) == ONLY_950
    # Another block says A2 is supported, where 仅支持 950 says it is not.
    both = entries["torch.sparse.mm"]
    assert both.expanded(CATALOGUE.scope) == {
        "atlas-a2": "conflict",
        "atlas-a3": UNS,
        "ascend-950": SUP,
    }
    assert located(findings) == [("pytorch_2-12-0/torch-sparse.md", 29, "status-conflict")]
    assert source_line(findings[0]) == "- 仅支持<term>Ascend 950DT</term>"
    assert findings[0].message == (
        "Atlas A2 训练系列产品 is stated unsupported here, but supported at line 26"
    )


def test_a_product_table_cell_is_a_mark_not_a_word(tmp_path: Path) -> None:
    page = tmp_path / "docs/zh/api/native_api/pytorch_2-12-0/torch-x.md"
    page.parent.mkdir(parents=True)
    page.write_text(
        "# torch.x\n\n### torch.x.y\n\n**支持情况**：\n\n| 硬件 | 是否支持 |\n| -- | -- |\n"
        "| <term>Ascend 950DT</term> | 仅支持 |\n",
        encoding="utf-8",
    )
    corpus = read_corpus([str(tmp_path)], CATALOGUE)
    assert [(f.line, f.rule) for f in lint_pages(corpus.pages, CATALOGUE)] == [
        (9, "status-unreadable")
    ]
