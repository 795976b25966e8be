"""The per-product table format: a `**支持情况**：` label, then a table of
product rows marked ✔ / ✘ (also ✗ and HTML entities)."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.finding import Severity
from checker.model.support import UNSTATED, Entry, Page
from checker.read import read_text
from checker.sources.discover import DocFile
from tests.helpers import FIXTURES

PAGE = FIXTURES / "read/table/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
SUP, UNS = "supported", "unsupported"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


@pytest.fixture(scope="module")
def page(catalogue: Catalogue) -> Page:
    return read_text(
        PAGE.read_text(encoding="utf-8"), DocFile(str(PAGE), "2.12.0", "zh"), catalogue
    )


def line(text: str, path: Path = PAGE) -> int:
    """1-based number of the one line of the fixture that reads `text`."""
    found = [
        number
        for number, source in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
        if source == text
    ]
    assert len(found) == 1, f"{text!r} is on lines {found}"
    return found[0]


def next_line(text: str, after: int, path: Path = PAGE) -> int:
    """1-based number of the first line after line `after` that reads `text`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    for number in range(after + 1, len(lines) + 1):
        if lines[number - 1] == text:
            return number
    raise AssertionError(f"{text!r} not found after line {after}")


def entry(page: Page, api: str) -> Entry:
    (found,) = [e for e in page.entries if e.api == api]
    return found


def test_entries_in_page_order(page: Page) -> None:
    assert [e.api for e in page.entries] == [
        "torch.sprocket.Gear",
        "torch.sprocket.Gear.spin",
        "torch.sprocket.gear.ratio",
        "torch.sprocket.Chain",
        "torch.sprocket.mesh",
    ]
    # section headings (## 齿轮, ## 目录) have no link and no status: not entries
    assert all(e.format == "table" for e in page.entries)
    assert {(e.version, e.lang, e.path) for e in page.entries} == {("2.12.0", "zh", str(PAGE))}


def test_class_heading_with_code_markup(page: Page, catalogue: Catalogue) -> None:
    gear = entry(page, "torch.sprocket.Gear")
    assert gear.line == line("### <code><i>class</i></code> torch.sprocket.Gear")
    assert gear.title == "torch.sprocket.Gear"
    assert gear.expanded(catalogue.scope) == {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS}
    # the status section starts at the table header, the first one after the heading
    assert gear.status_line == next_line("| 硬件 | 是否支持 |", after=gear.line)
    assert gear.raw.splitlines()[0] == "| 硬件 | 是否支持 |"
    assert gear.raw.splitlines()[-1] == "| <term>Ascend 950DT</term> | ✘ |"
    assert len(gear.raw.splitlines()) == 5
    assert gear.notes == ""
    assert gear.link is not None
    assert gear.link.url == "https://pytorch.org/docs/2.12/sprocket.html#torch.sprocket.Gear"
    assert gear.link.docs_version == "2.12"
    assert gear.link.target == "torch.sprocket.Gear"


def test_method_line_with_entity_marks_and_notes(page: Page, catalogue: Catalogue) -> None:
    spin = entry(page, "torch.sprocket.Gear.spin")
    assert spin.line == line('> <font size="3">spin(speed)</font>')
    assert spin.title == "spin"
    assert spin.status_line == next_line("| 硬件 | 是否支持 |", after=spin.line)
    # &#10004; is ✔: supported on every product, and no warning for it
    assert spin.expanded(catalogue.scope) == {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": SUP}
    assert "&#10004;" in spin.raw  # raw is the source, as written
    assert spin.notes == "`speed`只接受正整数"
    assert spin.link is not None
    assert spin.link.target == "torch.sprocket.Gear.spin"


def test_short_title_gets_its_name_from_the_generated_page(
    page: Page, catalogue: Catalogue
) -> None:
    ratio = entry(page, "torch.sprocket.gear.ratio")
    assert ratio.title == "gear.ratio"
    assert ratio.line == line("### gear.ratio")
    assert ratio.link is not None
    assert ratio.link.text == "gear.ratio"
    assert ratio.link.target == "torch.sprocket.gear.ratio"
    # names written without a space match; the product not in the table is unstated
    assert ratio.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,
    }


