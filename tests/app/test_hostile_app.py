"""Flows given what they cannot use: a baseline run over a page it cannot read,
and live runs (verify, probe) in an interpreter that cannot be started. Each is
an input error: exit 2, one line each, and nothing written."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

Invoke = Callable[..., tuple[int, str, str]]
EXAMPLES = "examples/docs"
LINT_SUMMARY = "8 findings (6 errors, 2 warnings) in 6 files, 22 entries"


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    return cli_at_repo


# -- baseline ---------------------------------------------------------------------------------


def unreadable_page(tmp_path: Path) -> tuple[Path, str]:
    """A page that is not UTF-8, and its error line."""
    folder = tmp_path / "docs" / "zh" / "pytorch_2-12-0"
    folder.mkdir(parents=True)
    page = folder / "torch-x.md"
    page.write_bytes(b"# torch.x\n\n\xff\n")
    return page, f"{page}:3: invalid UTF-8 at byte offset 11; file skipped"


def test_a_baseline_run_with_input_errors_writes_nothing(cli: Invoke, tmp_path: Path) -> None:
    _, error = unreadable_page(tmp_path)
    output = tmp_path / "baseline.json"
    code, out, err = cli("baseline", EXAMPLES, str(tmp_path / "docs"), "--output", str(output))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        LINT_SUMMARY,
        f"docs-check: error: {error}",
        f"docs-check: error: {output}: baseline not written: 1 input error",
    ]
    assert not output.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs"]  # no temporary file either


def test_a_baseline_run_with_input_errors_keeps_the_old_file(cli: Invoke, tmp_path: Path) -> None:
    output = tmp_path / "baseline.json"
    code, _, err = cli("baseline", EXAMPLES, "--output", str(output))
    assert (code, err) == (0, f"wrote 8 findings to {output}\n")
    before = output.read_bytes()
    assert len(json.loads(before)["findings"]) == 8
    unreadable_page(tmp_path)
    (tmp_path / "docs" / "zh" / "pytorch_2-12-0" / "empty.md").write_bytes(b"")
    code, _, err = cli("baseline", EXAMPLES, str(tmp_path / "docs"), "--output", str(output))
    assert code == 2
    assert err.splitlines()[-1] == (
        f"docs-check: error: {output}: baseline not written: 2 input errors"
    )
    assert output.read_bytes() == before


# -- an interpreter the command line names that cannot be started ------------------------------


def not_found(python: str) -> str:
    return f"docs-check: error: {python}: no such interpreter (executable not found: {python})\n"


def not_runnable(python: str) -> str:
    return f"docs-check: error: {python}: no such interpreter (executable not runnable: {python})\n"


def test_verify_with_a_missing_python_is_an_input_error(cli: Invoke, tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-python")
    assert cli("verify", EXAMPLES, "--python", missing) == (2, "", not_found(missing))
    assert cli("verify", EXAMPLES, "--python", "/nonexistent") == (2, "", not_found("/nonexistent"))


def test_verify_with_a_missing_python_for_a_version(cli: Invoke, tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-python")
    code, out, err = cli("verify", EXAMPLES, "--python-for", f"2.12.0={missing}")
    assert (code, out, err) == (2, "", not_found(missing))


def test_verify_with_a_python_that_is_no_executable_file(cli: Invoke, tmp_path: Path) -> None:
    script = tmp_path / "python"
    script.write_text("#!/bin/sh\nexit 0\n")  # not executable: mode 644
    assert cli("verify", EXAMPLES, "--python", str(script)) == (2, "", not_runnable(str(script)))
    folder = str(tmp_path)
    assert cli("verify", EXAMPLES, "--python-for", f"2.7.1={folder}") == (
        2,
        "",
        not_runnable(folder),
    )


def test_verify_resolving_with_a_missing_python_says_it_once(cli: Invoke) -> None:
    code, out, err = cli("verify", EXAMPLES, "--resolve-apis", "--python", "/nonexistent")
    assert (code, out, err) == (2, "", not_found("/nonexistent"))


def test_probe_with_a_missing_python_writes_nothing(cli: Invoke, tmp_path: Path) -> None:
    output = tmp_path / "evidence.json"
    code, out, err = cli("probe", "--output", str(output), "--python", "/nonexistent")
    assert (code, out, err) == (2, "", not_found("/nonexistent"))
    assert not output.exists()
