"""The site as Chromium renders it (tests/browser.py: real headless
Chromium, the DOM read after the scripts ran): the index's counts, the API
table's put_metric row and a filter given in the address, where a cell's
link lands, the hostile page's text as text, and a screenshot of the index.
Without Chromium these skip, naming it; in CI (DOCS_CHECK_REQUIRE_BROWSER)
they fail instead."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from tests.browser import dump_dom, evaluate, need_browser, screenshot
from tests.helpers import REPO
from tests.site import PUT_METRIC, api_data, write_flatten_site, write_site

MARK_CELL = re.compile(r'<td class="st ([a-z]+)[^"]*"><a href="([^"]*)"[^>]*>(.)</a></td>')


@pytest.fixture(autouse=True)
def _browser() -> None:
    need_browser()


def rows_of(dom: str) -> dict[str, str]:
    """The API table's rows as Chromium rendered them: API -> its row's HTML."""
    found = re.findall(r'<tr data-api="([^"]*)" data-lang="[^"]*">(.*?)</tr>', dom, re.S)
    return {html.unescape(api): row for api, row in found}


def marks(row: str) -> str:
    return "".join(mark for _cls, _href, mark in MARK_CELL.findall(row))


def test_the_index_shows_the_counts_of_each_version(site: Path) -> None:
    dom = dump_dom(site / "index.html")
    row = re.search(r'<tr data-version="2.13.0">(.*?)</tr>', dom, re.S)
    assert row is not None
    # 2.13.0: put_metric ✔✔✘, initialize_metrics ✔✔✘, get_elapsed_time_ms ✔✔✔,
    # and the hostile page's f ✔ ? ✘, g ✔✔✔, h ✔✔✘ (f's A3 cell is unreadable: unstated)
    counts = [int(n) for n in re.findall(r'data-count="(\d+)"', row.group(1))]
    assert counts == [6, 0, 0, 0, 5, 0, 1, 0, 2, 4, 0, 0]


def test_put_metric_reads_at_a_glance(site: Path) -> None:
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#q=put_metric")
    rows = rows_of(dom)
    assert list(rows) == [PUT_METRIC]
    assert marks(rows[PUT_METRIC]) == "✔✔✘✔✔✘"  # 2.12.0 and 2.13.0: A2, A3, 950DT
    count = re.search(r'<span id="api-count"[^>]*>([^<]*)</span>', dom)
    assert count is not None and count.group(1) == f"1 of {len(api_data(site)['rows'])} APIs"


def test_a_filter_in_the_address_shows_only_what_it_asks_for(site: Path) -> None:
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#product=ascend-950&status=supported")
    rows = rows_of(dom)
    # the APIs that some version says Ascend 950DT supports, and only that column per version
    expected = [
        "torch.distributed.elastic.metrics.get_elapsed_time_ms",
        "torch.distributed.elastic.metrics.initialize_metrics",
        'torch.hostile.gwindow.PWNED="api"',
    ]
    assert sorted(rows) == expected
    assert marks(rows[expected[1]]) == "✔✘"  # 2.12.0 ✔, 2.13.0 ✘
    header = re.search(r'<thead id="api-head">(.*?)</thead>', dom)
    assert header is not None and header.group(1).count(">Ascend 950DT<") == 2
    assert "Atlas A2" not in header.group(1)


def test_a_cell_links_to_its_line_on_the_page_view(site: Path) -> None:
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#q=put_metric&version=2.12.0")
    cells = MARK_CELL.findall(rows_of(dom)[PUT_METRIC])
    status, href, _mark = cells[2]  # Ascend 950DT at 2.12.0
    assert status == "unsupported"
    page, _hash, anchor = href.partition("#")
    view = dump_dom(f"{(site / page).as_uri()}#{anchor}")
    row = re.search(
        rf'<tr(?: id="L\d+")? data-api="{re.escape(PUT_METRIC)}">(.*?)</tr>', view, re.S
    )
    assert row is not None and f'id="{anchor}"' in row.group(0)
    assert anchor == "L13"  # tests/fixtures/site/.../pytorch_2-12-0: its 950DT row


def test_the_hostile_page_renders_its_text_as_text(site: Path) -> None:
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#q=hostile")
    assert "torch.hostile.h&lt;/script&gt;&lt;b&gt;x" in dom
    assert "<b>x" not in dom and "<img" not in dom
    page = next((site / "pages").glob("pytorch_2-13-0_torch-hostile-*.html"))
    view = dump_dom(page)
    assert '&lt;script&gt;window.PWNED = "status"&lt;/script&gt;' in view
    assert "<img" not in view and "<script" not in view


def test_the_examples_index_renders_and_is_photographed(tmp_path: Path) -> None:
    from checker.cli import run

    site = tmp_path / "site"
    code = run(["report", str(REPO / "examples" / "docs"), "--html", str(site), "--no-cache"])
    assert code == 0
    dom = dump_dom(site / "index.html")
    assert re.search(r"6 pages, 22 entries, \d+ APIs, 8 findings", dom)
    picture = screenshot(site / "index.html", tmp_path / "index.png", width=1280, height=1600)
    assert picture.stat().st_size > 20_000  # a picture of tables and a chart, not a blank page


def test_the_master_snapshot_renders_put_metric_in_every_version(
    corpus: Path, tmp_path: Path
) -> None:
    """The real docs: 13,133 entries on 252 pages, four versions."""
    from checker.cli import run

    site = tmp_path / "site"
    master = corpus / "master"
    assert run(["report", str(master), "--html", str(site), "--no-cache"]) == 0
    index = dump_dom(site / "index.html")
    assert re.search(r"252 pages, 13133 entries, 3421 APIs, 33 findings", index)
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#q=metrics.put_metric")
    rows = rows_of(dom)
    assert list(rows) == [PUT_METRIC]
    assert marks(rows[PUT_METRIC]) == "✔✔✘" * 4  # 2.7.1, 2.11.0, 2.12.0, 2.13.0
    headers = re.findall(r'<th colspan="3">([^<]*)</th>', dom)
    assert headers == ["2.7.1", "2.11.0", "2.12.0", "2.13.0"]


def test_a_chinese_run_writes_a_chinese_site(tmp_path: Path) -> None:
    site = write_site(tmp_path / "site", "--lang", "zh")
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#q=put_metric")
    total = len(api_data(site)["rows"])
    count = re.search(r'<span id="api-count"[^>]*>([^<]*)</span>', dom)
    assert count is not None and count.group(1) == f"1 / {total} 个 API"
    assert '<th rowspan="2">API 名称</th>' in dom
    cell = MARK_CELL.search(rows_of(dom)[PUT_METRIC])
    assert cell is not None
    title = re.search(r'title="([^"]*)">✔', rows_of(dom)[PUT_METRIC])
    assert (
        title is not None and title.group(1) == "2.12.0 · Atlas A2 训练系列产品：支持（第 11 行）"
    )


LONG_PAGE_ENTRY = """### torch.long.f{n}