def test_underscore_class_heading_and_nonstandard_rows(page: Page, catalogue: Catalogue) -> None:
    chain = entry(page, "torch.sprocket.Chain")
    assert chain.line == line("### _`class`_ torch.sprocket.Chain")
    # ✗ and &#10007; (the same character) read as unsupported; the unknown product
    # row is dropped, not guessed
    assert chain.status is not None
    assert chain.status.products == ("atlas-a2", "atlas-a3", "ascend-950")
    assert chain.expanded(catalogue.scope) == {"atlas-a2": SUP, "atlas-a3": UNS, "ascend-950": UNS}
    assert chain.notes == "链节数不超过64。\n超过后请改用`torch.sprocket.Chain.split`。"


def test_unreadable_marks_leave_products_unstated(page: Page, catalogue: Catalogue) -> None:
    mesh = entry(page, "torch.sprocket.mesh")
    assert mesh.line == line("### torch.sprocket.mesh")
    assert mesh.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNSTATED,
        "ascend-950": UNSTATED,
    }


def test_findings_are_at_their_rows(page: Page) -> None:
    got = [(f.rule, f.line, f.severity) for f in page.findings]
    assert got == [
        ("nonstandard-mark", line("| <term>Atlas A3 训练系列产品</term> | ✗ |"), Severity.WARNING),
        ("unknown-product", line("| <term>Atlas Z9 训练系列产品</term> | ✔ |"), Severity.ERROR),
        ("nonstandard-mark", line("| <term>Ascend 950DT</term> | &#10007; |"), Severity.WARNING),
        (
            "status-unreadable",
            line("| <term>Atlas A3 训练系列产品</term> | 待定 |"),
            Severity.ERROR,
        ),
        ("status-unreadable", line("| <term>Ascend 950DT</term> |  |"), Severity.ERROR),
    ]
    assert all(f.path == str(PAGE) for f in page.findings)
    assert "Atlas Z9 训练系列产品" in page.findings[1].message


# -- small pages written here ---------------------------------------------------


def read(markdown: str, catalogue: Catalogue) -> Page:
    return read_text(markdown, DocFile("t.md", "2.12.0", "zh"), catalogue)


def test_columns_are_found_by_header_name(catalogue: Catalogue) -> None:
    page = read(
        "### torch.sprocket.idle\n"
        "\n"
        "**支持情况**：\n"
        "\n"
        "| 是否支持 | 硬件 |\n"
        "| :--: | ---- |\n"
        "| ✔ | <term>Atlas A2 训练系列产品</term> |\n"
        "| ✘ | <term>Atlas A3 训练系列产品</term> |\n",
        catalogue,
    )
    assert page.findings == ()
    (idle,) = page.entries
    assert idle.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,
    }
    assert (idle.line, idle.status_line) == (1, 5)


def test_english_table(catalogue: Catalogue) -> None:
    page = read(
        "### torch.sprocket.idle\n"
        "\n"
        "**Support**:\n"
        "\n"
        "| Hardware | Supported |\n"
        "| ---- | :----: |\n"
        "| <term>Atlas A2 Training Series Products</term> | ✔ |\n"
        "| <term>Ascend 950DT</term> | ✘ |\n",
        catalogue,
    )
    assert page.findings == ()
    (idle,) = page.entries
    assert idle.format == "table"
    assert idle.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNSTATED,
        "ascend-950": UNS,
    }


def test_table_where_every_row_is_unreadable_has_no_status(catalogue: Catalogue) -> None:
    page = read(
        "### torch.sprocket.idle\n"
        "\n"
        "**支持情况**：\n"
        "\n"
        "| 硬件 | 是否支持 |\n"
        "| ---- | :----: |\n"
        "| <term>Atlas A2 训练系列产品</term> | ? |\n",
        catalogue,
    )
    (idle,) = page.entries
    assert idle.status is None
    assert idle.raw != ""  # a status was written, it just could not be read
    assert [(f.rule, f.line) for f in page.findings] == [("status-unreadable", 7)]


def test_product_table_is_not_an_api_table(catalogue: Catalogue) -> None:
    # a per-product table with no label above it names no API
    page = read(
        "| 硬件 | 是否支持 |\n| ---- | :----: |\n| <term>Atlas A2 训练系列产品</term> | ✔ |\n",
        catalogue,
    )
    assert page.entries == ()
    assert page.findings == ()
