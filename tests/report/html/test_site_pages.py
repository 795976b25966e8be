"""The view of a docs page: what the page is and its links up to the site,
each entry with its marks linking to the lines that state them (an empty
cell for a product the page's release does not know), the findings of an
entry under it and the others in a table of their own first, and every line
a report names an anchor, once."""

from __future__ import annotations

import re
from pathlib import Path

from checker.report.html.elements import page_file
from tests.helpers import REPO
from tests.site import SITE_DOCS, SMALL_OLD, SMALL_ZH, headings, muted, page_of, table

NAMES = ["Atlas A2 训练系列产品", "Atlas A3 训练系列产品", "Ascend 950DT"]
# a mark cell: (status, link, title, mark); ("out", "", "", "") for an empty one
CELL = re.compile(
    r'<td class="st ([a-z]+)"><a href="([^"]*)" title="([^"]*)">(.)</a></td>'
    r'|<td class="(out)"></td>'
)


def _view(site: Path, name: str, version: str) -> str:
    return page_of(site, name, version).read_text(encoding="utf-8")


def _cells(view: str, api: str) -> list[tuple[str, str, str, str]]:
    row = re.search(f'<tr id="L\\d+" data-api="{re.escape(api)}">(.*?)</tr>', view, re.S)
    assert row is not None, api
    return [(st or out, href, title, mark) for st, href, title, mark, out in CELL.findall(row[1])]


def test_a_page_view_says_what_the_page_is_and_links_up_to_the_site(site: Path) -> None:
    view = _view(site, "torch-distributed-elastic", "2.12.0")
    path = (
        SITE_DOCS / "zh" / "api" / "native_api" / "pytorch_2-12-0" / "torch-distributed-elastic.md"
    )
    assert f"<title>{path}</title>" in view and f"<h1>{path}</h1>" in view
    nav = '<nav><a href="../index.html">Overview</a><a href="../apis.html">APIs</a></nav>'
    assert nav in view
    assert muted(view) == [
        "version 2.12.0, zh page, 3 entries, 0 findings · this version in the API table"
    ]
    assert '<a href="../apis.html#lang=zh&amp;version=2.12.0">' in view
    assert headings(view) == ["Entries"]
    style = (REPO / "checker" / "report" / "html" / "site.css").read_text(encoding="utf-8")
    assert f"<style>{style}</style>" in view  # a page opened alone looks as in the site


def test_each_entry_has_its_marks_linking_to_the_lines_that_state_them(site: Path) -> None:
    view = _view(site, "torch-hostile", "2.13.0")
    entries = table(view, "entries")
    assert entries.head == ["line", "API", *NAMES, "status as written", "notes"]
    assert [row[:2] for row in entries.rows if len(row) > 1] == [
        ["3", "torch.hostile.f"],
        ["19", 'torch.hostile.gwindow.PWNED="api"'],
        ["33", "torch.hostile.h</script><b>x"],
    ]
    assert _cells(view, "torch.hostile.f") == [
        ("supported", "#L11", f"{NAMES[0]}: supported (line 11)", "✔"),
        ("unstated", "#L9", f"{NAMES[1]}: unstated (line 9)", "–"),
        ("unsupported", "#L13", f"{NAMES[2]}: unsupported (line 13)", "✘"),
    ]


def test_the_findings_of_an_entry_are_under_it(site: Path) -> None:
    view = _view(site, "torch-hostile", "2.13.0")
    rows = table(view, "entries").rows
    assert rows[1:3] == [
        [
            "line 9 · warning · product-set-differs: torch.hostile.f names other products "
            "than the rest of the file (extra: none; missing: atlas-a3)"
        ],
        [
            "line 12 · error · status-unreadable: "
            "cannot read table mark '✔ window.PWNED = \"status\"'"
        ],
    ]
    # and one under each of the hostile titles, no API names (api-name-incomplete)
    assert view.count('<tr class="finding"><td colspan="7">') == 4
    assert muted(view)[0].startswith("version 2.13.0, zh page, 3 entries, 4 findings")
    assert "Findings on no entry" not in headings(view)


def test_findings_on_no_entry_come_first_in_a_table_of_their_own(small_site: Path) -> None:
    view = (small_site / page_file(SMALL_ZH)).read_text(encoding="utf-8")
    assert headings(view) == ["Findings on no entry", "Entries"]
    loose = table(view, "findings")
    assert loose.head == ["line", "level", "rule", "message"]
    link = "link into PyTorch docs {}, the page documents 2.13.0: https://pytorch.org/docs/{}"
    assert loose.rows == [
        ["1", "error", "link-docs-version", link.format("2.12", "2.12/elastic.html")],
        ["3", "error", "link-docs-version", link.format("2.11", "2.11/elastic.html.")],
        ["3", "error", "link-docs-version", link.format("2.12", "2.12/distributed.html")],
    ]


def test_every_line_a_report_names_is_an_anchor_once(small_site: Path) -> None:
    view = (small_site / page_file(SMALL_ZH)).read_text(encoding="utf-8")
    # the title's link (1), the two links of line 3, each entry's heading and
    # every line it states a product or its status on
    assert re.findall(r' id="L(\d+)"', view) == [
        "1",
        "3",
        "5",
        "9",
        "11",
        "13",
        "14",
        "16",
        "20",
        "22",
        "24",
        "28",
        "30",
        "31",
        "32",
    ]


def test_a_product_the_pages_release_does_not_know_is_an_empty_cell(small_site: Path) -> None:
    view = (small_site / page_file(SMALL_OLD)).read_text(encoding="utf-8")
    assert table(view, "entries").head == ["line", "API", *NAMES, "status as written", "notes"]
    # the 7.3.0 branch's 是 says nothing of Ascend 950DT; b's names it
    assert _cells(view, "torch.small.a") == [
        ("supported", "#L5", f"{NAMES[0]}: supported (line 5)", "✔"),
        ("supported", "#L5", f"{NAMES[1]}: supported (line 5)", "✔"),
        ("out", "", "", ""),
    ]
    assert _cells(view, "torch.small.b")[2] == (
        "unsupported",
        "#L6",
        f"{NAMES[2]}: unsupported (line 6)",
        "✘",
    )
