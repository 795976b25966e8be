"""markdown-it-py's block parse, by the one character that can open a block:
the same tokens, for less work.

The block tokenizer tries at each line only the rules that can open a block
with the line's first character. The stock tokenizer tries every block rule
in turn at each line that starts
a block: on the master docs some 400,000 calls, nearly all of them refusals
of a line whose first character the rule does not open with (a heading opens
with #, a block quote with >). This one looks that character up once and
tries the rules that may accept it, in the ruler's order, then the rules that
read more than one character (table, code, lheading, paragraph): each rule
tried refuses or accepts as it would in the stock loop, and a rule passed
over would have refused, so the tokens are the same. A bullet (* - +) before
anything but a space, a tab or the line's end passes the list rule over too:
the docs' `**label**：` paragraphs, two in every entry. The loop is otherwise
the stock one, and blockquote and list call it as they call the stock one,
so nesting costs no extra frame (tests/read/test_dropped.py).

Two blocks of one line with a blank line after it are made here, their
tokens pushed as the stock rules push them: a block quote (`> <font size="3">
run()</font>`, every method's title), which the blockquote rule makes with
ten times the work of its tokens (it saves and restores the marks of every
line it spans and parses its text a level deeper), and an html block of a
tag that a blank line ends (the `<div>` and `</div>` around every entry's
sections), whose kind the html_block rule finds anew each time with up to
seven patterns. Each is made so only where the stock rules would make
exactly those tokens (`_one_line_quote` and `_one_line_html` say why each
condition is needed), and only while the ruler holds the stock rules alone.

And each block rule is behind a test of that character. markdown-it-py tries
the terminator rules again at every line of a paragraph, a
list or a table row. On the master docs that is over a million calls, nearly
all of them refusals, and each refusal costs a logged debug call and a few
attribute reads before the rule looks at the one character that decides it
(a fence opens with ` or ~, a heading with #). Each guard here reads that
character as the rule itself reads it and refuses where the rule would
refuse; otherwise the rule runs unchanged. lheading's guard reads the next
line: tried before every paragraph, it refuses one with no line after it,
and the docs' paragraphs are one line each. hr's reads the whole line, as the
rule does, in one strip: `**label**` opens as a thematic break would.
So no guard can change a token. The table rule is replaced by
checker.read.table_rule, which gives the same tables as two tokens each.
tests/read/test_block_rules.py holds every corpus page, fixture and doc to
the stock parser's tokens (tables folded into that form).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import accumulate
from typing import TYPE_CHECKING

from markdown_it.parser_block import ParserBlock
from markdown_it.rules_block import StateBlock
from markdown_it.rules_block.html_block import HTML_SEQUENCES
from markdown_it.token import Token

from checker.read.table_rule import table_rule

if TYPE_CHECKING:
    from markdown_it import MarkdownIt
    from markdown_it.utils import EnvType

Rule = Callable[[StateBlock, int, int, bool], bool]

# The characters each rule reads first at the line's first non-space
# position, refusing the line for any other (markdown-it-py's rules_block).
OPENERS = {
    "fence": frozenset("~`"),
    "blockquote": frozenset(">"),
    "hr": frozenset("*-_"),
    "list": frozenset("*-+0123456789"),
    "reference": frozenset("["),
    "html_block": frozenset("<"),
    "heading": frozenset("#"),
}
# Not guarded: blockquote and list parse their content by calling the
# tokenizer again, and a guard's frame at each level would make a page nested
# 100 deep take three frames a level instead of two (tests/read/test_dropped.py).
# The tokenizer passes them over where they cannot open (DispatchingParserBlock).
_GUARDED = frozenset(OPENERS) - {"blockquote", "list"}
_BULLETS = frozenset("*-+")  # a list item's bullets (an ordered one opens with a digit)
# The stock block rules, in the ruler's order: with these alone (no plugin's),
# the tokenizer makes one-line quotes and html blocks itself.
_STOCK = ["table", "code", "fence", "blockquote", "hr", "list", "reference"]
_STOCK += ["html_block", "heading", "lheading", "paragraph"]
# Characters a block opens with, but html's `<`: a quote's text opening with
# one is left to the rules (`<` is looked at there).
_OPENING = frozenset().union(*OPENERS.values()) - {"<"}


def _opened_by(rule: Rule, openers: frozenset[str]) -> Rule:
    def guarded(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        pos = state.bMarks[start] + state.tShift[start]
        # the rule reads src[pos] even at the line's end (a newline there) and
        # refuses where there is no character
        if pos >= len(state.src) or state.src[pos] not in openers:
            return False
        return rule(state, start, end, silent)

    return guarded


def _ruled(rule: Rule) -> Rule:
    """hr takes a line of its marker (three or more) and spaces and tabs
    alone, and reads the whole line to find out: every `**label**：` line
    (two an entry) is read to its third character. A line whose text, less
    the marker, spaces and tabs at either end, is not empty holds another
    character: the rule would refuse it."""

    def guarded(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        pos = state.bMarks[start] + state.tShift[start]
        if pos >= len(state.src):
            return False
        marker = state.src[pos]
        if marker not in OPENERS["hr"] or state.src[pos : state.eMarks[start]].strip(
            marker + " \t"
        ):
            return False
        return rule(state, start, end, silent)

    return guarded


def _code(rule: Rule) -> Rule:
    def guarded(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        if state.sCount[start] - state.blkIndent < 4:  # not indented as code
            return False
        return rule(state, start, end, silent)

    return guarded


def _underlined(rule: Rule) -> Rule:
    """lheading reads the lines after the first for an underline, up to an
    empty one: with none to read it refuses, tried before every paragraph
    (nearly all of the docs' are one line). It refuses then having set
    parentType to "paragraph" (it restores it only for a heading): so does
    the guard, which the paragraph rule then takes as the one to restore."""

    def guarded(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        following = start + 1
        if following < end and not state.isEmpty(following):
            return rule(state, start, end, silent)
        if not state.is_code_block(start):
            state.parentType = "paragraph"
        return False

    return guarded


def guard_block_rules(block: ParserBlock) -> None:
    """Put each known rule of `block` behind its guard, in place, keeping the
    rules it may interrupt (its alt chains). Rules it does not know
    (paragraph, a plugin's) stay as they are."""
    table = table_rule(_openers_of(block, "blockquote"))
    for rule in block.ruler.__rules__:
        if rule.name == "hr":
            fn = _ruled(rule.fn)
        elif rule.name in _GUARDED:
            fn = _opened_by(rule.fn, OPENERS[rule.name])
        elif rule.name == "table":
            fn = table  # the same tables, as two tokens
        elif rule.name == "code":
            fn = _code(rule.fn)
        elif rule.name == "lheading":
            fn = _underlined(rule.fn)
        else:
            continue
        block.ruler.at(rule.name, fn, {"alt": list(rule.alt)})


def _openers_of(block: ParserBlock, chain: str) -> frozenset[str]:
    """The characters a block of a rule in `chain` can open with (each rule
    there is one of OPENERS: markdown-it-py's own, and no plugin's)."""
    openers = [OPENERS[rule.name] for rule in block.ruler.__rules__ if chain in rule.alt]
    return frozenset().union(*openers)


class DispatchingParserBlock(ParserBlock):
    def __init__(self, ruler_of: ParserBlock) -> None:
        super().__init__()
        self.ruler = ruler_of.ruler
        self._compiled: list[Rule] | None = None  # the chain the table is built for
        self._by_opener: dict[str, list[Rule]] = {}
        self._others: list[Rule] = []  # for a line that no known opener starts
        # a bullet's rules but the list's, for a bullet that opens no list item
        self._unbulleted: dict[str, list[Rule]] = {}
        self._stock = False  # the chain holds the stock rules alone

    def _rules_for(self, rules: list[Rule]) -> None:
        """Build the per-character rule lists for the ruler's main chain (again
        whenever the ruler was changed: it then compiles a new list)."""
        names = [rule.name for rule in self.ruler.__rules__ if rule.enabled]
        openers = [OPENERS.get(name) for name in names]
        characters = set().union(*(known for known in openers if known is not None))
        self._by_opener = {
            character: [
                rule
                for rule, known in zip(rules, openers, strict=True)
                if known is None or character in known
            ]
            for character in characters
        }
        self._others = [rule for rule, known in zip(rules, openers, strict=True) if known is None]
        listing = {rule for rule, name in zip(rules, names, strict=True) if name == "list"}
        self._unbulleted = {
            bullet: [rule for rule in self._by_opener[bullet] if rule not in listing]
            for bullet in _BULLETS & self._by_opener.keys()
        }
        self._stock = names == _STOCK
        self._compiled = rules

    def parse(
        self, src: str, md: MarkdownIt, env: EnvType, outTokens: list[Token]
    ) -> list[Token] | None:
        """ParserBlock.parse, with the lines' marks made by `LinedStateBlock`."""
        if not src:
            return None
        state = LinedStateBlock(src, md, env, outTokens)
        self.tokenize(state, state.line, state.lineMax)
        return state.tokens

    def tokenize(self, state: StateBlock, start: int, end: int) -> None:
        rules = self.ruler.getRules("")
        if rules is not self._compiled:
            self._rules_for(rules)
        by_opener, others, unbulleted = self._by_opener, self._others, self._unbulleted
        stock = self._stock
        src, line = state.src, start
        deepest = state.md.options.maxNesting
        empty_before = False

        while line < end:
            state.line = line = state.skipEmptyLines(line)
            if line >= end:
                break
            if state.sCount[line] < state.blkIndent:
                break  # the end of a nested block (blockquote, list)
            if state.level >= deepest:
                state.line = end  # the stock loop skips the rest, too
                break
            pos = state.bMarks[line] + state.tShift[line]
            opener = src[pos] if pos < len(src) else ""
            made = stock and (
                (opener == ">" and _one_line_quote(state, line, pos))
                or (opener == "<" and _one_line_html(state, line, end, pos))
            )
            if not made:
                tried = by_opener.get(opener, others)
                # a bullet opens a list item only before a space, a tab or the
                # line's end: not `**label**` (the list rule would refuse it)
                if (
                    opener in unbulleted
                    and pos + 1 < state.eMarks[line]
                    and src[pos + 1] not in " \t"
                ):
                    tried = unbulleted[opener]
                ok = False
                for rule in tried:
                    ok = rule(state, line, end, False)
                    if ok:
                        if state.line <= line:
                            raise RuntimeError("block rule didn't increment state.line")
                        break
                if not ok:
                    raise RuntimeError("none of the block rules matched")
            # an empty line before the block makes the list it is in loose
            state.tight = not empty_before
            line = state.line
            # a paragraph may take one empty line after it in nested lists
            if (line - 1) < end and state.isEmpty(line - 1):
                empty_before = True
            if line < end and state.isEmpty(line):
                empty_before = True
                line += 1
                state.line = line


def _one_line_quote(state: StateBlock, line: int, pos: int) -> bool:
    """The tokens of a one-line block quote at `line` (its `>` at `pos`), as
    the stock rules make them, pushed; False, nothing done, where they might
    make others. The stock loop tries table, code, then blockquote. Table
    refuses: no delimiter row follows. Code refuses: the line is indented
    less than 4. Blockquote takes the line, and the blank line (or the end)
    after it ends the quote; `> ` then the text: the text starts its own line
    at indent 0. Parsed a level deeper, the text is one paragraph: table and
    lheading find no second line, code no indent, and no other rule opens with
    its first character (html_block's `<` aside: its patterns are tried here
    as the rule tries them). At the nesting limit the stock loop would skip
    the text: that is left to it. The quote restores every mark it moved, so
    only the tokens and the line it ends on remain."""
    following = line + 1
    if following < state.lineMax and not state.isEmpty(following):
        return False
    if state.sCount[line] - state.blkIndent >= 4 or state.level + 1 >= state.md.options.maxNesting:
        return False
    src, start, stop = state.src, pos + 2, state.eMarks[line]
    if start >= stop or src[pos + 1] != " " or src[start] in " \t" or src[start] in _OPENING:
        return False
    text = src[start:stop]
    if text[0] == "<" and state.md.options.get("html") and _html_kind(text) is not None:
        return False
    level, lines = state.level, [line, following]
    state.tokens += [
        Token("blockquote_open", "blockquote", 1, map=lines, level=level, markup=">", block=True),
        Token("paragraph_open", "p", 1, map=[*lines], level=level + 1, block=True),
        Token(
            "inline",
            "",
            0,
            map=[*lines],
            level=level + 2,
            content=text.strip(),
            children=[],
            block=True,
        ),
        Token("paragraph_close", "p", -1, level=level + 1, block=True),
        Token("blockquote_close", "blockquote", -1, level=level, markup=">", block=True),
    ]
    state.line = following
    return True


def _one_line_html(state: StateBlock, line: int, end: int, pos: int) -> bool:
    """The token of a one-line html block at `line` (its `<` at `pos`), as
    the stock rules make it, pushed; False, nothing done, where they might
    make another. The stock loop tries table, code, then html_block. Table
    refuses: no delimiter row follows. Code refuses: the line is indented less
    than 4. html_block takes a line its patterns open a block at; a block that
    a blank line ends (`_BLANK_ENDED`) ends at the blank line (or the end)
    after it, and its token is the line with its newline."""
    following = line + 1
    if following < end and not state.isEmpty(following):
        return False
    if state.sCount[line] - state.blkIndent >= 4 or not state.md.options.get("html"):
        return False
    if _html_kind(state.src[pos : state.eMarks[line]]) not in _BLANK_ENDED:
        return False
    token = state.push("html_block", "", 0)
    token.map = [line, following]
    token.content = state.getLines(line, following, state.blkIndent, True)
    state.line = following
    return True


@lru_cache(maxsize=1024)  # the docs' few tags, each on thousands of lines
def _html_kind(text: str) -> int | None:
    """Which of html_block's sequences a line (from its `<`) opens, as the rule
    tries them: the index of the first whose opening pattern finds it; None:
    it opens no html block."""
    for kind, (opening, _, _) in enumerate(HTML_SEQUENCES):
        if opening.search(text):
            return kind
    return None


# The sequences a blank line ends (their closing pattern matches only an empty line).
_BLANK_ENDED = frozenset(
    kind for kind, (_, closing, _) in enumerate(HTML_SEQUENCES) if closing.pattern == "^$"
)


class LinedStateBlock(StateBlock):
    """A StateBlock whose line marks (each line's start and end, its leading
    spaces and tabs, and their width with tabs expanded) are made with string
    methods over the lines at once: the stock constructor looks at each line in
    Python, and was the second most costly function of the block parse (its
    marks are held to the stock ones over every corpus page and fixture,
    tests/read/test_block_parser.py)."""

    def __init__(self, src: str, md: MarkdownIt, env: EnvType, tokens: list[Token]) -> None:
        super().__init__("", md, env, tokens)  # every other field as the stock one sets it
        self.src = src
        lines = src.split("\n")
        # no mark for the empty line after a final newline, nor for a last
        # line of only spaces and tabs (the stock constructor's end)
        if not lines[-1].strip(" \t"):
            lines.pop()
        starts = list(accumulate((len(line) + 1 for line in lines), initial=0))
        shifts = [len(line) - len(line.lstrip(" \t")) for line in lines]
        widths = (
            shifts
            if "\t" not in src
            else [_width(line, n) for line, n in zip(lines, shifts, strict=True)]
        )
        length = len(src)
        self.bMarks = [*starts[:-1], length]
        self.eMarks = [start - 1 for start in starts[1:]] + [length]
        self.tShift = [*shifts, 0]
        self.sCount = [*widths, 0]
        self.bsCount = [0] * (len(lines) + 1)
        self.lineMax = len(lines)


def _width(line: str, shift: int) -> int:
    """The width of a line's leading spaces and tabs, a tab to the next stop of 4."""
    width = 0
    for character in line[:shift]:
        width += 4 - width % 4 if character == "\t" else 1
    return width
