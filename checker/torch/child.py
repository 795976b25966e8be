"""One `harness.py --serve` process (see harness.py): started through
checker.process, given a job a line on its stdin, read a JSON line per answer
on its stdout. Threads read its stdout and stderr as they come, so that a
job's answer can be waited for with a timeout and a crash's last words are
kept; a job that does not answer in time ends the process, and the caller
starts another for the jobs left."""

from __future__ import annotations

import contextlib
import json
import queue
import subprocess
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from checker.process import Started, start_command
from checker.signals import held


@dataclass(frozen=True)
class Answer:
    """What came of one request: the JSON line it was answered with (None: no
    answer), else why not, and the child's stderr meanwhile."""

    message: dict[str, Any] | None
    exit_code: int | None  # the child's, when it died before answering
    failure: str | None  # it never ran to an exit: not started, timed out
    stderr: str
    duration_s: float
    timed_out: bool = False  # no answer within the timeout (it was ended then)


class Child:
    def __init__(self, argv: Sequence[str], env: Mapping[str, str]) -> None:
        self.started: Started = start_command(argv, env=env, takes_input=True)
        self._lines: queue.Queue[str | None] = queue.Queue()
        self._stderr: list[bytes] = []
        # stderr from here on is the next request's: what the child writes
        # between answers (at start, before it reads a job) is the next job's
        # too, or a crash at start would lose its last words to a race
        self._mark = 0
        self._threads: list[threading.Thread] = []
        process = self.started.process
        if process is not None:
            assert process.stdout is not None and process.stderr is not None
            self._threads = [
                _reader(self._read_lines, process.stdout),
                _reader(self._read_stderr, process.stderr),
            ]

    @property
    def alive(self) -> bool:
        process = self.started.process
        return process is not None and process.poll() is None

    def answer(self, request: dict[str, Any] | None, key: str, timeout: float) -> Answer:
        """Sends `request` (None: only waits, for the first line) and waits up
        to `timeout` seconds for the line that answers it: a JSON object with
        `key`; any other line is not an answer, and is passed over."""
        begun, mark = time.monotonic(), self._mark
        process = self.started.process
        if process is None:
            return Answer(None, None, self.started.failure, "", 0.0)
        if request is not None:
            try:
                assert process.stdin is not None
                process.stdin.write((json.dumps(request) + "\n").encode("utf-8"))
                process.stdin.flush()
            except OSError:  # it is gone already: its stdout ends, below
                pass
        while True:
            try:
                line = self._lines.get(timeout=max(0.0, begun + timeout - time.monotonic()))
            except queue.Empty:
                self.close()
                spent = time.monotonic() - begun
                why = f"timed out after {timeout:g} s"
                return Answer(None, None, why, self._since(mark), spent, timed_out=True)
            if line is None:  # its stdout ended: it died, and its stderr says what of
                code = process.wait()
                self._threads[1].join(timeout=5)  # its last words
                return Answer(None, code, None, self._since(mark), time.monotonic() - begun)
            message = _object(line)
            if message is not None and key in message:
                self._mark = len(self._stderr)
                return Answer(message, None, None, "", time.monotonic() - begun)

    def close(self, grace: float = 0) -> None:
        """Ends it (and what it started) if it still runs: at once, or after
        `grace` seconds for it to end itself at the end of its input."""
        process = self.started.process
        if grace and process is not None and process.stdin is not None:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                process.stdin.close()
                process.wait(timeout=grace)
        self.started.cancel()

    def _since(self, mark: int) -> str:
        text = b"".join(self._stderr[mark:]).decode("utf-8", "replace")
        return text.replace("\r\n", "\n").replace("\r", "\n")

    def _read_lines(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):  # closed by close()
            for raw in stream:
                self._lines.put(raw.decode("utf-8", "replace"))
        self._lines.put(None)

    def _read_stderr(self, stream: IO[bytes]) -> None:
        with contextlib.suppress(OSError, ValueError):
            for chunk in iter(lambda: stream.read1(65536), b""):  # type: ignore[attr-defined]
                self._stderr.append(chunk)


def _reader(target: Any, stream: IO[bytes]) -> threading.Thread:
    thread = threading.Thread(target=target, args=(stream,), daemon=True)
    with held():  # it leaves SIGINT and SIGTERM to the main thread, which may wait on it
        thread.start()
    return thread


def _object(line: str) -> dict[str, Any] | None:
    try:
        found = json.loads(line) if line.startswith("{") else None
    except json.JSONDecodeError:
        return None
    return found if isinstance(found, dict) else None
