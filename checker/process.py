"""The one subprocess wrapper: argument lists (never a shell), a timeout,
stdout and stderr captured. A missing executable or a hang is a result the
caller reports, not an exception."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class CommandResult:
    """A command run to its end (or not): its exit code, output and time."""

    argv: tuple[str, ...]
    exit_code: int | None  # None: it never ran to an exit (missing, timed out)
    stdout: str
    stderr: str
    duration_s: float
    failure: str | None = None  # why it did not run to an exit, in one line
    output: bytes = b""  # stdout as bytes, for callers that read binary data (git)

    @property
    def ok(self) -> bool:
        return self.exit_code == 0

    @property
    def last_words(self) -> str:
        """The last line it wrote to stderr that is not blank: what a crash
        report of one line quotes (a traceback ends with the error)."""
        lines = [line for line in self.stderr.splitlines() if line.strip()]
        return lines[-1].strip() if lines else "no output"


def run_command(
    argv: Sequence[str],
    *,
    timeout: float,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    stdin: bytes | None = None,
    unset: Collection[str] = (),
) -> CommandResult:
    """`env` is added to this process's environment; the names in `unset` are
    left out of it."""
    started = start_command(argv, env=env, cwd=cwd, takes_input=stdin is not None, unset=unset)
    return started.finish(stdin, timeout=timeout)


def start_command(
    argv: Sequence[str],
    *,
    env: Mapping[str, str] | None = None,
    cwd: str | None = None,
    takes_input: bool = False,
    unset: Collection[str] = (),
) -> Started:
    """run_command in two steps: the command starts now (it can get on with
    its own start-up, e.g. importing torch) and is given its input, waited for
    and timed out by `finish`. Whoever starts a command finishes or cancels it."""
    full_env = None
    if env or unset:
        merged = {**os.environ, **(env or {})}
        full_env = {name: value for name, value in merged.items() if name not in unset}
    started = time.monotonic()
    try:
        # Its own process group, so that a timeout ends what it started too
        # (a `--python` wrapper script's Python, a test's workers).
        process = subprocess.Popen(
            list(argv),
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.PIPE if takes_input else subprocess.DEVNULL,
            env=full_env,
            cwd=cwd,
            start_new_session=True,
        )
    except FileNotFoundError:
        return Started(tuple(argv), started, None, f"executable not found: {argv[0]}")
    except PermissionError:
        return Started(tuple(argv), started, None, f"executable not runnable: {argv[0]}")
    except OSError as error:  # Exec format error and the like
        why = f"executable not runnable: {argv[0]} ({error.strerror})"
        return Started(tuple(argv), started, None, why)
    return Started(tuple(argv), started, process)


@dataclass
class Started:
    """A command that start_command started (or could not start: `failure`)."""

    argv: tuple[str, ...]
    started: float
    process: subprocess.Popen[bytes] | None
    failure: str | None = None

    def finish(self, stdin: bytes | None, timeout: float) -> CommandResult:
        """Gives it its input and waits up to `timeout` seconds from now."""
        process = self.process
        if process is None:
            return _not_run(self.argv, self.started, self.failure or "not started")
        with process:
            try:
                stdout, stderr = process.communicate(stdin, timeout=timeout)
            except subprocess.TimeoutExpired as expired:
                _kill_group(process)
                result = _not_run(self.argv, self.started, f"timed out after {timeout:g} s")
                return CommandResult(
                    result.argv,
                    None,
                    _text(expired.stdout),
                    _text(expired.stderr),
                    result.duration_s,
                    result.failure,
                )
            except BaseException:  # Ctrl-C: leave nothing running
                _kill_group(process)
                raise
        return CommandResult(
            self.argv,
            process.returncode,
            _text(stdout),
            _text(stderr),
            time.monotonic() - self.started,
            output=stdout,
        )

    def cancel(self) -> None:
        """Ends it, and what it started, if it is still running."""
        if self.process is not None and self.process.returncode is None:
            _kill_group(self.process)
            for stream in (self.process.stdin, self.process.stdout, self.process.stderr):
                if stream is not None:
                    stream.close()


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    with contextlib.suppress(ProcessLookupError):  # already gone
        os.killpg(process.pid, signal.SIGKILL)
    process.wait()


def _not_run(argv: Sequence[str], started: float, why: str) -> CommandResult:
    return CommandResult(tuple(argv), None, "", "", time.monotonic() - started, why)


def _text(output: bytes | None) -> str:
    """Bytes as text the way text mode would give them: invalid UTF-8 replaced,
    universal newlines."""
    text = (output or b"").decode("utf-8", "replace")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def last_json_object(
    stdout: str, accept: Callable[[dict[str, Any]], bool]
) -> dict[str, Any] | None:
    """The JSON object a child printed last (its report, after whatever else it
    printed); None when there is none, it does not parse or `accept` refuses it."""
    for line in reversed(stdout.splitlines()):
        if line.startswith("{"):
            try:
                document = json.loads(line)
            except json.JSONDecodeError:
                return None
            return document if isinstance(document, dict) and accept(document) else None
    return None
