"""The parts every file of the site is made of, each alone: where a page's
view lives (checker.report.html.elements.page_file), a status's word and
cell, a whole document at a depth below the root, the change chart's bars
(checker.report.html.chart) and what every view takes from the run
(checker.report.html.shape)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from checker.report.html.chart import Group, bar_chart
from checker.report.html.elements import document, mark_cell, page_file, status_word
from tests.helpers import REPO
from tests.site import SMALL, SMALL_EN, SMALL_ZH


@pytest.mark.parametrize(
    ("path", "file"),
    [
        (
            "docs/zh/api/native_api/pytorch_2-13-0/torch-small.md",
            "pytorch_2-13-0_torch-small-65d74620b9",
        ),
        # a Windows path and a page read at a git ref: their last folder and name too
        ("C:\\docs\\pytorch_2-13-0\\torch-x.md", "pytorch_2-13-0_torch-x-0bcfacdbca"),
        ("master:torch-x.md", "master_torch-x-cfe4bb9aa7"),
        # what a file name may not hold becomes _
        ("docs/pytorch_2-13-0/torch x (old).md", "pytorch_2-13-0_torch_x_old_-0924e1d871"),
        # the last 80 characters of a long name
        ("docs/v/" + "a" * 100 + ".md", "a" * 80 + "-5318c4ed0b"),
        # a name that is no UTF-8 (a byte read as a lone surrogate) still has a digest
        ("docs/v/torch-\udcff.md", "v_torch-_-cd1c55eb4c"),
    ],
)
def test_a_pages_view_is_named_by_its_last_folder_and_name_then_a_digest(
    path: str, file: str
) -> None:
    assert page_file(path) == f"pages/{file}.html"


def test_a_status_has_its_word_and_an_unknown_one_is_shown_as_it_is() -> None:
    statuses = ("supported", "unsupported", "unstated", "conflict", "maybe")
    assert [status_word(s) for s in statuses] == list(statuses)


def test_a_cell_of_an_unknown_status_shows_a_question_mark() -> None:
    assert mark_cell("maybe", "#L3", "A2: maybe") == (
        '<td class="st maybe"><a href="#L3" title="A2: maybe">?</a></td>'
    )


def test_a_document_below_the_root_links_that_far_up() -> None:
    style = (REPO / "checker" / "report" / "html" / "site.css").read_text(encoding="utf-8")
    made = document("a <title>", "<p>body</p>\n", depth=2, script="<script></script>\n")
    assert made == (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="docs-check">\n'
        f"<title>a &lt;title&gt;</title>\n<style>{style}</style>\n</head>\n<body>\n"
        '<header><nav><a href="../../index.html">Overview</a>'
        '<a href="../../apis.html">APIs</a></nav></header>\n'
        "<main>\n<h1>a &lt;title&gt;</h1>\n<p>body</p>\n</main>\n"
        "<script></script>\n</body>\n</html>\n"
    )
    assert '<a href="index.html">Overview</a>' in document("t", "")


def test_the_chart_draws_each_groups_bars_to_the_scale_of_the_tallest() -> None:
    groups = [Group("a → b", (4, 1)), Group("b → c", (0, 2))]
    svg, legend = bar_chart(groups, ["added", "removed"], "T <1>").split("\n", 1)
    # 8 on each side, per group 2 bars of 22 and a gap of 30; 18 above the bars,
    # 160 for the tallest, 34 below for the labels
    assert svg.startswith(
        '<svg xmlns="http://www.w3.org/2000/svg" role="img" width="164" height="212" '
        'viewBox="0 0 164 212"><title>T &lt;1&gt;</title>'
        '<line x1="8" y1="178" x2="156" y2="178" stroke="#999"/>'
    )
    assert svg.endswith("</svg>")
    bars = re.findall(
        r'<rect class="(s\d)" x="(\d+)" y="(\d+)" width="(\d+)" height="(\d+)">'
        r"<title>([^<]*)</title>",
        svg,
    )
    assert bars == [
        ("s0", "23", "18", "18", "160", "a → b: added: 4"),
        ("s1", "45", "138", "18", "40", "a → b: removed: 1"),
        ("s0", "97", "178", "18", "0", "b → c: added: 0"),
        ("s1", "119", "98", "18", "80", "b → c: removed: 2"),
    ]
    texts = re.findall(r'<text x="(\d+)" y="(\d+)" text-anchor="middle">([^<]*)</text>', svg)
    assert texts == [
        ("32", "15", "4"),  # each count centred 3 above its bar
        ("54", "135", "1"),
        ("45", "194", "a → b"),  # each group's label under its middle
        ("106", "175", "0"),
        ("128", "95", "2"),
        ("119", "194", "b → c"),
    ]
    assert legend == (
        '<div class="legend"><span><i class="s0"></i>added</span>'
        '<span><i class="s1"></i>removed</span></div>\n'
    )


def test_the_shape_orders_versions_and_languages_and_groups_the_findings() -> None:
    from checker.app.report import report
    from checker.app.setup import Settings
    from checker.report.html.shape import shape_of

    shape = shape_of(report([str(SMALL / "docs")], Settings(), "unused").result)
    assert shape.versions == ("2.7.1", "2.13.0")  # in release order, not as text
    assert shape.langs == ("zh", "en")
    assert (shape.sides, shape.trees) == ((("", "zh"), ("", "en")), ("",))  # the working tree
    found = {Path(p).relative_to(SMALL).as_posix(): f for p, f in shape.findings_by_page.items()}
    assert {path: len(f) for path, f in found.items()} == {SMALL_ZH: 8, SMALL_EN: 2}
    assert [f.line for f in found[SMALL_ZH]] == [1, 3, 3, 13, 13, 20, 22, 30]  # sorted
    # the links on no entry have no API: they count for none
    assert shape.findings_by_api == {
        ("torch.small.a", "en", ""): ({"lang-parity"}, 1),
        ("torch.small.b", "en", ""): ({"lang-parity"}, 1),
        ("torch.small.a", "zh", ""): ({"api-conflict", "lang-parity", "status-conflict"}, 3),
        ("torch.small.b", "zh", ""): ({"lang-parity", "product-set-differs"}, 2),
    }
