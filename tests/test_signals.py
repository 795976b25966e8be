"""Signals while pages are read across processes: a SIGTERM (a CI job that ends
a step), a Ctrl-C (SIGINT to the terminal's process group) and a hard kill of
docs-check itself. The run ends with its exit code and one line, and no worker
is left behind holding the caller's pipes.

Each test runs the installed `docs-check` script in a session of its own, on a
docs tree large enough that reading takes seconds, and waits (through /proc)
for its worker processes before it sends the signal. Whatever happens, the
session is killed at the end, so a regression fails instead of hanging."""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.helpers import REPO, blocked_signals

pytestmark = pytest.mark.skipif(
    not Path("/proc/self/stat").is_file() or sys.platform != "linux",
    reason="watches processes through Linux's /proc",
)

DOCS_CHECK = str(Path(sys.executable).with_name("docs-check"))
JOBS = 2
HELD = {signal.SIGINT, signal.SIGTERM}  # what a thread of docs-check leaves to the main one
WAIT = 30.0  # seconds: for the workers to start, for the run to end, for them to go


def _in_the_foreground() -> None:
    """docs-check as a terminal's foreground job starts it: with SIGINT's
    default action. A suite started as a background job of a shell without
    job control (`pytest &` in a script) ignores SIGINT, its children inherit
    that, and Python leaves an ignored SIGINT ignored, as a background job
    should: the Ctrl-C tests would then test nothing but that."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


ENTRY = """### torch.sprocket.m{page}.f{index}

