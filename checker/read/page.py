"""One page's tokens into entries. A heading (`### torch.x.y`) or a method line
(`> <font size="3">run()</font>`) opens an entry; the labelled paragraphs after
it give the link, the status (in whichever format follows the label) and the
notes. A table whose header has an API column is the row-per-API format."""

from __future__ import annotations

from dataclasses import dataclass, field

from markdown_it.token import Token

from checker.model.name_form import plain_name
from checker.model.support import Entry, NativeLink
from checker.read.blocks import (
    LooseComments,
    holds_block_comments,
    is_wrapper,
    read_blocks,
    read_html_blocks,
)
from checker.read.context import ReadContext, StatusRead
from checker.read.inline import read_inline
from checker.read.names import ROOTS, named, native_link, title_name, title_name_in
from checker.read.rows import is_api_header, is_api_table, read_rows
from checker.read.table import read_product_table
from checker.read.tokens import (
    LINK_LABELS,
    NOTES_LABELS,
    STATUS_LABELS,
    labelled,
    labelled_in,
    line_of,
    parse,
    read_table,
)


@dataclass
class _Draft:
    """An entry being read, until its next heading."""

    title: str
    line: int
    parent: str | None
    is_method: bool
    link: NativeLink | None = None
    link_line: int = 0
    status: StatusRead | None = None
    status_lines: tuple[int, int] = (0, 0)  # the label's line to the section's last
    notes: list[tuple[int, str]] = field(default_factory=list)  # (line, text as written)
    open_divs: int = 0  # the `<div>`s opened after the title and not yet closed


def read_entries(tokens: list[Token], ctx: ReadContext) -> list[Entry]:
    entries: list[Entry] = []
    draft: _Draft | None = None
    parent: str | None = None  # the last heading entry: the class of method lines
    notes_open = False
    loose = LooseComments(ctx)  # block comments that no status section reads
    index = 0
    while index < len(tokens):
        token = tokens[index]
        # only a heading or a block quote opens a title: most tokens are not asked
        title = _title(tokens, index) if token.type in _TITLE_OPENERS else None
        if title is not None:
            name, is_method = title
            holds = is_method and draft is not None and draft.open_divs > 0
            parent = _emit(draft, entries, ctx, parent, holds=holds)
            draft = _Draft(name, line_of(token), parent if is_method else None, is_method)
            notes_open = False
            if is_method:
                # The rest of the quote is read: labels written in it are the method's.
                tokens = _with_lazy_labels(tokens, index)
                index += 4  # blockquote_open, paragraph_open, inline, paragraph_close
            else:
                index = _after_block(tokens, index)
            continue
        if token.type == "inline" and draft is not None:
            label = labelled(token)
            if label is not None and label.key in LINK_LABELS:
                draft.link, draft.link_line = native_link(token, label.text), line_of(token)
                notes_open = False
            elif (
                label is not None
                and label.key in STATUS_LABELS
                and draft.status is None
                and not _heads_rows(tokens, index, label.text)
            ):
                draft.status = _status(tokens, index, label.text, ctx)
                draft.status_lines = (line_of(token), _last_line(tokens, index, draft.status.end))
                notes_open = False
                index = draft.status.end
                continue
            elif label is not None and label.key in NOTES_LABELS:
                notes_open = True
                # The text may start on a line after the label's, in one paragraph.
                text = label.text.lstrip()
                skipped = label.text[: len(label.text) - len(text)].count("\n")
                draft.notes.append((line_of(token) + skipped, text.rstrip()))
            elif notes_open:
                draft.notes.append((line_of(token), token.content))  # as written, like the label
        elif token.type == "html_block":
            loose.read(token)
            if draft is not None:
                draft.open_divs += token.content.count("<div") - token.content.count("</div")
            if token.content.lstrip().startswith("</div"):
                notes_open = False
        elif token.type == "table_open":
            table = read_table(tokens, index)
            if is_api_table(table):
                entries.extend(read_rows(table, ctx))
            index = table.end
            continue
        index += 1
    _emit(draft, entries, ctx, parent)
    return entries


_TITLE_OPENERS = frozenset({"heading_open", "blockquote_open"})


def _title(tokens: list[Token], index: int) -> tuple[str, bool] | None:
    """(name, is_method) when tokens[index] opens an entry title."""
    token = tokens[index]
    if token.type == "heading_open" and token.tag != "h1":
        return title_name(tokens[index + 1]), False
    if token.type == "blockquote_open" and index + 2 < len(tokens):
        inline = tokens[index + 2]
        if inline.type == "inline" and inline.content.startswith("<font"):
            lines = inline.content.split("\n")
            return title_name_in("\n".join(lines[: _first_label(lines)])), True
    return None


