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
    (log,) = (tmp_path / "tmp").iterdir()  # a name of its own (a shared folder)
    assert f"the details are in {log} " in err
    assert "ValueError: a bug in the flow" in log.read_text(encoding="utf-8")


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


def no_usable_temporary_folder(monkeypatch: pytest.MonkeyPatch, blocked: Path) -> None:
    """As a read-only container: every folder tempfile would try ($TMPDIR,
    /tmp, /var/tmp, the current folder) refuses a file (here each is under
    the regular file `blocked`, which even root cannot write into)."""
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setattr(
        "tempfile._candidate_tempdir_list", lambda: [str(blocked / "tmp"), str(blocked / "var")]
    )


def test_a_crash_with_no_writable_place_is_one_line_and_exit_4(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(blocked / "cache"))
    no_usable_temporary_folder(monkeypatch, blocked)
    monkeypatch.setattr("checker.app.lint.lint", _boom)
    assert cli("lint", "examples/docs") == (
        4,
        "",
        f"docs-check {__version__}: unexpected error: ValueError: a bug in the flow "
        "(no log could be written; please report it with the command that failed)\n",
    )


def planted(folder: Path, name: str, victim: Path) -> Path:
    """Another user's link at `name` in `folder`, to a file of theirs."""
    victim.write_text("another user's file\n", encoding="utf-8")
    link = folder / name
    link.symlink_to(victim)
    return link


def test_the_log_in_the_temporary_folder_never_follows_or_replaces_what_is_there(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    shared = tmp_path / "tmp"
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp
    link = planted(shared, "docs-check.log", tmp_path / "victim")
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(blocked / "cache"))
    monkeypatch.setenv("TMPDIR", str(shared))
    monkeypatch.setattr("tempfile.tempdir", None)
    monkeypatch.setattr("checker.app.lint.lint", _boom)
    code, _, err = cli("lint", "examples/docs")
    assert code == 4
    assert (tmp_path / "victim").read_text(encoding="utf-8") == "another user's file\n"
    assert link.is_symlink() and link.resolve() == tmp_path / "victim"
    (log,) = [path for path in shared.iterdir() if path != link]
    assert err.endswith(f"the details are in {log} (please report it with that file)\n")
    assert log.name.startswith("docs-check-") and log.name.endswith(".log")
    assert not log.is_symlink() and log.stat().st_uid == os.geteuid()
    assert oct(log.stat().st_mode & 0o777) == oct(0o600)  # a traceback is the user's own
    assert "ValueError: a bug in the flow" in log.read_text(encoding="utf-8")


def test_the_log_in_the_cache_folder_replaces_a_link_never_follows_it(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    link = planted(cache, "docs-check.log", tmp_path / "victim")
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(cache))
    monkeypatch.setattr("checker.app.lint.lint", _boom)
    code, _, err = cli("lint", "examples/docs")
    assert code == 4
    assert (tmp_path / "victim").read_text(encoding="utf-8") == "another user's file\n"
    assert not link.is_symlink()
    assert "ValueError: a bug in the flow" in link.read_text(encoding="utf-8")
    assert f"the details are in {link} " in err


class Unsayable(Exception):
    def __str__(self) -> str:
        raise RuntimeError("no text")


def test_an_exception_that_cannot_say_itself_is_still_one_line(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path))

    def unsayable(*args: Any, **kwargs: Any) -> NoReturn:
        raise Unsayable

    monkeypatch.setattr("checker.app.lint.lint", unsayable)
    code, out, err = cli("lint", "examples/docs")
    assert (code, out) == (4, "")
    assert err == (
        f"docs-check {__version__}: unexpected error: Unsayable; the details are in "
        f"{tmp_path / 'docs-check.log'} (please report it with that file)\n"
    )
