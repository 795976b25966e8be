"""`docs-check stats`: the docs' statements counted per docs version, product
and status, a table per tree and language (text, in the run's language) or
one document (JSON); input errors are one line each, the other pages still
counted (exit 2)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.model.query import STATUSES
from tests.helpers import git
from tests.site import write_flatten_site

EXAMPLES = "examples/docs"
Invoke = Callable[..., tuple[int, str, str]]
PAGE = "## torch.abs\n\n**是否支持**：是\n\n## torch.neg\n\n**是否支持**：否\n"
TEXT = """\
Support by version and product (zh pages)
version  product     supported  unsupported  unstated  conflict
2.7.1    atlas-a2            3            1         0         0
2.7.1    atlas-a3            3            1         0         0
2.7.1    ascend-950          3            1         0         0
2.11.0   atlas-a2            3            0         0         0
2.11.0   atlas-a3            3            0         0         0
2.11.0   ascend-950          0            0         3         0
2.12.0   atlas-a2            9            0         1         0
2.12.0   atlas-a3            9            0         1         0
2.12.0   ascend-950          2            7         1         0

Support by version and product (en pages)
version  product     supported  unsupported  unstated  conflict
2.7.1    atlas-a2            4            1         0         0
2.7.1    atlas-a3            4            1         0         0
2.7.1    ascend-950          4            1         0         0
"""
TEXT_ZH = """\
按版本和产品统计的支持情况（zh 页面）
版本    产品        支持  不支持  未说明  冲突
2.7.1   atlas-a2       3       1       0     0
"""


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    return cli_at_repo


def test_text_is_a_table_per_language_of_the_versions_it_has(cli: Invoke) -> None:
    assert cli("stats", EXAMPLES) == (0, TEXT, "")


def test_text_in_chinese_is_aligned_by_the_columns_its_headings_take(cli: Invoke) -> None:
    code, out, err = cli("--lang", "zh", "stats", EXAMPLES)
    assert (code, err) == (0, "")
    assert out.startswith(TEXT_ZH)
    assert "\n\n按版本和产品统计的支持情况（en 页面）\n" in out


def test_json_holds_the_texts_counts(cli: Invoke) -> None:
    code, out, err = cli("stats", EXAMPLES, "--format", "json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert document["versions"] == ["2.7.1", "2.11.0", "2.12.0"]
    assert document["products"] == ["atlas-a2", "atlas-a3", "ascend-950"]
    assert len(document["counts"]) == 9 + 3  # zh: three versions, en: one; three products
    assert document["counts"][-1] == {
        "ref": None,
        "lang": "en",
        "version": "2.7.1",
        "product": "ascend-950",
        "supported": 4,
        "unsupported": 1,
        "unstated": 0,
        "conflict": 0,
    }


def test_two_refs_are_counted_apart_in_the_order_given(cli: Invoke, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    page = repo / "docs/zh/api/native_api/pytorch_2-12-0/torch.md"
    page.parent.mkdir(parents=True)
    page.write_text(PAGE, encoding="utf-8")
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "two")
    git(repo, "tag", "old")
    page.write_text(PAGE.replace("：否", "：是"), encoding="utf-8")
    git(repo, "commit", "-q", "--no-gpg-sign", "-am", "both supported")
    argv = ("stats", "--git", str(repo), "--ref", "master", "--ref", "old")
    code, out, err = cli(*argv)
    assert (code, err) == (0, "")
    assert out == (
        "Support by version and product (zh pages at master)\n"
        "version  product     supported  unsupported  unstated  conflict\n"
        "2.12.0   atlas-a2            2            0         0         0\n"
        "2.12.0   atlas-a3            2            0         0         0\n"
        "2.12.0   ascend-950          2            0         0         0\n"
        "\n"
        "Support by version and product (zh pages at old)\n"
        "version  product     supported  unsupported  unstated  conflict\n"
        "2.12.0   atlas-a2            1            1         0         0\n"
        "2.12.0   atlas-a3            1            1         0         0\n"
        "2.12.0   ascend-950          1            1         0         0\n"
    )


def test_an_unreadable_page_is_one_error_and_the_others_are_counted(
    cli: Invoke, tmp_path: Path
) -> None:
    folder = tmp_path / "docs/zh/api/native_api/pytorch_2-12-0"
    folder.mkdir(parents=True)
    (folder / "bad.md").write_bytes(b"\xc3(\n")
    (folder / "good.md").write_text(PAGE, encoding="utf-8")
    code, out, err = cli("stats", str(tmp_path), "--format", "json")
    assert code == 2
    bad = folder / "bad.md"
    assert err == f"docs-check: error: {bad}:1: invalid UTF-8 at byte offset 0; file skipped\n"
    assert (json.loads(out)["entries"], json.loads(out)["counts"][0]["supported"]) == (2, 1)


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("stats", "no/such/docs"), "docs-check: error: no/such/docs: no such file or folder\n"),
        (
            ("stats", "--git", ".", "--ref", "no-such-ref"),
            "docs-check: error: .: no such ref 'no-such-ref'\n",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(cli: Invoke, argv: tuple[str, ...], said: str) -> None:
    assert cli(*argv) == (2, "", said)


def test_a_format_it_does_not_write_is_refused(cli: Invoke) -> None:
    code, out, err = cli("stats", EXAMPLES, "--format", "markdown")
    assert (code, out) == (2, "")
    assert "'markdown' is not one of 'text', 'json'" in err


def test_statements_in_dispute_are_counted_in_conflict_as_the_site_counts_them(
    cli: Invoke, tmp_path: Path
) -> None:
    """Tensor.flatten's Ascend 950DT, ✘ on one page and ✔ on another of
    2.13.0: both statements in conflict, in the site's support table and in
    stats alike (checker.model.query counts both)."""
    site = write_flatten_site(tmp_path / "site", tmp_path / "docs")
    index = (site / "index.html").read_text(encoding="utf-8")
    shown = [int(n) for n in re.findall(r'data-count="(\d+)"', index)]
    code, out, _ = cli("stats", str(tmp_path / "docs"), "--format", "json")
    assert code == 0
    counted = [[row[s] for s in STATUSES] for row in json.loads(out)["counts"]]
    assert counted == [[2, 0, 0, 0], [0, 0, 2, 0], [0, 0, 0, 2]]
    assert shown == [n for row in counted for n in row]
