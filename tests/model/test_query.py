"""checker.model.query: the pages of each version and folder, the APIs each
version documents, the sides of a read, and the statements counted per
version, product and status (a statement another entry of the API
contradicts counted in conflict), on a few self-written pages."""

from __future__ import annotations

import dataclasses
from collections import Counter

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.query import (
    by_folder,
    by_version,
    counted,
    disputes,
    documented,
    grouped,
    sides_of,
    tally,
    versions_of,
)
from checker.model.records import records_of
from checker.model.support import Page
from checker.read.reader import read_text

ROWS_ZH = """# torch.x

|API名称|是否支持|限制与说明|
|--|--|--|
|torch.x.a|是|-|
|torch.x.b|否|-|
|torch.x.c|<term>Atlas A2 训练系列产品</term>：是|-|
"""
# torch.x.a again, unsupported: the 2.7.1 folder then says both of it
AGAIN_ZH = """# torch.y

|API名称|是否支持|限制与说明|
|--|--|--|
|torch.x.a|否|-|
|torch.y.d|是|-|
"""
ROWS_EN = """# torch.x

| API Name | Supported | Restrictions and Notes |
|--|--|--|
|torch.x.a|Yes|-|
"""
EMPTY = "# torch.z\n\nNo entries.\n"


def page(version: str, lang: str, text: str, name: str = "torch-x.md", ref: str = "") -> Page:
    folder = "docs/zh/native_apis" if lang == "zh" else "docs/en/native_apis"
    inside = f"{folder}/pytorch_{version.replace('.', '-')}/{name}"
    read = read_text(text, DocFile(inside, version, lang), default_catalogue())
    return dataclasses.replace(read, path=f"{ref}:{inside}", tree=ref) if ref else read


PAGES = (
    page("2.12.0", "zh", ROWS_ZH),
    page("2.7.1", "en", ROWS_EN),
    page("2.7.1", "zh", ROWS_ZH),
    page("2.7.1", "zh", AGAIN_ZH, "torch-y.md"),
    page("2.7.1", "zh", EMPTY, "torch-z.md"),
    page("2.7.1", "zh", ROWS_ZH, ref="v2"),
)


def test_pages_are_grouped_by_version_and_by_folder_in_page_order() -> None:
    versions = by_version(PAGES)
    assert list(versions) == ["2.12.0", "2.7.1"]  # as first met
    assert [p.path for p in versions["2.7.1"]] == [p.path for p in PAGES[1:]]
    folders = by_folder(PAGES)
    assert list(folders) == [("", "docs", "2.12.0"), ("", "docs", "2.7.1"), ("v2", "docs", "2.7.1")]
    assert folders[("v2", "docs", "2.7.1")] == [PAGES[5]]
    assert grouped([3, 1, 4, 1, 5], lambda n: n % 2) == {1: [3, 1, 1, 5], 0: [4]}


def test_each_version_documents_the_apis_of_its_pages_entries() -> None:
    assert documented(PAGES) == {
        "2.12.0": {"torch.x.a", "torch.x.b", "torch.x.c"},
        "2.7.1": {"torch.x.a", "torch.x.b", "torch.x.c", "torch.y.d"},
    }
    assert documented([PAGES[4]]) == {}  # a version of no entry is none


def test_versions_in_release_order_and_sides_working_tree_first_zh_first() -> None:
    assert versions_of(PAGES) == ("2.7.1", "2.12.0")
    assert sides_of(PAGES, ["v2"]) == (("", "zh"), ("", "en"), ("v2", "zh"), ("v2", "en"))


def test_statements_are_counted_per_version_product_and_status() -> None:
    records = list(records_of(PAGES[:1], default_catalogue()))
    assert counted(records, disputes(records)) == Counter(
        {
            ("2.12.0", "atlas-a2", "supported"): 2,
            ("2.12.0", "atlas-a3", "supported"): 1,
            ("2.12.0", "ascend-950", "supported"): 1,
            ("2.12.0", "atlas-a2", "unsupported"): 1,
            ("2.12.0", "atlas-a3", "unsupported"): 1,
            ("2.12.0", "ascend-950", "unsupported"): 1,
            ("2.12.0", "atlas-a3", "unstated"): 1,
            ("2.12.0", "ascend-950", "unstated"): 1,
        }
    )


def test_a_statement_another_entry_of_the_api_contradicts_is_counted_in_conflict() -> None:
    """torch.x.a is supported on torch-x.md and unsupported on torch-y.md of
    the same version and language: both its statements of each product are
    in conflict. The ref's copy and the en page contradict nothing."""
    found = tally(PAGES, default_catalogue(), ["v2"])
    zh = found.counts[("", "zh")]
    assert zh[("2.7.1", "atlas-a2", "conflict")] == 2
    assert zh[("2.7.1", "atlas-a2", "supported")] == 2  # torch.x.c, torch.y.d
    assert zh[("2.7.1", "atlas-a2", "unsupported")] == 1  # torch.x.b
    assert found.counts[("v2", "zh")][("2.7.1", "atlas-a2", "conflict")] == 0
    assert found.counts[("", "en")] == Counter(
        {("2.7.1", p, "supported"): 1 for p in ("atlas-a2", "atlas-a3", "ascend-950")}
    )
    assert found.counts[("v2", "en")] == Counter()
    assert (found.sides, found.versions) == (sides_of(PAGES, ["v2"]), ("2.7.1", "2.12.0"))
    assert found.products == ("atlas-a2", "atlas-a3", "ascend-950")
    assert (found.pages, found.entries) == (6, 3 + 1 + 3 + 2 + 0 + 3)


def test_a_sides_rows_are_the_versions_it_states_something_of_each_product() -> None:
    found = tally(PAGES, default_catalogue(), ["v2"])
    assert found.rows(("", "en")) == [
        ("2.7.1", "atlas-a2", (1, 0, 0, 0)),
        ("2.7.1", "atlas-a3", (1, 0, 0, 0)),
        ("2.7.1", "ascend-950", (1, 0, 0, 0)),
    ]
    assert found.rows(("v2", "en")) == []  # no en page at the ref
    assert [row[:2] for row in found.rows(("", "zh"))][::3] == [
        ("2.7.1", "atlas-a2"),
        ("2.12.0", "atlas-a2"),
    ]
    assert found.rows(("", "zh"))[0] == ("2.7.1", "atlas-a2", (2, 1, 0, 2))
