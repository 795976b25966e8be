"""A status table cut short. Markdown ends a table at the first line that
opens another block (a comment, a `<div>`, a list item, a quote), and the
rows written after that line are text: a paragraph, or the comment's or list
item's own content. GitHub and GitCode render them so, and the reader reads
them so (the status they give is not read), so the cut is reported where
it is, at the line that cut the table:

| <term>Atlas A2 训练系列产品</term> | ✔ |
<!-- a comment -->
| <term>Ascend 950DT</term> | ✘ |      <- text, not a row
"""

from __future__ import annotations

import re

from checker.i18n import N_, message
from checker.model.finding import Problem
from checker.read.context import ReadContext

# Container marks (`>`, indentation) before a line's own text.
_CONTAINER = re.compile(r"^[ \t>]*")
_ROW = re.compile(r"\|")
_DELIMITER = re.compile(r"\|?[ \t]*:?-+:?[ \t]*(\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$")
# Lines after which a row-like line is no longer the table's: a heading opens
# the next entry, a fence opens code (whose rows are an example).
_STOP = re.compile(r"#{1,6}(?:[ \t]|$)|`{3,}|~{3,}")


def report_cut(last_line: int, ctx: ReadContext) -> None:
    """`last_line`: the table's last line (1-based). A table that ends at a
    blank line, at the end of the page or before a heading is whole; one
    that ends at any other line and has rows after it, before the next blank
    line, was cut there. Rows that open a table of their own (a header and a
    delimiter row) are that table, not the cut one's."""
    cut = last_line + 1
    row = _dropped_row(ctx.lines, cut)
    if row is not None:
        said = message(
            N_(
                "this line is no table row and ends the table above it: "
                "the rows from line {row} on are shown as text, and not read"
            ),
            row=row,
        )
        ctx.report(Problem("table-cut", said), cut)


def _dropped_row(lines: list[str], cut: int) -> int | None:
    """The first row-like line after line `cut` (1-based) and before the next
    blank line, heading, fence or table header; None if there is none."""
    if cut > len(lines) or not _own(lines[cut - 1]) or _STOP.match(_own(lines[cut - 1])):
        return None
    for number in range(cut + 1, len(lines) + 1):
        text = _own(lines[number - 1])
        if not text or _STOP.match(text):
            return None
        if not (text.startswith("|") and _ROW.search(text, 1)):
            continue
        if number < len(lines) and _DELIMITER.match(_own(lines[number])):
            return None  # a header: another table starts here, and is read as one
        return number
    return None


def _own(line: str) -> str:
    """The line's text without its container marks, stripped."""
    return _CONTAINER.sub("", line, count=1).strip()
