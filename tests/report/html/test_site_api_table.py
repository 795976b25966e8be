"""The API table as its files hold it: apis.html's filters, pager and script,
and apis-data.js's rows, a row per API and language with a cell per version
(its page, a status character per product, each product's line, how each
was verified, the tests that reach it), the rules of its findings and their
count. tests/report/html/test_site_browser.py reads what the script makes of
them."""

from __future__ import annotations

import re
from pathlib import Path

from tests.helpers import REPO
from tests.site import PUT_METRIC, api_data, page_of, write_flatten_site, write_site

WORDS = {
    "api": "API",
    "findings": "findings",
    "tests": "tests",
    "shown": "{shown} of {total} APIs",
    "nothing": "no API matches the filter",
    "page": "page {page} of {pages}",
    "cell": "{version} · {product}: {status} (line {line})",
    "status": {
        "supported": "supported",
        "unsupported": "unsupported",
        "unstated": "unstated",
        "conflict": "conflict",
    },
    "verified": {
        "npu": "verified on NPU",
        "reference": "reference run only",
        "fake": "fake run only (test double, never counted)",
        "none": "not verified",
    },
}


def filters(apis_html: str) -> list[tuple[str, str, list[tuple[str, str]]]]:
    """apis.html's selects: (label, id, [(value, text) of each option])."""
    found = re.findall(r'<label>([^<]*)<select id="([^"]*)">(.*?)</select></label>', apis_html)
    return [
        (label, key, re.findall(r'<option value="([^"]*)">([^<]*)</option>', options))
        for label, key, options in found
    ]


def test_the_data_holds_what_the_script_reads_in_a_fixed_order(site: Path) -> None:
    data = api_data(site)
    assert list(data) == [
        "versions",
        "products",
        "langs",
        "refs",
        "names",
        "pages",
        "rules",
        "verified",
        "tested",
        "words",
        "rows",
    ]
    assert (data["versions"], data["langs"]) == (["2.12.0", "2.13.0"], ["zh"])
    assert data["pages"] == [
        page_of(site, name, version).relative_to(site).as_posix()
        for name, version in (
            ("torch-distributed-elastic", "2.12.0"),
            ("torch-distributed-elastic", "2.13.0"),
            ("torch-hostile", "2.13.0"),
        )
    ]
    # the hostile titles of g and h are no API names (api-name-incomplete)
    assert data["rules"] == ["api-name-incomplete", "product-set-differs", "status-unreadable"]
    assert (data["verified"], data["tested"]) == (False, False)
    assert data["words"] == WORDS


def test_a_row_holds_each_versions_first_entry_and_the_apis_findings(site: Path) -> None:
    rows = {row[0]: row for row in api_data(site)["rows"]}
    # [api, language, cells, rules, finding count, ref]; a cell is [page, a
    # status per product, each product's line, verified, tests] and, where
    # another entry of the API states otherwise, those statements; no verify
    # report: "-" each; no test map: -1
    assert rows[PUT_METRIC] == [
        PUT_METRIC,
        0,
        [[0, "ssu", [11, 12, 13], "---", -1], [1, "ssu", [11, 12, 13], "---", -1]],
        [],
        0,
        0,  # the ref: the working tree, the only one read
    ]
    # f is on 2.13.0's hostile page only; its Atlas A3 cell cannot be read: unstated
    assert rows["torch.hostile.f"] == [
        "torch.hostile.f",
        0,
        [None, [2, "snu", [11, 9, 13], "---", -1]],
        ["product-set-differs", "status-unreadable"],
        2,
        0,
    ]


def test_a_site_of_one_product_has_a_character_of_it_per_cell(tmp_path: Path) -> None:
    data = api_data(write_site(tmp_path / "site", "--scope", "atlas-a2"))
    assert (data["products"], data["names"]["zh"]) == (["atlas-a2"], ["Atlas A2 训练系列产品"])
    row = next(row for row in data["rows"] if row[0] == PUT_METRIC)
    assert row[2] == [[0, "s", [11], "-", -1], [1, "s", [11], "-", -1]]


