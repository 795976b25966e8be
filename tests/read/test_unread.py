"""Status text the reader passed over without a word (issue 30): each case is
now read, or reported where it is. The pages are under fixtures/read/unread/,
one per kind of markup; a case is an entry of its page."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.support import Entry, Page
from checker.read.reader import read_text
from tests.helpers import FIXTURES

Invoke = Callable[..., tuple[int, str, str]]
FOLDER = FIXTURES / "read/unread/docs/zh/api/native_api/pytorch_2-12-0"
CATALOGUE = default_catalogue()
SUP, UNS = "supported", "unsupported"
A2_950 = {"atlas-a2": SUP, "ascend-950": UNS}


def read(name: str) -> Page:
    path = FOLDER / name
    return read_text(
        path.read_text(encoding="utf-8"), DocFile(str(path), "2.12.0", "zh"), CATALOGUE
    )


def lines_of(name: str, text: str) -> list[int]:
    """1-based numbers of the lines of page `name` that read `text`."""
    lines = (FOLDER / name).read_text(encoding="utf-8").splitlines()
    return [number for number, source in enumerate(lines, 1) if source == text]


def line(name: str, text: str) -> int:
    (found,) = lines_of(name, text)
    return found


def entry(page: Page, api: str) -> Entry:
    (found,) = [e for e in page.entries if e.api == api]
    return found


def stated(found: Entry) -> dict[str, str]:
    assert found.status is not None, f"{found.api} has no status"
    return {product: support.value for product, support in found.status.named}


def findings(page: Page) -> list[tuple[str, int]]:
    return sorted((f.rule, f.line) for f in page.findings)


# -- a status table cut by a line that is no row -----------------------------------------


COMMENT = (
    "<!-- docs-check-disable-next-line nonstandard-mark -- the upstream table is kept as it is -->"
)


def heading(api: str) -> str:
    return f"### torch.sprocket.{api}"


def test_a_table_cut_by_a_comment_a_list_item_or_a_div_is_reported_at_the_cut() -> None:
    """The rows after the cut are text to the renderer, and to the reader: their
    products stay unstated, and the cut is one error at the line that made it."""
    page = read("cut.md")
    comment = line("cut.md", COMMENT)
    listed = line("cut.md", "- 以下产品另行说明")
    div = line("cut.md", "<div>")
    cuts = [(rule, at) for rule, at in findings(page) if rule == "table-cut"]
    header = line("cut.md", "<!-- 以下各行待更新 -->")
    assert cuts == [
        ("table-cut", comment),
        ("table-cut", listed),
        ("table-cut", div),
        ("table-cut", header),
    ]
    by_line = {f.line: f.message for f in page.findings}
    assert by_line[comment] == (
        "this line is no table row and ends the table above it: the rows from line "
        f"{comment + 1} on are shown as text, and not read"
    )
    assert stated(entry(page, "torch.sprocket.comment_cut")) == {"atlas-a2": SUP, "atlas-a3": SUP}
    assert stated(entry(page, "torch.sprocket.list_cut")) == {"atlas-a2": SUP}
    assert stated(entry(page, "torch.sprocket.div_cut")) == {"atlas-a2": SUP, "atlas-a3": SUP}


def test_a_table_ended_by_a_comment_with_no_rows_after_it_is_whole() -> None:
    """A region's comments around a table, a comment before the notes, and a
    second table with a header of its own cut nothing."""
    page = read("cut.md")
    whole = entry(page, "torch.sprocket.whole")
    two = entry(page, "torch.sprocket.two_tables")
    every = {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS}
    assert (stated(whole), stated(two)) == (every, every)
    marked = lines_of("cut.md", "| <term>Ascend 950DT</term> | ✗ |")[-1]
    last = entry(page, "torch.sprocket.header_cut").line  # the entry after them
    after = [(f.rule, f.line) for f in page.findings if whole.line < f.line < last]
    assert after == [("nonstandard-mark", marked)]  # silenced by the region in lint


def test_a_table_cut_after_its_header_is_missing_status_and_the_cut(
    cli: Invoke, tmp_path: Path
) -> None:
    """A header and no rows states nothing: the entry is missing-status, and
    the line that took its rows is table-cut."""
    header_cut = entry(read("cut.md"), "torch.sprocket.header_cut")
    assert (header_cut.format, header_cut.status, header_cut.raw) == ("table", None, "")
    page = tmp_path / "docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
    page.parent.mkdir(parents=True)
    page.write_text((FOLDER / "cut.md").read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = cli("lint", str(tmp_path), "--select", "table-cut,missing-status")
    cut = line("cut.md", "<!-- 以下各行待更新 -->")
    assert code == 1
    assert out.splitlines()[-2:] == [
        f"{page}:{header_cut.line}: missing-status torch.sprocket.header_cut has no support status",
        f"{page}:{cut}: table-cut this line is no table row and ends the table above it: "
        f"the rows from line {cut + 1} on are shown as text, and not read",
    ]


def test_a_row_per_api_table_cut_by_a_comment_is_reported() -> None:
    page = read("rows-cut.md")
    assert [e.api for e in page.entries] == ["torch.sprocket.first"]
    cut = line("rows-cut.md", "<!-- docs-check-disable-next-line missing-status -->")
    assert findings(page) == [("table-cut", cut)]


SELECTED = "table-cut,unused-suppression,nonstandard-mark"


def test_the_cut_is_an_error_of_lint_and_the_comment_silences_nothing(
    cli: Invoke, tmp_path: Path
) -> None:
    """The configuration docs' old example: lint reports the cut, and the
    comment that was meant for the lost row's mark silenced nothing."""
    folder = tmp_path / "docs/zh/api/native_api/pytorch_2-12-0"
    folder.mkdir(parents=True)
    text = (FOLDER / "cut.md").read_text(encoding="utf-8")
    first = text.split(f"\n{heading('list_cut')}\n")[0]
    page = folder / "torch-sprocket.md"
    page.write_text(first, encoding="utf-8")
    cut = line("cut.md", COMMENT)
    code, out, err = cli("lint", str(tmp_path), "--select", SELECTED)
    assert (code, err) == (1, "2 findings (1 error, 1 warning) in 1 file, 1 entry\n")
    assert out.splitlines() == [
        f"{page}:{cut}: table-cut this line is no table row and ends the table above it: "
        f"the rows from line {cut + 1} on are shown as text, and not read",
        f"{page}:{cut}: unused-suppression docs-check-disable-next-line nonstandard-mark "
        f"suppressed nothing on line {cut + 1}",
    ]


