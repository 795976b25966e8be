"""The block parser's line marks (checker.read.block_parser.LinedStateBlock)
are the stock StateBlock's, on every page the project has and on text made
to find their edges: tabs, lines of only spaces, no final newline."""

from __future__ import annotations

from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it.rules_block import StateBlock

from checker.read.block_parser import LinedStateBlock
from checker.read.tokens import parser
from tests.helpers import REPO

FIELDS = ("bMarks", "eMarks", "tShift", "sCount", "bsCount", "lineMax", "line", "src")


def marks(kind: type[StateBlock], text: str) -> dict[str, object]:
    state = kind(text, parser(), {}, [])
    return {name: getattr(state, name) for name in FIELDS}


def test_the_parser_makes_lined_states() -> None:
    """Else the comparisons below would say nothing of a parse."""
    seen: list[StateBlock] = []
    real = parser().block.tokenize

    def tokenize(state: StateBlock, start: int, end: int) -> None:
        seen.append(state)
        real(state, start, end)

    block = parser().block
    block.tokenize = tokenize  # type: ignore[method-assign]
    try:
        parser().parse("# a\n\ntext\n")
    finally:
        del block.tokenize
    assert [type(state) for state in seen] == [LinedStateBlock]


EDGES = [
    "",
    "\n",
    "\n\n",
    "   ",
    "\t",
    "a",
    "a\n",
    "a\n   ",
    "a\n   \n",
    "a\n\t\n",
    "\tcode\n",
    " \t x\n",
    "\t \tx\n  \t\ty",
    "  a\n    b\n\t\tc",
    "a\r\nb\r\n",
    "\u00a0 a\n\u3000b\n",
    "x\n\n\n   \n\t\n",
]


def test_edges_mark_as_the_stock_state_marks() -> None:
    for text in EDGES:
        assert marks(LinedStateBlock, text) == marks(StateBlock, text), repr(text)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet=[" ", "\t", "\n", "a", "\r", ">", "\u00a0"], max_size=60))
def test_random_whitespace_marks_as_the_stock_state_marks(text: str) -> None:
    assert marks(LinedStateBlock, text) == marks(StateBlock, text)


def test_every_page_marks_as_the_stock_state_marks(corpus: Path) -> None:
    files = [*sorted(corpus.rglob("*.md")), *sorted((REPO / "tests").rglob("*.md"))]
    assert len(files) > 250
    for path in files:
        text = path.read_text(errors="replace")
        assert marks(LinedStateBlock, text) == marks(StateBlock, text), path
