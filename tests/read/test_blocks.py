"""The house-style block format under `**产品支持情况**：`, one commented block
per product, and the house rules checked while reading it."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.docfile import DocFile
from checker.model.finding import Severity
from checker.model.support import UNSTATED, Entry, Page
from checker.read.reader import read_text
from tests.helpers import FIXTURES

ROOT = FIXTURES / "read"
ZH = ROOT / "blocks/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
EN = ROOT / "blocks/docs/en/native_apis/pytorch_2-12-0/torch-sprocket.md"
HOUSE = ROOT / "blocks-house/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
SUP, UNS = "supported", "unsupported"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


def read(path: Path, lang: str, catalogue: Catalogue) -> Page:
    return read_text(
        path.read_text(encoding="utf-8"), DocFile(str(path), "2.12.0", lang), catalogue
    )


def line(path: Path, text: str) -> int:
    """1-based number of the one line of `path` that reads `text`."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found = [number for number, source in enumerate(lines, 1) if source == text]
    assert len(found) == 1, f"{text!r} is on lines {found}"
    return found[0]


def entry(page: Page, api: str) -> Entry:
    (found,) = [e for e in page.entries if e.api == api]
    return found


# -- a clean page, zh ----------------------------------------------------------


def test_zh_blocks(catalogue: Catalogue) -> None:
    page = read(ZH, "zh", catalogue)
    assert page.findings == ()
    assert [(e.api, e.line, e.status_line, e.format) for e in page.entries] == [
        (
            "torch.sprocket.Gear",
            line(ZH, "### <code><i>class</i></code> torch.sprocket.Gear"),
            line(ZH, '<!-- npu="910b" id1 -->'),
            "blocks",
        ),
        (
            "torch.sprocket.Gear.spin",
            line(ZH, '> <font size="3">spin(speed)</font>'),
            line(ZH, '<!-- npu="910b" id4 -->'),
            "blocks",
        ),
        (
            "torch.sprocket.mesh",
            line(ZH, "### torch.sprocket.mesh"),
            line(ZH, '<!-- npu="910b" id6 -->'),
            "blocks",
        ),
    ]
    gear, spin, mesh = page.entries
    assert gear.expanded(catalogue.scope) == {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS}
    assert spin.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,  # no block for it
    }
    assert mesh.expanded(catalogue.scope) == {"atlas-a2": UNS, "atlas-a3": UNS, "ascend-950": SUP}
    assert spin.title == "spin"
    assert spin.notes == "`speed`只接受正整数"
    assert gear.notes == ""
    assert gear.status is not None
    assert gear.status.rest is None  # blocks name products; they say nothing of others


def test_zh_blocks_raw_is_the_blocks_as_written(catalogue: Catalogue) -> None:
    page = read(ZH, "zh", catalogue)
    gear = entry(page, "torch.sprocket.Gear")
    lines = ZH.read_text(encoding="utf-8").splitlines()
    first = line(ZH, '<!-- npu="910b" id1 -->')
    last = line(ZH, "<!-- end id3 -->")
    assert gear.raw == "\n".join(lines[first - 1 : last])
    assert gear.link is not None
    assert gear.link.target == "torch.sprocket.Gear"
    assert gear.link.docs_version == "2.12"


# -- a clean page, en ----------------------------------------------------------


def test_en_blocks(catalogue: Catalogue) -> None:
    page = read(EN, "en", catalogue)
    assert page.findings == ()
    assert [(e.api, e.line, e.status_line, e.lang) for e in page.entries] == [
        (
            "torch.sprocket.Gear",
            line(EN, "### <code><i>class</i></code> torch.sprocket.Gear"),
            line(EN, '<!-- npu="910b" id1 -->'),
            "en",
        ),
        (
            "torch.sprocket.mesh",
            line(EN, "### torch.sprocket.mesh"),
            line(EN, '<!-- npu="910b" id4 -->'),
            "en",
        ),
    ]
    gear, mesh = page.entries
    assert all(e.format == "blocks" for e in page.entries)
    assert gear.expanded(catalogue.scope) == {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS}
    assert mesh.expanded(catalogue.scope) == {
        "atlas-a2": UNS,
        "atlas-a3": SUP,
        "ascend-950": UNSTATED,
    }
    assert gear.notes == "`speed` must be a positive integer."
    assert gear.link is not None
    assert gear.link.url == "https://pytorch.org/docs/2.12/sprocket.html#torch.sprocket.Gear"
    assert mesh.link is not None
    assert mesh.link.target == "torch.sprocket.mesh"


