"""The files of the site, read as bytes: what the index counts, what the API
table's data holds of put_metric, where its cells link, and that the same
input makes the same bytes. (tests/report/html/test_site_browser.py reads
what Chromium renders of them.)"""

from __future__ import annotations

import re
from pathlib import Path

from tests.site import PUT_METRIC, api_data, page_of, write_site


def test_the_site_has_an_index_an_api_table_and_a_view_of_every_page(site: Path) -> None:
    names = sorted(str(p.relative_to(site)) for p in site.rglob("*") if p.is_file())
    assert names[:4] == [".docs-check-site", "apis-data.js", "apis.html", "index.html"]
    assert [name.split("_")[0] for name in names[4:]] == ["pages/pytorch"] * 3


def test_the_index_counts_each_status_per_version_and_product(site: Path) -> None:
    index = (site / "index.html").read_text(encoding="utf-8")
    row = re.search(r'<tr data-version="2.12.0">(.*?)</tr>', index)
    assert row is not None
    counts = [int(n) for n in re.findall(r'data-count="(\d+)"', row.group(1))]
    # 2.12.0: put_metric ✔✔✘, initialize_metrics ✔✔✔, prof ✔✘✘; per product:
    # supported, unsupported, unstated, conflict
    assert counts == [3, 0, 0, 0, 2, 1, 0, 0, 1, 2, 0, 0]


def test_put_metric_reads_a2_a3_yes_950_no_in_each_version(site: Path) -> None:
    data = api_data(site)
    assert data["products"] == ["atlas-a2", "atlas-a3", "ascend-950"]
    assert data["names"]["zh"] == ["Atlas A2 训练系列产品", "Atlas A3 训练系列产品", "Ascend 950DT"]
    row = next(row for row in data["rows"] if row[0] == PUT_METRIC)
    assert [cell[1] for cell in row[2]] == ["ssu", "ssu"]  # 2.12.0, 2.13.0


def test_each_cell_links_to_the_line_that_states_the_product(site: Path) -> None:
    data = api_data(site)
    row = next(row for row in data["rows"] if row[0] == PUT_METRIC)
    page, _statuses, lines, _verified, _tests = row[2][0]
    target = site / data["pages"][page]
    assert target == page_of(site, "torch-distributed-elastic", "2.12.0")
    source = Path(str(target)).read_text(encoding="utf-8")
    written = (page_source := _docs_page("2.12.0")).read_text(encoding="utf-8").splitlines()
    for product_line, name in zip(lines, ("Atlas A2", "Atlas A3", "Ascend 950DT"), strict=True):
        assert f'id="L{product_line}"' in source
        assert name in written[product_line - 1], (page_source, product_line)


def test_the_same_docs_make_the_same_bytes(site: Path, tmp_path: Path) -> None:
    again = write_site(tmp_path / "again")
    files = sorted(p.relative_to(site) for p in site.rglob("*") if p.is_file())
    assert files == sorted(p.relative_to(again) for p in again.rglob("*") if p.is_file())
    for name in files:
        assert (site / name).read_bytes() == (again / name).read_bytes(), name


def _docs_page(version: str) -> Path:
    from tests.site import SITE_DOCS

    folder = "pytorch_" + version.replace(".", "-")
    return SITE_DOCS / "zh" / "api" / "native_api" / folder / "torch-distributed-elastic.md"
