"""Runs the harness in the target interpreter, one process for every job of an
environment, and turns its answers into evidence. Where torch itself fails to
import because the torch_npu backend cannot load (no CANN: libhccl.so
missing), the cause is kept and the harness is started again with
TORCH_DEVICE_BACKEND_AUTOLOAD=0, for a labelled CPU reference run."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.model.catalogue import Catalogue
from checker.process import CommandResult
from checker.progress import Progress
from checker.torch.child import Answer, Child
from checker.torch.env import AUTOLOAD_OFF
from checker.verify.evidence import (
    Case,
    Environment,
    Evidence,
    Run,
    derived_verdict,
    releases_pair,
)
from checker.verify.plan import Plan

HARNESS = Path(__file__).with_name("harness.py")
BEHAVIOURS = Path(__file__).with_name("behaviours")
RUNNING = "running behaviour tests"


@dataclass(frozen=True)
class Job:
    """One behaviour (shipped) or repository test to run for one API."""

    api: str
    behaviour: str
    repo_test: str | None = None  # the test's id, `path::Class::test`, from the folder `repo`
    repo: str | None = None  # the working tree, or a ref's test folder extracted
    ref: str | None = None  # the git ref the test was read from; None: the working tree
    behaviour_path: str | None = None  # a docs repository's own behaviour file; None: shipped


def behaviour_file(name: str) -> Path:
    path = BEHAVIOURS / f"{name}.py"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in BEHAVIOURS.glob("*.py") if p.stem != "__init__"))
        raise DataError(f"unknown behaviour test {name!r} (known: {known})")
    return path


class Session:
    """One interpreter for every job of an environment: `harness.py --serve`
    (checker.torch.child), started at the first job or probe, which imports
    torch once and is given the jobs one at a time, each recorded with the
    command that runs it alone. A job that crashes it or hangs past the
    timeout is reported for itself, and the next job gets a new one. Where
    the torch_npu backend cannot load, it is started again with autoloading
    turned off for good, and the cause is kept. `close` ends it."""

    def __init__(self, catalogue: Catalogue, python: str | None, timeout: float) -> None:
        self.catalogue, self.timeout = catalogue, timeout
        self.interpreter = python or sys.executable
        self.runs: list[Run] = []
        self.environment: Environment | None = None
        self._env: dict[str, str] = {}
        self._cause = ""
        self._child: Child | None = None
        self._reported: dict[str, Any] = {}  # what the running child's probe found

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *_: object) -> None:
        self.close()

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
        environment = self.environment or _unknown_environment(self.interpreter, self.runs)
        return Evidence(environment, tuple(self.runs), "live", version, plan)

    def run_module(self, job: Job, selected: Sequence[str], timeout: float) -> Run:
        """The tests of the module `job.repo_test` that `selected` names, under
        unittest, as one run within `timeout` seconds (verify --backed:
        checker.verify.backed, which keeps the runs)."""
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
            return _run(job, _result(argv, not_ready), None, self._env)
        assert self._child is not None
        answer = self._child.answer(_request(job, selected), "run", timeout)
        if answer.message is None:
            self._end()  # crashed or timed out: the next job starts another
            return _run(job, _result(argv, answer), None, self._env)
        outcome = answer.message["run"]  # None: torch did not import
        report = {"environment": self._reported, "runs": [outcome] if outcome else []}
        return _run(job, _result(argv, answer, 0), report, self._env)

    def _ready(self) -> Answer | None:
        """A child that has probed; else the Answer of the start that failed."""
        if self._child is not None and self._child.alive:
            return None
        answer = self._start()
        found = (answer.message or {}).get("environment") or {}
        import_error = found.get("torch_import_error")
        if import_error and "backend extension" in import_error and not self._env:
            self._end()
            self._cause, self._env = import_error, dict(AUTOLOAD_OFF)
            answer = self._start()
        if answer.message is None:
            self._end()
            return answer
        self._reported = answer.message["environment"]
        if self.environment is None:
            self.environment = _environment(self._reported, self.catalogue, self._cause)
        return None

    def _end(self) -> None:
        """Ends the interpreter at once: it crashed, hung, or is of no use."""
        if self._child is not None:
            self._child.close()
            self._child = None

    def _start(self) -> Answer:
        self._end()
        self._child = Child([self.interpreter, str(HARNESS), "--serve"], self._env)
        return self._child.answer(None, "environment", self.timeout)


def live_evidence(
    jobs: Sequence[Job],
    catalogue: Catalogue,
    python: str | None = None,
    timeout: float = 120,
    progress: Progress | None = None,
) -> Evidence:
    """Every job in one interpreter (`probe`, and verify without --python-for)."""
    with Session(catalogue, python, timeout) as session:
        for done, job in enumerate(jobs):
            if progress:
                progress(RUNNING, done, len(jobs))
            session.run(job)
    if progress:
        progress(RUNNING, len(jobs), len(jobs))
    return session.evidence()


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


def _result(argv: list[str], answer: Answer, exit_code: int | None = None) -> CommandResult:
    """The answer as the job's own command would have ended: exit 0 when the
    harness answered, the child's exit status when it died in the job."""
    code = answer.exit_code if exit_code is None else exit_code
    return CommandResult(tuple(argv), code, "", answer.stderr, answer.duration_s, answer.failure)


