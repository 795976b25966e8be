"""checks/lint.py: every finding is told the API of the entry whose lines hold
it, which ignores and baselines match by."""

from __future__ import annotations

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding, finding
from checker.model.placed import with_api
from checker.model.support import Entry, Page, Status, Support

PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-x.md"
OTHER = "docs/zh/api/native_api/pytorch_2-12-0/torch-y.md"


def entry(api: str, line: int, path: str = PAGE) -> Entry:
    return Entry(api, "2.12.0", "zh", path, line, "inline", None, "", line)


def page(path: str, *entries: Entry) -> Page:
    return Page(path, "2.12.0", "zh", entries, ())


def at(line: int, path: str = PAGE, api: str | None = None) -> Finding:
    return finding("missing-status", path, line, "x", api=api)


def apis(findings: list[Finding]) -> list[tuple[int, str | None]]:
    return [(f.line, f.api) for f in findings]


# Entries out of order on purpose: the spans are sorted by line.
PAGES = [page(PAGE, entry("torch.x.b", 20), entry("torch.x.a", 10)), page(OTHER, entry("y", 5))]


def test_a_finding_takes_the_api_of_the_entry_whose_lines_hold_it() -> None:
    found = with_api([at(10), at(15), at(19), at(20), at(99)], PAGES)
    assert apis(found) == [
        (10, "torch.x.a"),  # the heading line itself
        (15, "torch.x.a"),
        (19, "torch.x.a"),
        (20, "torch.x.b"),
        (99, "torch.x.b"),  # the last entry runs to the end of the page
    ]


def test_above_the_first_entry_a_finding_has_no_api() -> None:
    assert apis(with_api([at(1), at(9)], PAGES)) == [(1, None), (9, None)]


def test_a_finding_that_names_its_api_keeps_it() -> None:
    assert apis(with_api([at(15, api="torch.x.z"), at(2, api="torch.x.w")], PAGES)) == [
        (15, "torch.x.z"),
        (2, "torch.x.w"),
    ]


def test_the_entries_of_the_finding_s_own_page_place_it() -> None:
    found = with_api([at(6, OTHER), at(4, OTHER), at(12)], PAGES)
    assert apis(found) == [(6, "y"), (4, None), (12, "torch.x.a")]


def test_a_page_no_entry_of_which_is_read_leaves_it_unplaced() -> None:
    assert apis(with_api([at(30, "docs/elsewhere.md")], PAGES)) == [(30, None)]


def test_order_and_other_fields_are_kept() -> None:
    given = [at(20), at(10, OTHER), at(15)]
    found = with_api(given, PAGES)
    assert [(f.path, f.line, f.rule, f.message, f.severity) for f in found] == [
        (f.path, f.line, f.rule, f.message, f.severity) for f in given
    ]


def test_any_iterable_of_findings_is_placed_once() -> None:
    """It takes an iterable: a generator is read once, yet every finding is placed."""
    found = with_api((f for f in [at(15), at(5, OTHER)]), PAGES)
    assert apis(found) == [(15, "torch.x.a"), (5, "y")]


# -- context: the rest of a version folder, for the rule across pages ------------------


def stated(api: str, line: int, path: str, support: Support) -> Entry:
    return Entry(api, "2.12.0", "zh", path, line, "inline", Status((), support), "是", line)


def test_context_pages_are_compared_but_only_the_pages_given_are_reported() -> None:
    catalogue = default_catalogue()
    first = "docs/zh/api/native_api/pytorch_2-12-0/a.md"
    given = "docs/zh/api/native_api/pytorch_2-12-0/b.md"
    last = "docs/zh/api/native_api/pytorch_2-12-0/c.md"
    yes, no = Support.SUPPORTED, Support.UNSUPPORTED
    before = page(first, stated("torch.x.one", 3, first, yes))
    mine = page(given, stated("torch.x.one", 3, given, no), stated("torch.x.two", 9, given, yes))
    after = page(last, stated("torch.x.two", 3, last, yes))
    # Given in any order, the context is put in the tree's order: a.md is first,
    # so b.md holds the conflict; c.md's copy of torch.x.two is on c.md, not given.
    found = lint_pages([mine], catalogue, [after, before])
    assert [(f.path, f.line, f.rule) for f in found] == [(given, 3, "api-conflict")]
    assert f"contradicts {first}:3" in found[0].message
    # the same pages all given: c.md's duplicate is reported as well
    every = lint_pages([before, mine, after], catalogue)
    assert [(f.path, f.line, f.rule) for f in every] == [
        (given, 3, "api-conflict"),
        (last, 3, "duplicate-api"),
    ]
