"""The inline format: `**是否支持**：是，暂不支持<term>Ascend 950DT</term>` on
the line after the native-doc link."""

from __future__ import annotations

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.docfile import DocFile
from checker.model.finding import Severity
from checker.model.support import UNSTATED, Entry, Page, Status, Support
from checker.read.reader import read_text
from tests.helpers import FIXTURES

PAGE = FIXTURES / "read/inline/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
SUP, UNS = "supported", "unsupported"
DOCS = "https://pytorch.org/docs/2.12/"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


@pytest.fixture(scope="module")
def page(catalogue: Catalogue) -> Page:
    return read_text(
        PAGE.read_text(encoding="utf-8"), DocFile(str(PAGE), "2.12.0", "zh"), catalogue
    )


def line(text: str) -> int:
    """1-based number of the one line of the fixture that reads `text`."""
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    found = [number for number, source in enumerate(lines, 1) if source == text]
    assert len(found) == 1, f"{text!r} is on lines {found}"
    return found[0]


def entry(page: Page, api: str) -> Entry:
    (found,) = [e for e in page.entries if e.api == api]
    return found


# api, title line, status line (None: none written), expanded status (None: unreadable)
EXPECTED = [
    (
        "torch.sprocket.Gear",
        "### _`class`_ torch.sprocket.Gear",
        "**是否支持**：是，暂不支持<term>Ascend 950DT</term>",
        {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS},
    ),
    (
        "torch.sprocket.Gear.spin",
        '> <font size="3">spin(speed)</font>',
        "**是否支持**：是",
        {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": SUP},
    ),
    (
        "torch.sprocket.Gear.brake",
        '> <font size="3">brake()</font>',
        "**是否支持**：否",
        {"atlas-a2": UNS, "atlas-a3": UNS, "ascend-950": UNS},
    ),
    (
        "torch.sprocket.mesh",
        "### torch.sprocket.mesh",
        "**是否支持**：<term>Atlas A2 训练系列产品</term>：是，"
        "<term>Atlas A3 训练系列产品</term>：否，暂不支持<term>Ascend 950DT</term>",
        {"atlas-a2": SUP, "atlas-a3": UNS, "ascend-950": UNS},
    ),
    (
        "torch.sprocket.align",
        "### torch.sprocket.align",
        "**是否支持**：<term>Atlas A2 训练系列产品</term>/<term>Atlas A3 训练系列产品</term>：是",
        {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNSTATED},
    ),
    (
        "torch.sprocket.tension",
        "### torch.sprocket.tension",
        "**是否支持**：，暂不支持<term>Ascend 950DT</term>",
        None,  # unreadable: the leading 是 is missing
    ),
    (
        "torch.sprocket.slack",
        "### torch.sprocket.slack",
        "**是否支持**：是，暂不支持<term>Ascend 990</term>",
        {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": SUP},
    ),
    ("torch.sprocket.lubricate", "### torch.sprocket.lubricate", None, None),
]


def test_entries_in_page_order(page: Page) -> None:
    assert [e.api for e in page.entries] == [api for api, *_ in EXPECTED]
    assert {(e.version, e.lang, e.path) for e in page.entries} == {("2.12.0", "zh", str(PAGE))}


@pytest.mark.parametrize(("api", "title", "status", "expanded"), EXPECTED, ids=lambda v: "")
def test_entry(
    page: Page,
    catalogue: Catalogue,
    api: str,
    title: str,
    status: str | None,
    expanded: dict[str, str] | None,
) -> None:
    got = entry(page, api)
    assert got.line == line(title)
    assert got.link is not None
    assert got.link.text == api
    assert got.link.docs_version == "2.12"
    assert got.link.target == api
    assert got.link.url.startswith(DOCS)
    if status is None:
        # a link and no status: an entry with nothing to read (missing-status is a lint rule)
        assert (got.format, got.raw, got.status) == ("", "", None)
        assert got.status_line == got.line
        return
    assert got.format == "inline"
    assert got.status_line == line(status)
    # raw is the status line as written, label and markup included
    assert got.raw == status
    if expanded is None:
        assert got.status is None
    else:
        assert got.expanded(catalogue.scope) == expanded


def test_exception_status_keeps_its_parts(page: Page) -> None:
    gear = entry(page, "torch.sprocket.Gear")
    assert gear.status == Status(
        named=(("ascend-950", Support.UNSUPPORTED),), rest=Support.SUPPORTED
    )
    mesh = entry(page, "torch.sprocket.mesh")
    assert mesh.status is not None
    assert mesh.status.rest is None
    assert mesh.status.products == ("atlas-a2", "atlas-a3", "ascend-950")


def test_method_titles_and_notes(page: Page) -> None:
    spin = entry(page, "torch.sprocket.Gear.spin")
    assert spin.title == "spin"
    assert spin.notes == "`speed`只接受正整数"
    # notes end at the closing </div>: the next method has none
    assert entry(page, "torch.sprocket.Gear.brake").notes == ""
    assert entry(page, "torch.sprocket.Gear").notes == ""


def test_findings(page: Page) -> None:
    got = [(f.rule, f.line, f.severity) for f in page.findings]
    assert got == [
        (
            "status-unreadable",
            line("**是否支持**：，暂不支持<term>Ascend 950DT</term>"),
            Severity.ERROR,
        ),
        (
            "unknown-product",
            line("**是否支持**：是，暂不支持<term>Ascend 990</term>"),
            Severity.ERROR,
        ),
    ]
    assert "Ascend 990" in page.findings[1].message


# -- small pages written here ---------------------------------------------------


def read(markdown: str, catalogue: Catalogue) -> Page:
    return read_text(markdown, DocFile("t.md", "2.12.0", "zh"), catalogue)


def test_method_without_anchor_takes_its_class_name(catalogue: Catalogue) -> None:
    page = read(
        "### <code><i>class</i></code> torch.sprocket.Gear\n"
        "\n"
        "**原生文档**：[torch.sprocket.Gear](https://pytorch.org/docs/2.12/sprocket.html)\n"
        "\n"
        "**是否支持**：是\n"
        "\n"
        '> <font size="3">halt()</font>\n'
        "\n"
        "**是否支持**：否\n"
        "\n"
        "## 其他\n"
        "\n"
        '> <font size="3">orphan()</font>\n'
        "\n"
        "**是否支持**：是\n",
        catalogue,
    )
    assert [(e.api, e.title, e.line, e.status_line) for e in page.entries] == [
        ("torch.sprocket.Gear", "torch.sprocket.Gear", 1, 5),
        ("torch.sprocket.Gear.halt", "halt", 7, 9),
        # a section heading ends the class: the method line after it has no class
        ("orphan", "orphan", 13, 15),
    ]


def test_english_inline_status(catalogue: Catalogue) -> None:
    page = read(
        "### torch.sprocket.mesh\n"
        "\n"
        "**Native Documentation**: [torch.sprocket.mesh](https://pytorch.org/docs/2.12/generated/torch.sprocket.mesh.html)\n"
        "\n"
        "**Supported**: Yes, not supported on <term>Ascend 950DT</term>\n"
        "\n"
        "**Restrictions and Notes**: only `float32` input\n",
        catalogue,
    )
    (mesh,) = page.entries
    assert mesh.format == "inline"
    assert mesh.expanded(catalogue.scope) == {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS}
    assert mesh.notes == "only `float32` input"  # code spans keep their text
    assert mesh.link is not None
    assert mesh.link.target == "torch.sprocket.mesh"


def test_windows_line_endings_read_the_same(catalogue: Catalogue) -> None:
    text = PAGE.read_text(encoding="utf-8")
    unix = read_text(text, DocFile("t.md", "2.12.0", "zh"), catalogue)
    dos = read_text(text.replace("\n", "\r\n"), DocFile("t.md", "2.12.0", "zh"), catalogue)
    assert dos == unix


def test_status_label_without_text_and_without_table_is_no_status(catalogue: Catalogue) -> None:
    page = read(
        "### torch.sprocket.mesh\n\n**是否支持**：\n\n正在验证。\n",
        catalogue,
    )
    (mesh,) = page.entries
    assert (mesh.status, mesh.raw, mesh.format) == (None, "", "")
    assert page.findings == ()


# -- the page around the statuses: titles, labels, notes, other blocks ----------

STRUCTURE = FIXTURES / "read/page/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"


@pytest.fixture(scope="module")
def structure(catalogue: Catalogue) -> Page:
    return read_text(
        STRUCTURE.read_text(encoding="utf-8"), DocFile(str(STRUCTURE), "2.12.0", "zh"), catalogue
    )


def test_titles_and_status_formats(structure: Page) -> None:
    # the page title (# torch.sprocket) is no entry though a link follows it; a
    # callout (> [!NOTE]) and a <font> paragraph outside a blockquote are no
    # method lines; a table that is no status is passed over, and the heading
    # right after it still opens an entry
    assert [(e.api, e.line, e.format, e.status_line) for e in structure.entries] == [
        ("torch.sprocket.mesh", 7, "inline", 18),
        ("torch.sprocket.align", 30, "inline", 38),
        ("torch.sprocket.tension", 40, "table", 48),
        ("torch.sprocket.slack", 55, "inline", 59),
        # a label with nothing after it, the next heading right below: a status
        # section with no status, at the label
        ("torch.sprocket.idle", 63, "", 69),
        ("torch.sprocket.brake", 71, "blocks", 77),
        ("torch.sprocket.chain", 87, "inline", 91),
    ]
    lines = STRUCTURE.read_text(encoding="utf-8").splitlines()
    assert [lines[n - 1] for n in (7, 18, 48, 63, 69, 77, 87)] == [
        "### torch.sprocket.mesh",
        "**是否支持**：是",
        "| 硬件 | 是否支持 |",
        "### torch.sprocket.idle",
        "**是否支持**：",
        '<!-- npu="910b" id1 -->',
        "### torch.sprocket.chain",
    ]
    for e in structure.entries:
        assert e.title == e.api
        assert e.link is not None
        assert e.link.target == e.api
    assert structure.findings == ()


def test_statuses_of_each_format(structure: Page, catalogue: Catalogue) -> None:
    status = {e.api: e.status for e in structure.entries}
    assert status == {
        "torch.sprocket.mesh": Status(rest=Support.SUPPORTED),
        "torch.sprocket.align": Status(rest=Support.UNSUPPORTED),
        "torch.sprocket.tension": Status(
            (("atlas-a2", Support.SUPPORTED), ("atlas-a3", Support.UNSUPPORTED))
        ),
        "torch.sprocket.slack": Status(rest=Support.SUPPORTED),
        "torch.sprocket.idle": None,
        "torch.sprocket.brake": Status((("atlas-a2", Support.SUPPORTED),)),
        "torch.sprocket.chain": Status(rest=Support.UNSUPPORTED),
    }
    idle = entry(structure, "torch.sprocket.idle")
    assert idle.raw == ""  # nothing written: missing (a lint rule), not unreadable
    brake = entry(structure, "torch.sprocket.brake")
    assert brake.raw == (
        '<!-- npu="910b" id1 -->\n- <term>Atlas A2训练系列产品</term>：支持\n<!-- end id1 -->'
    )


def test_notes_run_to_the_next_label_title_or_closing_div(structure: Page) -> None:
    notes = {e.api: e.notes for e in structure.entries}
    assert notes == {
        # an html comment does not end the notes; the closing </div> does
        "torch.sprocket.mesh": "仅支持fp32\n不支持原地操作。",
        # a link label ends them: the paragraph after it is no note
        "torch.sprocket.align": "两个齿轮须同模数。",
        # a status label ends them: the paragraph after its table is no note
        "torch.sprocket.tension": "张力单位为牛顿。",
        # the next title ends them: its first paragraph is nobody's note
        "torch.sprocket.slack": "松弛量不超过1mm。",
        "torch.sprocket.idle": "",
        "torch.sprocket.brake": "",
        "torch.sprocket.chain": "",
    }
