"""Session.run_all: the jobs of one environment share one interpreter (one
torch import), counted by an interpreter that logs each start; a job that kills
that interpreter is reported for itself, and the other jobs still run."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from checker.model.catalogue import Catalogue
from checker.torch.runner import Job, Session, behaviour_file

from .support import PUT_METRIC, PUT_METRIC_CASES, SECOND_API


def counting_python(tmp_path: Path) -> tuple[str, Path]:
    """An interpreter that appends a line to a log each time it starts."""
    log = tmp_path / "starts.log"
    script = tmp_path / "python-counting"
    script.write_text(f'#!/bin/sh\necho started >> "{log}"\nexec "{sys.executable}" "$@"\n')
    script.chmod(0o755)
    return str(script), log


def starts(log: Path) -> int:
    return len(log.read_text().splitlines()) if log.exists() else 0


def test_every_job_of_an_environment_runs_in_one_interpreter(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    python, log = counting_python(tmp_path)
    session = Session(catalogue, python, 120)
    jobs = [Job(PUT_METRIC, "put_metric"), Job(SECOND_API, "put_metric")]
    session.run_all(jobs)
    assert starts(log) == 1
    assert [run.api for run in session.runs] == [PUT_METRIC, SECOND_API]
    for run in session.runs:
        assert [case.name for case in run.cases] == PUT_METRIC_CASES
        assert run.verdict == "passed"
        # the command that runs this job alone, as when each had its own process
        assert run.command == (
            python,
            run.command[1],
            "--behaviour",
            str(behaviour_file("put_metric")),
        )


def test_a_job_that_kills_the_interpreter_fails_alone(catalogue: Catalogue, tmp_path: Path) -> None:
    crash = tmp_path / "crash.py"
    crash.write_text("import os\nos._exit(3)\nCASES = []\n")
    python, log = counting_python(tmp_path)
    session = Session(catalogue, python, 120)
    jobs = [
        Job(PUT_METRIC, "put_metric"),
        Job("docs_check.crash", "crash", behaviour_path=str(crash)),
        Job(SECOND_API, "put_metric"),
    ]
    session.run_all(jobs)
    verdicts = [(run.api, run.verdict) for run in session.runs]
    assert verdicts == [
        (PUT_METRIC, "passed"),
        ("docs_check.crash", "error"),
        (SECOND_API, "passed"),
    ]
    assert "exit 3" in session.runs[1].note
    assert starts(log) == 1 + len(jobs)  # the shared run, then each job alone


def test_a_job_that_hangs_times_out_alone(catalogue: Catalogue, tmp_path: Path) -> None:
    hang = tmp_path / "hang.py"
    hang.write_text("import time\ntime.sleep(60)\nCASES = []\n")
    python, _ = counting_python(tmp_path)
    session = Session(catalogue, python, 8)
    session.run_all(
        [Job(PUT_METRIC, "put_metric"), Job("docs_check.hang", "hang", behaviour_path=str(hang))]
    )
    assert [run.verdict for run in session.runs] == ["passed", "error"]
    assert "timed out" in session.runs[1].note or "timeout" in session.runs[1].note.lower()
    assert os.path.basename(python) == "python-counting"
