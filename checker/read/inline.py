"""Inline status: `**是否支持**：是，暂不支持<term>Ascend 950DT</term>`."""

from __future__ import annotations

from markdown_it.token import Token

from checker.model.status import is_blank, read_status
from checker.model.support import PageFormat
from checker.read.context import ReadContext, StatusRead
from checker.read.tokens import line_of


def read_inline(tokens: list[Token], index: int, text: str, ctx: ReadContext) -> StatusRead:
    """`index` is the status paragraph's inline token; `text` follows its label."""
    line = line_of(tokens[index])
    if is_blank(text):  # `**是否支持**：-`: left blank, a missing status
        return StatusRead(None, "", PageFormat.INLINE, line, index + 2)
    reading = read_status(text, ctx.catalogue)
    for problem in reading.problems:
        ctx.report(problem, line)
    raw = ctx.source(line, line)
    return StatusRead(reading.status, raw, PageFormat.INLINE, line, index + 2)
