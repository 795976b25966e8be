"""What a rule expects of an API's docs (a `[[rule]]` table of a rule file,
read by checker.verify.rule_files), and what a page says of it compared
with that, product by product: the one comparison lint's
`doc-differs-from-rule` (checker.checks.expected) and verify's cross-check
(checker.verify.crosscheck) both make."""

from __future__ import annotations

from dataclasses import dataclass

from checker.model.catalogue import Catalogue
from checker.model.said import said_of
from checker.model.support import Entry, Page, Status


@dataclass(frozen=True)
class Expectation:
    """What a `[[rule]]` expects of an API's page."""

    id: str
    api: str
    doc: str
    expect: str
    expected: Status
    versions: tuple[str, ...]  # empty: every version folder that has `doc`
    behaviour: str | None
    test: str | None
    source: str  # path:line of the rule's [[rule]] header
    expect_at: str = ""  # path:line of its `expect`, the text a mismatch is about
    # A docs repository's own behaviour test: the file from the rule file's
    # folder (a path inside the repository when the rule file was read at the
    # git ref `behaviour_ref`); None: a shipped one, by name.
    behaviour_file: str | None = None
    behaviour_ref: str | None = None
    test_at: str = ""  # path:line of its `test`


def compared(
    rule: Expectation, page: Page, entry: Entry, catalogue: Catalogue
) -> list[tuple[str, str, str]]:
    """(product, documented, expected) for each product the entry of `page`
    speaks of at the page's release (checker.model.said): lint and verify
    alike."""
    documented = said_of(catalogue, page, entry)
    expected = rule.expected.over(documented)
    return [(product, status, expected[product]) for product, status in documented.items()]
