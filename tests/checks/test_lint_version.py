"""model/placed.py's with_api tells every finding on a page that page's docs
version, above its first entry too; a finding on a file that is no page (a
rule file) has none. verify's cross-check places its findings the same way."""

from __future__ import annotations

from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding, finding
from checker.model.placed import with_api
from checker.model.support import Entry, Page
from checker.verify.crosscheck import Options, crosscheck
from checker.verify.rule_files import load_rules
from tests.helpers import REPO

OLD = "docs/zh/api/native_api/pytorch_2-11-0/torch-x.md"
NEW = "docs/zh/api/native_api/pytorch_2-12-0/torch-x.md"


def page(path: str, version: str, *lines: int) -> Page:
    entries = tuple(
        Entry(f"torch.x.f{line}", version, "zh", path, line, "inline", None, "", line)
        for line in lines
    )
    return Page(path, version, "zh", entries, ())


def at(path: str, line: int) -> Finding:
    return finding("missing-status", path, line, "x")


PAGES = [page(OLD, "2.11.0", 10), page(NEW, "2.12.0", 5, 20)]


def placed(findings: list[Finding]) -> list[tuple[int, str | None, str | None, int | None]]:
    return [(f.line, f.version, f.api, f.entry_line) for f in findings]


def test_each_finding_on_a_page_takes_that_page_s_version() -> None:
    found = with_api([at(OLD, 12), at(NEW, 7), at(NEW, 25)], PAGES)
    assert placed(found) == [
        (12, "2.11.0", "torch.x.f10", 10),
        (7, "2.12.0", "torch.x.f5", 5),
        (25, "2.12.0", "torch.x.f20", 20),
    ]


def test_above_the_first_entry_a_finding_has_its_version_but_no_api() -> None:
    assert placed(with_api([at(NEW, 2)], PAGES)) == [(2, "2.12.0", None, None)]


def test_a_finding_on_no_page_has_no_version() -> None:
    assert placed(with_api([at("rules/put_metric.toml", 3)], PAGES)) == [(3, None, None, None)]


def test_cross_check_findings_are_placed_as_lint_s() -> None:
    """A rule whose page lacks its API: missing-entry on the page has the
    page's version; one for a version with no page, at the rule file, none."""
    rules_file = REPO / "tests" / "fixtures" / "verify" / "rules" / "extra-record.toml"
    (rule,) = load_rules([rules_file], default_catalogue())
    doc = f"docs/zh/api/native_api/pytorch_2-12-0/{rule.doc}"
    _, found = crosscheck([rule], [page(doc, "2.12.0", 5)], [], default_catalogue(), Options())
    # versions 2.12.0 (the page, without the API) and 2.13.0 (no page at all)
    assert sorted((f.path == doc, f.version) for f in found) == [(False, None), (True, "2.12.0")]
