"""The `<!-- docs-check-... -->` comments of a page, read from its html blocks:
a comment on a line of its own, as markdownlint's are. Comments in fenced code
are code, and not read; a rule id no check has is a finding at the comment."""

from __future__ import annotations

import re

from markdown_it.token import Token

from checker.i18n import N_, message
from checker.ids.selectors import problem
from checker.model.finding import Problem
from checker.model.suppression import DISABLE, ENABLE, NEXT_LINE, Directive
from checker.read.block_ids import comments
from checker.read.context import ReadContext
from checker.read.tokens import line_of

_PREFIX = "docs-check-"
_DIRECTIVE = re.compile(r"\s*docs-check-([a-z-]+)(.*)", re.DOTALL)
_ACTIONS = (NEXT_LINE, DISABLE, ENABLE)


def read_directives(
    tokens: list[Token], ctx: ReadContext
) -> tuple[tuple[Directive, ...], list[Token]]:
    """The page's docs-check comments, and its tokens without the html blocks
    that hold nothing else: a comment between a status label and its table
    must not hide the table from the reader."""
    found: list[Directive] = []
    rest: list[Token] = []
    for token in tokens:
        if token.type != "html_block" or _PREFIX not in token.content:
            rest.append(token)  # nearly every token, and every html block but these
            continue
        bodies = comments(token.content)
        for offset, body in bodies:
            directive = _directive(body, line_of(token) + offset, ctx)
            if directive is not None:
                found.append(directive)
        if not _only_comments(token.content, bodies):
            rest.append(token)
    return tuple(found), rest


def _only_comments(content: str, bodies: list[tuple[int, str]]) -> bool:
    left = content
    for _, body in bodies:
        left = left.replace(f"<!--{body}-->", "", 1)
    return not left.strip()


def _directive(body: str, line: int, ctx: ReadContext) -> Directive | None:
    match = _DIRECTIVE.fullmatch(body)
    if match is None:
        return None  # another comment: a block's, or prose
    action, rest = match.groups()
    if action not in _ACTIONS:
        known = ", ".join(_PREFIX + a for a in _ACTIONS)
        unknown = message(
            N_("unknown comment {comment!r} (known: {known})"),
            comment=_PREFIX + action,
            known=known,
        )
        ctx.report(Problem("suppression-unknown-rule", unknown), line)
        return None
    named, _, reason = rest.partition(" -- ")
    rules = tuple(rule for rule in re.split(r"[\s,]+", named.strip()) if rule)
    known_rules: list[str] = []
    for rule in rules:
        why = problem(rule)
        if why is None:
            known_rules.append(rule)
        else:
            said = message(N_("{comment}: {why}"), comment=_PREFIX + action, why=why)
            ctx.report(Problem("suppression-unknown-rule", said), line)
    if rules and not known_rules:
        return None  # it names only unknown rules: it silences nothing, not everything
    return Directive(line, action, tuple(known_rules), reason.strip())
