"""`--output FILE`: the report goes to the file (written whole, atomically)
instead of stdout; the summary and the errors stay on stderr."""

from __future__ import annotations

from pathlib import Path

import pytest

from .conftest import REPO, VERIFY_FAILING, Invoke, stable

LINT_SUMMARY = "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"


@pytest.mark.parametrize("fmt", ["text", "json", "junit", "sarif", "markdown"])
def test_lint_output_is_what_stdout_would_have_been(cli: Invoke, tmp_path: Path, fmt: str) -> None:
    code, printed, err = cli("lint", "examples/docs", "--format", fmt)
    target = tmp_path / f"report.{fmt}"
    assert cli("lint", "examples/docs", "--format", fmt, "--output", str(target)) == (1, "", err)
    assert code == 1
    assert target.read_text(encoding="utf-8") == printed
    assert err == ("" if fmt == "json" else LINT_SUMMARY)


def test_lint_text_output_matches_the_cli_snapshot(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "lint.txt"
    assert cli("lint", "examples/docs", "--output", str(target)) == (1, "", LINT_SUMMARY)
    snapshot = REPO / "tests" / "fixtures" / "cli" / "lint.txt"
    assert target.read_text(encoding="utf-8") == snapshot.read_text(encoding="utf-8")


@pytest.mark.parametrize("fmt", ["text", "json", "junit", "sarif", "markdown"])
def test_verify_output(cli: Invoke, tmp_path: Path, fmt: str) -> None:
    code, printed, err = cli(*VERIFY_FAILING, "--format", fmt)
    target = tmp_path / "verify.out"
    assert cli(*VERIFY_FAILING, "--format", fmt, "--output", str(target)) == (code, "", err)
    assert stable(target.read_text(encoding="utf-8")) == printed
    assert err.endswith("; 3 findings; exit 1\n") if fmt != "json" else err == ""


def test_show_output(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "show.json"
    argv = ("show", "put_metric", "--docs", "examples/docs", "--format", "json")
    assert cli(*argv, "--output", str(target)) == (0, "", "")
    snapshot = REPO / "tests" / "fixtures" / "cli" / "show.json"
    assert target.read_text(encoding="utf-8") == snapshot.read_text(encoding="utf-8")


def test_output_replaces_an_existing_file_and_leaves_no_temporary(
    cli: Invoke, tmp_path: Path
) -> None:
    target = tmp_path / "report.xml"
    target.write_text("old and much longer than nothing " * 100, encoding="utf-8")
    clean = "tests/fixtures/verify/docs/docs/zh/api/native_api/pytorch_2-13-0"
    cli("lint", clean, "--output", str(target))
    assert target.read_text(encoding="utf-8") == ""  # a clean text report is empty
    assert [p.name for p in tmp_path.iterdir()] == ["report.xml"]


def test_output_into_a_missing_folder_is_exit_2(cli: Invoke, tmp_path: Path) -> None:
    target = tmp_path / "no" / "such" / "report.sarif"
    code, out, err = cli("lint", "examples/docs", "--format", "sarif", "--output", str(target))
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: {target}: cannot write: No such file or directory\n"
    assert not (tmp_path / "no").exists()
