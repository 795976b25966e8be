"""checker.torch.runner.Session on real interpreters: the CPU torch of the
test run, the real torch_npu 2.13.0 without CANN, the FAKE torch_npu, and
interpreters that fail (no torch, a hang, a crash, none at all). Whatever
happens in the target interpreter is a verdict with its cause, never a
traceback in the checker."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue
from checker.model.evidence import Evidence, Run
from checker.torch.runner import HARNESS, behaviour_file
from checker.torch.runs import Job

from .support import (
    BACKEND_FAILURE,
    PUT_METRIC,
    PUT_METRIC_CASES,
    SECOND_API,
    TWO_JOBS,
    live_run,
)

PLATFORM_PYTHON = f"{sys.version_info.major}.{sys.version_info.minor}.{sys.version_info.micro}"


def first_run(evidence: Evidence) -> Run:
    """The put_metric run (live runs of two jobs share one fixture)."""
    assert evidence.runs, "no run"
    return evidence.runs[0]


def only_run(evidence: Evidence) -> Run:
    assert len(evidence.runs) == 1, evidence.runs
    return evidence.runs[0]


def assert_put_metric_passed(run: Run) -> None:
    assert run.api == PUT_METRIC
    assert (run.behaviour, run.source) == ("put_metric", "behaviour")
    assert [case.name for case in run.cases] == PUT_METRIC_CASES
    assert [case.name for case in run.cases if not case.passed] == []
    assert all(case.detail == "" for case in run.cases)
    assert (run.verdict, run.exit_code, run.note) == ("passed", 0, "")


def assert_no_npu_claimed(evidence: Evidence) -> None:
    env = evidence.environment
    assert env.device == "cpu-reference"
    assert not env.verifies_npu
    assert "NPU run on" not in env.note


# -- this interpreter: the real CPU torch ------------------------------------------------


def test_cpu_torch_environment_is_a_labelled_cpu_reference(cpu_evidence: Evidence) -> None:
    env = cpu_evidence.environment
    assert env.torch == "2.13.0+cpu"
    assert env.release == "2.13.0"
    assert env.python == PLATFORM_PYTHON
    assert env.torch_npu is None
    assert (env.npu_name, env.visible_npus, env.product, env.fake_npu) == (None, 0, None, False)
    assert env.note.startswith("CPU reference run; NPU not available:"), env.note
    assert env.note.endswith("torch_npu is not installed"), env.note
    assert_no_npu_claimed(cpu_evidence)
    assert cpu_evidence.origin == "live"
    assert cpu_evidence.to_object()["docs_versions"] == ["2.13.0"]


def test_cpu_torch_put_metric_passes_every_case(cpu_evidence: Evidence) -> None:
    run = first_run(cpu_evidence)
    assert_put_metric_passed(run)
    assert run.command == (
        sys.executable,
        str(HARNESS),
        "--behaviour",
        str(behaviour_file("put_metric")),
    )


def test_one_environment_for_several_jobs(cpu_evidence: Evidence) -> None:
    assert [run.api for run in cpu_evidence.runs] == [PUT_METRIC, SECOND_API]
    assert_put_metric_passed(cpu_evidence.runs[0])
    assert cpu_evidence.runs[1].verdict == "passed"


# -- the real torch_npu 2.13.0, no CANN ---------------------------------------------------


def test_torch_npu_without_cann_records_the_one_line_cause(npu_evidence: Evidence) -> None:
    note = npu_evidence.environment.note
    assert note.startswith("CPU reference run; NPU not available: RuntimeError: "), note
    assert BACKEND_FAILURE in note
    assert "libhccl.so" in note
    assert "\n" not in note


def test_torch_npu_without_cann_costs_one_start(npu_python: str) -> None:
    """One harness process, autoloading as the user has it (on): torch is
    imported once, the backend's failure is its cause, and the run goes on
    in that process on the CPU with autoloading off, as its command says."""
    env = {k: v for k, v in os.environ.items() if k != "TORCH_DEVICE_BACKEND_AUTOLOAD"}
    argv = [npu_python, str(HARNESS), "--behaviour", str(behaviour_file("put_metric"))]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120, env=env)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.splitlines()[-1])
    found = report["environment"]
    assert found["torch_import_error"] is None
    assert found["backend_error"].startswith(f"RuntimeError: {BACKEND_FAILURE}")
    assert "libhccl.so" in found["backend_error"]
    assert (found["torch"], found["autoload_disabled"]) == ("2.13.0+cpu", True)
    assert "libhccl.so" in found["npu_error"]
    (run,) = report["runs"]
    assert [case["name"] for case in run["cases"] if not case["passed"]] == []


def test_torch_npu_without_cann_runs_on_with_autoload_off(
    npu_evidence: Evidence, npu_python: str
) -> None:
    run = first_run(npu_evidence)
    assert run.command[0] == "TORCH_DEVICE_BACKEND_AUTOLOAD=0"
    assert run.command[1:] == (
        npu_python,
        str(HARNESS),
        "--behaviour",
        str(behaviour_file("put_metric")),
    )
    assert_put_metric_passed(run)


def test_torch_npu_without_cann_claims_no_npu(npu_evidence: Evidence) -> None:
    env = npu_evidence.environment
    assert env.torch_npu == "2.13.0"
    assert env.release == "2.13.0"
    assert (env.npu_name, env.visible_npus, env.product, env.cann) == (None, 0, None, None)
    assert env.fake_npu is False
    assert_no_npu_claimed(npu_evidence)


def test_torch_npu_cause_is_kept_for_every_job(npu_evidence: Evidence) -> None:
    """The first job finds the backend failure; the later ones start with autoload off."""
    assert [run.api for run in npu_evidence.runs] == [PUT_METRIC, SECOND_API]
    for run in npu_evidence.runs:
        assert run.command[0] == "TORCH_DEVICE_BACKEND_AUTOLOAD=0"
        assert run.verdict == "passed"


# -- the FAKE torch_npu -------------------------------------------------------------------


def test_fake_npu_reports_its_soc_and_says_it_is_fake(fake_evidence: dict[str, Evidence]) -> None:
    evidence = fake_evidence["default"]
    env = evidence.environment
    assert env.npu_name == "Ascend910_9382"
    assert env.product == "atlas-a3"
    assert env.fake_npu is True
    assert env.torch_npu == "0.0.0+fake"
    assert env.visible_npus == 2
    assert "FAKE" in env.note
    assert_no_npu_claimed(evidence)
    assert_put_metric_passed(only_run(evidence))


def test_fake_npu_soc_maps_to_its_product(fake_evidence: dict[str, Evidence]) -> None:
    evidence = fake_evidence["Ascend950PR_xxxx"]
    env = evidence.environment
    assert env.npu_name == "Ascend950PR_xxxx"
    assert env.product == "ascend-950pr"
    assert env.fake_npu is True
    assert "FAKE" in env.note
    assert_no_npu_claimed(evidence)


# -- failures in the target interpreter ---------------------------------------------------


def executable(path: Path, text: str) -> str:
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


@pytest.fixture(scope="module")
def python_without_torch(tmp_path_factory: pytest.TempPathFactory) -> str:
    venv = tmp_path_factory.mktemp("no-torch") / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    return str(venv / "bin" / "python")


def assert_error(evidence: Evidence, note: str) -> Run:
    run = only_run(evidence)
    assert run.verdict == "error"
    assert run.cases == ()
    assert run.note == note
    assert_no_npu_claimed(evidence)
    return run


def test_no_torch_is_an_error_with_the_cause(
    catalogue: Catalogue, python_without_torch: str
) -> None:
    evidence = live_run(catalogue, python_without_torch)
    cause = "ModuleNotFoundError: No module named 'torch'"
    run = assert_error(evidence, f"torch does not import: {cause}")
    assert run.exit_code == 1  # the test never ran: its own command exits 1 on the ImportError
    assert run.command[0] == python_without_torch  # no autoload retry: not a backend failure
    env = evidence.environment
    assert env.torch is None
    assert env.note == f"torch does not import here: {cause}"


def test_hang_is_an_error_after_the_timeout(catalogue: Catalogue, tmp_path: Path) -> None:
    python = executable(tmp_path / "python", "#!/bin/sh\nsleep 60\n")
    started = time.monotonic()
    evidence = live_run(catalogue, python, timeout=1)
    assert time.monotonic() - started < 15
    run = assert_error(evidence, "timed out after 1 s")
    assert run.exit_code is None
    env = evidence.environment
    assert (env.platform, env.python, env.torch) == ("unknown", f"unknown ({python})", None)
    assert env.note == "no environment: timed out after 1 s"


def test_an_interpreter_that_hangs_at_start_is_started_once(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    """A start that does not answer within the timeout (an import that hangs)
    is not tried again at each later job: it would cost the timeout each
    time. The later jobs are errors saying they were not run, and why."""
    starts = tmp_path / "starts"
    python = executable(tmp_path / "python", f"#!/bin/sh\necho start >> {starts}\nsleep 60\n")
    third = Job("docs_check.third.api", "put_metric")
    evidence = live_run(catalogue, python, timeout=1, jobs=(*TWO_JOBS, third))
    assert starts.read_text().splitlines() == ["start"]
    first, *later = evidence.runs
    assert (first.verdict, first.note, first.exit_code) == ("error", "timed out after 1 s", None)
    for run in later:
        assert run.verdict == "error"
        assert run.note == "not run: the interpreter did not answer its start within 1 s"
        assert (run.duration_s, run.exit_code, run.cases) == (0.0, None, ())
    assert [run.api for run in later] == [SECOND_API, third.api]
    assert evidence.environment.note == "no environment: timed out after 1 s"
    assert_no_npu_claimed(evidence)


@pytest.mark.parametrize(
    ("stdout", "stderr", "cause"),
    [
        ("garbage, not JSON", "boom: the harness died", "boom: the harness died"),
        ("{garbage, not JSON", "", "no output"),
        ('{"valid": "JSON, not a report"}', "last\\n\\nwords\\n", "words"),
    ],
)
def test_crash_is_an_error_with_the_last_line_of_stderr(
    catalogue: Catalogue, tmp_path: Path, stdout: str, stderr: str, cause: str
) -> None:
    text = f"#!/bin/sh\nprintf '%s\\n' '{stdout}'\nprintf '{stderr}' >&2\nexit 3\n"
    python = executable(tmp_path / "python", text)
    evidence = live_run(catalogue, python)
    run = assert_error(evidence, f"harness crashed (exit 3): {cause}")
    assert run.exit_code == 3
    assert evidence.environment.note == f"no environment: harness crashed (exit 3): {cause}"


def test_missing_interpreter_is_an_error(catalogue: Catalogue, tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere" / "python")
    evidence = live_run(catalogue, missing)
    run = assert_error(evidence, f"executable not found: {missing}")
    assert run.exit_code is None
    assert run.command == (missing, str(HARNESS), "--behaviour", str(behaviour_file("put_metric")))
    assert evidence.environment.python == f"unknown ({missing})"
