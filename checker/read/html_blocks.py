"""Html blocks where block comments are: one that holds some (a `<div>` on
the line before the blocks makes all of them one html block, which
read_html_blocks parses again without its `<div>` lines), and one that only
wraps a status (writers' notes and `<div>` lines), which the reader passes
over (checker.read.page). The blocks themselves: checker.read.blocks."""

from __future__ import annotations

import re

from markdown_it.token import Token

from checker.read.block_ids import START, comments
from checker.read.blocks import END, read_blocks
from checker.read.context import ReadContext, StatusRead
from checker.read.tokens import line_of, parse

# A `<div>` or `</div>` on a line of its own, around blocks in one html block.
_DIV_LINE = re.compile(r"\s*</?div(?:\s[^>]*)?>\s*", re.IGNORECASE)
_DIV_OPEN = re.compile(r"\s*<div(?:\s[^>]*)?>\s*", re.IGNORECASE)


def holds_block_comments(token: Token) -> bool:
    """Whether an html block holds a block's start or end comment."""
    return token.type == "html_block" and any(
        START.match(body) or END.match(body) for _, body in comments(token.content)
    )


def is_wrapper(token: Token) -> bool:
    """An html block of comments that are no block's (a note to writers) and
    `<div>` lines only: the renderer shows nothing of it, and a status after it
    is the label's as if it were not there. A `</div>` ends the entry's
    section, and is none."""
    if token.type != "html_block":
        return False
    bodies = comments(token.content)
    if any(START.match(body) or END.match(body) for _, body in bodies):
        return False
    rest = token.content
    for _, body in bodies:
        rest = rest.replace(f"<!--{body}-->", "", 1)
    return all(_DIV_OPEN.fullmatch(text) or not text.strip() for text in rest.splitlines())


def read_html_blocks(tokens: list[Token], index: int, ctx: ReadContext) -> StatusRead:
    """Blocks inside one html block, as a `<div>` on the line before them makes
    them (markdown reads nothing in it up to the next blank line). The renderer
    shows the items as text, and hides the comments: the statuses are there.
    Its lines but the `<div>` ones are parsed as markdown in their place."""
    token = tokens[index]
    start = line_of(token)
    inner = "".join(
        "\n" if _DIV_LINE.fullmatch(text) else text + "\n" for text in token.content.splitlines()
    )
    held = parse("\n" * (start - 1) + inner)
    first = next(found for found, part in enumerate(held) if holds_block_comments(part))
    read = read_blocks(held, first, ctx)
    return StatusRead(read.status, read.raw, read.format, read.line, index + 1, read.lines)
