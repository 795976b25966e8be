"""The index of the site, read as a person reads it: its sections in order,
the line of what was read, the support table's heads and the links of its
counts, the change chart and table between neighbouring versions (or why
there is none), the findings by rule and the pages that carry the most, and
every page. A finding on no page read (tests/fixtures/site-small's
configuration) is counted by rule, never listed as a page."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

from tests.site import (
    SITE_DOCS,
    SMALL_EN,
    SMALL_ZH,
    api_data,
    headings,
    muted,
    page_of,
    table,
    tables,
    write_flatten_site,
)

NAMES = ["Atlas A2 训练系列产品", "Atlas A3 训练系列产品", "Ascend 950DT"]
HOSTILE = str(SITE_DOCS / "zh" / "api" / "native_api" / "pytorch_2-13-0" / "torch-hostile.md")


def _index(site: Path) -> str:
    return (site / "index.html").read_text(encoding="utf-8")


def test_the_index_says_what_was_read_and_has_its_sections_in_order(site: Path) -> None:
    index = _index(site)
    assert "<title>API support in the docs</title>" in index
    assert "<h1>API support in the docs</h1>" in index
    assert '<nav><a href="index.html">Overview</a><a href="apis.html">APIs</a></nav>' in index
    assert headings(index) == [
        "Support by version and product (zh pages)",
        "Changes from version to version",
        "Findings by rule",
        "Pages with the most findings",
        "Verification",
        "Pages",
    ]
    assert muted(index) == [
        "3 pages, 9 entries, 7 APIs, 4 findings",  # 2 of them: hostile titles, no names
        "Nothing verified given: report --verify-report FILE (from verify --format json) "
        "or --evidence FILE.",
        "No test map (report --tests DIR or --test-ref REF).",
    ]
    assert 'class="errors"' not in index  # every page was read


def test_the_support_table_heads_each_product_with_the_marks_of_its_statuses(
    site: Path,
) -> None:
    support = table(_index(site), "support")
    marks = ["✔", "✘", "–", "!"]
    assert support.head == ["version", *NAMES, *marks * 3]
    titles = re.findall(r'<th class="n" title="([^"]*)">', _index(site))
    assert titles == ["supported", "unsupported", "unstated", "conflict"] * 3


def test_a_count_links_to_the_api_table_filtered_to_it_and_a_zero_is_plain(site: Path) -> None:
    index = _index(site)
    row = re.search(r'<tr data-version="2.12.0">(.*?)</tr>', index)
    assert row is not None
    links = [html.unescape(link) for link in re.findall(r'<a href="([^"]*)">', row.group(1))]
    filtered = "apis.html#lang=zh&version=2.12.0&product="
    assert links == [
        f"{filtered}atlas-a2&status=supported",
        f"{filtered}atlas-a3&status=supported",
        f"{filtered}atlas-a3&status=unsupported",
        f"{filtered}ascend-950&status=supported",
        f"{filtered}ascend-950&status=unsupported",
    ]
    cells = table(index, "support").rows[0]
    assert cells == ["2.12.0", "3", "0", "0", "0", "2", "1", "0", "0", "1", "2", "0", "0"]
    assert '<td class="n unsupported" data-count="0">0</td>' in row.group(1)


def test_the_changes_between_versions_are_drawn_and_tabled(site: Path) -> None:
    index = _index(site)
    series = ["APIs added", "APIs removed", *(f"status flips: {name}" for name in NAMES)]
    changes = table(index, "changes")
    assert changes.head == ["versions", *series]
    # 2.13.0 adds get_elapsed_time_ms and the hostile page's three, drops prof;
    # initialize_metrics flips on Ascend 950DT
    assert changes.rows == [["2.12.0 → 2.13.0", "4", "1", "0", "0", "1"]]
    chart = re.search(r"<svg [^>]*><title>([^<]*)</title>(.*?)</svg>", index)
    assert chart is not None
    assert chart.group(1) == "Changes between neighbouring versions (zh pages)"
    bars = re.findall(r"<rect [^>]*><title>([^<]*)</title>", chart.group(2))
    assert bars == [
        f"2.12.0 → 2.13.0: {name}: {n}" for name, n in zip(series, (4, 1, 0, 0, 1), strict=True)
    ]
    assert re.findall(r'<i class="s\d"></i>([^<]*)</span>', index) == series


def test_zh_comes_first_and_a_language_of_one_version_has_nothing_to_compare(
    small_site: Path,
) -> None:
    index = _index(small_site)
    assert re.findall(r'<table class="support" data-lang="(\w+)" data-ref="">', index) == [
        "zh",
        "en",
    ]
    assert headings(index)[:3] == [
        "Support by version and product (zh pages)",
        "Support by version and product (en pages)",
        "Changes from version to version",
    ]
    # zh, from the 7.3.0 branch's page: Atlas A3 flips on both APIs (a to conflict,
    # b to unstated), Ascend 950DT on b only (a page of 7.3.0 knows no 950 for a)
    assert table(index, "changes").rows == [["2.7.1 → 2.13.0", "0", "0", "0", "2", "1"]]
    assert index.count("<svg ") == 1
    assert "One version only: nothing to compare." in muted(index)  # en: 2.13.0 only
    en = re.search(
        r'<table class="support" data-lang="en" data-ref="">.*?<tbody>(.*?)</tbody>', index
    )
    assert en is not None
    assert [
        re.sub(r"<[^>]+>", " ", row).split()
        for row in re.findall(r"<tr[^>]*>(.*?)</tr>", en.group(1))
    ] == [
        ["2.7.1", *["0"] * 12],
        ["2.13.0", "1", "1", "0", "0", "1", "1", "0", "0", "1", "1", "0", "0"],
    ]


def test_the_findings_are_counted_by_rule_most_first(small_site: Path) -> None:
    by_rule = tables(_index(small_site))[-3]
    assert by_rule.head == ["rule", "level", "findings", "what it means"]
    assert by_rule.rows == [
        [
            "lang-parity",
            "warning",
            "4",
            "the zh and en pages of a version say different things of an API",
        ],
        [
            "link-docs-version",
            "error",
            "3",
            "a pytorch.org docs link outside the native-doc line into another PyTorch docs version",
        ],
        [
            "api-conflict",
            "error",
            "1",
            "the same API documented twice in one version, saying different things",
        ],
        [
            "product-set-differs",
            "warning",
            "1",
            "an entry naming other products than the rest of its file",
        ],
        ["status-conflict", "error", "1", "one entry states a product twice, differently"],
        ["unused-ignore", "warning", "1", "a configuration [[ignore]] that ignored nothing"],
    ]
    links = re.findall(r'<tr data-rule="([^"]*)"><td><a href="([^"]*)">', _index(small_site))
    assert links[0] == ("lang-parity", "apis.html#finding=lang-parity")


def test_the_pages_with_the_most_findings_are_pages_read(small_site: Path) -> None:
    index = _index(small_site)
    busiest = tables(index)[-2]
    assert busiest.head == ["page", "findings"]
    # the configuration's unused-ignore is on no page: counted above, listed nowhere here
    assert busiest.rows == [[SMALL_ZH, "8"], [SMALL_EN, "2"]]
    assert headings(index)[-4:] == [
        "Findings by rule",
        "Pages with the most findings",
        "Verification",
        "Pages",
    ]


def test_a_site_without_findings_says_so_and_lists_no_busiest_pages(tmp_path: Path) -> None:
    from checker.cli import run

    one_version = SITE_DOCS / "zh" / "api" / "native_api" / "pytorch_2-13-0"
    site = tmp_path / "site"
    arguments = ["report", str(one_version), "--html", str(site), "--no-cache"]
    assert run([*arguments, "--select", "missing-status"]) == 0
    index = _index(site)
    assert headings(index) == [
        "Support by version and product (zh pages)",
        "Changes from version to version",
        "Findings by rule",
        "Verification",
        "Pages",
    ]
    assert muted(index)[1:3] == ["One version only: nothing to compare.", "No findings."]
    assert [t.css for t in tables(index)] == ["support", "pages"]


def test_only_the_ten_pages_with_the_most_findings_are_listed(tmp_path: Path) -> None:
    docs = tmp_path / "docs" / "zh" / "api" / "native_api" / "pytorch_2-13-0"
    docs.mkdir(parents=True)
    for n in range(11):
        shutil.copy(HOSTILE, docs / f"torch-hostile-{n:02}.md")
    from checker.cli import run

    site = tmp_path / "site"
    arguments = ["report", str(tmp_path / "docs"), "--html", str(site), "--no-cache"]
    assert run([*arguments, "--select", "status-unreadable"]) == 0
    index = _index(site)
    busiest = tables(index)[-2]
    names = [Path(row[0]).name for row in busiest.rows]
    assert names == [f"torch-hostile-{n:02}.md" for n in range(10)]  # one finding each
    assert len(table(index, "pages").rows) == 11


def test_the_pages_table_lists_every_page_with_its_counts(site: Path) -> None:
    pages = table(_index(site), "pages")
    assert pages.head == ["page", "version", "language", "entries", "findings"]
    folder = SITE_DOCS / "zh" / "api" / "native_api"
    assert pages.rows == [
        [str(folder / "pytorch_2-12-0" / "torch-distributed-elastic.md"), "2.12.0", "zh", "3", "0"],
        [str(folder / "pytorch_2-13-0" / "torch-distributed-elastic.md"), "2.13.0", "zh", "3", "0"],
        [HOSTILE, "2.13.0", "zh", "3", "4"],
    ]
    links = re.findall(r'<tr><td><a href="([^"]*)">', _index(site).split("<h2>Pages</h2>")[1])
    assert links == api_data(site)["pages"]
    assert links[2] == page_of(site, "torch-hostile", "2.13.0").relative_to(site).as_posix()


def test_statements_in_dispute_across_pages_are_counted_as_conflicts(tmp_path: Path) -> None:
    """Tensor.flatten's Ascend 950DT, ✘ on one page and ✔ on another: both
    entries in conflict, where each was counted as what it says alone."""
    index = _index(write_flatten_site(tmp_path / "site", tmp_path / "docs"))
    row = re.search(r'<tr data-version="2.13.0">(.*?)</tr>', index)
    assert row is not None
    counts = [int(n) for n in re.findall(r'data-count="(\d+)"', row.group(1))]
    # A2 ✔ on both, A3 unstated on both, 950DT: two statements in conflict
    assert counts == [2, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 2]