# -- house rules ---------------------------------------------------------------


@pytest.fixture(scope="module")
def house(catalogue: Catalogue) -> Page:
    return read(HOUSE, "zh", catalogue)


def at(text: str) -> int:
    return line(HOUSE, text)


def uses(text: str) -> list[int]:
    """Every line of the house fixture that reads `text`."""
    lines = HOUSE.read_text(encoding="utf-8").splitlines()
    return [number for number, source in enumerate(lines, 1) if source == text]


def test_house_rule_findings(house: Page) -> None:
    got = [(f.rule, f.line) for f in house.findings]
    assert got == [
        # bend: opened as id1, closed as id9
        ("block-id-mismatch", at("<!-- end id9 -->")),
        # coil: id1 again, reported where it is used the second time
        ("block-id-duplicate", uses('<!-- npu="910b" id1 -->')[1]),
        # drift: id3 never closed before id4 starts
        ("block-unclosed", at('<!-- npu="910b" id3 -->')),
        # etch: id5 never closed before the section ends
        ("block-unclosed", at('<!-- npu="910b" id5 -->')),
        # forge: npu codes are case-sensitive
        ("block-npu-unknown", at('<!-- npu="910B" id6 -->')),
        # grind: an A3 block naming an A2 product
        ("block-npu-product", at('<!-- npu="A3" id7 -->')),
        # hone: two products in one 910b block, one of them not A2
        ("block-products", at('<!-- npu="910b" id8 -->')),
        ("block-npu-product", at('<!-- npu="910b" id8 -->')),
        # inlay: an item with no product, so the block names none
        ("block-products", at("- 支持")),
        ("block-products", at('<!-- npu="910b" id10 -->')),
        # jolt: the only product is unknown, so the block names none
        ("unknown-product", at("- <term>Atlas Z9训练系列产品</term>：支持")),
        ("block-products", at('<!-- npu="910b" id11 -->')),
    ]
    assert all(f.severity is Severity.ERROR for f in house.findings)
    assert all(f.path == str(HOUSE) for f in house.findings)


def test_duplicate_id_message_names_the_first_use(house: Page) -> None:
    first, second = uses('<!-- npu="910b" id1 -->')
    (duplicate,) = [f for f in house.findings if f.rule == "block-id-duplicate"]
    assert duplicate.line == second
    assert f"line {first}" in duplicate.message


def test_house_rule_messages_name_the_ids_and_codes(house: Page) -> None:
    messages = {(f.rule, f.line): f.message for f in house.findings}
    mismatch = messages["block-id-mismatch", at("<!-- end id9 -->")]
    assert "id1" in mismatch
    assert "id9" in mismatch
    assert '"910B"' in messages["block-npu-unknown", at('<!-- npu="910B" id6 -->')]
    grind = messages["block-npu-product", at('<!-- npu="A3" id7 -->')]
    assert 'npu="A3"' in grind
    assert grind.endswith("names atlas-a2")
    assert "2 products" in messages["block-products", at('<!-- npu="910b" id8 -->')]


