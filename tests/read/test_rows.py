"""The row-per-API format: one table, `|API名称|是否支持|限制与说明|` (or the
English `| API Name | Supported | Restrictions and Notes |`), columns found by
their header names."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.docfile import DocFile
from checker.model.finding import Severity
from checker.model.support import Page
from checker.read.reader import read_text
from tests.helpers import FIXTURES

ZH = FIXTURES / "read/rows/docs/zh/native_apis/pytorch_2-7-1/torch-sprocket.md"
EN = FIXTURES / "read/rows/docs/en/native_apis/pytorch_2-7-1/torch-sprocket.md"
SUP, UNS = "supported", "unsupported"
ALL_SUP = {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": SUP}
ALL_UNS = {"atlas-a2": UNS, "atlas-a3": UNS, "ascend-950": UNS}


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


def read(path: Path, lang: str, catalogue: Catalogue) -> Page:
    return read_text(path.read_text(encoding="utf-8"), DocFile(str(path), "2.7.1", lang), catalogue)


def row(path: Path, api: str) -> int:
    """1-based line of the table row whose first cell names `api`."""
    found = []
    for number, source in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        cells = source.split("|")
        first = cells[1].strip() if source.startswith("|") and len(cells) > 2 else ""
        if first.startswith("["):  # [name](url)
            first = first[1 : first.index("]")]
        if first == api:
            found.append(number)
    assert len(found) == 1, f"{api!r} is on lines {found}"
    return found[0]


# -- zh, with an extra NPU形式名称 column before 是否支持 ---------------------------


def test_zh_rows(catalogue: Catalogue) -> None:
    page = read(ZH, "zh", catalogue)
    assert [(e.api, e.raw, e.notes) for e in page.entries] == [
        ("torch.sprocket.Gear", "是", ""),
        ("torch.sprocket.Gear.spin", "否", ""),
        # the two lines of the cell stay apart, as written
        ("torch.sprocket.mesh", "是", "仅支持fp16<br>不支持原地操作"),
        ("torch.sprocket.align", "是，暂不支持<term>Atlas A3 训练系列产品</term>", ""),
        ("torch.sprocket.tension", "", ""),
        ("torch.sprocket.slack", "待定", ""),
    ]
    # the table under 版本说明 has no API column: no entries from it
    for e in page.entries:
        assert e.line == e.status_line == row(ZH, e.api)
        assert (e.format, e.version, e.lang, e.path) == ("rows", "2.7.1", "zh", str(ZH))
        assert e.title == e.api


def test_zh_row_statuses(catalogue: Catalogue) -> None:
    page = read(ZH, "zh", catalogue)
    status = {e.api: (e.expanded(catalogue.scope) if e.status else None) for e in page.entries}
    assert status == {
        "torch.sprocket.Gear": ALL_SUP,
        "torch.sprocket.Gear.spin": ALL_UNS,
        "torch.sprocket.mesh": ALL_SUP,
        "torch.sprocket.align": {"atlas-a2": SUP, "atlas-a3": UNS, "ascend-950": SUP},
        "torch.sprocket.tension": None,  # empty cell: missing, not unreadable
        "torch.sprocket.slack": None,
    }


def test_zh_row_links(catalogue: Catalogue) -> None:
    page = read(ZH, "zh", catalogue)
    links = {e.api: e.link for e in page.entries if e.link is not None}
    assert list(links) == ["torch.sprocket.mesh"]
    mesh = links["torch.sprocket.mesh"]
    assert mesh.text == "torch.sprocket.mesh"
    assert mesh.url == "https://pytorch.org/docs/2.7/generated/torch.sprocket.mesh.html"
    assert (mesh.docs_version, mesh.target) == ("2.7", "torch.sprocket.mesh")


def test_zh_row_findings(catalogue: Catalogue) -> None:
    page = read(ZH, "zh", catalogue)
    assert [(f.rule, f.line, f.severity) for f in page.findings] == [
        ("status-unreadable", row(ZH, "torch.sprocket.slack"), Severity.ERROR),
    ]
    assert "待定" in page.findings[0].message


# -- en ------------------------------------------------------------------------


def test_en_rows(catalogue: Catalogue) -> None:
    page = read(EN, "en", catalogue)
    got = [(e.api, e.line, e.raw, e.notes, e.lang) for e in page.entries]
    assert got == [
        ("torch.sprocket.Gear", row(EN, "torch.sprocket.Gear"), "Yes", "", "en"),
        ("torch.sprocket.Gear.spin", row(EN, "torch.sprocket.Gear.spin"), "No", "", "en"),
        (
            "torch.sprocket.mesh",
            row(EN, "torch.sprocket.mesh"),
            "Yes",
            "Only fp16 is supported",
            "en",
        ),
        ("torch.sprocket.align", row(EN, "torch.sprocket.align"), "Maybe", "", "en"),
    ]
    status = {e.api: (e.expanded(catalogue.scope) if e.status else None) for e in page.entries}
    assert status == {
        "torch.sprocket.Gear": ALL_SUP,
        "torch.sprocket.Gear.spin": ALL_UNS,
        "torch.sprocket.mesh": ALL_SUP,
        "torch.sprocket.align": None,
    }
    spin = page.entries[1]
    assert spin.link is not None
    assert spin.link.target == "torch.sprocket.Gear.spin"
    assert spin.link.docs_version == "2.7"
    assert [(f.rule, f.line) for f in page.findings] == [
        ("status-unreadable", row(EN, "torch.sprocket.align")),
    ]


# -- small tables written here -------------------------------------------------


def read_md(markdown: str, catalogue: Catalogue) -> Page:
    return read_text(markdown, DocFile("t.md", "2.7.1", "zh"), catalogue)


def test_columns_in_another_order(catalogue: Catalogue) -> None:
    page = read_md(
        "|限制与说明|是否支持|API名称|\n"
        "|--|--|--|\n"
        "|仅支持fp32|否|torch.sprocket.mesh|\n"
        "|-|是|torch.sprocket.align|\n",
        catalogue,
    )
    assert [(e.api, e.line, e.raw, e.notes) for e in page.entries] == [
        ("torch.sprocket.mesh", 3, "否", "仅支持fp32"),
        ("torch.sprocket.align", 4, "是", ""),
    ]


def test_notes_keep_product_markup(catalogue: Catalogue) -> None:
    page = read_md(
        "|API名称|是否支持|限制与说明|\n"
        "|--|--|--|\n"
        "|torch.sprocket.mesh|<term>Atlas A2 训练系列产品</term>：是|"
        "<term>Atlas A3 训练系列产品</term>上未验证|\n",
        catalogue,
    )
    (mesh,) = page.entries
    assert mesh.notes == "<term>Atlas A3 训练系列产品</term>上未验证"
    assert mesh.status is not None
    assert mesh.status.products == ("atlas-a2",)


def test_table_without_a_support_column_is_not_an_api_table(catalogue: Catalogue) -> None:
    page = read_md("|API名称|说明|\n|--|--|\n|torch.sprocket.mesh|网格|\n", catalogue)
    assert page.entries == ()
    assert page.findings == ()


def test_short_name_in_a_row_is_completed_from_its_link(catalogue: Catalogue) -> None:
    page = read_md(
        "| API Name | Supported | Restrictions and Notes |\n"
        "| -- | -- | -- |\n"
        "| [mesh](https://pytorch.org/docs/2.7/generated/torch.sprocket.mesh.html) | Yes | - |\n",
        catalogue,
    )
    (mesh,) = page.entries
    assert (mesh.api, mesh.title) == ("torch.sprocket.mesh", "mesh")


# -- header names and malformed tables --------------------------------------------


def findings(page: Page) -> list[tuple[str, str, int, str, Severity]]:
    return [(f.rule, f.path, f.line, f.message, f.severity) for f in page.findings]


@pytest.mark.parametrize("alias", ["API名称", "API Name", "API", "api"])
def test_each_api_column_name_is_accepted(alias: str, catalogue: Catalogue) -> None:
    page = read_md(f"|{alias}|是否支持|\n|--|--|\n|torch.sprocket.mesh|否|\n", catalogue)
    assert findings(page) == []
    assert [(e.api, e.line, e.raw, e.format) for e in page.entries] == [
        ("torch.sprocket.mesh", 3, "否", "rows")
    ]
    assert page.entries[0].expanded(catalogue.scope) == ALL_UNS


@pytest.mark.parametrize("alias", ["是否支持", "Supported", "supported", "Support"])
def test_each_support_column_name_is_accepted(alias: str, catalogue: Catalogue) -> None:
    page = read_md(f"|API名称|{alias}|\n|--|--|\n|torch.sprocket.mesh|是|\n", catalogue)
    assert findings(page) == []
    assert [(e.api, e.line, e.raw) for e in page.entries] == [("torch.sprocket.mesh", 3, "是")]
    assert page.entries[0].expanded(catalogue.scope) == ALL_SUP


@pytest.mark.parametrize(
    "alias", ["限制与说明", "Restrictions and Notes", "Restrictions", "restrictions", "Notes"]
)
def test_each_notes_column_name_is_accepted(alias: str, catalogue: Catalogue) -> None:
    page = read_md(
        f"|API名称|是否支持|{alias}|\n|--|--|--|\n|torch.sprocket.mesh|是| 仅支持fp16 |\n",
        catalogue,
    )
    (mesh,) = page.entries
    assert mesh.notes == "仅支持fp16"


def test_an_unknown_notes_header_gives_no_notes(catalogue: Catalogue) -> None:
    page = read_md(
        "|API名称|是否支持|备注|\n|--|--|--|\n|torch.sprocket.mesh|是|仅支持fp16|\n", catalogue
    )
    (mesh,) = page.entries
    assert (mesh.api, mesh.notes) == ("torch.sprocket.mesh", "")


def test_table_without_a_notes_column(catalogue: Catalogue) -> None:
    page = read_md(
        "|API名称|是否支持|\n|--|--|\n|torch.sprocket.mesh|是|\n|torch.sprocket.align|否|\n",
        catalogue,
    )
    assert findings(page) == []
    assert [(e.api, e.line, e.raw, e.notes) for e in page.entries] == [
        ("torch.sprocket.mesh", 3, "是", ""),
        ("torch.sprocket.align", 4, "否", ""),
    ]


@pytest.mark.parametrize("dash", ["-", "—"])
def test_a_dash_is_no_notes(dash: str, catalogue: Catalogue) -> None:
    page = read_md(
        f"|API名称|是否支持|限制与说明|\n|--|--|--|\n|torch.sprocket.mesh|是|{dash}|\n", catalogue
    )
    (mesh,) = page.entries
    assert mesh.notes == ""


def test_table_without_an_api_column_is_not_an_api_table(catalogue: Catalogue) -> None:
    page = read_md("|版本|是否支持|\n|--|--|\n|2.7.1|是|\n", catalogue)
    assert page.entries == ()
    assert page.findings == ()


def test_short_row_has_an_empty_status(catalogue: Catalogue) -> None:
    # a row short of its support cell: missing (a lint rule), not unreadable
    page = read_md("|API名称|是否支持|限制与说明|\n|--|--|--|\n|torch.sprocket.mesh|\n", catalogue)
    assert findings(page) == []
    (mesh,) = page.entries
    assert (mesh.api, mesh.status, mesh.raw, mesh.notes) == ("torch.sprocket.mesh", None, "", "")


def test_unreadable_and_unknown_statuses_are_reported_exactly(catalogue: Catalogue) -> None:
    page = read_md(
        "|API|Supported|\n"
        "|--|--|\n"
        "|torch.sprocket.mesh|待定|\n"
        "|torch.sprocket.align|是，暂不支持<term>Atlas Z9</term>|\n",
        catalogue,
    )
    assert findings(page) == [
        ("status-unreadable", "t.md", 3, "cannot read support status '待定'", Severity.ERROR),
        ("unknown-product", "t.md", 4, "unknown product 'Atlas Z9'", Severity.ERROR),
    ]
    assert [(e.api, e.status_line, e.raw) for e in page.entries] == [
        ("torch.sprocket.mesh", 3, "待定"),
        ("torch.sprocket.align", 4, "是，暂不支持<term>Atlas Z9</term>"),
    ]
    assert page.entries[0].status is None
