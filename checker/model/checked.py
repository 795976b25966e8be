"""What a page's own lint rules found on it, carried from where the page was
read to the rules that place it.

A page's own rules (checker.checks.lint.page_rules) read that page alone, so
they run where the page is read: in a worker beside its parse, their findings
and the entries' heads written into the page's one cache entry. The lint that
asked for them then decodes no page for them, and a warm lint opens one file a
page. The findings stay out of `Page.findings`, which are the reading's own:
other commands read the same pages and must not see lint's findings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from checker.model.catalogue import Catalogue
from checker.model.finding import Finding
from checker.model.support import Page

# Calls giving a page's own findings, its entries' APIs and their heading
# lines, each decoded when first asked for: a warm run that kept what the
# whole run found asks for none, and one that did not asks for every page's
# findings and APIs (which pages a rule judges) but only the lines of pages
# with a finding.
Kept = tuple[
    Callable[[], tuple[Finding, ...]], Callable[[], Sequence[str]], Callable[[], Sequence[int]]
]

# The rules that read one page alone: a module-level function, so that a
# worker process is given it by name.
Check = Callable[[Page, Catalogue], list[Finding]]


def kept_of(page: Page, findings: Sequence[Finding]) -> Kept:
    """What a page's own rules found, with its (decoded) entries' heads."""
    found = tuple(findings)
    apis = [entry.api for entry in page.entries]
    lines = [entry.line for entry in page.entries]
    return lambda: found, lambda: apis, lambda: lines


@dataclass(frozen=True)
class PageRules:
    """The page rules a read runs on each page it reads (in the process that
    reads it), and what they found, by (blob id, path inside the tree): the
    key under which checker.checks.reuse knows a page."""

    check: Check
    found: dict[tuple[str, str], Kept] = field(default_factory=dict, compare=False)