# -- house-style blocks ------------------------------------------------------------------


@pytest.mark.parametrize(
    "api",
    ["after_comment", "in_div", "after_div", "indented_end", "stray_end", "tight"],
)
def test_blocks_are_read_past_comments_divs_and_spacing(api: str) -> None:
    """A plain comment or a `<div>` between the label and its blocks, blocks
    inside a `<div>`, an end comment indented into the item, comments written
    without spaces: each entry's two blocks are read."""
    page = read("blocks.md")
    found = entry(page, f"torch.sprocket.{api}")
    assert (found.format, stated(found)) == ("blocks", A2_950)


def test_a_comment_before_a_status_table_is_passed_over() -> None:
    page = read("blocks.md")
    found = entry(page, "torch.sprocket.table_after_comment")
    assert (found.format, stated(found)) == ("table", A2_950)


def test_the_block_markup_read_gives_no_finding_but_stray_ends() -> None:
    """An end comment that no open block awaits, in a status or after it, and
    an item after an end comment in the same list, are block-unopened;
    nothing else of the page is a finding."""
    page = read("blocks.md")
    stray = line("blocks.md", "<!-- end id11 -->")
    after_div = lines_of("blocks.md", "<!-- end id14 -->")[-1]
    item = lines_of("blocks.md", "- <term>Ascend 950DT系列产品</term>：不支持")[-1]
    assert findings(page) == [
        ("block-unopened", stray),
        ("block-unopened", after_div),
        ("block-unopened", item),
    ]
    by_line = {f.line: f.message for f in page.findings}
    assert by_line[stray] == "end comment of block id11, which no start comment opened"
    assert by_line[item] == "block item in no block: '<term>Ascend 950DT系列产品</term>：不支持'"
    assert stated(entry(page, "torch.sprocket.item_in_no_block")) == {"atlas-a2": SUP}


# -- method lines and rows under a label ---------------------------------------------------


def test_a_method_line_quote_holding_its_labels_is_an_entry() -> None:
    """The labels inside the quote, or in its paragraph's lazy continuation
    lines, are the method's: it keeps its link and status."""
    page = read("quote.md")
    assert findings(page) == []
    spin = entry(page, "torch.sprocket.Gear.spin")
    assert stated(spin) == {"ascend-950": UNS}
    assert spin.link is not None and spin.link.target == "torch.sprocket.Gear.spin"
    stop = entry(page, "torch.sprocket.Gear.stop")
    assert (stop.title, stop.line) == ("stop", line("quote.md", '> <font size="3">stop()</font>'))
    assert stop.link is not None and stop.link.target == "torch.sprocket.Gear.stop"
    assert stop.status is not None and stop.raw == "**是否支持**：否"
    turn = entry(page, "torch.sprocket.Gear.turn")
    assert (turn.format, stated(turn)) == ("blocks", A2_950)


def test_a_row_per_api_table_under_a_status_label_is_read_as_rows() -> None:
    """Not as a product table (an unknown product a row): the label heads the
    rows, and the section heading it is under is no entry."""
    page = read("rows-label.md")
    assert findings(page) == []
    assert [(e.api, e.format, e.raw) for e in page.entries] == [
        ("torch.sprocket.Gear", "rows", "是"),
        ("torch.sprocket.Gear.spin", "rows", "否"),
    ]
