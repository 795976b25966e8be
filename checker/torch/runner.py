"""Runs the harness in the target interpreter, one process for every job of an
environment, and turns its answers into evidence (checker.torch.runs). Where
the torch_npu backend cannot load (no CANN: libhccl.so missing), which would
fail `import torch` itself, the harness keeps torch without it
(scripts/harness.py:import_torch), and the cause is kept: a labelled CPU
reference run, whose commands carry TORCH_DEVICE_BACKEND_AUTOLOAD=0."""

from __future__ import annotations

import sys
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.i18n import N_
from checker.model.catalogue import Catalogue
from checker.model.evidence import Environment, Evidence, Run
from checker.model.plan import Plan
from checker.torch.child import Answer, Child
from checker.torch.env import AUTOLOAD_OFF
from checker.torch.runs import Job, answered, environment_of, run_of, unknown_environment

HARNESS = Path(__file__).with_name("scripts") / "harness.py"
BEHAVIOURS = Path(__file__).with_name("behaviours")
RUNNING = N_("running behaviour tests")


def behaviour_file(name: str) -> Path:
    path = BEHAVIOURS / f"{name}.py"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in BEHAVIOURS.glob("*.py") if p.stem != "__init__"))
        raise DataError.saying(
            N_("unknown behaviour test {name!r} (known: {known})"), name=name, known=known
        )
    return path


class Session:
    """One interpreter for every job of an environment: `harness.py --serve`
    (checker.torch.child), started at the first job or probe, which imports
    torch once and is given the jobs one at a time, each recorded with the
    command that runs it alone. A job that crashes it or hangs past the
    timeout is reported for itself, and the next job gets a new one; but an
    interpreter that does not answer its start within the timeout (an import
    that hangs) is not started again: each later job would cost the timeout
    for the same hang, and is an error saying it was not run. Where
    the torch_npu backend cannot load, the probe says why: the cause is kept,
    and autoloading is off for good (in any later start too). `close` ends
    it; `halt`, set by another thread, ends it at once and starts no other
    (`stop`)."""

    def __init__(
        self,
        catalogue: Catalogue,
        python: str | None,
        timeout: float,
        halt: threading.Event | None = None,
    ) -> None:
        self.catalogue, self.timeout = catalogue, timeout
        self._halt = halt or threading.Event()
        self._lock = threading.Lock()  # a child is started, or stopped, at a time
        self.interpreter = python or sys.executable
        self.runs: list[Run] = []
        self.environment: Environment | None = None
        self._env: dict[str, str] = {}
        self._cause = ""
        self._child: Child | None = None
        self._reported: dict[str, Any] = {}  # what the running child's probe found
        self._hung: Answer | None = None  # what later jobs are told after a start that hung

    def __enter__(self) -> Session:
        return self

    def __exit__(self, error: type[BaseException] | None, *_: object) -> None:
        if error is None:
            self.close()
        else:  # Ctrl-C, SIGTERM, a failure: no grace for a test still running
            self.stop()

    def run(self, job: Job) -> None:
        self.runs.append(self._served(job, self.timeout))

    def run_all(self, jobs: Sequence[Job]) -> None:
        for job in jobs:
            self.run(job)

    def probe(self) -> Environment | None:
        """The environment the interpreter's first probe found."""
        if self.environment is None:
            self._ready()
        return self.environment

    def evidence(
        self, version: tuple[str, ...] | None = None, plan: Plan | None = None
    ) -> Evidence:
        """`version`: the docs versions it ran for (Evidence.version); None: its own."""
        environment = self.environment or unknown_environment(self.interpreter, self.runs)
        return Evidence(environment, tuple(self.runs), "live", version, plan)

    def run_module(self, job: Job, selected: Sequence[str], timeout: float) -> Run:
        """The tests of the module `job.repo_test` that `selected` names, under
        unittest, as one run within `timeout` seconds (verify --backed:
        checker.verify.backed.run, which keeps the runs)."""
        return self._served(job, timeout, selected)

    def close(self) -> None:
        """Ends the interpreter: at the end of its input, as a command ends."""
        if self._child is not None:
            self._child.close(grace=5)
            self._child = None

    def _served(self, job: Job, timeout: float, selected: Sequence[str] | None = None) -> Run:
        argv = _argv(self.interpreter, job, selected)
        not_ready = self._ready()
        if not_ready is not None:
            return run_of(job, answered(argv, not_ready), None, self._env)
        assert self._child is not None
        answer = self._child.answer(_request(job, selected), "run", timeout)
        if answer.message is None:
            self._end()  # crashed or timed out: the next job starts another
            return run_of(job, answered(argv, answer), None, self._env)
        outcome = answer.message["run"]  # None: torch did not import
        report = {"environment": self._reported, "runs": [outcome] if outcome else []}
        return run_of(job, answered(argv, answer, 0), report, self._env)

    def _ready(self) -> Answer | None:
        """A child that has probed; else the Answer of the start that failed."""
        if self._child is not None and self._child.alive:
            return None
        if self._hung is not None:
            return self._hung
        answer = self._start()
        if answer.message is None:
            self._end()
            if answer.timed_out:
                why = f"not run: the interpreter did not answer its start within {self.timeout:g} s"
                self._hung = Answer(None, None, why, "", 0.0)
            return answer
        self._reported = answer.message["environment"]
        backend_error = self._reported.get("backend_error")
        if backend_error and not self._env:
            self._cause, self._env = backend_error, dict(AUTOLOAD_OFF)
        if self.environment is None:
            self.environment = environment_of(self._reported, self.catalogue, self._cause)
        return None

    def _end(self) -> None:
        """Ends the interpreter at once: it crashed, hung, or is of no use."""
        if self._child is not None:
            self._child.close()
            self._child = None

    def stop(self) -> None:
        """Ends the child now, from any thread: the thread waiting on its
        answer gets none at once. With `halt` set, no other starts."""
        with self._lock:
            if self._child is not None:
                self._child.close()

    def _start(self) -> Answer:
        self._end()
        with self._lock:
            if self._halt.is_set():
                return Answer(None, None, "stopped", "", 0.0)
            child = self._child = Child([self.interpreter, str(HARNESS), "--serve"], self._env)
        return child.answer(None, "environment", self.timeout)


def _argv(interpreter: str, job: Job, selected: Sequence[str] | None = None) -> list[str]:
    """The command that runs the job alone, as its run records."""
    if selected is not None:
        argv = [interpreter, str(HARNESS), "--module", str(job.repo_test)]
        return argv + [f"--select={name}" for name in selected]  # a name may start with "-"
    if job.repo_test is not None:
        return [interpreter, str(HARNESS), "--test", job.repo_test]
    path = job.behaviour_path or str(behaviour_file(job.behaviour))
    return [interpreter, str(HARNESS), "--behaviour", path]


def _request(job: Job, selected: Sequence[str] | None) -> dict[str, Any]:
    """The job as `harness.py --serve` takes it, in the folder its command runs in."""
    if selected is not None:
        return {"module": job.repo_test, "select": list(selected), "cwd": job.repo}
    if job.repo_test is not None:
        return {"test": job.repo_test, "cwd": job.repo}
    path = job.behaviour_path or str(behaviour_file(job.behaviour))
    return {"behaviour": path, "cwd": job.repo}
