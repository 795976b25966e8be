"""markdown-it-py set up once for the docs, and small views of its tokens that
every page format needs: inline text, `**label**：` paragraphs, tables."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from markdown_it import MarkdownIt
from markdown_it.token import Token

LINK_LABELS = {"原生文档", "nativedocumentation", "nativedoc", "pytorchdocumentation"}
STATUS_LABELS = {"支持情况", "是否支持", "产品支持情况", "supported", "support", "supportstatus"}
NOTES_LABELS = {"限制与说明", "restrictionsandnotes", "restrictions", "notes"}


def label_key(text: str) -> str:
    return "".join(text.split()).casefold()


@cache
def parser() -> MarkdownIt:
    # html on: the docs carry <div>, <term> and <!-- npu --> comments that
    # must arrive as html tokens, not as text. The core inline pass is off:
    # it is over half the parse time, and the readers need the inline
    # structure of few paragraphs (titles, labels, links), parsed on demand
    # by `children`. text_join goes with it: it only joins inline children.
    return MarkdownIt("commonmark", {"html": True}).enable("table").disable(["inline", "text_join"])


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
            md = parser()
            md.inline.parse(inline.content, md, {}, inline.children)
        inline.meta["parsed"] = True
    return inline.children or []


def parse(text: str) -> list[Token]:
    return parser().parse(text)


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
    match = _LABEL.match(inline.content)
    if match is None or "*" in match.group(2) or "\n" in match.group(2):
        return None
    label = match.group(2).rstrip("：: ")
    return Labelled(label_key(label), inline.content[match.end() :])


@dataclass(frozen=True)
class Table:
    header: list[Token]  # the inline token of each header cell
    rows: list[tuple[int, list[Token]]]  # (line, the inline token of each cell)
    end: int  # index of the token after table_close


def read_table(tokens: list[Token], start: int) -> Table:
    header: list[Token] = []
    rows: list[tuple[int, list[Token]]] = []
    cells: list[Token] = []
    row_line = 0
    index = start
    while index < len(tokens) and tokens[index].type != "table_close":
        token = tokens[index]
        if token.type == "tr_open":
            cells, row_line = [], line_of(token)
        elif token.type == "inline":
            cells.append(token)
        elif token.type == "tr_close":
            if header:
                rows.append((row_line, cells))
            else:
                header = cells
        index += 1
    return Table(header, rows, index + 1)


_TAG = re.compile(r"<[^>]*>")


def column(header: list[Token], names: set[str]) -> int | None:
    for index, cell in enumerate(header):
        if label_key(_TAG.sub("", cell.content)) in names:
            return index
    return None