**支持情况**：

| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | ✘ |

"""
# where the followed row is and what the reader sees at its top edge; the
# header cells are sticky (they stay at the top of the window as one scrolls)
FOLLOWED = """JSON.stringify((() => {
  const row = document.querySelector(location.hash).closest("tr");
  const top = row.getBoundingClientRect().top;
  const head = document.querySelector("thead th").getBoundingClientRect().bottom;
  const seen = document.elementFromPoint(200, top + 2);
  return {
    scrolled: window.scrollY,
    top: top,
    head: head,
    seen: seen && seen.closest("tr") === row,
    marked: getComputedStyle(row.querySelector("td")).backgroundColor,
    plain: getComputedStyle(row.nextElementSibling.querySelector("td")).backgroundColor,
  };
})())"""


def test_a_followed_line_is_below_the_sticky_header_and_marked(tmp_path: Path) -> None:
    import json

    from checker.cli import run

    page = tmp_path / "docs" / "zh" / "api" / "native_api" / "pytorch_2-13-0" / "torch-long.md"
    page.parent.mkdir(parents=True)
    page.write_text(
        "# torch.long\n\n" + "".join(LONG_PAGE_ENTRY.format(n=n) for n in range(60)),
        encoding="utf-8",
    )
    site = tmp_path / "site"
    assert run(["report", str(tmp_path / "docs"), "--html", str(site), "--no-cache"]) == 0
    view = next((site / "pages").glob("pytorch_2-13-0_torch-long*.html"))
    line = 3 + 9 * 40  # the heading of torch.long.f40, far down the page
    assert f'id="L{line}"' in view.read_text(encoding="utf-8")
    seen = json.loads(evaluate(f"{view.resolve().as_uri()}#L{line}", FOLLOWED, height=600))
    assert seen["scrolled"] > 0  # the page did scroll to the row
    assert seen["top"] >= seen["head"] and seen["seen"], seen  # not under the header
    assert seen["marked"] != seen["plain"], seen  # and highlighted


def test_a_cross_page_conflict_shows_both_statements_and_links_each(tmp_path: Path) -> None:
    """Tensor.flatten's Ascend 950DT: ✘ on Named-Tensors.md, ✔ on torch-Tensor.md."""
    site = write_flatten_site(tmp_path / "site", tmp_path / "docs")
    dom = dump_dom(f"{(site / 'apis.html').as_uri()}#product=ascend-950")
    row = rows_of(dom)["torch.Tensor.flatten"]
    cell = re.search(r'<td class="st conflict">(.*?)</td>', row)
    assert cell is not None, row
    links = re.findall(r'<a href="pages/pytorch_2-13-0_([A-Za-z-]+)-\w+\.html#L10"', cell.group(1))
    assert links == ["Named-Tensors", "torch-Tensor"]
    assert re.findall(r">(.)</a>", cell.group(1)) == ["✘", "✔"]
