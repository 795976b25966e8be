"""The findings on what a change touched (`lint --changed-since REF`,
`lint --staged`), as reviewdog's `filter-mode=added` or diff-cover report only
what a diff added: a page's findings that were there before the change are
left out, counted, so that a commit that fixes a typo in a title is not
refused for what the page already said.

An entry is touched when one of its lines changed (an entry runs from its
heading to the next entry's, as checker.model.placed places findings). Kept:
a finding at a touched entry's line, or whose entry is touched; a finding of
the rules across pages and versions whose API is a touched entry's (the page
flipped a status the rule or another page disagrees with, wherever that
finding is placed); a finding on no entry (a page's top, a rule file) whose
line changed; and every finding of a file that is wholly new."""

from __future__ import annotations

import bisect
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.model.finding import Finding
from checker.model.support import Page

if TYPE_CHECKING:  # the change is git's; judging findings by it runs none
    from checker.sources.gitdiff import Changed

# What one page's change makes another page (or the rules) disagree with:
# reported wherever it is placed, for a touched entry's API.
ACROSS = frozenset(
    {"doc-differs-from-rule", "api-conflict", "duplicate-api", "lang-parity", "product-set-differs"}
)


@dataclass(frozen=True)
class Touched:
    """The findings kept, and how many were left out as on nothing touched."""

    findings: tuple[Finding, ...]
    untouched: int


def touched(findings: Iterable[Finding], pages: Sequence[Page], change: Changed) -> Touched:
    findings = list(findings)
    heads: dict[str, set[int]] = {}  # path as findings name it -> touched entries' heading lines
    apis: set[str] = set()
    for page in pages:
        inside = change.inside(page.path)
        lines = change.lines.get(inside or "")
        if not lines or inside in change.new:
            continue
        starts = [entry.line for entry in page.entries]
        for line in lines:
            index = bisect.bisect_right(starts, line) - 1
            if index >= 0:
                entry = page.entries[index]
                heads.setdefault(page.path, set()).add(entry.line)
                apis.add(entry.api)
    kept = [finding for finding in findings if _kept(finding, change, heads, apis)]
    return Touched(tuple(kept), len(findings) - len(kept))


def _kept(finding: Finding, change: Changed, heads: dict[str, set[int]], apis: set[str]) -> bool:
    inside = change.inside(finding.path)
    if inside is not None and inside in change.new:
        return True
    if finding.rule in ACROSS and finding.api in apis:
        return True
    if finding.entry_line is not None and finding.entry_line in heads.get(finding.path, ()):
        return True
    return inside is not None and finding.line in change.lines.get(inside, ())
