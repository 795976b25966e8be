"""The block comments of a page's text (`<!-- npu="910b" id7 -->`), found
without parsing it: which ids its blocks have. A leaf the block reader, its
context (a fresh id for a duplicate) and `migrate` (the ids of new blocks)
share, so none of them imports another for it."""

from __future__ import annotations

import re
from collections.abc import Sequence

# Spaces are optional between the parts (`<!--npu="910b"id7-->`): the
# markup is unambiguous without them, and the renderer hides it either way.
START = re.compile(r'^\s*npu\s*=\s*"([^"]*)"\s*id\s*(\S+)\s*$')


def comments(content: str) -> list[tuple[int, str]]:
    """(line offset, body) of each `<!--body-->`, as `re.finditer(r"<!--(.*?)-->",
    content, re.S)` finds them: a comment ends at the first `-->` after its
    `<!--`. In one pass, lines counted on from the last comment: the regex
    looked for the end from every `<!--`, and counting from the start each
    time, the square of the length on a run of them."""
    found: list[tuple[int, str]] = []
    line = pos = 0
    while (start := content.find("<!--", pos)) >= 0:
        end = content.find("-->", start + 4)
        if end < 0:  # unclosed, and so is every later one
            break
        line += content.count("\n", pos, start)
        found.append((line, content[start + 4 : end]))
        line += content.count("\n", start, end + 3)
        pos = end + 3
    return found


def has_blocks(text: str) -> bool:
    """Whether the text holds a block start comment (`<!-- npu="910b" id7 -->`)."""
    return any(START.match(body) for _, body in comments(text))


def block_ids(lines: Sequence[str]) -> list[str]:
    """The id of every block start comment on the lines, in order."""
    return [
        start.group(2)
        for text in lines
        if "<!--" in text
        for _, body in comments(text)
        if (start := START.match(body)) is not None
    ]


def last_block_id(lines: Sequence[str]) -> int:
    """The highest numbered block id on the lines (0 without one): a new
    block's id is the next, so it is no id the page has."""
    return max((int(found) for found in block_ids(lines) if found.isdigit()), default=0)
