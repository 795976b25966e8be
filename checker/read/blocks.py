"""Newest house style: one commented block per product under `**产品支持情况**：`

<!-- npu="910b" id7 -->
- <term>Atlas A2训练系列产品</term>：支持
<!-- end id7 -->

House rules checked while reading: start and end carry the same id, ids are
unique in a file, npu codes are known (case-sensitive) and agree with the
product named, and a block names exactly one product.

The blocks may be inside one html block: a `<div>` on the line before them
makes all of them one, which read_html_blocks parses again without its `<div>`
lines. An html block of writers' notes and `<div>` lines only wraps a status,
and the reader passes it over (is_wrapper, for checker.read.page)."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it.token import Token

from checker.i18n import N_, message
from checker.model.claims import Claim, Claims
from checker.model.edit import Edit, Fix
from checker.model.finding import Problem
from checker.model.status import read_status
from checker.model.support import PageFormat, Support
from checker.read.block_ids import START, comments
from checker.read.context import ReadContext, StatusRead
from checker.read.tokens import line_of, parse

# a block's end comment (its start: block_ids.START)
END = re.compile(r"^\s*end\s*id\s*(\S+)\s*$")


_Comment = tuple[int, str, tuple[int, int]]  # a comment's line, body and the id's span in it


@dataclass
class _Block:
    """A status block being read: its id, its products and where they are."""

    npu: str
    id: str
    line: int
    products: list[tuple[Claim, int]]  # each item's statements, at the item's line
    body: str  # the start comment's text between <!-- and -->, as written
    id_span: tuple[int, int]  # where the id is in it
    duplicate_of: int | None = None  # the line of an earlier block with this id


@dataclass
class LooseComments:
    """The block comments of a page outside its status sections, in order. A
    block outside one is not read (the entry's status is missing, where it has
    no other), but its end comment is no stray, nor is the late end of a block
    reported unclosed: an end comment that closes no block opened before it
    is reported."""

    ctx: ReadContext
    opened: set[str] = field(default_factory=set)

    def read(self, token: Token) -> None:
        if "<!--" not in token.content:
            return
        for offset, body in comments(token.content):
            if (start := START.match(body)) is not None:
                self.opened.add(start.group(2))
            elif (end := END.match(body)) is not None:
                if end.group(1) in self.opened or end.group(1) in self.ctx.unclosed:
                    self.opened.discard(end.group(1))
                    self.ctx.unclosed.discard(end.group(1))
                else:
                    _unopened(end.group(1), self.ctx, line_of(token) + offset)


def read_blocks(tokens: list[Token], index: int, ctx: ReadContext) -> StatusRead:
    """`index` is the first html_block comment after the label. Comments are
    read wherever they are, an item's indented end comment too; the section
    ends at the first other block outside a list."""
    first = line_of(tokens[index])
    last = first
    claims = Claims()
    block: _Block | None = None
    only: _Only | None = None
    depth = 0  # of the bullet lists open
    while index < len(tokens):
        token = tokens[index]
        if token.type == "html_block" and token.content.lstrip().startswith("<!--"):
            for offset, body in comments(token.content):
                block = _comment(body, line_of(token) + offset, block, claims, ctx)
        elif token.type == "bullet_list_open" and (block is not None or depth > 0):
            depth += 1
        elif token.type == "bullet_list_close" and depth > 0:
            depth -= 1
        elif token.type == "inline" and depth > 0:
            if block is not None:
                only = _item(token, block, ctx) or only
            else:  # after an end comment indented into the list: its start is missing
                said = message(N_("block item in no block: {item!r}"), item=token.content)
                ctx.report(Problem("block-unopened", said), line_of(token))
        elif depth == 0:
            break
        last = max(last, (token.map[1] if token.map else last))
        index += 1
    if block is not None:
        _unclosed(block, ctx)
        _close(block, claims, ctx)
    if only is not None:
        _only(only, claims, ctx)
    rest = Support.UNSUPPORTED if only is not None else None
    source = ctx.source(first, last)
    return StatusRead(claims.status(rest), source, PageFormat.BLOCKS, first, index, claims.lines())


@dataclass(frozen=True)
class _Only:
    """An item `仅支持<term>X</term>`: X supported, every other product not."""

    line: int
    products: frozenset[str]


def _only(only: _Only, claims: Claims, ctx: ReadContext) -> None:
    """A product another block says is supported, where 仅支持 says it is not:
    stated twice, differently, as two blocks of one product would be."""
    for claim in claims.claims():
        if claim.support is Support.SUPPORTED and claim.product not in only.products:
            denied = Claim(claim.product, Support.UNSUPPORTED, claim.written)
            ctx.report_any(claims.add(denied, only.line), only.line)


def _comment(
    body: str, line: int, block: _Block | None, claims: Claims, ctx: ReadContext
) -> _Block | None:
    start, end = START.match(body), END.match(body)
    if start:
        if block is not None:
            _unclosed(block, ctx)
            _close(block, claims, ctx)
        npu, block_id = start.groups()
        duplicate_of = ctx.block_ids.get(block_id)
        opened = _Block(npu, block_id, line, [], body, start.span(2), duplicate_of)
        ctx.block_ids.setdefault(block_id, line)
        if ctx.catalogue.by_npu(npu) is None:
            said = message(N_('unknown npu code "{npu}"'), npu=npu)
            fix = _recased(ctx, npu, line, body, start.span(1))
            ctx.report(Problem("block-npu-unknown", said, fix), line)
        return opened
    if end and block is None:
        _unopened(end.group(1), ctx, line)
        return None
    if end and block is not None:
        closed_as = end.group(1)
        _duplicate(block, ctx, (line, body, end.span(1)) if closed_as == block.id else None)
        if closed_as != block.id:
            said = message(
                N_("block opened as id{id} at line {line} ends as id{end}"),
                id=block.id,
                line=block.line,
                end=closed_as,
            )
            fix = _rewritten(line, body, end.span(1), block.id)
            ctx.report(Problem("block-id-mismatch", said, fix), line)
        _close(block, claims, ctx)
        return None
    return block


def _duplicate(block: _Block, ctx: ReadContext, end: _Comment | None) -> None:
    """Reported once the block is over: only a block whose start and end are
    both known, as the same id, can be given a new one (`end`: the end
    comment's line, text and id span)."""
    if block.duplicate_of is None:
        return
    used = N_("block id{id} already used at line {line}")
    said = message(used, id=block.id, line=block.duplicate_of)
    fix: Fix = ()
    if end is not None:
        new = ctx.fresh_block_id()
        fix = _rewritten(block.line, block.body, block.id_span, new) + _rewritten(*end, new)
    ctx.report(Problem("block-id-duplicate", said, fix), block.line)


def _rewritten(line: int, body: str, span: tuple[int, int], new: str) -> Fix:
    """The comment `<!--body-->` on `line` with body[span] replaced by `new`;
    none for a comment over several lines, which one line's edit cannot hold."""
    if "\n" in body:
        return ()
    written = f"<!--{body}-->"
    return (Edit(line, written, f"<!--{body[: span[0]]}{new}{body[span[1] :]}-->"),)


def _recased(ctx: ReadContext, npu: str, line: int, body: str, span: tuple[int, int]) -> Fix:
    """A code that is a catalogue code but for its case has one right spelling."""
    codes = {code for product in ctx.catalogue.products for code in product.npu}
    same = [code for code in codes if code.casefold() == npu.casefold()]
    return _rewritten(line, body, span, same[0]) if len(same) == 1 else ()


def _item(token: Token, block: _Block, ctx: ReadContext) -> _Only | None:
    """A list item's statements, for the open block; an item that says 仅支持
    its products also says something of every other product."""
    reading = read_status(token.content, ctx.catalogue)
    for problem in reading.problems:
        ctx.report(problem, line_of(token))
    if reading.status is not None and reading.status.rest is not None and not reading.claims:
        # "- 支持" with no product: the block's product is the point of the block
        said = message(N_("block item names no product: {item!r}"), item=token.content)
        ctx.report(Problem("block-products", said), line_of(token))
        return None
    block.products.extend((claim, line_of(token)) for claim in reading.claims)
    if reading.status is None or reading.status.rest is None:
        return None
    # Products and a verdict for the rest: only 仅支持 reads so (the normaliser)
    return _Only(line_of(token), frozenset(claim.product for claim in reading.claims))


def _unopened(block_id: str, ctx: ReadContext, line: int) -> None:
    said = message(N_("end comment of block id{id}, which no start comment opened"), id=block_id)
    ctx.report(Problem("block-unopened", said), line)


def _unclosed(block: _Block, ctx: ReadContext) -> None:
    ctx.unclosed.add(block.id)  # its end comment, if it comes later, is no stray
    said = message(N_("block id{id} is never closed"), id=block.id)
    ctx.report(Problem("block-unclosed", said), block.line)
    _duplicate(block, ctx, None)


def _close(block: _Block, claims: Claims, ctx: ReadContext) -> None:
    products = {claim.product for claim, _ in block.products}
    if len(products) != 1:
        said = message(
            N_("block id{id} names {count} products; house style is one"),
            id=block.id,
            count=len(products),
        )
        ctx.report(Problem("block-products", said), block.line)
    expected = ctx.catalogue.by_npu(block.npu)
    for claim, line in block.products:
        if expected is not None and claim.product != expected:
            said = message(
                N_('block npu="{npu}" is {expected}, but names {product}'),
                npu=block.npu,
                expected=expected,
                product=claim.product,
            )
            ctx.report(Problem("block-npu-product", said), block.line)
        ctx.report_any(claims.add(claim, line), line)


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
