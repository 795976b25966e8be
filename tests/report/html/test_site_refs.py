"""A site of two git refs of one docs tree (`--git R --ref A --ref B`): the
same versions read twice are shown apart, never mixed: a table per ref on
the index, a row per ref in the API table, and a filter that picks one."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.browser import dump_dom, need_browser
from tests.helpers import git
from tests.site import PUT_METRIC, SITE_DOCS, api_data

PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"


@pytest.fixture(scope="module")
def two_refs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A repository whose `release` branch is the fixture docs and whose
    `flipped` branch says put_metric runs on Ascend 950DT at 2.12.0; the site
    of both, the release branch first."""
    from checker.cli import run

    repo = tmp_path_factory.mktemp("repo")
    git(repo, "init", "-q", "-b", "release")
    shutil.copytree(SITE_DOCS, repo / "docs")
    git(repo, "add", ".")
    git(repo, "commit", "-q", "-m", "docs")
    git(repo, "checkout", "-q", "-b", "flipped")
    page = repo / PAGE
    text = page.read_text(encoding="utf-8")
    page.write_text(
        text.replace("| <term>Ascend 950DT</term> | ✘ |", "| <term>Ascend 950DT</term> | ✔ |", 1),
        encoding="utf-8",
    )
    git(repo, "commit", "-q", "-am", "put_metric on 950DT")
    site = repo.parent / "site"
    code = run(
        [
            "report",
            "--git",
            str(repo),
            "--ref",
            "release",
            "--ref",
            "flipped",
            "--html",
            str(site),
            "--no-cache",
        ]
    )
    assert code == 0
    return site


def test_each_ref_is_a_row_of_its_own(two_refs: Path) -> None:
    data = api_data(two_refs)
    assert data["refs"] == ["release", "flipped"]
    rows = [row for row in data["rows"] if row[0] == PUT_METRIC]
    assert [(data["refs"][row[5]], [cell[1] for cell in row[2]]) for row in rows] == [
        ("release", ["ssu", "ssu"]),
        ("flipped", ["sss", "ssu"]),
    ]


def test_the_index_counts_each_ref_apart(two_refs: Path) -> None:
    index = (two_refs / "index.html").read_text(encoding="utf-8")
    assert re.findall(r"<h2>(Support by[^<]*)</h2>", index) == [
        "Support by version and product (zh pages at release)",
        "Support by version and product (zh pages at flipped)",
    ]
    tables = re.findall(
        r'<table class="support" data-lang="zh" data-ref="([^"]*)">(.*?)</table>', index, re.S
    )
    counts = {}
    for ref, table in tables:
        row = re.search(r'<tr data-version="2.12.0">(.*?)</tr>', table, re.S)
        assert row is not None
        counts[ref] = [int(n) for n in re.findall(r'data-count="(\d+)"', row.group(1))][8:10]
    assert counts == {"release": [1, 2], "flipped": [2, 1]}  # Ascend 950DT ✔ and ✘


def test_the_ref_filter_shows_one_ref(two_refs: Path) -> None:
    need_browser()
    dom = dump_dom(f"{(two_refs / 'apis.html').as_uri()}#q=put_metric&ref=flipped")
    rows = re.findall(r'<tr data-api="([^"]*)" data-lang="zh" data-ref="([^"]*)">', dom)
    assert rows == [(PUT_METRIC, "flipped")]
