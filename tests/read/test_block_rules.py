"""The guarded block rules, the dispatching tokenizer and the table rule
(checker.read.block_parser, checker.read.table_rule)
must give markdown-it-py's own tokens, its tables
folded into two tokens carrying their cells' text: on every page
the project has (corpus, fixtures, examples, docs), on tables written to break
a table reader, and on random block markup."""

from __future__ import annotations

import dataclasses
from operator import attrgetter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt
from markdown_it.rules_block import StateBlock
from markdown_it.rules_core import StateCore
from markdown_it.rules_core.normalize import normalize as stock_normalize
from markdown_it.token import Token

from checker.read.block_parser import DispatchingParserBlock, guard_block_rules
from checker.read.tokens import BLOCK_NESTING, normalize, parser
from tests.helpers import REPO

STOCK = (
    MarkdownIt("commonmark", {"html": True, "maxNesting": BLOCK_NESTING})
    .enable("table")
    .disable(["inline", "text_join"])
)


# every field of a token: what Token.as_dict gives, read at a third of its cost
# (the corpus holds half a million tokens; a block parse has no children)
FIELDS = attrgetter(*(field.name for field in dataclasses.fields(Token)))


def _tokens(md: MarkdownIt, text: str) -> list[Any]:
    tokens = md.parse(text)
    if md is STOCK:
        tokens = _folded(tokens)
    return [FIELDS(token) for token in tokens]


def _folded(tokens: list[Token]) -> list[Token]:
    """The stock rule's table tokens in the form of checker.read.table_rule:
    table_open carrying the cells' text and rows' lines, then table_close."""
    folded: list[Token] = []
    table: Token | None = None
    row: list[str] = []
    for token in tokens:
        if table is None:
            folded.append(token)
            if token.type == "table_open":
                table = token
                table.meta = {"header": [], "rows": []}
        elif token.type == "tr_open":
            row, line = [], token.map[0] + 1 if token.map else 0
        elif token.type == "inline":
            row.append(token.content)
        elif token.type == "tr_close":
            if table.meta["header"] or token.level != table.level + 2:
                table.meta["rows"].append((line, row))
            else:
                table.meta["header"] = row
        elif token.type == "table_close":
            folded.append(token)
            table = None
    return folded


def _differing(files: list[Path]) -> list[str]:
    return [
        str(path)
        for path in files
        if _tokens(STOCK, text := path.read_text(errors="replace")) != _tokens(parser(), text)
    ]


def test_the_rules_are_guarded_and_the_table_rule_is_ours() -> None:
    # the comparisons below are worth nothing if the parser is the stock one
    assert isinstance(parser().block, DispatchingParserBlock)
    rules = {rule.name: rule.fn for rule in parser().block.ruler.__rules__}
    stock = {rule.name: rule.fn for rule in STOCK.block.ruler.__rules__}
    assert rules.keys() == stock.keys()
    changed = {name for name in rules if rules[name] is not stock[name]}
    assert changed == {
        "table",
        "code",
        "fence",
        "hr",
        "reference",
        "html_block",
        "heading",
        "lheading",
    }


def test_the_normalize_rule_is_ours() -> None:
    [rule] = [r.fn for r in parser().core.ruler.__rules__ if r.name == "normalize"]
    assert rule is normalize


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(["\r", "\n", "\r\n", "\n\r", "\0", "a", "é", " "])).map("".join))
def test_normalize_makes_the_text_markdown_its_makes(text: str) -> None:
    """Each line ending a newline, each NUL U+FFFD, as markdown-it-py's
    normalize makes them."""
    ours, stock = StateCore(text, parser(), {}), StateCore(text, STOCK, {})
    normalize(ours)
    stock_normalize(stock)
    assert ours.src == stock.src


@pytest.mark.parametrize(
    "text",
    ["para\n", "para\n\nnext\n", "para\n===\n", "para\nmore\n---\n", "    code\n", "para"],
)
def test_the_underline_guard_refuses_as_lheading_refuses(text: str) -> None:
    """Where the guard refuses, lheading refuses too, and leaves the state as
    lheading does: its parent type set to "paragraph" (it restores it for a
    heading only), which the paragraph rule then restores to."""
    outcomes = []
    for md in (parser(), STOCK):
        [rule] = [rule.fn for rule in md.block.ruler.__rules__ if rule.name == "lheading"]
        state = StateBlock(text, md, {}, [])
        state.parentType = "root"
        took = rule(state, 0, state.lineMax, False)
        outcomes.append((took, state.parentType, state.line, [t.type for t in state.tokens]))
    assert outcomes[0] == outcomes[1]