def test_statuses_are_still_read_where_house_rules_break(house: Page, catalogue: Catalogue) -> None:
    def status(api: str) -> dict[str, str]:
        return entry(house, api).expanded(catalogue.scope)

    a2_only = {"atlas-a2": SUP, "atlas-a3": UNSTATED, "ascend-950": UNSTATED}
    assert status("torch.sprocket.bend") == {
        "atlas-a2": SUP,
        "atlas-a3": SUP,
        "ascend-950": UNSTATED,
    }
    assert status("torch.sprocket.coil") == {**a2_only, "atlas-a2": UNS}
    assert status("torch.sprocket.drift") == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,
    }
    assert status("torch.sprocket.etch") == a2_only
    assert status("torch.sprocket.forge") == a2_only
    assert status("torch.sprocket.grind") == a2_only
    assert status("torch.sprocket.hone") == {
        "atlas-a2": SUP,
        "atlas-a3": SUP,
        "ascend-950": UNSTATED,
    }
    # blocks that name no product give no status, but the status was written
    for api in ("torch.sprocket.inlay", "torch.sprocket.jolt"):
        got = entry(house, api)
        assert got.status is None
        assert got.raw.startswith("<!-- npu=")
        assert got.format == "blocks"


def test_unclosed_block_raw_stops_at_its_last_item(house: Page) -> None:
    etch = entry(house, "torch.sprocket.etch")
    assert etch.raw == '<!-- npu="910b" id5 -->\n- <term>Atlas A2训练系列产品</term>：支持'


def test_block_ids_are_per_file(catalogue: Catalogue) -> None:
    # the same ids in another file are no duplicates: each read starts afresh
    first = read(ZH, "zh", catalogue)
    again = read(ZH, "zh", catalogue)
    assert first.findings == again.findings == ()


def test_blocks_in_one_html_block_and_blank_lines_between(catalogue: Catalogue) -> None:
    text = (
        "### torch.sprocket.mesh\n"
        "\n"
        "**产品支持情况**：\n"
        "\n"
        '<!-- npu="910b" id1 -->\n'
        "- <term>Atlas A2训练系列产品</term>：支持\n"
        "\n"
        "<!-- end id1 -->\n"
        "\n"
        '<!-- npu="950" id2 -->\n'
        "- <term>Ascend 950DT</term>：不支持\n"
        "<!-- end id2 -->\n"
    )
    page = read_text(text, DocFile("t.md", "2.12.0", "zh"), catalogue)
    assert page.findings == ()
    (mesh,) = page.entries
    assert (mesh.line, mesh.status_line) == (1, 5)
    assert mesh.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNSTATED,
        "ascend-950": UNS,
    }
    assert mesh.raw == "\n".join(text.splitlines()[4:12])


# -- edges of the format: nesting, other comments, comment layout ---------------

SNIPPET = DocFile("docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md", "2.12.0", "zh")
SECTION = ["### torch.sprocket.mesh", "", "**产品支持情况**：", ""]  # blocks start on line 5
A2_YES = "- <term>Atlas A2训练系列产品</term>：支持"
A3_NO = "- <term>Atlas A3训练系列产品</term>：不支持"


def snippet(lines: list[str], catalogue: Catalogue) -> Page:
    return read_text("\n".join(lines) + "\n", SNIPPET, catalogue)


def findings_of(page: Page) -> list[tuple[str, str, int, str]]:
    return [(f.rule, f.path, f.line, f.message) for f in page.findings]


def the_a2_a3_entry(page: Page, catalogue: Catalogue) -> Entry:
    """The page's one entry: a blocks status at line 5, Atlas A2 supported,
    Atlas A3 not, Ascend 950 unstated."""
    (mesh,) = page.entries
    assert (mesh.status_line, mesh.format) == (5, "blocks")
    assert mesh.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,
    }
    return mesh


def test_nested_list_in_a_block_does_not_end_the_block(catalogue: Catalogue) -> None:
    lines = [
        *SECTION,
        '<!-- npu="910b" id1 -->',
        A2_YES,
        "  - 仅限单机",  # line 7: a list inside the item's list
        "<!-- end id1 -->",
        '<!-- npu="A3" id2 -->',
        A3_NO,
        "<!-- end id2 -->",
    ]
    page = snippet(lines, catalogue)
    # The nested item is read as an item like any other (and cannot be read as
    # a status); the block still ends at its own end comment, not at the end of
    # the nested list, so no block-unclosed, and the next block is still read.
    assert findings_of(page) == [
        ("status-unreadable", SNIPPET.path, 7, "cannot read support status '仅限单机'")
    ]
    mesh = the_a2_a3_entry(page, catalogue)
    assert mesh.raw == "\n".join(lines[4:])


