"""Cutting a big page into parts read apart: cuts fall only where every block
has ended, parts keep their line numbers, and the parts read give what the
page read whole gives, on a fixture and on every page of the real docs."""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.read.block_ids import has_blocks
from checker.read.load import page_lines
from checker.read.reader import read_text
from checker.read.split import _closes, _opens, cut_lines, joined, parts
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


def line_by_line(text: str, part_size: int) -> list[int]:
    """cut_lines as it was written until issue 49's seventh round: the same
    cuts, found by looking at every line in turn (12 ms of a 300 KB page)."""
    lines = page_lines(text, keepends=True)
    defines = any(re.match(r" {0,3}\[[^\]\n]+\]:", line) for line in lines)
    if len(text) < 2 * part_size or defines or has_blocks(text):
        return []
    cuts: list[int] = []
    offset = last_cut = 0
    fence: str | None = None
    raw_end: re.Pattern[str] | None = None
    blank_before = True
    for number, line in enumerate(lines):
        if (
            fence is None
            and raw_end is None
            and blank_before
            and re.match(r"#{2,6}(?:[ \t]|$)", line)
            and offset - last_cut >= part_size
            and len(text) - offset >= part_size // 2
        ):
            cuts.append(number)
            last_cut = offset
        if fence is not None:
            fence = None if _closes(fence, line) else fence
        elif raw_end is not None:
            raw_end = None if raw_end.search(line) else raw_end
        else:
            fence, raw_end = _opens(line)
        blank_before = not line.strip()
        offset += len(line)
    return cuts


# lines of what opens and ends parts and blocks, the line breaks kept apart
_PIECES = ["## h", "### h", "####### h", " ## h", "##", "#", "", " ", "\u3000", "text", "> ", ">"]
_PIECES += ["```", "~~~", "````", "```x`", "<!--", "-->", "<pre>", "</pre>", "<PRE ", "<?", "?>"]
_PIECES += ["<![CDATA[", "]]>", "<!x", ">", "<div>", "\t"]
_PIECES += ["[a]: /u", "   [a]: /u", "    [a]: /u", "x [a]: /u"]
# whole lines as often as joined pieces: a cut needs a blank line, then a heading
_LINES = st.one_of(
    st.sampled_from(_PIECES), st.lists(st.sampled_from(_PIECES), max_size=3).map("".join)
)


@settings(max_examples=1000, deadline=None)
@given(st.lists(_LINES, max_size=30), st.sampled_from(["\n", "\r\n", "\r"]), st.integers(1, 40))
# a block that ends, then a part; and one that does not end
@example(["```", "## h", "```", "", "## h", "text"], "\n", 3)
@example(["~~~", "```", "~~~~", "", "## h", "text"], "\r\n", 3)
@example(["<!-- a", "", "## h", "b -->", "", "## h", "text"], "\n", 3)
@example(["<pre>", "", "## h", "x </PRE>", "", "## h", "text"], "\r", 3)
@example(["## h", "", "<?", "", "## h", "", "## h"], "\n", 1)
def test_cuts_are_those_of_a_line_by_line_reading(
    lines: list[str], newline: str, part_size: int
) -> None:
    text = newline.join(lines)
    # the sizes count each line break as one character
    assert cut_lines(text, part_size) == line_by_line("\n".join(lines), part_size)


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