def test_the_projects_own_pages_parse_as_markdown_it_parses_them() -> None:
    files = [
        *sorted((REPO / "tests").rglob("*.md")),
        *sorted((REPO / "examples").rglob("*.md")),
        *sorted((REPO / "docs").rglob("*.md")),
        REPO / "README.md",
    ]
    assert len(files) > 50
    assert _differing(files) == []


def test_every_corpus_page_parses_as_markdown_it_parses_it(corpus: Path) -> None:
    files = sorted(corpus.rglob("*.md"))
    assert len(files) > 250  # every snapshot, every format
    assert _differing(files) == []


HOSTILE = [
    "| a | b |\n|---|---|\n| 1 | 2 |\n",
    "a | b\n--|--\n1 | 2\n",
    "| a \\| x | b |\n|:--|--:|\n| 1 \\| 2 | 3 \\\\| 4 |\n",
    "| a | b |\n|:-:|---|\n| 1 |\n| 1 | 2 | 3 |\n",
    "| a | b |\n| --- | ---\n",
    "| a | b |\n|---||---|\n| 1 | 2 |\n",
    "| a | b |\n- |---|\n",
    "| a | b |\n-|---|\n",
    "| a |\n|\t-\t|\n| 1 |\n",
    "| a | b |\n|---|---|\n# heading\n| 1 | 2 |\n",
    "| a | b |\n|---|---|\n```\ncode\n```\n",
    "| a | b |\n|---|---|\n> quote\n",
    "| a | b |\n|---|---|\n- item\n",
    "| a | b |\n|---|---|\n<div>\n",
    "| a | b |\n|---|---|\n***\n",
    "| a | b |\n|---|---|\n    indented\n",
    "| a | b |\n|---|---|\n\n| 1 | 2 |\n",
    "text\n| a | b |\n|---|---|\n| 1 | 2 |\n",
    "> | a | b |\n> |---|---|\n> | 1 | 2 |\n",
    "- | a | b |\n  |---|---|\n  | 1 | 2 |\n",
    "    | a | b |\n    |---|---|\n",
    "| a | b |\n    |---|---|\n",
    "| a |\n|---|",
    "|a|\n|-|\n|<script>|\n",
    "a\n|\n",
    "| a | b |\n|:|:|\n",
    "| a | b |\n|---|---|\n|  |  |\n| x |\n",
    "",
    "|",
    "-\n",
]
# each rule's opening character, on its own and ending a paragraph or a table
OPENERS = ["___", "***", "---", "~~~\nx\n~~~", "```\nx\n```", "+ item", "1. item", "2) item"]
OPENERS += ["[a]: /url", "<div>", "<!-- c -->", "# h", "> q", "    code", "- item", "* item"]
# bullets that open no list item (the tokenizer does not try the list rule)
OPENERS += ["**label**：", "*x*", "-x", "+x", "-\tx", "*", "* ", "===", "---x"]
HOSTILE += [f"{opener}\n" for opener in OPENERS]
# one-line quotes (made by the tokenizer itself) and their near misses
QUOTES = ["> x", "> x\n\nnext", "> x\nlazy", "> x\n> y", ">  x", ">\tx", "> \tx", ">x", ">", "> "]
QUOTES += ['> <font size="3">run()</font>', "> <div>", "> <br>", "> <!-- c -->", "> </p>", "> <?"]
QUOTES += ["> # h", "> [!NOTE]", "> - item", "> 1. x", "> ```", "> ***", "> x  ", "> x\u3000"]
QUOTES += ["> \u3000x", "> |a|", "    > x", "   > x", "\t> x", "- > x\n\n- y", "> > x", "1. > x\n"]
QUOTES += ["text\n> x\n", "> x\n   \nz", "<div>\n> x\n", "> <font>x\n<div>\n"]
QUOTES += ["> " * depth + "x" for depth in range(BLOCK_NESTING - 3, BLOCK_NESTING + 2)]
QUOTES += ["- " * depth + "> x" for depth in range(BLOCK_NESTING - 4, BLOCK_NESTING + 1)]
HOSTILE += [f"{quote}\n" for quote in QUOTES] + [f"{quote}\n\n" for quote in QUOTES] + QUOTES
# one-line html blocks (made by the tokenizer itself) and their near misses
HTML = ["<div>", '<div style="margin-left: 2em">', "</div>", "<DIV>", "<div", "<div>x</div>"]
HTML += ["<span>", "<span>x", "<br/>", "<!-- c -->", "<script>", "<?x?>", "<![CDATA[x]]>", "<!X"]
HTML += ["<div>\nx", "<div>\n  \nx", "   <div>", "    <div>", "\t<div>", "- <div>\n\n- x"]
HTML += ["> <div>", "text\n<div>", "<div>\n<div>", "| a |\n|---|\n<div>", "<div>\n| a |\n|---|"]
HOSTILE += [f"{html}\n" for html in HTML] + [f"{html}\n\n" for html in HTML] + HTML
# lines alone that open a block, or look as if they might (a bullet before text)
LINES = ["x", "**label**：x", "*x*", "-x", "+x", "1x", "1.x", "#x", "#", "`x", "``x", "~x", "_x_"]
LINES += ["[x]", "[x]: /u", "<x", "<span>x", "x  ", "\u3000x", "   x", "    x", "\tx", "x\n==="]
LINES += ["x\n---", "x\n\n===", "- x\n\n  y", "- x\n\n  y\nz", "> x\n\ny", "1. a\n\n   b"]
LINES += ["  * a\n\n  b", "- a\n\n  b\n\n- c", "> a\nb\n\nc", "a\n    b", "***x", "* * *"]
HOSTILE += [f"{line}\n" for line in LINES] + [f"{line}\n\n" for line in LINES] + LINES
# thematic breaks and lines that only start like one
RULES = ["***", "* * *", "*\t*\t*", "**", "**x", "** *", "*\u3000**", "- - -", "-- -x", "___"]
RULES += ["_ _ _ x", "***   ", "   ***", "    ***", "*-*", "x\n***", "- x\n***", "> ***"]
HOSTILE += [f"{rule}\n" for rule in RULES] + [f"para\n{rule}\n" for rule in RULES] + RULES
HOSTILE += [f"para\n{opener}\n" for opener in OPENERS]
HOSTILE += [f"| a |\n|---|\n{opener}\n" for opener in OPENERS]