**原生文档**：[torch.sprocket.m{page}.f{index}](https://pytorch.org/docs/2.12/sprocket.html#torch.sprocket.m{page}.f{index})

**支持情况**：

| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Atlas A3 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | ✘ |

"""


@pytest.fixture(scope="module")
def docs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 pages of 100 entries (10 MB): seconds of reading on two workers."""
    root = tmp_path_factory.mktemp("signals")
    folder = root / "docs/zh/api/native_api/pytorch_2-12-0"
    folder.mkdir(parents=True)
    for page in range(300):
        entries = "".join(ENTRY.format(page=page, index=index) for index in range(100))
        text = f"# torch.sprocket.m{page}\n\n{entries}"
        (folder / f"torch-sprocket-m{page}.md").write_text(text, encoding="utf-8")
    return root


# A process as (pid, start time in clock ticks): a pid alone may be reused.
Process = tuple[int, int]


def _stat(pid: int) -> list[str] | None:
    """The fields of /proc/PID/stat after the command name, from the state on."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return stat[stat.rfind(")") + 2 :].split()


def children(pid: int) -> set[Process]:
    found = set()
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            fields = _stat(int(entry.name))
            if fields is not None and int(fields[1]) == pid and fields[0] not in "ZX":
                found.add((int(entry.name), int(fields[19])))
    return found


def alive(process: Process) -> bool:
    """Running: a zombie or another process under the same pid is not it."""
    fields = _stat(process[0])
    return fields is not None and fields[0] not in "ZX" and int(fields[19]) == process[1]


def poll(condition: Callable[[], bool], seconds: float = WAIT) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.02)
    return condition()


class Run:
    """docs-check reading `docs` with two workers, in a session of its own.
    It is started as a suite run as a background job starts it, SIGINT
    ignored here (and so inherited): every Ctrl-C below is then also the
    proof that it is tested there, docs-check started as a foreground job
    starts it all the same (`_in_the_foreground`)."""

    def __init__(self, docs: Path) -> None:
        argv = [DOCS_CHECK, "lint", str(docs), "--no-cache", "--jobs", str(JOBS), "-q"]
        saved = signal.signal(signal.SIGINT, signal.SIG_IGN)
        try:
            self.process = subprocess.Popen(
                argv,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                preexec_fn=_in_the_foreground,
            )
        finally:
            signal.signal(signal.SIGINT, saved)
        self.workers: set[Process] = set()

    def wait_for_workers(self) -> set[Process]:
        """The workers, once all have started (the read is then under way)."""
        started = poll(lambda: len(children(self.process.pid)) >= JOBS)
        assert started, f"no {JOBS} workers within {WAIT} s"
        self.workers = children(self.process.pid)
        return self.workers

    def ended(self) -> tuple[int, str, str]:
        """Exit code, stdout, stderr, once docs-check has ended and every
        holder of its pipes (any worker left behind) has closed them."""
        try:
            out, err = self.process.communicate(timeout=WAIT)
        except subprocess.TimeoutExpired:
            left = sorted(worker[0] for worker in self.workers if alive(worker))
            exited = self.process.poll()
            raise AssertionError(
                f"the pipes stayed open {WAIT} s (docs-check exit {exited}, workers left {left})"
            ) from None
        return self.process.returncode, out.decode(), err.decode()

    def kill_all(self) -> None:
        """The whole session, workers left behind included (they keep its group)."""
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(self.process.pid, signal.SIGKILL)
        for worker in self.workers:
            if alive(worker):
                os.kill(worker[0], signal.SIGKILL)
        self.process.communicate()


@pytest.fixture
def run(docs: Path) -> Iterator[Run]:
    started = Run(docs)
    try:
        yield started
    finally:
        started.kill_all()


def workers_gone(workers: set[Process]) -> bool:
    return poll(lambda: not any(alive(worker) for worker in workers))


def test_sigterm_ends_the_run_and_its_workers(run: Run) -> None:
    workers = run.wait_for_workers()
    os.kill(run.process.pid, signal.SIGTERM)  # docs-check alone, as a CI runner may
    assert run.ended() == (143, "", "docs-check: terminated\n")
    assert workers_gone(workers)


def test_sigterm_to_the_process_group(run: Run) -> None:
    workers = run.wait_for_workers()
    os.killpg(run.process.pid, signal.SIGTERM)  # every process of the step
    assert run.ended() == (143, "", "docs-check: terminated\n")
    assert workers_gone(workers)


def test_a_killed_docs_check_takes_its_workers_with_it(run: Run) -> None:
    workers = run.wait_for_workers()
    os.kill(run.process.pid, signal.SIGKILL)  # no handler runs: the workers see it
    code, _, _ = run.ended()
    assert code == -signal.SIGKILL
    assert workers_gone(workers)


@pytest.mark.parametrize("delay", [0.0, 0.05, 0.2, 0.5])
def test_ctrl_c_exits_130_and_ends_the_workers(run: Run, delay: float) -> None:
    """The terminal sends SIGINT to the whole group; at any moment of the read,
    the run ends at once (no join of a worker that holds a queue's lock). And
    Ctrl-C is tested even where the suite ignores SIGINT (a background job):
    each run is started so (`Run`)."""
    workers = run.wait_for_workers()
    time.sleep(delay)
    assert all(alive(worker) for worker in workers), "the read ended before the interrupt"
    os.killpg(run.process.pid, signal.SIGINT)
    # click ends the ^C line with a newline of its own
    assert run.ended() == (130, "", "\ndocs-check: aborted\n")
    assert workers_gone(workers)


@contextlib.contextmanager
def live_run(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[bytes], Process]]:
    """`verify --python` in a session of its own, once its harness child (an
    interpreter that never answers) has started: the child writes its pid,
    and the run waits for its answer. Whatever happens, both end after."""
    pid_file = tmp_path / "pid"
    python = tmp_path / "python"
    python.write_text(f"#!/bin/sh\necho $$ > {pid_file}\nexec sleep 300\n", encoding="utf-8")
    python.chmod(0o755)
    argv = [DOCS_CHECK, "verify", "examples/docs", "--python", str(python)]
    process = subprocess.Popen(
        argv,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        cwd=REPO,
        preexec_fn=_in_the_foreground,
    )
    child: Process | None = None
    try:
        assert poll(lambda: pid_file.is_file() and pid_file.read_text().strip() != "")
        pid = int(pid_file.read_text())
        fields = _stat(pid)
        assert fields is not None
        child = (pid, int(fields[19]))
        yield process, child
    finally:
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(process.pid, signal.SIGKILL)
        if child is not None and alive(child):
            os.kill(child[0], signal.SIGKILL)
        process.communicate()


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_signal_ends_a_live_runs_harness_child(tmp_path: Path, signum: int) -> None:
    """A live run's harness child runs in a process group of its own, which no
    signal to docs-check's group reaches: the run ends it on the way out, at
    once, not after the test's timeout (the pool's threads wait on it)."""
    with live_run(tmp_path) as (process, child):
        os.killpg(process.pid, signum)
        _, err = process.communicate(timeout=WAIT)
        expected = (
            (143, b"docs-check: terminated\n")
            if signum == signal.SIGTERM
            else (130, b"\ndocs-check: aborted\n")
        )
        assert (process.returncode, err) == expected
        assert not alive(child), "the harness child outlived the run"


def threads(pid: int) -> set[int]:
    return {int(task.name) for task in Path(f"/proc/{pid}/task").iterdir()}


def test_a_live_runs_threads_leave_signals_to_the_main_thread(tmp_path: Path) -> None:
    """Why the test above failed under load: the kernel gives a signal to any
    thread of the process that does not block it, and one given to the
    session's thread or the child's readers left the main thread asleep on
    the session's result, its handler unrun, until the child's timeout. Every
    thread besides the main one blocks SIGINT and SIGTERM."""
    with live_run(tmp_path) as (process, _):
        # the session's thread, and the child's two readers started with it
        assert poll(lambda: len(threads(process.pid)) >= 4)
        others = threads(process.pid) - {process.pid}
        held = {thread: blocked_signals(thread, process.pid) >= HELD for thread in others}
        assert held == dict.fromkeys(others, True)


# -- the exit codes, in-process ------------------------------------------------------------


def test_an_interrupt_is_exit_130(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from checker.cli import run as cli_run

    def interrupted(*_: object, **__: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr("checker.app.lint.lint", interrupted)
    assert cli_run(["lint", "examples/docs"]) == 130
    assert capsys.readouterr().err == "\ndocs-check: aborted\n"


def test_sigterm_is_exit_143(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from checker.cli import run as cli_run
    from checker.errors import Terminated

    def terminated(*_: object, **__: object) -> None:
        raise Terminated

    monkeypatch.setattr("checker.app.lint.lint", terminated)
    assert cli_run(["lint", "examples/docs"]) == 143
    assert capsys.readouterr().err == "docs-check: terminated\n"