def test_other_comments_inside_and_between_blocks_are_ignored(catalogue: Catalogue) -> None:
    lines = [
        *SECTION,
        '<!-- npu="910b" id1 -->',
        "<!-- 待验证 -->",  # inside id1, before its item
        A2_YES,
        "<!-- end id1 -->",
        "<!-- 待验证 -->",  # between two blocks
        '<!-- npu="A3" id2 -->',
        A3_NO,
        "<!-- 待验证 -->",  # inside id2, after its item
        "<!-- end id2 -->",
    ]
    page = snippet(lines, catalogue)
    assert findings_of(page) == []
    (mesh,) = page.entries
    assert mesh.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,
    }
    assert mesh.raw == "\n".join(lines[4:])


@pytest.mark.parametrize(
    "after",
    [
        ["</div>"],  # the label is the last thing in its <div>
        ["```", '<!-- npu="910b" id1 -->', "```"],  # a block shown as code is no block
    ],
    ids=["html", "code"],
)
def test_label_with_nothing_after_it_is_no_block_section(
    after: list[str], catalogue: Catalogue
) -> None:
    lines = [
        "### torch.sprocket.mesh",
        "",
        "**原生文档**：[torch.sprocket.mesh](https://pytorch.org/docs/2.12/sprocket.html#torch.sprocket.mesh)",
        "",
        "**产品支持情况**：",  # line 5
        "",
        *after,
    ]
    page = snippet(lines, catalogue)
    assert findings_of(page) == []
    (mesh,) = page.entries
    assert mesh.status is None
    assert (mesh.format, mesh.raw, mesh.status_line) == ("", "", 5)


def test_second_comment_in_one_html_block_is_on_its_own_line(catalogue: Catalogue) -> None:
    lines = [
        *SECTION,
        "<!-- 说明",  # line 5: one html block, lines 5-6, holding two comments
        '--> <!-- npu="910b" id1 -->',  # line 6: the block starts here
        A2_YES,
        '<!-- end id1 --><!-- npu="A3" id1 -->',  # line 8: two comments on one line
        A3_NO,
        "<!-- end id2 -->",  # line 10
    ]
    page = snippet(lines, catalogue)
    assert findings_of(page) == [
        ("block-id-duplicate", SNIPPET.path, 8, "block id1 already used at line 6"),
        ("block-id-mismatch", SNIPPET.path, 10, "block opened as id1 at line 8 ends as id2"),
    ]
    mesh = the_a2_a3_entry(page, catalogue)  # its status line is where the html block starts
    assert mesh.raw == "\n".join(lines[4:])


def test_comments_over_several_lines_are_at_their_first_line(catalogue: Catalogue) -> None:
    lines = [
        *SECTION,
        "<!--",  # line 5
        'npu="910b" id1',
        "-->",
        A2_YES,
        "<!-- end",  # line 9
        "id2 -->",
        '<!-- npu="A3"',  # line 11: never closed
        "id3 -->",
        A3_NO,
    ]
    page = snippet(lines, catalogue)
    assert findings_of(page) == [
        ("block-id-mismatch", SNIPPET.path, 9, "block opened as id1 at line 5 ends as id2"),
        ("block-unclosed", SNIPPET.path, 11, "block id3 is never closed"),
    ]
    (mesh,) = page.entries
    assert mesh.expanded(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNSTATED,
    }
    assert mesh.raw == "\n".join(lines[4:])


