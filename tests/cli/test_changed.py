"""`lint --staged` and `lint --changed-since REF`: only the findings on the
entries a change touched, the others counted in the summary as not touched
(as reviewdog's filter-mode=added, diff-cover, darker). A whitespace edit of
a title on a page with findings from before passes; a flip the shipped rule
refuses is reported at its row; a page that is wholly new is reported whole.
Run in a repository shaped like torch-npu's (tests/app/changed_repo.py)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.app.changed_repo import (
    BEFORE,
    FLIPPED,
    PAGE,
    build_changed_repo,
    edit_line,
    flip,
    retitle,
)
from tests.conftest import Invoke
from tests.helpers import git

WHOLE = "2 findings (1 error, 1 warning) in 1 file, 2 entries\n"


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    built = build_changed_repo(tmp_path / "torch-npu")
    monkeypatch.chdir(built)
    return built


def test_a_staged_whitespace_edit_of_a_title_passes(cli: Invoke, repo: Path) -> None:
    retitle(repo)
    git(repo, "add", PAGE)
    assert cli("lint", "--fail-on", "warning", PAGE) == (1, BEFORE, WHOLE)  # the whole file
    assert cli("lint", "--staged", "--fail-on", "warning", PAGE) == (
        0,
        "",
        "0 findings (0 errors, 0 warnings) in 1 file, 2 entries; not shown: 2 not touched\n",
    )


def test_a_staged_flip_against_the_rule_is_refused_at_its_row(cli: Invoke, repo: Path) -> None:
    flip(repo)
    git(repo, "add", PAGE)
    assert cli("lint", "--staged", "--fail-on", "warning", PAGE) == (
        1,
        FLIPPED,
        "1 finding (1 error, 0 warnings) in 1 file, 2 entries; not shown: 2 not touched\n",
    )


def test_staged_is_the_index_not_the_working_tree(cli: Invoke, repo: Path) -> None:
    flip(repo)  # not staged: no part of the commit
    code, out, _ = cli("lint", "--staged", PAGE)
    assert (code, out) == (0, "")


def test_a_change_inside_an_entry_reports_all_its_findings(cli: Invoke, repo: Path) -> None:
    edit_line(repo, 35, "✔", "✔ ")  # initialize_metrics's A2 row
    git(repo, "add", PAGE)
    assert cli("lint", "--staged", PAGE) == (1, BEFORE, WHOLE)


def test_changed_since_judges_the_branch_against_its_merge_base(cli: Invoke, repo: Path) -> None:
    git(repo, "checkout", "-q", "-b", "retitle")
    retitle(repo)
    git(repo, "commit", "-qam", "a title")
    git(repo, "checkout", "-q", "master")
    flip(repo)  # master moves on: no change of the branch
    git(repo, "commit", "-qam", "flipped")
    git(repo, "checkout", "-q", "retitle")
    code, out, err = cli("lint", "--changed-since", "master", "--fail-on", "warning", PAGE)
    assert (code, out) == (0, "")
    assert err.endswith("; not shown: 2 not touched\n")
    flip(repo)  # the working tree is part of the change, staged or not
    assert cli("lint", "--changed-since", "master", PAGE) == (
        1,
        FLIPPED,
        "1 finding (1 error, 0 warnings) in 1 file, 2 entries; not shown: 2 not touched\n",
    )


def test_a_new_page_is_reported_whole(cli: Invoke, repo: Path) -> None:
    """New in the index (--staged), or untracked (--changed-since): every
    finding of it, there being nothing it had before."""
    new = PAGE.replace("torch-distributed-elastic", "torch-distributed-copy")
    (repo / new).write_text((repo / PAGE).read_text(encoding="utf-8"), encoding="utf-8")
    code, out, _ = cli("lint", "--changed-since", "HEAD", new)
    assert code == 1
    assert out == BEFORE.replace(PAGE, new)
    git(repo, "add", new)
    code, out, _ = cli("lint", "--staged", new)
    assert code == 1
    assert out == BEFORE.replace(PAGE, new)


def test_a_missing_ref_is_one_line(cli: Invoke, repo: Path) -> None:
    assert cli("lint", "--changed-since", "mastr", PAGE) == (
        2,
        "",
        "docs-check: error: .: no such ref 'mastr' (closest: master)\n",
    )


def test_outside_a_repository_is_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    outside = tmp_path / "outside"
    outside.mkdir()
    monkeypatch.chdir(outside)
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))
    code, out, err = cli("lint", "--staged", ".")
    assert (code, out) == (2, "")
    assert err.startswith("docs-check: error: .: not a git repository")
    assert err.count("\n") == 1
    code, out, err = cli("lint", "--changed-since", "master", ".")
    assert (code, out) == (2, "")
    assert err.startswith("docs-check: error: .: not a git repository")
    assert err.count("\n") == 1


def test_the_options_that_do_not_go_together(cli: Invoke, repo: Path) -> None:
    code, _, err = cli("lint", "--staged", "--changed-since", "master", PAGE)
    assert code == 2
    assert err.endswith("--changed-since and --staged go apart: give one\n")
    code, _, err = cli("lint", "--staged", "--git", ".", "--ref", "master", "docs")
    assert code == 2
    assert err.endswith("--staged judges the working tree: not with --ref\n")


def test_what_a_touched_entry_makes_another_page_contradict_is_kept(
    cli: Invoke, repo: Path
) -> None:
    """put_metric documented on a second page of 2.12.0 (a duplicate-api from
    before): the flip makes it an api-conflict on that page, untouched, which
    is the change's finding all the same."""
    other = PAGE.replace("torch-distributed-elastic", "torch-other")
    text = (repo / PAGE).read_text(encoding="utf-8")
    cut = text.index("\n### torch.distributed.elastic.metrics.init")
    (repo / other).write_text(text[:cut], encoding="utf-8")
    git(repo, "add", other)
    git(repo, "commit", "-qm", "put_metric twice")
    flip(repo)
    git(repo, "add", PAGE)
    conflict = (
        f"{other}:21: api-conflict torch.distributed.elastic.metrics.put_metric for 2.12.0 "
        f"contradicts {PAGE}:21 (ascend-950 unsupported here, supported there)\n"
    )
    assert cli("lint", "--staged", "docs") == (
        1,
        FLIPPED + conflict,
        "2 findings (2 errors, 0 warnings) in 5 files, 6 entries; not shown: 2 not touched\n",
    )


