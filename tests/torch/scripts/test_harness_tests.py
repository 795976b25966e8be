"""The harness's test runs (`--test NODEID` and its `--serve` form) on real
interpreters, from a copy of tests/fixtures/harness: this interpreter (torch
and pytest) and the torch_npu environment, which has no pytest. Which
framework runs a test, the cases and summary it reports, and every way a test
can fail to run, each in one line, never pytest's "collected nothing".

Each interpreter serves every job below in one `harness.py --serve` process
(one torch import, about 2.5 s of CPU, instead of one a job), as docs-check's
live runs do; a job there is run as its recorded `--test NODEID` command runs
it alone (its own working folder, its test folder's modules imported afresh),
and `--test` itself, run alone, gives the same runs.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest

from checker.process import last_json_object
from checker.torch.runner import HARNESS
from tests.helpers import FIXTURES

from ..support import LIVE_VARIABLES

WITH_PYTEST = "with-pytest"  # this interpreter
NO_PYTEST = "no-pytest"  # the torch_npu environment
BOTH = (WITH_PYTEST, NO_PYTEST)

MAIN_GUARD = "unittest_main/test_main_guard.py"
PLAIN = "plain/test_plain.py"
OUTCOMES = "outcomes/test_outcomes.py"
UNIMPORTABLE = "unimportable/test_unimportable.py"
FUNCTIONS = "pytest_style/test_functions.py"
EXITS = "exits/test_exits.py"
MISSING = "nope/test_missing.py"

# Every (interpreter, node id) any test below reads, in the order each
# interpreter's `--serve` process is given them.
JOBS = [
    *((python, node_id) for python in BOTH for node_id in (MAIN_GUARD, PLAIN, UNIMPORTABLE)),
    *((python, f"{OUTCOMES}::Outcomes") for python in BOTH),
    (NO_PYTEST, f"{OUTCOMES}::Mostly"),
    (WITH_PYTEST, f"{OUTCOMES}::Outcomes::test_fail"),
    (WITH_PYTEST, FUNCTIONS),
    (NO_PYTEST, f"{FUNCTIONS}::test_adds"),
    *((python, node_id) for python in BOTH for node_id in (MISSING, f"{MAIN_GUARD}::Nope", EXITS)),
    (WITH_PYTEST, f"{PLAIN}::Nope"),
]
# What `harness.py --test A --test B` gives in a process of its own, to compare
# with the served runs: a unittest module with a main guard and a helper beside
# it, and one with every outcome.
COMMANDED = (MAIN_GUARD, f"{OUTCOMES}::Outcomes")

RUN_KEYS = {"behaviour", "framework", "error", "cases", "duration_s", "summary", "exit_status"}


@pytest.fixture(scope="module")
def no_pytest_python(npu_python: str) -> str:
    """The torch_npu environment, proven to lack pytest: the runs on it mean
    what they say."""
    done = subprocess.run(
        [npu_python, "-c", "import pytest"], capture_output=True, text=True, check=False
    )
    assert done.returncode == 1, done
    assert done.stderr.splitlines()[-1] == "ModuleNotFoundError: No module named 'pytest'"
    return npu_python


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return Path(shutil.copytree(FIXTURES / "harness", tmp_path_factory.mktemp("tree") / "tree"))


def _env() -> dict[str, str]:
    env = {name: value for name, value in os.environ.items() if name not in LIVE_VARIABLES}
    env["TORCH_DEVICE_BACKEND_AUTOLOAD"] = "0"  # torch_npu without CANN: else torch fails
    return env


def _checked(run: dict[str, Any], node_id: str) -> dict[str, Any]:
    assert set(run) == RUN_KEYS, run
    assert run["behaviour"] == node_id
    return dict(run)


def _commanded(python: str, workdir: Path) -> dict[str, dict[str, Any]]:
    """The one run of `harness.py --test A --test B`; the JSON must be stdout's last line."""
    done = subprocess.run(
        [python, str(HARNESS), *(f"--test={node_id}" for node_id in COMMANDED)],
        cwd=workdir,
        env=_env(),
        capture_output=True,
        text=True,
        timeout=180,
        check=False,
    )
    report = last_json_object(done.stdout, lambda report: "runs" in report)
    assert report is not None, f"no JSON line:\n{done.stdout}\n{done.stderr}"
    assert done.stdout.count("\n") == 1, done.stdout  # what the tests print goes to stderr
    assert done.returncode == 0, done.stderr
    assert report["environment"]["torch_import_error"] is None, report["environment"]
    return {
        node_id: _checked(run, node_id)
        for node_id, run in zip(COMMANDED, report["runs"], strict=True)
    }