def test_indented_blocks_are_read_at_their_lines(catalogue: Catalogue) -> None:
    lines = [
        *SECTION,
        '   <!-- npu="910b" id1 -->',  # line 5, three spaces in
        "   " + A2_YES,
        "   <!-- end id1 -->",
        '  <!-- npu="A3" id2 -->',  # line 8, two spaces in
        "  " + A3_NO,
        "  <!-- end id3 -->",  # line 10
    ]
    page = snippet(lines, catalogue)
    assert findings_of(page) == [
        ("block-id-mismatch", SNIPPET.path, 10, "block opened as id2 at line 8 ends as id3"),
    ]
    mesh = the_a2_a3_entry(page, catalogue)
    assert mesh.raw.endswith("\n".join(lines[5:]))


# -- the fixes the block house rules carry ---------------------------------------------------


def fixes_of(page: Page) -> dict[str, tuple[tuple[int, str, str], ...]]:
    return {f.rule: tuple((e.line, e.old, e.new) for e in f.fix) for f in page.findings}


def test_a_duplicate_id_in_a_closed_block_gets_a_fresh_one_start_and_end(
    catalogue: Catalogue,
) -> None:
    page = snippet(
        [
            "### torch.x.y",
            "",
            "**产品支持情况**：",
            "",
            '<!-- npu="910b" id4 -->',
            "- <term>Atlas A2训练系列产品</term>：支持",
            "<!-- end id4 -->",
            '<!-- npu="A3" id4 -->',
            "- <term>Atlas A3训练系列产品</term>：不支持",
            "<!-- end id4 -->",
            '<!-- npu="950" id9 -->',
            "- <term>Ascend 950DT</term>：不支持",
            "<!-- end id9 -->",
        ],
        catalogue,
    )
    assert fixes_of(page) == {
        "block-id-duplicate": (
            (8, '<!-- npu="A3" id4 -->', '<!-- npu="A3" id10 -->'),
            (10, "<!-- end id4 -->", "<!-- end id10 -->"),
        )
    }


# an entry whose first block (id1, Atlas A2) is open: what the cases below go on from
A2_BLOCK_OPENED = [
    "### torch.x.y",
    "",
    "**产品支持情况**：",
    "",
    '<!-- npu="910b" id1 -->',
    "- <term>Atlas A2训练系列产品</term>：支持",
]


def test_a_duplicate_id_in_an_unclosed_block_is_told_without_a_fix(catalogue: Catalogue) -> None:
    page = snippet(
        [
            *A2_BLOCK_OPENED,
            "<!-- end id1 -->",
            '<!-- npu="A3" id1 -->',
            "- <term>Atlas A3训练系列产品</term>：不支持",
        ],
        catalogue,
    )
    assert [(f.rule, f.line, f.fix) for f in page.findings] == [
        ("block-unclosed", 8, ()),
        ("block-id-duplicate", 8, ()),
    ]


def test_a_comment_over_two_lines_gets_no_fix(catalogue: Catalogue) -> None:
    """One line's edit cannot hold a comment that runs over two."""
    page = snippet(
        [
            *A2_BLOCK_OPENED,
            "<!-- end",
            "id2 -->",
        ],
        catalogue,
    )
    assert [(f.rule, f.fix) for f in page.findings] == [("block-id-mismatch", ())]


def test_an_npu_code_in_another_case_is_recased(catalogue: Catalogue) -> None:
    page = snippet(
        [
            "### torch.x.y",
            "",
            "**产品支持情况**：",
            "",
            '<!-- npu="910B" id1 -->',
            "- <term>Atlas A2训练系列产品</term>：支持",
            "<!-- end id1 -->",
            '<!-- npu="a9" id2 -->',
            "- <term>Atlas A3训练系列产品</term>：支持",
            "<!-- end id2 -->",
        ],
        catalogue,
    )
    unknown = [f for f in page.findings if f.rule == "block-npu-unknown"]
    assert [(f.line, [(e.line, e.old, e.new) for e in f.fix]) for f in unknown] == [
        (5, [(5, '<!-- npu="910B" id1 -->', '<!-- npu="910b" id1 -->')]),
        (8, []),  # a9 is no code in any case: no fix
    ]
