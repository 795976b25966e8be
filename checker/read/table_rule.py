"""A GFM table block rule for markdown-it-py that gives a table as two tokens,
`table_open` and `table_close`, the cells' text in `table_open.meta`.

The master docs hold 13,133 product tables, and markdown-it-py's own rule
gives each cell three tokens and each row two more: two thirds of a page's
tokens, and most of a cold lint's parse went into splitting rows character
by character and pushing those tokens one method call at a time. The readers
want only each cell's text and each row's line (checker.read.tokens.Table),
so this rule keeps those: `meta["header"]` the header cells, `meta["rows"]`
each body row as (1-based line, cells), cells trimmed and a short row padded
with empty cells, as the stock rule gives them. It accepts exactly the tables
the stock rule accepts and ends them on the same line.
tests/read/test_block_rules.py holds it to the stock rule's tokens on every
corpus page, fixture and doc, and on hostile tables.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import lru_cache

from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock
from markdown_it.rules_block.table import MAX_AUTOCOMPLETED_CELLS, escapedSplit
from markdown_it.token import Token

Rule = Callable[[StateBlock, int, int, bool], bool]

# the delimiter row: `|`, `-` or `:` then at least one more of those or a
# space or tab (the library tests it character by character)
_DELIMITER_ROW = re.compile(r"[-:|][-:| \t]+")
_ALIGNMENT = re.compile(r":?-+:?")


@lru_cache(maxsize=1024)  # the docs' product tables share a few delimiter rows
def _delimited_columns(row: str) -> int | None:
    """How many columns a trimmed delimiter row (`|---|:--:|`) gives, or None
    if the line is no delimiter row."""
    if not _DELIMITER_ROW.fullmatch(row) or (row[0] == "-" and row[1] in " \t"):
        return None  # `- ` opens a list item, not a table
    columns = row.split("|")
    count = 0
    for index, column in enumerate(columns):
        cell = mdTrim(column)
        if not cell:  # empty only at either end: ` |---| `, not `---||---`
            if index in (0, len(columns) - 1):
                continue
            return None
        if not _ALIGNMENT.fullmatch(cell):
            return None
        count += 1
    return count


def _cells(line: str) -> list[str]:
    """A trimmed row's cells, its outer pipes dropped."""
    cells = escapedSplit(line) if "\\" in line else line.split("|")
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return cells


@lru_cache(maxsize=1024)  # the docs' product tables share a few headers
def _names(line: str) -> tuple[str, ...] | None:
    """A header line's column names, trimmed; None for a line that holds no `|`."""
    header = mdTrim(line)
    return None if "|" not in header else tuple(mdTrim(name) for name in _cells(header))


@lru_cache(maxsize=1024)
def _row(text: str, width: int) -> tuple[tuple[str, ...], int]:
    """A trimmed body row's `width` cells, trimmed, a short row padded with
    empty ones, and how many it wrote: the docs' product tables are mostly
    the same few rows (each product's, marked ✔ or ✘), cut once each."""
    written = _cells(text)
    cells = [mdTrim(cell) if cell else "" for cell in written[:width]]
    return (*cells, *[""] * (width - len(cells))), len(written)


def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


def table_rule(terminators_open_with: frozenset[str]) -> Rule:
    """The rule. A body row ends the table where a block that may interrupt a
    block quote starts; `terminators_open_with` are the characters those
    blocks can open with: a row opening with any other is not tried against
    them."""

    def table(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        following = start + 1
        if following + 1 > end or state.sCount[following] < state.blkIndent:
            return False
        # what refuses nearly every line, first: the delimiter row's first character
        pos = state.bMarks[following] + state.tShift[following]
        if pos >= state.eMarks[following] or state.src[pos] not in "|-:":
            return False
        if state.is_code_block(following):
            return False
        columns = _delimited_columns(_line(state, following))
        if columns is None:
            return False
        names = _names(_line(state, start))
        if names is None or state.is_code_block(start):
            return False
        if not names or len(names) != columns:
            return False
        if not silent:
            _tokens(state, start, end, [*names], terminators_open_with)
        return True

    return table


def _tokens(
    state: StateBlock,
    start: int,
    end: int,
    names: list[str],
    terminators_open_with: frozenset[str],
) -> None:
    parent, state.parentType = state.parentType, "table"
    terminators = state.md.block.ruler.getRules("blockquote")
    rows: list[tuple[int, list[str]]] = []
    width, autocompleted = len(names), 0
    src, line = state.src, start + 2
    while line < end:
        if state.sCount[line] < state.blkIndent:
            break
        first = state.bMarks[line] + state.tShift[line]
        opener = src[first] if first < len(src) else ""
        if opener in terminators_open_with and any(
            rule(state, line, end, True) for rule in terminators
        ):
            break
        text = mdTrim(_line(state, line))
        if not text or state.is_code_block(line):
            break
        cells, written = _row(text, width)
        autocompleted += width - written
        if autocompleted > MAX_AUTOCOMPLETED_CELLS:
            break
        rows.append((line + 1, list(cells)))
        line += 1
    meta = {"header": names, "rows": rows}
    level = state.level
    state.tokens += [
        Token("table_open", "table", 1, map=[start, line], level=level, meta=meta, block=True),
        Token("table_close", "table", -1, level=level, block=True),
    ]
    state.parentType = parent
    state.line = line
