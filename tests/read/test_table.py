"""The per-product table format: a `**支持情况**：` label, then a table of
product rows marked ✔ / ✘ (also ✗ and HTML entities)."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.docfile import DocFile
from checker.model.finding import Severity
from checker.model.support import UNSTATED, Entry, Page, Status, Support
from checker.read.reader import read_text
from tests.helpers import FIXTURES

PAGE = FIXTURES / "read/table/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
READ_AS_NO = "(read as unsupported) instead of ✔ / ✘"
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


def test_findings_are_placed_where_the_page_is_read(page: Page) -> None:
    """Each finding knows its entry's API and heading line and the page's
    version as it is read, so that placing it again at every git ref that
    holds the page (Finding.at) costs nothing more (checker.model.placed)."""
    heads = sorted((entry.line, entry.api) for entry in page.entries)
    for f in page.findings:
        heading, api = max(head for head in heads if head[0] <= f.line)
        assert (f.api, f.entry_line, f.version) == (api, heading, "2.12.0"), f


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


# -- header names and malformed tables --------------------------------------------

A2 = "<term>Atlas A2 训练系列产品</term>"
A3 = "<term>Atlas A3 训练系列产品</term>"
DT = "<term>Ascend 950DT</term>"


def table_entry(header: str, *rows: str) -> str:
    """An entry whose status is a table: the header on line 5, rows from line 7."""
    cells = header.count("|") - 1
    delimiter = "|" + " ---- |" * cells
    return "\n".join(
        ["### torch.sprocket.idle", "", "**支持情况**：", "", header, delimiter, *rows, ""]
    )


def findings(page: Page) -> list[tuple[str, str, int, str, Severity]]:
    return [(f.rule, f.path, f.line, f.message, f.severity) for f in page.findings]


@pytest.mark.parametrize("alias", ["硬件", "产品", "Hardware", "hardware", "Product", "product"])
def test_each_product_column_name_is_accepted(alias: str, catalogue: Catalogue) -> None:
    # the product column second: were its name not known, the first column
    # (the marks) would be read as the products
    page = read(table_entry(f"| 是否支持 | {alias} |", f"| ✘ | {A2} |", f"| ✔ | {DT} |"), catalogue)
    assert findings(page) == []
    (idle,) = page.entries
    assert idle.status == Status(
        (("atlas-a2", Support.UNSUPPORTED), ("ascend-950", Support.SUPPORTED))
    )


@pytest.mark.parametrize(
    "alias", ["是否支持", "支持情况", "Supported", "supported", "Support", "support"]
)
def test_each_mark_column_name_is_accepted(alias: str, catalogue: Catalogue) -> None:
    # the mark column first: were its name not known, the second column (the
    # products) would be read as the marks
    page = read(table_entry(f"| {alias} | 硬件 |", f"| ✔ | {A3} |", f"| ✘ | {A2} |"), catalogue)
    assert findings(page) == []
    (idle,) = page.entries
    assert idle.status == Status(
        (("atlas-a3", Support.SUPPORTED), ("atlas-a2", Support.UNSUPPORTED))
    )


@pytest.mark.parametrize(
    "header",
    ["| 型号 | 状态 |", "| 型号 | 是否支持 |", "| 硬件 | 状态 |", "| Device | Status |"],
)
def test_unnamed_columns_are_read_by_position(header: str, catalogue: Catalogue) -> None:
    # products first, marks second, as the house header has them
    page = read(table_entry(header, f"| {A2} | ✔ |", f"| {DT} | ✘ |"), catalogue)
    assert findings(page) == []
    (idle,) = page.entries
    assert idle.status == Status(
        (("atlas-a2", Support.SUPPORTED), ("ascend-950", Support.UNSUPPORTED))
    )
    assert (idle.format, idle.status_line) == ("table", 5)


def test_one_column_table_reports_every_row(catalogue: Catalogue) -> None:
    page = read(table_entry("| 硬件 |", f"| {A2} |", f"| {DT} |"), catalogue)
    message = "table row without a product and a mark"
    assert findings(page) == [
        ("status-unreadable", "t.md", 7, message, Severity.ERROR),
        ("status-unreadable", "t.md", 8, message, Severity.ERROR),
    ]
    (idle,) = page.entries
    # written but unreadable: no status, the table kept as raw
    assert (idle.status, idle.format, idle.status_line) == (None, "table", 5)
    assert idle.raw == f"| 硬件 |\n| ---- |\n| {A2} |\n| {DT} |"


def test_short_and_long_rows(catalogue: Catalogue) -> None:
    # a row short of its mark has an empty one; cells past the header are dropped
    page = read(
        table_entry("| 硬件 | 是否支持 |", f"| {A3} |", f"| {A2} | ✔ | 已验证 |", f"| {DT} | ✘ |"),
        catalogue,
    )
    assert findings(page) == [
        ("status-unreadable", "t.md", 7, "cannot read table mark ''", Severity.ERROR),
    ]
    (idle,) = page.entries
    assert idle.status == Status(
        (("atlas-a2", Support.SUPPORTED), ("ascend-950", Support.UNSUPPORTED))
    )
    assert idle.raw.splitlines()[-1] == f"| {DT} | ✘ |"


def test_unknown_product_and_nonstandard_mark_are_reported_exactly(catalogue: Catalogue) -> None:
    page = read(
        table_entry(
            "| 硬件 | 是否支持 |",
            "| <term>Atlas Z9 训练系列产品</term> | ✔ |",
            f"| {A2} | &#10004; |",
            f"| {A3} | × |",
        ),
        catalogue,
    )
    assert findings(page) == [
        ("unknown-product", "t.md", 7, "unknown product 'Atlas Z9 训练系列产品'", Severity.ERROR),
        ("nonstandard-mark", "t.md", 9, f"mark '×' {READ_AS_NO}", Severity.WARNING),
    ]
    (idle,) = page.entries
    assert idle.status == Status(
        (("atlas-a2", Support.SUPPORTED), ("atlas-a3", Support.UNSUPPORTED))
    )


def test_a_table_of_only_its_header_states_nothing() -> None:
    page = read(
        "### torch.x.y\n\n**支持情况**：\n\n| 硬件 | 是否支持 |\n| ---- | :----: |\n",
        default_catalogue(),
    )
    (entry,) = page.entries
    assert (entry.status, entry.raw, entry.format, entry.status_lines) == (
        None,
        "",
        "table",
        (3, 6),
    )


# -- the fix of a nonstandard mark: its cell, pipes and all --------------------------------


@pytest.mark.parametrize(
    ("row", "fix"),
    [
        ("| <term>Ascend 950DT</term> | n |", ("| n |", "| ✘ |")),  # `n` is in `Ascend` too
        ("<term>Ascend 950DT</term> | ✗", ("| ✗", "| ✘")),  # no outer pipes
        ("✗ | <term>Ascend 950DT</term>", ("✗ |", "✘ |")),  # the mark first
    ],
)
def test_a_mark_is_fixed_in_its_own_cell(row: str, fix: tuple[str, str]) -> None:
    from checker.model.edit import Edit
    from checker.read.context import ReadContext
    from checker.read.table import _marked

    mark = row.replace("<term>Ascend 950DT</term>", "").strip(" |")
    ctx = ReadContext("p.md", "2.12.0", "zh", default_catalogue(), [row])
    assert _marked(ctx, 1, mark, "✘") == (Edit(1, *fix),)


@pytest.mark.parametrize(
    ("lines", "line"),
    [
        (["| a \\| b | ✗ |"], 1),  # an escaped pipe: the cells are not what they seem
        (["| ✗ | ✗ |"], 1),  # two cells are the mark: which one is not certain
        (["| a | ✗ |"], 0),  # no such line
        (["| a | ✗ |"], 2),
    ],
)
def test_no_fix_where_the_mark_s_cell_is_not_certain(lines: list[str], line: int) -> None:
    from checker.read.context import ReadContext
    from checker.read.table import _marked

    ctx = ReadContext("p.md", "2.12.0", "zh", default_catalogue(), lines)
    assert _marked(ctx, line, "✗", "✘") == ()


def _entries(*tables: str) -> str:
    """A page of one entry per table, named torch.cog.c0, c1, ..."""
    return "# torch.cog\n\n" + "".join(
        f"### torch.cog.c{n}\n\n"
        f"**原生文档**：[torch.cog.c{n}](https://pytorch.org/docs/2.12/cog.html#torch.cog.c{n})\n\n"
        f"**支持情况**：\n\n| 硬件 | 是否支持 |\n| ---- | :----: |\n{rows}\n"
        for n, rows in enumerate(tables)
    )


CLEAN = "| <term>Atlas A2 训练系列产品</term> | ✔ |\n| <term>Ascend 950DT</term> | ✘ |\n"
FAULTY = "| <term>Atlas Z9</term> | ✔ |\n| <term>Ascend 950DT</term> | ✔ |\n" * 2


def test_tables_of_the_same_cells_each_say_their_own_lines_and_problems(
    catalogue: Catalogue,
) -> None:
    """A page's tables of the same cells are read once (checker.read.table),
    and each still states its products at its own rows and has its own
    rows' problems reported: an unknown product and a product stated again,
    in the second table as in the first."""
    text = _entries(CLEAN, FAULTY, CLEAN, FAULTY)
    page = read_text(
        text, DocFile("docs/zh/api/native_api/pytorch_2-12-0/cog.md", "2.12.0", "zh"), catalogue
    )
    lines = text.splitlines()
    rows = [n for n, line in enumerate(lines, 1) if line.startswith("| <term>")]
    first, second, third, fourth = page.entries
    assert (
        first.status
        == third.status
        == Status((("atlas-a2", Support.SUPPORTED), ("ascend-950", Support.UNSUPPORTED)))
    )
    assert first.product_lines == (("atlas-a2", rows[0]), ("ascend-950", rows[1]))
    assert third.product_lines == (("atlas-a2", rows[6]), ("ascend-950", rows[7]))
    assert third.raw == "\n".join(lines[rows[6] - 3 : rows[7]])
    assert second.status == fourth.status == Status((("ascend-950", Support.SUPPORTED),))
    found = sorted((f.line, f.rule) for f in page.findings)
    for table in (rows[2:6], rows[8:12]):  # each faulty table's own rows
        assert [(line, rule) for line, rule in found if line in table] == [
            (table[0], "unknown-product"),
            (table[2], "unknown-product"),
            (table[3], "duplicate-status"),
        ]