def _first_label(lines: list[str]) -> int:
    """The index of the first line after the first that opens a label, else
    len(lines): the title's own lines come before it."""
    for number, text in enumerate(lines[1:], 1):
        if labelled_in(text) is not None:
            return number
    return len(lines)


def _with_lazy_labels(tokens: list[Token], index: int) -> list[Token]:
    """A method line's paragraph continued by a label on the next line, with no
    blank line between (`> <font>run()</font>` then `**原生文档**：…`), holds
    the label: markdown makes it one paragraph, which the renderer shows in
    the quote. The lines from the label on are parsed in their place, after
    the title's paragraph, so that the label is read as if on its own."""
    inline = tokens[index + 2]
    lines = inline.content.split("\n")
    first = _first_label(lines)
    if first == len(lines):
        return tokens
    text = "\n" * (line_of(inline) - 1 + first) + "\n".join(lines[first:]) + "\n"
    return tokens[: index + 4] + parse(text) + tokens[index + 4 :]


def _after_block(tokens: list[Token], index: int) -> int:
    """Index after the block that tokens[index] opens."""
    level = tokens[index].level
    close = tokens[index].type.replace("_open", "_close")
    index += 1
    while index < len(tokens) and not (
        tokens[index].type == close and tokens[index].level == level
    ):
        index += 1
    return index + 1


def _last_line(tokens: list[Token], first: int, end: int) -> int:
    """The last source line of tokens[first:end] (block tokens map their lines)."""
    return max((token.map[1] for token in tokens[first:end] if token.map), default=0)


def _format_start(tokens: list[Token], index: int) -> int:
    """The index of the first block after the label paragraph at `index` that
    is not a wrapper (a writers' comment, a `<div>` line)."""
    after = index + 2  # past the label paragraph's inline and paragraph_close
    while after < len(tokens) and is_wrapper(tokens[after]):
        after += 1
    return after


def _heads_rows(tokens: list[Token], index: int, text: str) -> bool:
    """Whether the label at `index` stands over a row-per-API table: the rows
    are entries of their own, and the label no entry's status."""
    if text.strip():
        return False
    after = _format_start(tokens, index)
    return (
        after < len(tokens)
        and tokens[after].type == "table_open"
        and is_api_header(read_table(tokens, after).header)
    )


def _status(tokens: list[Token], index: int, text: str, ctx: ReadContext) -> StatusRead:
    """The status section after a label, in whichever format follows it."""
    if text.strip():
        return read_inline(tokens, index, text, ctx)
    after = _format_start(tokens, index)
    if after < len(tokens) and tokens[after].type == "table_open":
        return read_product_table(tokens, after, ctx)
    if after < len(tokens) and holds_block_comments(tokens[after]):
        if tokens[after].content.lstrip().startswith("<!--"):
            return read_blocks(tokens, after, ctx)
        return read_html_blocks(tokens, after, ctx)  # a `<div>` on the line before them
    return StatusRead(None, "", "", line_of(tokens[index]), index + 1)


def _emit(
    draft: _Draft | None,
    entries: list[Entry],
    ctx: ReadContext,
    parent: str | None,
    holds: bool = False,
) -> str | None:
    """A title becomes an entry once it has a link or a status: section headings
    have neither. `holds`: the next title is a method line inside the block
    this one opened. Returns the class that later method lines belong to."""
    if draft is None:
        return parent
    if draft.link is None and draft.status is None:
        if draft.is_method:
            return parent
        # A class heading with no link or status of its own still names the
        # class of the method lines under it.
        title = plain_name(draft.title)
        return title if title.startswith(ROOTS) else None
    if draft.status is None and holds and not draft.is_method:
        # A class heading whose block holds the methods a page lists (as
        # Named-Tensors.md repeats `class torch.Tensor` over its methods), with
        # a link but no status: it groups them and says nothing of the class,
        # so it is no entry (no second one, none missing a status). A heading
        # whose block closes before its methods is an entry missing its status.
        # The link still gives the methods their full name.
        return named(draft.title, draft.link, None).api
    status = draft.status
    name = named(draft.title, draft.link, draft.parent)
    if name.problem is not None:
        ctx.report(name.problem, draft.link_line if name.in_link else draft.line)
    entry = Entry(
        api=name.api,
        version=ctx.version,
        lang=ctx.lang,
        path=ctx.path,
        line=draft.line,
        format=status.format if status else "",
        status=status.status if status else None,
        raw=status.raw if status else "",
        status_line=status.line if status else draft.line,
        link=name.link,
        notes_at=tuple((line, text) for line, text in draft.notes if text.strip()),
        title=name.title,
        link_line=draft.link_line,
        product_lines=status.lines if status else (),
        status_lines=draft.status_lines,
    )
    entries.append(entry)
    return parent if draft.is_method else entry.api