def _served(python: str, workdir: Path, node_ids: list[str]) -> dict[str, dict[str, Any]]:
    """One `harness.py --serve` process, started elsewhere, given every job
    with the copy as its working folder: stdout is its environment line and
    one answer a job, and nothing else, and it ends at the end of its input."""
    requests = [json.dumps({"test": node_id, "cwd": str(workdir)}) for node_id in node_ids]
    done = subprocess.run(
        [python, str(HARNESS), "--serve"],
        cwd=workdir.parent,
        env=_env(),
        input="".join(f"{request}\n" for request in requests),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    first, *answers = (json.loads(line) for line in done.stdout.splitlines())
    assert first["environment"]["torch_import_error"] is None, first
    assert len(answers) == len(node_ids), done.stdout  # what the tests print goes to stderr
    return {
        node_id: _checked(answer["run"], node_id)
        for node_id, answer in zip(node_ids, answers, strict=True)
    }


@pytest.fixture(scope="module")
def pythons(no_pytest_python: str) -> dict[str, str]:
    return {WITH_PYTEST: sys.executable, NO_PYTEST: no_pytest_python}


@pytest.fixture(scope="module")
def commanded(pythons: dict[str, str], workdir: Path) -> dict[str, dict[str, dict[str, Any]]]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {python: pool.submit(_commanded, pythons[python], workdir) for python in BOTH}
    return {python: future.result() for python, future in futures.items()}


@pytest.fixture(scope="module")
def runs(pythons: dict[str, str], workdir: Path) -> dict[tuple[str, str], dict[str, Any]]:
    with ThreadPoolExecutor(max_workers=2) as pool:
        futures = {
            python: pool.submit(
                _served, pythons[python], workdir, [node for by, node in JOBS if by == python]
            )
            for python in BOTH
        }
    return {
        (python, node_id): run
        for python, future in futures.items()
        for node_id, run in future.result().items()
    }


def cases(run: dict[str, Any]) -> list[tuple[str, bool, str]]:
    return [(case["name"], case["passed"], case["detail"]) for case in run["cases"]]


def assert_matches(pattern: str, text: str) -> None:
    assert re.fullmatch(pattern, text), f"{text!r} does not match {pattern!r}"


@pytest.mark.parametrize("python", BOTH)
def test_a_run_tests_module_runs_under_unittest_even_with_pytest_there(
    runs: dict[tuple[str, str], dict[str, Any]], python: str
) -> None:
    """Its helper module, beside it, imports; its main guard does not fire."""
    run = runs[python, MAIN_GUARD]
    assert run["framework"] == "unittest"
    assert run["error"] is None
    assert cases(run) == [
        (f"{MAIN_GUARD}::Arithmetic::test_add", True, ""),
        (f"{MAIN_GUARD}::Arithmetic::test_mul", True, ""),
    ]
    assert_matches(r"Ran 2 tests in \d+\.\d{3}s, OK", run["summary"])
    assert isinstance(run["duration_s"], float)


@pytest.mark.parametrize(
    ("python", "framework", "summary"),
    [
        (WITH_PYTEST, "pytest", r"2 passed in \d+\.\d{2}s"),
        (NO_PYTEST, "unittest", r"Ran 2 tests in \d+\.\d{3}s, OK"),
    ],
)
def test_a_unittest_module_without_main_guard_runs_under_pytest_where_it_is(
    runs: dict[tuple[str, str], dict[str, Any]], python: str, framework: str, summary: str
) -> None:
    run = runs[python, PLAIN]
    assert run["framework"] == framework
    assert run["error"] is None
    assert cases(run) == [
        (f"{PLAIN}::Plain::test_one", True, ""),
        (f"{PLAIN}::Plain::test_two", True, ""),
    ]
    assert_matches(summary, run["summary"])


@pytest.mark.parametrize("python", BOTH)
def test_every_unittest_outcome_is_a_case_and_a_skip_is_no_pass(
    runs: dict[tuple[str, str], dict[str, Any]], python: str
) -> None:
    run = runs[python, f"{OUTCOMES}::Outcomes"]
    assert run["framework"] == "unittest"
    assert run["error"] is None
    name = f"{OUTCOMES}::Outcomes::"
    assert cases(run) == [
        (f"{name}test_error", False, "KeyError: 'missing' at line 8"),
        (f"{name}test_fail", False, "AssertionError: 1 != 2 at line 11"),
        (f"{name}test_pass", True, ""),
        (f"{name}test_skip", False, "skipped: not on this machine"),
        (f"{name}test_xfail", True, "expected failure"),
        (f"{name}test_xpass", False, "unexpected success"),
    ]
    failed = "failures=1, errors=1, skipped=1, expected failures=1, unexpected successes=1"
    assert_matches(rf"Ran 6 tests in \d+\.\d{{3}}s, FAILED \({failed}\)", run["summary"])
    assert run["exit_status"] == 1  # unittest's own, as `python test_x.py` exits
    texts = {case["name"].rsplit("::", 1)[1]: case["traceback"] for case in run["cases"]}
    assert texts["test_pass"] == texts["test_skip"] == ""
    # the whole failure, as unittest prints it under FAIL:
    assert texts["test_fail"].startswith("Traceback (most recent call last):\n")
    assert texts["test_fail"].endswith("AssertionError: 1 != 2\n")
    assert texts["test_error"].rstrip().endswith("KeyError: 'missing'")


@pytest.mark.parametrize(
    ("job", "summary", "expected"),
    [
        pytest.param(
            (NO_PYTEST, f"{OUTCOMES}::Mostly"),
            r"Ran 2 tests in \d+\.\d{3}s, OK \(skipped=1\)",
            [
                (f"{OUTCOMES}::Mostly::test_pass", True, ""),
                (f"{OUTCOMES}::Mostly::test_skip", False, "skipped: needs an NPU"),
            ],
            id="class",
        ),
        pytest.param(
            (WITH_PYTEST, f"{OUTCOMES}::Outcomes::test_fail"),
            r"Ran 1 test in \d+\.\d{3}s, FAILED \(failures=1\)",
            [(f"{OUTCOMES}::Outcomes::test_fail", False, "AssertionError: 1 != 2 at line 11")],
            id="method",
        ),
    ],
)
def test_a_class_or_a_single_test_runs_alone(
    runs: dict[tuple[str, str], dict[str, Any]],
    job: tuple[str, str],
    summary: str,
    expected: list[tuple[str, bool, str]],
) -> None:
    run = runs[job]
    assert (run["framework"], run["error"]) == ("unittest", None)
    assert cases(run) == expected
    assert_matches(summary, run["summary"])
    # a skip is no failure to unittest (exit 0), though it proves nothing (a case not passed)
    assert run["exit_status"] == (0 if "skipped" in summary else 1)


def test_pytest_functions_run_under_pytest(
    runs: dict[tuple[str, str], dict[str, Any]],
) -> None:
    run = runs[WITH_PYTEST, FUNCTIONS]
    assert (run["framework"], run["error"]) == ("pytest", None)
    assert cases(run) == [
        (f"{FUNCTIONS}::test_adds", True, ""),
        (f"{FUNCTIONS}::test_fails", False, "AssertionError: assert 4 == 5 at line 10"),
    ]
    assert_matches(r"1 failed, 1 passed in \d+\.\d{2}s", run["summary"])
    assert run["exit_status"] == 1  # pytest's own: tests failed
    assert "assert 4 == 5" in run["cases"][1]["traceback"]


@pytest.mark.parametrize(
    ("python", "framework", "summary"),
    [
        (WITH_PYTEST, "pytest", r"1 error in \d+\.\d{2}s"),
        (
            NO_PYTEST,
            "unittest",
            r"not run: ModuleNotFoundError: No module named 'docs_check_no_such_module'",
        ),
    ],
)
def test_a_module_that_does_not_import_says_why(
    runs: dict[tuple[str, str], dict[str, Any]], python: str, framework: str, summary: str
) -> None:
    run = runs[python, UNIMPORTABLE]
    assert run["framework"] == framework
    assert run["error"] == "ModuleNotFoundError: No module named 'docs_check_no_such_module'"
    assert run["cases"] == []
    assert_matches(summary, run["summary"])


@pytest.mark.parametrize(
    ("job", "framework", "error"),
    [
        pytest.param(
            (NO_PYTEST, f"{FUNCTIONS}::test_adds"),
            "unittest",
            f"pytest is not installed here, and {FUNCTIONS}::test_adds is not a unittest test",
            id="function-without-pytest",
        ),
        *(
            pytest.param(
                (python, MISSING),
                framework,
                f"no such test file: {MISSING}",
                id=f"missing-{python}",
            )
            for python, framework in ((WITH_PYTEST, "pytest"), (NO_PYTEST, "unittest"))
        ),
        *(
            pytest.param(
                (python, f"{MAIN_GUARD}::Nope"),
                "unittest",
                "AttributeError: module 'test_main_guard' has no attribute 'Nope'",
                id=f"unknown-class-{python}",
            )
            for python in BOTH
        ),
        *(
            pytest.param((python, EXITS), framework, "SystemExit: 2 at import", id=f"exit-{python}")
            for python, framework in ((WITH_PYTEST, "pytest"), (NO_PYTEST, "unittest"))
        ),
    ],
)
def test_what_cannot_run_is_an_error_in_one_line(
    runs: dict[tuple[str, str], dict[str, Any]],
    job: tuple[str, str],
    framework: str,
    error: str,
) -> None:
    run = runs[job]
    assert (run["framework"], run["error"], run["cases"]) == (framework, error, [])
    if framework == "unittest":
        assert run["summary"] == f"not run: {error}"


def test_pytest_says_which_name_it_did_not_find(
    runs: dict[tuple[str, str], dict[str, Any]], workdir: Path
) -> None:
    run = runs[WITH_PYTEST, f"{PLAIN}::Nope"]
    assert (run["framework"], run["cases"]) == ("pytest", [])
    where = workdir / PLAIN
    assert run["error"] == f"not found: {where}::Nope (no match in any of [<Module test_plain.py>])"
    assert_matches(r"no tests ran in \d+\.\d{2}s", run["summary"])


def _timeless(run: dict[str, Any]) -> dict[str, Any]:
    """The run without what the clock gives: its duration and the summary's seconds."""
    summary = re.sub(r"\d+\.\d+s\b", "_s", run["summary"])
    return {**run, "duration_s": None, "summary": summary}


@pytest.mark.parametrize("python", BOTH)
def test_a_run_served_is_the_run_of_its_test_command_alone(
    runs: dict[tuple[str, str], dict[str, Any]],
    commanded: dict[str, dict[str, dict[str, Any]]],
    python: str,
) -> None:
    """What every test here reads was served: `--test`, in a process of its
    own with the copy as its working folder, gives the same runs."""
    for node_id in COMMANDED:
        assert _timeless(commanded[python][node_id]) == _timeless(runs[python, node_id])
