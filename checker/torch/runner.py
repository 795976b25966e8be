"""Runs the harness in the target interpreter and turns what it prints into
evidence. Where torch itself fails to import because the torch_npu backend
cannot load (no CANN: libhccl.so missing), the cause is kept and the run is
repeated with TORCH_DEVICE_BACKEND_AUTOLOAD=0 as a labelled CPU reference run."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.model.catalogue import Catalogue
from checker.process import CommandResult, last_json_object, run_command
from checker.progress import Progress
from checker.torch.env import AUTOLOAD_OFF
from checker.verify.evidence import Case, Environment, Evidence, Run

HARNESS = Path(__file__).with_name("harness.py")
BEHAVIOURS = Path(__file__).with_name("behaviours")
RUNNING = "running behaviour tests"


@dataclass(frozen=True)
class Job:
    """One behaviour (shipped) or repo test to run for one API."""

    api: str
    behaviour: str
    repo_test: str | None = None
    repo: str | None = None


def behaviour_file(name: str) -> Path:
    path = BEHAVIOURS / f"{name}.py"
    if not path.is_file():
        known = ", ".join(sorted(p.stem for p in BEHAVIOURS.glob("*.py") if p.stem != "__init__"))
        raise DataError(f"unknown behaviour test {name!r} (known: {known})")
    return path


def live_evidence(
    jobs: Sequence[Job],
    catalogue: Catalogue,
    python: str | None = None,
    timeout: float = 120,
    progress: Progress | None = None,
) -> Evidence:
    interpreter = python or sys.executable
    runs: list[Run] = []
    environment: Environment | None = None
    env_overrides: dict[str, str] = {}
    cause = ""
    for done, job in enumerate(jobs):
        if progress:
            progress(RUNNING, done, len(jobs))
        argv = _argv(interpreter, job)
        result = run_command(argv, timeout=timeout, env=env_overrides, cwd=job.repo)
        report = _report(result)
        import_error = report.get("environment", {}).get("torch_import_error") if report else None
        if import_error and "backend extension" in import_error and not env_overrides:
            cause = import_error
            env_overrides = dict(AUTOLOAD_OFF)
            result = run_command(argv, timeout=timeout, env=env_overrides, cwd=job.repo)
            report = _report(result)
        if report is not None and environment is None:
            environment = _environment(report["environment"], catalogue, cause)
        runs.append(_run(job, result, report, env_overrides))
    if progress:
        progress(RUNNING, len(jobs), len(jobs))
    if environment is None:
        environment = _unknown_environment(interpreter, runs)
    return Evidence(environment, tuple(runs), "live")


def _argv(interpreter: str, job: Job) -> list[str]:
    if job.repo_test is not None:
        return [interpreter, str(HARNESS), "--pytest", job.repo_test]
    return [interpreter, str(HARNESS), "--behaviour", str(behaviour_file(job.behaviour))]


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
    return Environment(
        platform=str(data.get("platform")),
        python=str(data.get("python")),
        torch=data.get("torch"),
        torch_npu=data.get("torch_npu"),
        cann=data.get("cann"),
        npu_name=npu_name,
        visible_npus=int(data.get("visible_npus") or 0),
        product=catalogue.by_soc(npu_name) if npu_name else None,
        device="npu" if on_npu and not fake else "cpu-reference",
        fake_npu=fake,
        note=note,
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

    def failed(note: str) -> Run:
        return Run(
            job.api,
            name,
            source,
            command,
            (),
            round(result.duration_s, 3),
            result.exit_code,
            "error",
            note,
        )

    if result.failure:
        return failed(result.failure)
    if report is None:
        return failed(f"harness crashed (exit {result.exit_code}): {_last_line(result.stderr)}")
    import_error = report["environment"].get("torch_import_error")
    if import_error:
        return failed(f"torch does not import: {import_error}")
    outcome = (report.get("runs") or [{}])[0]
    if outcome.get("error"):
        return failed(outcome["error"])
    cases = tuple(Case(c["name"], bool(c["passed"]), c.get("detail", "")) for c in outcome["cases"])
    verdict = "passed" if cases and all(case.passed for case in cases) else "failed"
    duration = float(outcome.get("duration_s", result.duration_s))
    return Run(
        job.api, name, source, command, cases, round(duration, 4), result.exit_code, verdict, ""
    )


def _last_line(text: str) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return lines[-1].strip() if lines else "no output"
