"""A ref without API pages, as torch-npu's release branches (v2.12.0: tests,
no docs), on tests/app/release_repo.py's clone: the error names the place as
pages are named (`origin/v2.12.0:docs`), and `diff` from or to such a ref
says so in one line instead of reporting every API as added or removed."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.release_repo import DOCS_BRANCHES, RELEASE_BRANCHES, clone_release_repo
from tests.conftest import Invoke


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("no-pages")
    return clone_release_repo(folder, branches=RELEASE_BRANCHES + DOCS_BRANCHES)


def test_lint_names_the_folder_at_the_ref_as_pages_are_named(cli: Invoke, clone: Path) -> None:
    code, out, err = cli("lint", "--git", str(clone), "--ref", "origin/v2.12.0", "docs", "-q")
    assert (code, out) == (2, "")
    assert err == "docs-check: error: no API pages under origin/v2.12.0:docs\n"


def test_without_paths_the_ref_is_named_alone(cli: Invoke, clone: Path) -> None:
    code, _, err = cli(
        "lint", "--git", str(clone), "--ref", "origin/v2.12.0", "--ref", "master", "-q"
    )
    assert code == 2
    assert err.endswith("docs-check: error: no API pages at origin/v2.12.0\n"), err


@pytest.mark.parametrize("sides", [("origin/v2.12.0", "master"), ("master", "origin/v2.12.0")])
def test_diff_with_a_ref_without_pages_says_so_in_one_line(
    cli: Invoke, clone: Path, sides: tuple[str, str]
) -> None:
    code, out, err = cli("diff", "--git", str(clone), *sides, "docs")
    assert (code, out) == (2, "")
    assert err == "docs-check: error: no API pages under origin/v2.12.0:docs\n"


def test_diff_between_two_refs_with_pages_still_reports(cli: Invoke, clone: Path) -> None:
    code, out, err = cli("diff", "--git", str(clone), "origin/v2.7.1-26.1.0", "master", "docs")
    assert code == 0, err
    assert "added" in out and "no API pages" not in out + err


def test_diff_compares_the_refs_as_read(cli: Invoke, clone: Path) -> None:
    """`v2.7.1-26.1.0` is read from origin/v2.7.1-26.1.0, and compared as it."""
    as_read = cli("diff", "--git", str(clone), "origin/v2.7.1-26.1.0", "master", "docs")
    assert cli("diff", "--git", str(clone), "v2.7.1-26.1.0", "master", "docs") == as_read