@pytest.mark.parametrize("text", HOSTILE)
def test_hostile_tables_parse_as_markdown_it_parses_them(text: str) -> None:
    assert _tokens(parser(), text) == _tokens(STOCK, text)


# lines of the characters that open blocks, in any order: the guards must
# refuse exactly where the rules would
_PIECES = ["|", "-", ":", " ", "\t", "#", ">", "`", "~", "*", "_", "+", "1.", "[a]: /u", "<p>", "x"]
lines = st.lists(st.sampled_from(_PIECES), max_size=6).map("".join)


@settings(max_examples=300, deadline=None)
@given(st.lists(lines, max_size=8).map("\n".join))
def test_random_block_markup_parses_as_markdown_it_parses_it(text: str) -> None:
    assert _tokens(parser(), text) == _tokens(STOCK, text)


def _callout(state: StateBlock, start: int, end: int, silent: bool) -> bool:
    """A plugin's rule that takes every line opening with `>` as one token."""
    if state.src[state.bMarks[start] + state.tShift[start]] != ">":
        return False
    if not silent:
        state.push("callout", "aside", 0).map = [start, start + 1]
        state.line = start + 1
    return True


def test_a_plugins_rule_is_tried_where_a_one_line_quote_would_be_made() -> None:
    ours = MarkdownIt("commonmark", {"html": True}).disable(["inline", "text_join"])
    stock = MarkdownIt("commonmark", {"html": True}).disable(["inline", "text_join"])
    for md in (ours, stock):
        md.block.ruler.before("blockquote", "callout", _callout)
    guard_block_rules(ours.block)
    ours.block = DispatchingParserBlock(ours.block)
    text = "> <font>run()</font>\n\n> x\n"
    assert _tokens(ours, text) == _tokens(stock, text)
    assert [token.type for token in ours.parse(text)] == ["callout", "callout"]


def test_html_off_leaves_tags_to_the_paragraph_rule() -> None:
    ours, stock = (
        MarkdownIt("commonmark", {"html": False}).enable("table").disable(["inline", "text_join"])
        for _ in range(2)
    )
    guard_block_rules(ours.block)
    ours.block = DispatchingParserBlock(ours.block)
    text = "<div>\n\n> <div>\n\n</div>\n"
    assert _tokens(ours, text) == _tokens(stock, text)
    assert "html_block" not in {token.type for token in ours.parse(text)}
