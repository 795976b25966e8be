"""The block rules of markdown-it-py, each behind a test of the one character
that can open its block: the same tokens, for less work.

markdown-it-py tries its block rules in turn at every line that may start a
block, and tries the terminator rules again at every line of a paragraph, a
list or a table row. On the master docs that is over a million calls, nearly
all of them refusals, and each refusal costs a logged debug call and a few
attribute reads before the rule looks at the one character that decides it
(a fence opens with ` or ~, a heading with #). Each guard here reads that
character as the rule itself reads it and refuses where the rule would
refuse; otherwise the rule runs unchanged.
So no guard can change a token. The table rule is replaced by
checker.read.table_rule, which gives the same tables as two tokens each.
tests/read/test_block_rules.py holds every corpus page, fixture and doc to
the stock parser's tokens (tables folded into that form).
"""

from __future__ import annotations

from collections.abc import Callable

from markdown_it.parser_block import ParserBlock
from markdown_it.rules_block import StateBlock

from checker.read.table_rule import table_rule

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
# The tokenizer passes them over where they cannot open (block_parser).
_GUARDED = frozenset(OPENERS) - {"blockquote", "list"}


def _opened_by(rule: Rule, openers: frozenset[str]) -> Rule:
    def guarded(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        pos = state.bMarks[start] + state.tShift[start]
        # the rule reads src[pos] even at the line's end (a newline there) and
        # refuses where there is no character
        if pos >= len(state.src) or state.src[pos] not in openers:
            return False
        return rule(state, start, end, silent)

    return guarded


def _code(rule: Rule) -> Rule:
    def guarded(state: StateBlock, start: int, end: int, silent: bool) -> bool:
        if state.sCount[start] - state.blkIndent < 4:  # not indented as code
            return False
        return rule(state, start, end, silent)

    return guarded


def guard_block_rules(block: ParserBlock) -> None:
    """Put each known rule of `block` behind its guard, in place, keeping the
    rules it may interrupt (its alt chains). Rules it does not know (lheading,
    paragraph, a plugin's) stay as they are."""
    table = table_rule(_openers_of(block, "blockquote"))
    for rule in block.ruler.__rules__:
        if rule.name in _GUARDED:
            fn = _opened_by(rule.fn, OPENERS[rule.name])
        elif rule.name == "table":
            fn = table  # the same tables, as two tokens
        elif rule.name == "code":
            fn = _code(rule.fn)
        else:
            continue
        block.ruler.at(rule.name, fn, {"alt": list(rule.alt)})


def _openers_of(block: ParserBlock, chain: str) -> frozenset[str]:
    """The characters a block of a rule in `chain` can open with (each rule
    there is one of OPENERS: markdown-it-py's own, and no plugin's)."""
    openers = [OPENERS[rule.name] for rule in block.ruler.__rules__ if chain in rule.alt]
    return frozenset().union(*openers)
