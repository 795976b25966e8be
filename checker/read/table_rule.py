"""A GFM table block rule for markdown-it-py that gives the tokens of its own
`table` rule, built with less work.

The master docs hold 13,133 product tables, and their cells are two thirds
of the page tokens: markdown-it-py's rule spends most of a cold lint's parse
splitting rows character by character and pushing tokens one method call at
a time. This rule splits a row without backslashes with `str.split` (the
same cells: only `\\|` escapes a pipe), leaves the rest to the library's
splitter, and builds each token whole at the level `StateBlock.push` would
give it. tests/read/test_block_rules.py holds its tokens to the stock
rule's on every corpus page, fixture and doc, and on hostile tables.
"""

from __future__ import annotations

import re

from markdown_it.common.utils import mdTrim
from markdown_it.rules_block import StateBlock
from markdown_it.rules_block.table import MAX_AUTOCOMPLETED_CELLS, escapedSplit
from markdown_it.token import Token

# the delimiter row: `|`, `-` or `:` then at least one more of those or a
# space or tab (the library tests it character by character)
_DELIMITER_ROW = re.compile(r"[-:|][-:| \t]+")
_ALIGNMENT = re.compile(r":?-+:?")


def _alignments(row: str) -> list[str] | None:
    """The column alignments a delimiter row gives, or None if it is none."""
    if not _DELIMITER_ROW.fullmatch(row) or (row[0] == "-" and row[1] in " \t"):
        return None  # `- ` opens a list item, not a table
    alignments: list[str] = []
    columns = row.split("|")
    for index, column in enumerate(columns):
        cell = mdTrim(column)
        if not cell:  # empty only at either end: ` |---| `, not `---||---`
            if index in (0, len(columns) - 1):
                continue
            return None
        if not _ALIGNMENT.fullmatch(cell):
            return None
        if cell[-1] == ":":
            alignments.append("center" if cell[0] == ":" else "right")
        else:
            alignments.append("left" if cell[0] == ":" else "")
    return alignments


def _cells(line: str) -> list[str]:
    """A trimmed row's cells, its outer pipes dropped."""
    cells = escapedSplit(line) if "\\" in line else line.split("|")
    if cells and cells[0] == "":
        cells.pop(0)
    if cells and cells[-1] == "":
        cells.pop()
    return cells


def _line(state: StateBlock, line: int) -> str:
    return state.src[state.bMarks[line] + state.tShift[line] : state.eMarks[line]]


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
    alignments = _alignments(_line(state, following))
    if alignments is None:
        return False
    header = mdTrim(_line(state, start))
    if "|" not in header or state.is_code_block(start):
        return False
    names = _cells(header)
    if not names or len(names) != len(alignments):
        return False
    if silent:
        return True
    _tokens(state, start, end, names, alignments)
    return True


def _tokens(
    state: StateBlock, start: int, end: int, names: list[str], alignments: list[str]
) -> None:
    level, tokens = state.level, state.tokens
    styles = [{"style": f"text-align:{how}"} if how else None for how in alignments]
    table_lines, header_lines = [start, 0], [start, start + 1]
    tokens += [
        Token("table_open", "table", 1, map=table_lines, level=level, block=True),
        Token("thead_open", "thead", 1, map=header_lines, level=level + 1, block=True),
        Token("tr_open", "tr", 1, map=[start, start + 1], level=level + 2, block=True),
    ]
    for name, style in zip(names, styles, strict=True):
        _cell(tokens, "th", level + 3, style, start, mdTrim(name))
    tokens += [
        Token("tr_close", "tr", -1, level=level + 2, block=True),
        Token("thead_close", "thead", -1, level=level + 1, block=True),
    ]
    parent, state.parentType = state.parentType, "table"
    # rows end where a block that may interrupt a block quote starts
    terminators = state.md.block.ruler.getRules("blockquote")
    body_lines: list[int] | None = None
    autocompleted = 0
    line = start + 2
    while line < end:
        if state.sCount[line] < state.blkIndent:
            break
        if any(rule(state, line, end, True) for rule in terminators):
            break
        text = mdTrim(_line(state, line))
        if not text or state.is_code_block(line):
            break
        cells = _cells(text)
        autocompleted += len(names) - len(cells)
        if autocompleted > MAX_AUTOCOMPLETED_CELLS:
            break
        if body_lines is None:
            body_lines = [start + 2, 0]
            tokens.append(
                Token("tbody_open", "tbody", 1, map=body_lines, level=level + 1, block=True)
            )
        tokens.append(Token("tr_open", "tr", 1, map=[line, line + 1], level=level + 2, block=True))
        for index, style in enumerate(styles):
            content = cells[index] if index < len(cells) else ""
            _cell(tokens, "td", level + 3, style, line, mdTrim(content) if content else "")
        tokens.append(Token("tr_close", "tr", -1, level=level + 2, block=True))
        line += 1
    if body_lines is not None:
        tokens.append(Token("tbody_close", "tbody", -1, level=level + 1, block=True))
        body_lines[1] = line
    tokens.append(Token("table_close", "table", -1, level=level, block=True))
    table_lines[1] = line
    state.parentType = parent
    state.line = line


def _cell(
    tokens: list[Token], tag: str, level: int, style: dict[str, str] | None, line: int, text: str
) -> None:
    opened = Token(f"{tag}_open", tag, 1, level=level, block=True)
    if style:
        opened.attrs = dict(style)
    tokens += [
        opened,
        Token(
            "inline",
            "",
            0,
            map=[line, line + 1],
            level=level + 1,
            content=text,
            children=[],
            block=True,
        ),
        Token(f"{tag}_close", tag, -1, level=level, block=True),
    ]
