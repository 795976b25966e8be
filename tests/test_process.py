"""checker.process.run_command: the one subprocess wrapper, on real child
processes. A missing executable, a hang or an unrunnable file is a result with a
one-line failure, never an exception."""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from pathlib import Path

import pytest

from checker.process import run_command

PYTHON = sys.executable


def python(code: str, *args: str) -> list[str]:
    return [PYTHON, "-c", code, *args]


def alive(pid: int) -> bool:
    """Whether pid is a running process (a zombie waiting to be reaped is not)."""
    try:
        status = Path(f"/proc/{pid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return False
    return status.rsplit(")", 1)[1].split()[0] != "Z"


def script(path: Path, text: str) -> str:
    path.write_text(text)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return str(path)


def test_stdout_stderr_and_exit_code_are_captured() -> None:
    code = "import sys; print('to out'); print('to err', file=sys.stderr); sys.exit(7)"
    result = run_command(python(code), timeout=60)
    assert result.exit_code == 7
    assert result.stdout == "to out\n"
    assert result.stderr == "to err\n"
    assert result.failure is None
    assert not result.ok
    assert result.argv == (PYTHON, "-c", code)
    assert result.duration_s > 0


def test_exit_zero_is_ok() -> None:
    result = run_command(python("print('fine')"), timeout=60)
    assert (result.exit_code, result.ok, result.stdout, result.failure) == (0, True, "fine\n", None)


def test_env_adds_to_the_inherited_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("DOCS_CHECK_TEST_INHERITED", "kept")
    code = "import os; print(os.environ['DOCS_CHECK_TEST_INHERITED'], os.environ['EXTRA'])"
    result = run_command(python(code), timeout=60, env={"EXTRA": "added"})
    assert result.stdout == "kept added\n", result.stderr
    assert "EXTRA" not in os.environ  # the checker's own environment is untouched


def test_cwd_is_the_childs_working_folder(tmp_path: Path) -> None:
    result = run_command(python("import os; print(os.getcwd())"), timeout=60, cwd=str(tmp_path))
    assert Path(result.stdout.strip()).resolve() == tmp_path.resolve()


def test_stdin_is_empty_so_a_reading_child_does_not_wait() -> None:
    result = run_command(python("import sys; print(repr(sys.stdin.read()))"), timeout=10)
    assert (result.exit_code, result.stdout) == (0, "''\n")


def test_undecodable_output_is_replaced_not_raised() -> None:
    result = run_command(python("import sys; sys.stdout.buffer.write(b'a\\xffb')"), timeout=60)
    assert result.exit_code == 0
    assert result.stdout == "a\ufffdb"


def test_missing_executable_is_a_result(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-python")
    result = run_command([missing, "-c", "pass"], timeout=60)
    assert result.exit_code is None
    assert result.failure == f"executable not found: {missing}"
    assert (result.stdout, result.stderr) == ("", "")
    assert not result.ok


def test_file_without_execute_permission_is_a_result(tmp_path: Path) -> None:
    path = tmp_path / "python"
    path.write_text("#!/bin/sh\necho never\n")
    path.chmod(0o644)
    result = run_command([str(path)], timeout=60)
    assert result.exit_code is None
    assert result.failure == f"executable not runnable: {path}"


def test_executable_that_is_no_program_is_a_result(tmp_path: Path) -> None:
    # execute permission, but neither a binary nor a #! script: exec fails (ENOEXEC)
    path = script(tmp_path / "python", "\x00\x01 not a program\n")
    result = run_command([str(path)], timeout=60)
    assert result.exit_code is None
    assert result.failure is not None
    assert result.failure.startswith(f"executable not runnable: {path}"), result.failure
    assert "format" in result.failure  # the system's reason: Exec format error


def test_timeout_is_a_result_and_returns_promptly() -> None:
    started = time.monotonic()
    result = run_command(python("import time; time.sleep(60)"), timeout=1)
    elapsed = time.monotonic() - started
    assert result.exit_code is None
    assert result.failure == "timed out after 1 s"
    assert not result.ok
    assert 1 <= result.duration_s < 10
    assert elapsed < 10


def test_timeout_keeps_what_the_child_printed_before() -> None:
    code = "import sys, time; print('started', flush=True); time.sleep(60)"
    result = run_command(python(code), timeout=2)
    assert result.failure == "timed out after 2 s"
    assert result.stdout == "started\n"


def test_timeout_ends_the_childs_own_children(tmp_path: Path) -> None:
    """A `--python` wrapper script (one that sets up CANN's environment, say)
    whose Python hangs: the timeout must end the Python too, not only the shell."""
    pid_file = tmp_path / "sleeper.pid"
    wrapper = script(
        tmp_path / "python-wrapper",
        f'#!/bin/sh\nsleep 60 &\necho $! > "{pid_file}"\nwait\n',
    )
    started = time.monotonic()
    result = run_command([wrapper], timeout=1)
    assert result.failure == "timed out after 1 s"
    assert time.monotonic() - started < 10
    sleeper = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while alive(sleeper) and time.monotonic() < deadline:
        time.sleep(0.05)
    try:
        assert not alive(sleeper), "the wrapper's child outlived the timeout"
    finally:
        if alive(sleeper):
            os.kill(sleeper, 9)


def test_arguments_are_passed_literally_never_to_a_shell(tmp_path: Path) -> None:
    marker = tmp_path / "injected"
    hostile = [f"a; touch {marker}", "$(echo no)", "`echo no`", "*", "b && c", "'q'", ""]
    code = "import json, sys; print(json.dumps(sys.argv[1:]))"
    result = run_command(python(code, *hostile), timeout=60, cwd=str(tmp_path))
    assert result.exit_code == 0, result.stderr
    assert result.stdout.strip() == json.dumps(hostile)
    assert not marker.exists()
