"""Where a large page may be cut into parts that are read apart (in parallel)
and give, put together, what the page read whole gives.

A part starts at a `##`…`######` heading at the start of a line after a blank
line, where no fenced code or raw html block is open: there every block of
markdown has ended, and the entry reader starts afresh (a heading resets all
it carries from one entry to the next). A page whose reading depends on what
comes before such a heading is never cut: one that defines link references
(any link may use them) or has house-style blocks (their ids must be unique in
the whole file)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from itertools import pairwise

from checker.model.docfile import DocFile
from checker.model.placed import placed_page
from checker.model.support import Page
from checker.read.block_ids import has_blocks
from checker.read.load import page_lines
from checker.read.namespace import complete_names


# The patterns are compiled when a page is first cut (`@cache`): most runs cut
# none, and reading a page in this process imports this module too.
@cache
def _heading() -> re.Pattern[str]:
    return re.compile(r"#{2,6}(?:[ \t]|$)")


# Container marks (`>`, list indentation) before a fence are skipped: the
# scanner then thinks a fence open wherever the parser does.
@cache
def _fence() -> re.Pattern[str]:
    return re.compile(r"[ \t>]*(`{3,}|~{3,})(.*)")


# Raw html blocks that run over blank lines: what opens each, and what ends it.
@cache
def _raw_html() -> tuple[tuple[re.Pattern[str], re.Pattern[str]], ...]:
    return (
        (
            re.compile(r"<(?:script|pre|style|textarea)(?:[ \t>]|$)", re.IGNORECASE),
            re.compile(r"</(?:script|pre|style|textarea)>", re.IGNORECASE),
        ),
        (re.compile(r"<!--"), re.compile(r"-->")),
        (re.compile(r"<\?"), re.compile(r"\?>")),
        (re.compile(r"<!\[CDATA\["), re.compile(r"\]\]>")),
        (re.compile(r"<![A-Za-z]"), re.compile(r">")),
    )


@cache
def _link_reference() -> re.Pattern[str]:
    return re.compile(r"^ {0,3}\[[^\]\n]+\]:", re.MULTILINE)


def cut_lines(text: str, part_size: int) -> list[int]:
    """0-based numbers of the lines where the parts after the first start: each
    part but the last is at least `part_size` characters, the last at least
    half that. [] when the page is not to be cut."""
    if len(text) < 2 * part_size or _link_reference().search(text) or has_blocks(text):
        return []
    cuts: list[int] = []
    offset = last_cut = 0
    fence: str | None = None  # the mark of the open fence
    raw_end: re.Pattern[str] | None = None  # what ends the open raw html block
    blank_before = True
    for number, line in enumerate(page_lines(text, keepends=True)):
        if (
            fence is None
            and raw_end is None
            and blank_before
            and _heading().match(line)
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


def parts(text: str, cuts: list[int]) -> list[str]:
    """The page's parts. Each keeps its line numbers: the lines before it are
    left blank, which the parser skips."""
    lines = page_lines(text, keepends=True)
    bounds = [0, *cuts, len(lines)]
    return ["\n" * start + "".join(lines[start:end]) for start, end in pairwise(bounds)]


def joined(doc: DocFile, pages: Sequence[Page]) -> Page:
    """The pages read from a page's parts, in order, as the one page."""
    entries = tuple(entry for page in pages for entry in page.entries)
    findings = tuple(finding for page in pages for finding in page.findings)
    directives = tuple(directive for page in pages for directive in page.directives)
    mentions = tuple(mention for page in pages for mention in page.mentions)
    page = Page(doc.path, doc.version, doc.lang, entries, findings, doc.tree, directives, mentions)
    return placed_page(complete_names(page))


def _opens(line: str) -> tuple[str | None, re.Pattern[str] | None]:
    opener = line.lstrip(" \t>")
    if opener[:1] not in ("`", "~", "<"):  # most lines: nothing opens
        return None, None
    fence = _fence().match(line)
    if fence is not None and not (fence.group(1)[0] == "`" and "`" in fence.group(2)):
        return fence.group(1), None
    for start, end in _raw_html():
        if start.match(opener):
            return None, (None if end.search(opener, 2) else end)
    return None, None


def _closes(fence: str, line: str) -> bool:
    close = _fence().match(line)
    return (
        close is not None
        and close.group(1)[0] == fence[0]
        and len(close.group(1)) >= len(fence)
        and not close.group(2).strip()
    )
