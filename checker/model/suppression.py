"""Inline suppressions: the `<!-- docs-check-... -->` comments a page carries,
and the lines each silences.

    <!-- docs-check-disable-next-line nonstandard-mark -- the upstream table uses ✗ -->
    <!-- docs-check-disable block-, link-version -->  …  <!-- docs-check-enable block- -->

A page keeps its comments as written (`Directive`s, in order): a page read in
parts (checker.read.split) joins its parts' comments, and only then are the
disable/enable pairs matched, so a region may span parts."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

NEXT_LINE, DISABLE, ENABLE = "disable-next-line", "disable", "enable"


@dataclass(frozen=True)
class Directive:
    """A docs-check comment of a page, at its line."""

    line: int
    action: str  # NEXT_LINE, DISABLE or ENABLE
    rules: tuple[str, ...]  # ids or prefixes as written; () names every rule
    reason: str = ""


@dataclass(frozen=True)
class Suppression:
    """One rule (or every rule: "") silenced from `first` to `last` (inclusive)."""

    line: int  # the comment's
    action: str
    rule: str
    first: int
    last: int | None  # None: to the end of the page

    def covers(self, line: int) -> bool:
        return self.first <= line and (self.last is None or line <= self.last)


def suppressions(directives: Sequence[Directive]) -> list[Suppression]:
    """Each rule of each comment, with the lines it covers. An `enable` closes
    the regions its rules opened (every open region when it names none); a
    region never closed runs to the end of the page."""
    found: list[Suppression] = []
    open_at: dict[str, list[int]] = {}  # rule -> indexes into `found` of its open regions
    for directive in directives:
        rules = directive.rules or ("",)
        if directive.action == NEXT_LINE:
            at = directive.line + 1
            found.extend(Suppression(directive.line, NEXT_LINE, r, at, at) for r in rules)
        elif directive.action == DISABLE:
            for rule in rules:
                open_at.setdefault(rule, []).append(len(found))
                found.append(Suppression(directive.line, DISABLE, rule, directive.line, None))
        else:
            closing = directive.rules or tuple(open_at)
            for rule in closing:
                for index in open_at.pop(rule, []):
                    region = found[index]
                    found[index] = Suppression(
                        region.line, DISABLE, rule, region.first, directive.line
                    )
    return found
