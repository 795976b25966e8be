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
def _marks() -> re.Pattern[str]:
    """What `cut_lines` stops at: a heading, and the text that may open a
    fence or a raw html block (`_opens` says whether it does). Each counts
    only at a line's start (a fence or a raw block after container marks):
    the search finds them anywhere, and `cut_lines` looks at what is before
    each. Every alternative opens with a plain character, which lets the
    regex engine skip to those characters (a group or a repeat first: 8 ms
    for a 300 KB page, not 1.4)."""
    return re.compile(
        r"###{0,4}(?:[ \t]|$)|```|~~~|<(?i:script|pre|style|textarea)(?:[ \t>]|$)|<[!?]",
        re.MULTILINE,
    )


@cache
def _fence_marks() -> re.Pattern[str]:
    return re.compile(r"```|~~~")


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
    return re.compile(r"\[[^\]\n]+\]:")


def cut_lines(text: str, part_size: int) -> list[int]:
    """0-based numbers of the lines where the parts after the first start: each
    part but the last is at least `part_size` characters, the last at least
    half that (counted with each line break one character). [] when the page
    is not to be cut.

    The lines are not looked at one by one (10,500 of a 300 KB page, 12 ms):
    the text is searched for what may open a block or a part (`_marks`), and
    an open fence or raw html block for what may end it, each where it may
    stand. A page with a link reference definition or a house-style block is
    never cut."""
    if "\r" in text:  # a line break of one character, as markdown-it's normalize makes them
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    if len(text) < 2 * part_size or _defines_links(text) or has_blocks(text):
        return []
    cuts: list[int] = []
    last_cut = line = counted = at = 0
    while (mark := _marks().search(text, at)) is not None:
        found = mark.start()
        start, end = _line_start(text, found), _line_end(text, found)
        if text[found] == "#":
            if (
                found == start
                and found - last_cut >= part_size
                and len(text) - found >= part_size // 2
                and _after_blank(text, start)
            ):
                line += text.count("\n", counted, start)
                counted = last_cut = start
                cuts.append(line)
        else:  # (what is before the mark on its line, _opens reads too)
            fence, raw_end = _opens(text[start:end])
            if fence is not None:
                end = _fence_end(text, fence, end)
            elif raw_end is not None:
                ended = raw_end.search(text, end)
                end = len(text) if ended is None else _line_end(text, ended.start())
        at = end  # a line opens a block at its start only: the rest of it is passed
    return cuts


def _line_start(text: str, at: int) -> int:
    """Where the line holding `at` starts."""
    return text.rfind("\n", 0, at) + 1


def _line_end(text: str, at: int) -> int:
    """Where the line holding `at` ends, its newline included."""
    newline = text.find("\n", at)
    return len(text) if newline < 0 else newline + 1


def _after_blank(text: str, start: int) -> bool:
    """Whether the line before the one starting at `start` is blank (the
    first line has none before it)."""
    return start == 0 or not text[_line_start(text, start - 1) : start].strip()


def _fence_end(text: str, fence: str, at: int) -> int:
    """The end of the line that closes `fence`, searched from `at`; the text's
    end if none does."""
    while (mark := _fence_marks().search(text, at)) is not None:
        start, at = _line_start(text, mark.start()), _line_end(text, mark.start())
        if _closes(fence, text[start:at]):
            return at
    return len(text)


def _defines_links(text: str) -> bool:
    """Whether a line defines a link reference (`[name]: url`, up to three
    spaces in): any link of the page may use it."""
    at = 0
    while (mark := _link_reference().search(text, at)) is not None:
        found = mark.start()
        start = _line_start(text, found)
        if found - start <= 3 and not text[start:found].strip(" "):
            return True
        at = _line_end(text, found)
    return False


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