def test_a_conflict_a_product_a_release_does_not_know_and_a_second_entry(
    small_site: Path,
) -> None:
    data = api_data(small_site)
    assert data["langs"] == ["zh", "en"]
    assert data["names"]["en"] == [
        "Atlas A2 Training Series Products",
        "Atlas A3 Training Series Products",
        "Ascend 950DT",
    ]
    assert data["rules"] == [
        "api-conflict",
        "lang-parity",
        "product-set-differs",
        "status-conflict",
    ]
    # pages: 0 en 2.13.0, 1 the 7.3.0 branch's zh 2.7.1 (no Ascend 950: "." at line 0),
    # 2 zh 2.13.0 (torch.small.a twice: the first entry's cell, its A3 in conflict)
    assert data["rows"] == [
        ["torch.small.a", 1, [None, [0, "sss", [5, 5, 5], "---", -1]], ["lang-parity"], 1, 0],
        [
            "torch.small.a",
            0,
            # its second entry (line 24) says ✘ of each: every product's cell is
            # in conflict, the other statement's [product, page, line, status] beside
            [
                [1, "ss.", [5, 5, 0], "---", -1],
                [
                    2,
                    "ccc",
                    [11, 13, 14],
                    "---",
                    -1,
                    [
                        [0, 2, 11, "s"],
                        [0, 2, 30, "u"],
                        [1, 2, 13, "c"],
                        [1, 2, 31, "u"],
                        [2, 2, 14, "s"],
                        [2, 2, 32, "u"],
                    ],
                ],
            ],
            ["api-conflict", "lang-parity", "status-conflict"],
            3,
            0,
        ],
        ["torch.small.b", 1, [None, [0, "uuu", [6, 6, 6], "---", -1]], ["lang-parity"], 1, 0],
        [
            "torch.small.b",
            0,
            [[1, "ssu", [6, 6, 6], "---", -1], [2, "snn", [22, 20, 20], "---", -1]],
            ["lang-parity", "product-set-differs"],
            2,
            0,
        ],
    ]


def test_the_table_page_has_its_filters_pager_and_script(site: Path) -> None:
    page = (site / "apis.html").read_text(encoding="utf-8")
    assert "<title>API support</title>" in page and "<h1>API support</h1>" in page
    assert '<label>API name<input id="f-q" type="search" placeholder="e.g. put_metric">' in page
    everything = ("", "all")
    statuses = [(s, s) for s in ("supported", "unsupported", "unstated", "conflict")]
    assert filters(page) == [
        ("docs language", "f-lang", [everything]),
        ("version", "f-version", [everything]),
        ("product", "f-product", [everything]),
        ("status", "f-status", [everything, *statuses]),
        ("findings", "f-finding", [everything, ("+", "with findings"), ("-", "without findings")]),
    ]
    assert (
        '<div class="pager"><button id="api-prev" type="button">previous</button>'
        '<span id="api-page"></span><button id="api-next" type="button">next</button>'
    ) in page
    assert (
        "<noscript>The API table needs JavaScript; the pages list every entry.</noscript>" in page
    )
    script = (REPO / "checker" / "report" / "html" / "apis.js").read_text(encoding="utf-8")
    assert f'<script src="apis-data.js"></script>\n<script>{script}</script>\n' in page


def test_a_cross_page_conflict_marks_the_cell_and_names_both_places(tmp_path: Path) -> None:
    """Tensor.flatten on the real docs: ✘ of Ascend 950DT on Named-Tensors.md,
    ✔ on torch-Tensor.md, at the same version. Each side alone read as an
    answer; the cell is in conflict, and holds both statements."""
    data = api_data(write_flatten_site(tmp_path / "site", tmp_path / "docs"))
    assert data["products"] == ["atlas-a2", "atlas-a3", "ascend-950"]
    [row] = data["rows"]
    # page 0 is Named-Tensors.md (its ✘ first), page 1 torch-Tensor.md (its ✔);
    # Atlas A2 is ✔ on both, Atlas A3 unstated on both (line 7: the status)
    assert row[2] == [[0, "snc", [9, 7, 10], "---", -1, [[2, 0, 10, "u"], [2, 1, 10, "s"]]]]
    assert row[3] == ["api-conflict"]
