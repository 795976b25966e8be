"""The last-resort handler: an exception no part of docs-check expected is one
line naming docs-check's version, what failed and the log with the traceback,
and exit 4, which CI tells from findings (1) and input errors (2)."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any, NoReturn

import pytest

from checker import __version__
from checker.outcome import ExitCode
from tests.conftest import Invoke
from tests.helpers import REPO


def _boom(*args: Any, **kwargs: Any) -> NoReturn:
    raise ValueError("a bug in the flow")


def test_a_crash_is_one_line_exit_4_and_a_log(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setattr("checker.app.lint.lint", _boom)
    code, out, err = cli("lint", "examples/docs")
    log = tmp_path / "cache" / "docs-check.log"
    assert code == ExitCode.CRASHED == 4
    assert out == ""
    assert err == (
        f"docs-check {__version__}: unexpected error: ValueError: a bug in the flow; "
        f"the details are in {log} (please report it with that file)\n"
    )
    text = log.read_text(encoding="utf-8")
    assert text.startswith(f"### version information\n\ndocs-check: {__version__}\n")
    assert "command: docs-check lint examples/docs\n" in text
    assert "### error information\n\nTraceback (most recent call last):\n" in text
    assert "in _boom\n" in text
    assert text.endswith("ValueError: a bug in the flow\n")


def test_a_crash_without_a_cache_folder_logs_to_the_temporary_folder(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(blocked / "cache"))  # cannot be made
    monkeypatch.setenv("TMPDIR", str(tmp_path / "tmp"))
    os.mkdir(tmp_path / "tmp")
    monkeypatch.setattr("tempfile.tempdir", None)  # TMPDIR read again
    monkeypatch.setattr("checker.app.show.show", _boom)
    code, _, err = cli("show", "put_metric", "examples/docs")
    assert code == 4
    assert f"the details are in {tmp_path / 'tmp' / 'docs-check.log'} " in err
    assert "ValueError: a bug in the flow" in (tmp_path / "tmp" / "docs-check.log").read_text(
        encoding="utf-8"
    )


def test_a_crash_with_no_log_is_still_one_line(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setattr("checker.cli.crashed._written", lambda text: None)
    monkeypatch.setattr("checker.app.lint.lint", _boom)
    code, out, err = cli("lint", "examples/docs")
    assert (code, out) == (4, "")
    assert err == (
        f"docs-check {__version__}: unexpected error: ValueError: a bug in the flow "
        "(no log could be written; please report it with the command that failed)\n"
    )
