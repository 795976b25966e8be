"""Session: the probe and every job of one environment share one interpreter
(one torch import), counted by an interpreter that logs each start; a job that
kills that interpreter or hangs past the timeout is reported for itself, and
the jobs after it run in a new one."""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

from checker.model.catalogue import Catalogue
from checker.torch.runner import Session, behaviour_file
from checker.torch.runs import Job

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


def test_a_job_that_kills_the_interpreter_or_hangs_fails_alone(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    """A behaviour and a repository test that kill the interpreter, and a job
    that hangs past the timeout: each costs only its own run, and the jobs
    after it run in a new interpreter (one session for the three: each start
    imports torch)."""
    crash = tmp_path / "crash.py"
    crash.write_text("import os\nos._exit(3)\nCASES = []\n")
    hang = tmp_path / "hang.py"
    hang.write_text("import time\ntime.sleep(60)\nCASES = []\n")
    tests = tmp_path / "repo"
    tests.mkdir()
    body = "import os, unittest\n\nclass TestX(unittest.TestCase):\n    def test_x(self):\n"
    (tests / "test_dies.py").write_text(body + "        os._exit(5)\n")
    (tests / "test_lives.py").write_text(body + "        pass\n")
    python, log = counting_python(tmp_path)
    session = Session(catalogue, python, 120)
    session.run_all(
        [
            Job(PUT_METRIC, "put_metric"),
            Job("docs_check.crash", "crash", behaviour_path=str(crash)),
            Job(SECOND_API, "put_metric"),
            *(
                Job(PUT_METRIC, name, name, str(tests))
                for name in ("test_dies.py", "test_lives.py")
            ),
        ]
    )
    # the hang alone, in the interpreter test_lives ran in (torch imported): its
    # timeout without the margin a start (torch's import) needs
    session.timeout = 2
    started = time.monotonic()
    session.run(Job("docs_check.hang", "hang", behaviour_path=str(hang)))
    assert time.monotonic() - started < 40  # the 60 s sleep was cut short
    session.timeout = 120  # the job after it starts a new interpreter
    session.run(Job(SECOND_API, "put_metric"))
    session.close()
    verdicts = [(run.api, run.behaviour, run.verdict) for run in session.runs]
    assert verdicts == [
        (PUT_METRIC, "put_metric", "passed"),
        ("docs_check.crash", "crash", "error"),
        (SECOND_API, "put_metric", "passed"),
        (PUT_METRIC, "test_dies.py", "error"),
        (PUT_METRIC, "test_lives.py", "passed"),
        ("docs_check.hang", "hang", "error"),
        (SECOND_API, "put_metric", "passed"),
    ]
    assert "exit 3" in session.runs[1].note
    assert session.runs[1].exit_code == 3  # as the job's own command would have exited
    assert session.runs[3].note.startswith("harness crashed (exit 5)")
    assert session.runs[5].note == "timed out after 2 s"
    # the shared one, then one for the jobs after each crash and after the hang
    # (the one that hung was ended)
    assert starts(log) == 4


def test_probe_behaviours_and_repository_tests_share_one_start(
    catalogue: Catalogue, tmp_path: Path
) -> None:
    """Every job of an environment runs in one interpreter, as verify's live
    runs do in one environment: the probe, then the behaviours, then the
    repository tests the probe's release asks for."""
    tests = tmp_path / "repo"
    tests.mkdir()
    (tests / "helper_mod.py").write_text("VALUE = 2\n")
    (tests / "test_two.py").write_text(
        "import unittest\nfrom helper_mod import VALUE\n\n"
        "class TestTwo(unittest.TestCase):\n"
        "    def test_value(self):\n        self.assertEqual(VALUE, 2)\n\n"
        "    def test_stdout_kept_off_the_protocol(self):\n"
        '        print(\'{"run": "not an answer"}\')\n\n'
        "if __name__ == '__main__':\n    unittest.main()\n"
    )
    python, log = counting_python(tmp_path)
    with Session(catalogue, python, 120) as session:
        assert session.probe() is not None
        session.run_all([Job(PUT_METRIC, "put_metric"), Job(SECOND_API, "put_metric")])
        test = Job(PUT_METRIC, "test_two.py", "test_two.py", str(tests))
        session.run_all([test, test])  # the same module twice: imported afresh each time
    assert starts(log) == 1
    assert [run.api for run in session.runs] == [PUT_METRIC, SECOND_API, PUT_METRIC, PUT_METRIC]
    assert [run.verdict for run in session.runs] == ["passed"] * 4
    for run in session.runs[:2]:
        assert [case.name for case in run.cases] == PUT_METRIC_CASES
        # the command that runs this job alone, as when each had its own process
        assert run.command == (
            python,
            run.command[1],
            "--behaviour",
            str(behaviour_file("put_metric")),
        )
    assert [len(run.cases) for run in session.runs[2:]] == [2, 2]
    assert session.runs[2].command[2:] == ("--test", "test_two.py")
    assert os.path.basename(python) == "python-counting"
