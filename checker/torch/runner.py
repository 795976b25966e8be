"""Runs the harness in the target interpreter and turns what it prints into
evidence. Where torch itself fails to import because the torch_npu backend
cannot load (no CANN: libhccl.so missing), the cause is kept and the run is
repeated with TORCH_DEVICE_BACKEND_AUTOLOAD=0 as a labelled CPU reference run."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.model.catalogue import Catalogue
from checker.process import CommandResult, last_json_object, run_command
from checker.progress import Progress
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
    """One interpreter: the jobs run in it one subprocess each, and the
    environment the first of them found. Where the torch_npu backend cannot
    load, every later run has autoloading turned off, and the cause is kept."""

    def __init__(self, catalogue: Catalogue, python: str | None, timeout: float) -> None:
        self.catalogue, self.timeout = catalogue, timeout
        self.interpreter = python or sys.executable
        self.runs: list[Run] = []
        self.environment: Environment | None = None
        self._env: dict[str, str] = {}
        self._cause = ""

    def run(self, job: Job) -> None:
        self.runs.append(self._run(job, _argv(self.interpreter, job), job.repo))

    def run_all(self, jobs: Sequence[Job]) -> None:
        """The jobs in one harness process (one torch import) per working
        folder, each run recorded with the command that runs it alone. Where
        that process crashes, hangs or reports fewer runs, every job of it runs
        again in a process of its own, so that the one at fault is reported as
        such and the others still run."""
        for cwd in dict.fromkeys(job.repo for job in jobs):
            batch = [job for job in jobs if job.repo == cwd]
            if len(batch) == 1:
                self.run(batch[0])
                continue
            argv = [self.interpreter, str(HARNESS)]
            for job in batch:
                argv += _argv(self.interpreter, job)[2:]
            result, report = self._harness(argv, cwd, self.timeout * len(batch))
            outcomes = report.get("runs") or [] if report else []
            if result.failure or report is None or len(outcomes) != len(batch):
                for job in batch:
                    self.run(job)
                continue
            for job, outcome in zip(batch, outcomes, strict=True):
                alone = replace(result, argv=tuple(_argv(self.interpreter, job)))
                self.runs.append(_run(job, alone, {**report, "runs": [outcome]}, self._env))

    def probe(self) -> Environment | None:
        """The environment, found by a harness run without jobs when no job found it yet."""
        if self.environment is None:
            self._harness([self.interpreter, str(HARNESS)], None)
        return self.environment

    def evidence(self, version: str | None = None, plan: Plan | None = None) -> Evidence:
        environment = self.environment or _unknown_environment(self.interpreter, self.runs)
        return Evidence(environment, tuple(self.runs), "live", version, plan)

    def run_module(self, job: Job, selected: Sequence[str], timeout: float) -> Run:
        """The tests of the module `job.repo_test` that `selected` names, in
        one harness process under unittest, within `timeout` seconds
        (verify --backed: checker.verify.backed, which keeps the runs)."""
        argv = [self.interpreter, str(HARNESS), "--module", str(job.repo_test)]
        argv += [f"--select={name}" for name in selected]  # a name may start with "-"
        return self._run(job, argv, job.repo, timeout)

    def _run(self, job: Job, argv: list[str], cwd: str | None, timeout: float = 0) -> Run:
        result, report = self._harness(argv, cwd, timeout or self.timeout)
        return _run(job, result, report, self._env)

    def _harness(
        self, argv: list[str], cwd: str | None, timeout: float = 0
    ) -> tuple[CommandResult, dict[str, Any] | None]:
        timeout = timeout or self.timeout
        result = run_command(argv, timeout=timeout, env=self._env, cwd=cwd)
        report = _report(result)
        import_error = report.get("environment", {}).get("torch_import_error") if report else None
        if import_error and "backend extension" in import_error and not self._env:
            self._cause, self._env = import_error, dict(AUTOLOAD_OFF)
            result = run_command(argv, timeout=timeout, env=self._env, cwd=cwd)
            report = _report(result)
        if report is not None and self.environment is None:
            self.environment = _environment(report["environment"], self.catalogue, self._cause)
        return result, report


def live_evidence(
    jobs: Sequence[Job],
    catalogue: Catalogue,
    python: str | None = None,
    timeout: float = 120,
    progress: Progress | None = None,
) -> Evidence:
    """Every job in one interpreter (`probe`, and verify without --python-for)."""
    session = Session(catalogue, python, timeout)
    for done, job in enumerate(jobs):
        if progress:
            progress(RUNNING, done, len(jobs))
        session.run(job)
    if progress:
        progress(RUNNING, len(jobs), len(jobs))
    return session.evidence()


def _argv(interpreter: str, job: Job) -> list[str]:
    if job.repo_test is not None:
        return [interpreter, str(HARNESS), "--test", job.repo_test]
    path = job.behaviour_path or str(behaviour_file(job.behaviour))
    return [interpreter, str(HARNESS), "--behaviour", path]


def _report(result: CommandResult) -> dict[str, Any] | None:
    """The harness's JSON line; None when it crashed or never ran."""
    return last_json_object(result.stdout, lambda report: "environment" in report)


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