def _environment(data: dict[str, Any], catalogue: Catalogue, cause: str) -> Environment:
    npu_name = data.get("npu_name")
    fake = bool(data.get("fake_npu"))
    on_npu = bool(data.get("npu_available")) and bool(npu_name) and bool(data.get("npu_op_ok"))
    if fake:
        note = f"FAKE torch_npu test double reporting {npu_name}: not an NPU run"
    elif on_npu:
        note = f"NPU run on {npu_name}: {data.get('npu_op')}"
    elif data.get("torch_import_error") and not cause:
        note = f"torch does not import here: {data['torch_import_error']}"
    else:
        failed_op = data.get("npu_op") if npu_name else None  # listed, but did not compute
        why = cause or failed_op or data.get("npu_error") or "no NPU reported by torch_npu"
        note = f"CPU reference run; NPU not available: {why}"
    real_torch = data.get("fake_torch")  # the installed torch, when a test double renamed it
    if real_torch:
        renamed = f"torch {real_torch} reports {data.get('torch')}"
        note = f"FAKE torch release (test double): {renamed}; {note}"
    paired = releases_pair(data.get("torch"), data.get("torch_npu"))
    if on_npu and not paired and not (fake or real_torch):
        unpaired = f"torch_npu {data.get('torch_npu')} does not go with torch {data.get('torch')}"
        note = f"{unpaired}: not counted as an NPU run; {note}"
    return Environment(
        platform=str(data.get("platform")),
        python=str(data.get("python")),
        torch=data.get("torch"),
        torch_npu=data.get("torch_npu"),
        cann=data.get("cann"),
        npu_name=npu_name,
        visible_npus=int(data.get("visible_npus") or 0),
        product=catalogue.by_soc(npu_name) if npu_name else None,
        device="npu" if on_npu and paired and not (fake or real_torch) else "cpu-reference",
        fake_npu=fake,
        note=note,
        fake_torch=bool(real_torch),
    )


def _unknown_environment(interpreter: str, runs: list[Run]) -> Environment:
    note = runs[0].note if runs else "no run"
    return Environment(
        platform="unknown",
        python=f"unknown ({interpreter})",
        torch=None,
        torch_npu=None,
        cann=None,
        npu_name=None,
        visible_npus=0,
        product=None,
        device="cpu-reference",
        fake_npu=False,
        note=f"no environment: {note}",
    )


def _run(
    job: Job, result: CommandResult, report: dict[str, Any] | None, env: dict[str, str]
) -> Run:
    command = tuple(f"{key}={value}" for key, value in env.items()) + result.argv
    source = "repo-test" if job.repo_test else "behaviour"
    name = job.repo_test or job.behaviour
    at = f" (at {job.ref})" if job.ref else ""
    outcome = (report.get("runs") or [{}])[0] if report else {}
    # a repository test's framework, whose exit status its run reports (the harness's is 0)
    framework = str(outcome.get("framework") or "") if job.repo_test else ""

    def failed(note: str) -> Run:
        duration = round(result.duration_s, 3)
        return Run(
            job.api,
            name,
            source,
            command,
            (),
            duration,
            result.exit_code,
            "error",
            note,
            job.ref,
            framework=framework,
        )

    if result.failure:
        return failed(result.failure)
    if report is None:
        return failed(f"harness crashed (exit {result.exit_code}): {_last_line(result.stderr)}")
    import_error = report["environment"].get("torch_import_error")
    if import_error:
        return failed(f"torch does not import: {import_error}")
    if outcome.get("error"):
        return failed(outcome["error"] + at)
    cases = tuple(
        Case(c["name"], bool(c["passed"]), c.get("detail", ""), _inside(job, c.get("traceback")))
        for c in outcome["cases"]
    )
    status = outcome.get("exit_status")
    exit_code = status if framework and result.exit_code == 0 and isinstance(status, int) else None
    exit_code = result.exit_code if exit_code is None else exit_code
    verdict = derived_verdict(cases, exit_code)  # as verify derives it from the record
    duration = float(outcome.get("duration_s", result.duration_s))
    summary = str(outcome.get("summary") or "")
    return Run(
        job.api,
        name,
        source,
        command,
        cases,
        round(duration, 4),
        exit_code,
        verdict,
        "",
        job.ref,
        summary,
        framework,
    )


def _inside(job: Job, text: str | None) -> str:
    """A failure's text with the test folder's paths as the repository's
    (`test/x/test_y.py`), not as the temporary folder a ref was written to."""
    text = text or ""
    if job.repo_test and job.ref and job.repo:
        for root in dict.fromkeys((job.repo, os.path.realpath(job.repo))):
            text = text.replace(root.rstrip(os.sep) + os.sep, "")
    return text


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"
