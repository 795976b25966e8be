"""Inline suppressions applied: a finding on a line a page's docs-check comment
covers, of a rule the comment names, is silenced. Which comments silenced
something is kept, so that a lint run can report those that silenced nothing
(checker.gate.audit)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from checker.ids.selectors import covers
from checker.model.finding import Finding
from checker.model.support import Page
from checker.model.suppression import Suppression, suppressions


@dataclass(frozen=True)
class Silenced:
    """The findings the pages' docs-check comments left, and those they silenced."""

    kept: tuple[Finding, ...]
    count: int  # findings silenced
    unused: tuple[tuple[str, Suppression], ...]  # (page path, suppression) that silenced nothing


def silence(findings: Iterable[Finding], pages: Sequence[Page]) -> Silenced:
    spans = {
        page.path: suppressions(page.directives) for page in pages if page.directives
    }  # most pages have no comment, and cost nothing here
    if not spans:
        kept = tuple(findings)
        return Silenced(kept, 0, ())
    used: set[tuple[str, int]] = set()  # (path, index into its spans)
    kept_list: list[Finding] = []
    count = 0
    for finding in findings:
        hits = [
            index
            for index, span in enumerate(spans.get(finding.path, ()))
            if span.covers(finding.line) and (not span.rule or covers(span.rule, finding.rule))
        ]
        if hits:
            count += 1
            used.update((finding.path, index) for index in hits)
        else:
            kept_list.append(finding)
    unused = tuple(
        (path, span)
        for path, found in spans.items()
        for index, span in enumerate(found)
        if (path, index) not in used
    )
    return Silenced(tuple(kept_list), count, unused)