def test_a_ref_with_no_common_commit_is_one_line(cli: Invoke, repo: Path) -> None:
    git(repo, "checkout", "-q", "--orphan", "elsewhere")
    git(repo, "commit", "-qm", "another history")
    git(repo, "checkout", "-q", "master")
    assert cli("lint", "--changed-since", "elsewhere", PAGE) == (
        2,
        "",
        "docs-check: error: --changed-since: elsewhere has no commit in common with HEAD\n",
    )


def test_lines_removed_touch_the_entry_they_were_in(cli: Invoke, repo: Path) -> None:
    """initialize_metrics's ✗ row deleted: its nonstandard-mark goes, and the
    entry the deletion touched is reported: its link-version from before, and
    the product it no longer names."""
    page = repo / PAGE
    lines = page.read_text(encoding="utf-8").split("\n")
    assert lines[36] == "| <term>Ascend 950DT</term> | ✗ |"
    del lines[36]
    page.write_text("\n".join(lines), encoding="utf-8")
    git(repo, "add", PAGE)
    code, out, _ = cli("lint", "--staged", PAGE)
    assert (code, out) == (
        1,
        BEFORE.splitlines(keepends=True)[0]
        + f"{PAGE}:33: product-set-differs torch.distributed.elastic.metrics.initialize_metrics "
        "names other products than the rest of the file (extra: none; missing: ascend-950)\n",
    )


def test_a_page_whose_name_git_quotes(cli: Invoke, repo: Path) -> None:
    """`+++ "b/…/torch-\\345\\210\\206….md"`: the path git C-quotes is the page's."""
    named = PAGE.replace("torch-distributed-elastic", "torch-分布式")
    git(repo, "mv", PAGE, named)
    git(repo, "commit", "-qm", "a Chinese name")
    edited = (repo / named).read_text(encoding="utf-8").split("\n")
    edited[34] = edited[34].replace("✔", "✔ ")  # initialize_metrics's A2 row
    (repo / named).write_text("\n".join(edited), encoding="utf-8")
    git(repo, "add", named)
    code, out, _ = cli("lint", "--staged", named)
    assert (code, out) == (1, BEFORE.replace(PAGE, named))
