"""Cutting a big page into parts read apart: cuts fall only where every block
has ended, parts keep their line numbers, and the parts read give what the
page read whole gives, on a fixture and on every page of the real docs."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.read.reader import read_text
from checker.read.split import cut_lines, joined, parts
from checker.sources.corpus import Corpus
from tests.helpers import FIXTURES

PAGE = FIXTURES / "read/split/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
CATALOGUE = default_catalogue()


@pytest.fixture(scope="module")
def text() -> str:
    return PAGE.read_text(encoding="utf-8")


def read_in_parts(text: str, doc: DocFile, cuts: list[int]) -> Page:
    """As a worker reads a page in parts: each part not whole (names completed
    and findings placed once the parts are joined)."""
    return joined(doc, [read_text(part, doc, CATALOGUE, False) for part in parts(text, cuts)])


def test_cuts_fall_at_headings_after_a_blank_line_outside_code_and_raw_html(text: str) -> None:
    # Not at: the h1 (line 0), headings in fenced code (17, 28), in a comment
    # (33), in <pre> (38), after a fence with no blank line (19), indented (51).
    assert cut_lines(text, 1) == [2, 4, 43, 45, 53]


def test_parts_keep_their_line_numbers(text: str) -> None:
    lines = text.splitlines()
    pieces = parts(text, [4, 43])
    assert len(pieces) == 3
    for piece, (start, end) in zip(pieces, [(0, 4), (4, 43), (43, len(lines))], strict=True):
        piece_lines = piece.splitlines()
        assert piece_lines[:start] == [""] * start
        assert piece_lines[start:] == lines[start:end]


def test_the_parts_read_as_the_whole_page(text: str) -> None:
    doc = DocFile(str(PAGE), "2.12.0", "zh")
    whole = read_text(text, doc, CATALOGUE)
    assert [entry.api for entry in whole.entries] == [
        "torch.sprocket.Gear",
        "torch.sprocket.Gear.spin",
        "torch.sprocket.chain",
        "torch.sprocket.chain.link",
    ]
    assert read_in_parts(text, doc, cut_lines(text, 1)) == whole


def test_part_sizes(text: str) -> None:
    size = 300
    cuts = cut_lines(text, size)
    assert cuts
    pieces = [piece.lstrip("\n") for piece in parts(text, cuts)]
    assert all(len(piece) >= size for piece in pieces[:-1])
    assert len(pieces[-1]) >= size // 2
    assert cut_lines(text, len(text) // 2 + 1) == []  # too small to cut in two


@pytest.mark.parametrize(
    "extra",
    [
        "[sprocket]: https://pytorch.org/docs/2.12/sprocket.html\n",  # a link reference
        '<!-- npu="910b" id1 -->\n- <term>Atlas A2 训练系列产品</term>：支持\n<!-- end id1 -->\n',
    ],
)
def test_a_page_read_as_a_whole_is_never_cut(text: str, extra: str) -> None:
    assert cut_lines(text + "\n" + extra, 1) == []


def test_every_page_of_the_real_docs_reads_the_same_in_parts(
    corpus: Path, master_read: Corpus
) -> None:
    # master's pages as read whole are the session's read of them, each by the
    # reader in this process (tests/conftest.py: seconds of reading); the
    # other snapshots' pages are read whole here
    whole = {page.path: replace(page, blob="") for page in master_read.pages}
    cut_pages = 0
    for path in sorted(corpus.rglob("*.md")):
        text = path.read_text(encoding="utf-8")
        cuts = cut_lines(text, 2_000)
        if not cuts:
            continue
        cut_pages += 1
        page = whole.pop(str(path), None)
        if page is None:
            doc = DocFile(str(path), "2.13.0", "zh")
            page = read_text(text, doc, CATALOGUE)
        else:
            doc = DocFile(page.path, page.version, page.lang)
        in_parts = read_in_parts(text, doc, cuts)
        assert in_parts == page, path
        # and the findings placed alike (fields a Finding's equality leaves out)
        assert _places(in_parts) == _places(page), path
    assert cut_pages > 120
    assert len(whole) < 252 - 120  # most of master's pages were cut, and compared


def _places(page: Page) -> list[tuple[str | None, int | None, str | None]]:
    return [(f.api, f.entry_line, f.version) for f in page.findings]
