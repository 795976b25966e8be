"""markdown-it-py set up once for the docs, and small views of its tokens that
every page format needs: inline text, `**label**：` paragraphs, tables."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache, lru_cache

from markdown_it import MarkdownIt
from markdown_it.rules_core import StateCore
from markdown_it.token import Token

from checker.errors import InputError
from checker.i18n import N_, message
from checker.model.markup import drop_tags
from checker.read.block_parser import DispatchingParserBlock, guard_block_rules

LINK_LABELS = {"原生文档", "nativedocumentation", "nativedoc", "pytorchdocumentation"}
STATUS_LABELS = {"支持情况", "是否支持", "产品支持情况", "supported", "support", "supportstatus"}
NOTES_LABELS = {"限制与说明", "restrictionsandnotes", "restrictions", "notes"}


def label_key(text: str) -> str:
    return "".join(text.split()).casefold()


# markdown-it stops reading where block markup nests deeper than maxNesting
# levels (a list is two, a block quote one) and skips the rest of the page, or
# of the quote, without a word: the commonmark preset's 20 is a list ten deep.
# The block parser recurses twice a level, so this many stay far within
# Python's stack (some 200 frames), and its work per line grows with the depth
# it is at, which this bounds: a page at the limit parses some five times
# slower per byte than a flat one, and still in linear time. A page nested
# deeper is not read at all (NestedTooDeep), rather than read in part.
BLOCK_NESTING = 100
_CONTAINERS = frozenset({"list_item_open", "blockquote_open"})  # their content is nested


class NestedTooDeep(InputError):
    """Markup nested past BLOCK_NESTING: the parser would stop reading at
    `line`. The message names the line; the reader of the page adds its path."""

    def __init__(self, line: int) -> None:
        said = N_(
            "{line}: markup nested more than {limit} levels deep (lists, block quotes); "
            "file skipped"
        )
        super().__init__(message(said, line=line, limit=BLOCK_NESTING))
        self.line = line

    def at(self, path: str) -> str:
        said = N_(
            "{path}:{line}: markup nested more than {limit} levels deep (lists, block "
            "quotes); file skipped"
        )
        return message(said, path=path, line=self.line, limit=BLOCK_NESTING)


@cache
def parser() -> MarkdownIt:
    # html on: the docs carry <div>, <term> and <!-- npu --> comments that
    # must arrive as html tokens, not as text. The core inline pass is off:
    # it is over half the parse time, and the readers need the inline
    # structure of few paragraphs (titles, labels, links), parsed on demand
    # by `children` (with `inline_parser`). text_join goes with it: it only
    # joins inline children.
    # The block rules are guarded and tried only where they can open
    # (block_parser): the same tokens, for less work.
    options = {"html": True, "maxNesting": BLOCK_NESTING}
    md = MarkdownIt("commonmark", options).enable("table").disable(["inline", "text_join"])
    md.core.ruler.at("normalize", normalize)
    guard_block_rules(md.block)
    md.block = DispatchingParserBlock(md.block)
    return md


def normalize(state: StateCore) -> None:
    """markdown-it-py's normalize rule (each line ending a newline, each NUL
    U+FFFD) by str methods: its two patterns look at each character of the
    page in Python's regex engine (1.9 ms of a 300 KB page's parse), where
    `in` finds there is none in 0.15 ms, and most pages hold neither."""
    src = state.src
    if "\r" in src:
        src = src.replace("\r\n", "\n").replace("\r", "\n")
    if "\0" in src:
        src = src.replace("\0", "\ufffd")
    state.src = src


@cache
def inline_parser() -> MarkdownIt:
    """The inline pass, with the preset's nesting limit: its work on nested
    brackets grows with the limit (a paragraph of `[` parses six times slower
    at 100), and a link or emphasis nested twenty deep is no docs markup."""
    return MarkdownIt("commonmark", {"html": True})


# Characters that can start inline markup, but for underscores (a regex
# character set); text without them and without underscores parses to one
# text token, which is built directly.
MARKUP_BUT_UNDERSCORE = r"\\`*<>&\[\]!\n"
_MARKUP = re.compile(f"[_{MARKUP_BUT_UNDERSCORE}]")


def children(inline: Token) -> list[Token]:
    """The inline token's children, parsed the first time they are asked for."""
    if not inline.meta.get("parsed"):
        if _MARKUP.search(inline.content) is None:
            inline.children = [Token("text", "", 0, content=inline.content)]
        else:
            inline.children = []
            md = inline_parser()
            md.inline.parse(inline.content, md, {}, inline.children)
        inline.meta["parsed"] = True
    return inline.children or []


def parse(text: str) -> list[Token]:
    """The page's block tokens; NestedTooDeep where the parser would stop."""
    tokens = parser().parse(text)
    for token in tokens:
        # a container's content is tokenized a level deeper: at the limit, not at all
        if token.level >= BLOCK_NESTING - 1 and token.type in _CONTAINERS:
            raise NestedTooDeep(line_of(token))
    return tokens


def line_of(token: Token) -> int:
    """1-based line of a block token (markdown-it maps are 0-based)."""
    return token.map[0] + 1 if token.map else 0


def plain_text(children: list[Token]) -> str:
    """Inline children as the reader sees them: no tags, escapes undone."""
    return " ".join(
        "".join(
            c.content for c in children if c.type in ("text", "text_special", "code_inline")
        ).split()
    )


@dataclass(frozen=True)
class Labelled:
    """A paragraph that opens with `**label**：`, and its text after the colon."""

    key: str
    text: str  # as written: the status normaliser reads markup itself


_LABEL = re.compile(r"(\*\*|__)(.+?)\1[ \t]*[：:]?[ \t]*", re.DOTALL)


def labelled(inline: Token) -> Labelled | None:
    """Only the label's bold markers are looked at, not the whole inline
    structure: most labelled paragraphs (statuses, notes) need no inline parse."""
    return labelled_in(inline.content)


@lru_cache(maxsize=1024)  # each entry's `**支持情况**：` alone, most of a page's
def labelled_in(content: str) -> Labelled | None:
    """`labelled` of an inline token's content."""
    match = _LABEL.match(content)
    if match is None or "*" in match.group(2) or "\n" in match.group(2):
        return None
    label = match.group(2).rstrip("：: ")
    return Labelled(label_key(label), content[match.end() :])


@dataclass(frozen=True)
class Table:
    """A table as checker.read.table_rule gives it: each cell's text as written."""

    header: list[str]
    rows: list[tuple[int, list[str]]]  # (1-based line, each cell's text)
    end: int  # index of the token after table_close
    last_line: int  # the table's last source line (1-based)


def read_table(tokens: list[Token], start: int) -> Table:
    """The table opened at `start` (a table_open token; table_close follows)."""
    opened = tokens[start]
    header, rows = opened.meta["header"], opened.meta["rows"]
    return Table(header, rows, start + 2, opened.map[1] if opened.map else 0)


def column(header: list[str], names: set[str]) -> int | None:
    for index, key in enumerate(_column_keys(tuple(header))):
        if key in names:
            return index
    return None


@lru_cache(maxsize=256)
def _column_keys(header: tuple[str, ...]) -> tuple[str, ...]:
    """Each header cell as a label key: the docs' 13,133 product tables have a
    handful of headers between them, each looked up twice a table."""
    return tuple(label_key(drop_tags(cell)) for cell in header)
