"""Static rules over the support model. Reading already reported what it found
in the text (unreadable statuses, unknown products, block house rules); these
rules judge the model."""

from __future__ import annotations

from collections.abc import Sequence

from checker.catalogue import Catalogue
from checker.lint.collection import check_duplicates, check_product_sets
from checker.lint.entries import check_entry
from checker.model import Finding, Page


def lint(pages: Sequence[Page], catalogue: Catalogue) -> list[Finding]:
    findings: list[Finding] = []
    for page in pages:
        findings.extend(page.findings)
        findings.extend(check_product_sets(page))
        for entry in page.entries:
            findings.extend(check_entry(entry, catalogue))
    findings.extend(check_duplicates(entry for page in pages for entry in page.entries))
    return sorted(findings)
