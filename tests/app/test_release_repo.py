"""verify across releases, as the release engineer does it, on a repository
shaped like torch-npu's (tests/fixtures/release-repo): every version's docs
read from master, each release branch's own unittest test run in that
version's environment, none of which has pytest.

The only torch here is 2.13.0: the environments of 2.7.1, 2.11.0 and 2.12.0
are FAKE wrappers (tests/fakes/fake_torch_release) around the real torch_npu
environment, and every report must say so."""

from __future__ import annotations

import json
import re
import subprocess
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.app.release_repo import TEST, build_release_repo
from tests.helpers import fake_torch_python, outcomes_of

Invoke = Callable[..., tuple[int, str, str]]
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
BRANCHES = {"2.7.1": "v2.7.1", "2.11.0": "v2.11.0", "2.12.0": "v2.12.0", "2.13.0": "master"}
TESTS_RUN = {"2.7.1": 5, "2.11.0": 6, "2.12.0": 7, "2.13.0": 7}
BACKEND = "RuntimeError: Failed to load the backend extension: torch_npu."


def lacks(python: str, module: str) -> bool:
    done = subprocess.run([python, "-c", f"import {module}"], capture_output=True, timeout=60)
    return done.returncode != 0


@pytest.fixture(scope="module")
def release_repo(tmp_path_factory: pytest.TempPathFactory, npu_python: str) -> dict[str, Any]:
    """The repository, and an interpreter per docs version: the real torch_npu
    environment for 2.13.0, FAKE torch releases on it for the others."""
    assert lacks(npu_python, "pytest"), "the version environments must not have pytest"
    folder = tmp_path_factory.mktemp("release")
    repo = build_release_repo(folder / "repo")
    pythons = {v: fake_torch_python(folder, npu_python, f"{v}+cpu") for v in TESTS_RUN}
    pythons["2.13.0"] = npu_python
    return {"repo": str(repo), "pythons": pythons}


def verify_argv(release_repo: dict[str, Any], *more: str) -> list[str]:
    argv = ["verify", "--git", release_repo["repo"], "--ref", "master", "docs"]
    for version, python in release_repo["pythons"].items():
        argv += ["--python-for", f"{version}={python}"]
    return argv + list(more)


@pytest.fixture(scope="module")
def verified(release_repo: dict[str, Any]) -> tuple[dict[str, Any], Any]:
    """The module's live run, the test refs from the repository's own
    configuration at master: its JSON report and its outcome."""
    from checker.cli import run

    output = Path(release_repo["repo"]).parent / "verify.json"
    with outcomes_of("verify") as outcomes:
        code = run(verify_argv(release_repo, "--format", "json", "--output", str(output), "-q"))
    assert code == 0
    (outcome,) = outcomes
    return json.loads(output.read_text(encoding="utf-8")), outcome


@pytest.fixture(scope="module")
def as_json(verified: tuple[dict[str, Any], Any]) -> dict[str, Any]:
    return verified[0]


def test_every_version_is_read_from_master(as_json: dict[str, Any]) -> None:
    pages = {(r["version"], r["ref"], r["path"]) for r in as_json["results"]}
    assert pages == {
        (v, "master", f"docs/zh/api/native_api/pytorch_{v.replace('.', '-')}/"
         "torch-distributed-elastic.md")
        for v in TESTS_RUN
    }  # fmt: skip
    assert {r["verdict"] for r in as_json["results"]} == {"unverified"}  # no NPU here


def test_each_branch_runs_its_own_unittest_in_its_version_environment(
    as_json: dict[str, Any], release_repo: dict[str, Any]
) -> None:
    by_version = {e["version"]: e for e in as_json["evidence"]}
    assert list(by_version) == list(TESTS_RUN)  # one environment per version, no other
    for version, evidence in by_version.items():
        assert evidence["docs_versions"] == [version]
        (test,) = [run for run in evidence["runs"] if run["source"] == "repo-test"]
        assert test["ref"] == BRANCHES[version]
        assert test["behaviour"] == TEST
        assert test["command"][-2:] == ["--test", TEST]
        assert test["command"][1] == release_repo["pythons"][version]
        assert test["verdict"] == "passed", test
        assert re.fullmatch(
            rf"Ran {TESTS_RUN[version]} tests in \d+\.\d{{3}}s, OK", test["summary"]
        )
        assert len(test["cases"]) == TESTS_RUN[version]
        assert all(case["name"].startswith(f"{TEST}::TestMetricsApi::") for case in test["cases"])


def test_the_fake_releases_are_labelled_fake(as_json: dict[str, Any]) -> None:
    for evidence in as_json["evidence"]:
        env = evidence["environment"]
        fake = evidence["version"] != "2.13.0"
        assert env["torch"] == f"{evidence['version']}+cpu"
        assert env["fake_torch"] is fake
        assert env["device"] == "cpu-reference"
        renamed = f"FAKE torch release (test double): torch 2.13.0+cpu reports {env['torch']}; "
        said = "CPU reference run; NPU not available: " + BACKEND
        assert env["note"].startswith(renamed + said if fake else said), env["note"]


def test_the_markdown_report_is_the_engineers_pull_request_section(
    verified: tuple[dict[str, Any], Any],
) -> None:
    """The same run as `--format markdown` renders it (a second live run would
    import torch eight times again; test refs given on the command line, run
    live, are test_clone_recipe's)."""
    from checker.report.formats import render

    out = render("markdown", verified[1])
    section = out[out.index("### Validation evidence") :]
    headings = re.findall(r"^#### .*$", section, re.MULTILINE)
    assert headings == [
        "#### 1. `live run on this machine`: docs 2.7.1, CPU reference run, no NPU",
        "#### 2. `live run on this machine`: docs 2.11.0, CPU reference run, no NPU",
        "#### 3. `live run on this machine`: docs 2.12.0, CPU reference run, no NPU",
        "#### 4. `live run on this machine`: docs 2.13.0, CPU reference run, no NPU",
    ]
    blocks = re.findall(r"```text\n(VALIDATION EVIDENCE\n.*?)```", section, re.DOTALL)
    assert len(blocks) == 4
    for (version, branch), block in zip(BRANCHES.items(), blocks, strict=True):
        pairs = [line.split("=", 1) for line in block.splitlines()[1:]]
        keys = [key for key, _ in pairs]
        assert keys == [
            "API", "TARGET_BRANCH", "PLATFORM", "PYTHON", "TORCH", "TORCH_NPU", "CANN", "NPU",
            "VISIBLE_NPU", "COMMAND", "RESULT", "COMMAND", "RESULT", "NOTE",
        ]  # fmt: skip
        values = dict(pairs[:9])
        assert values["API"] == PUT_METRIC
        assert values["TARGET_BRANCH"] == branch
        fake = " (FAKE: a test double reporting this release)" if version != "2.13.0" else ""
        assert values["TORCH"] == f"{version}+cpu{fake}"
        assert (values["TORCH_NPU"], values["NPU"], values["VISIBLE_NPU"]) == ("2.13.0", "-", "0")
        # the command a reviewer re-runs from a checkout, not docs-check's harness call
        autoload = "TORCH_DEVICE_BACKEND_AUTOLOAD=0"
        assert pairs[-3][1] == f"git checkout {branch} && {autoload} python {TEST} -v"
        ran = TESTS_RUN[version]
        assert re.fullmatch(rf"Ran {ran} tests in \d+\.\d{{3}}s, OK, exit 0", pairs[-2][1])
        assert "CPU reference run; NPU not available: " + BACKEND in pairs[-1][1]
        row = re.search(rf"^\| `{re.escape(branch)}` \| (.*)$", section, re.MULTILINE)
        assert row is not None
        cells = row.group(1).split(" | ")
        assert cells[:4] == [f"{version}+cpu{fake}", "2.13.0", "-", "-"]  # torch_npu, CANN, NPU
        assert re.fullmatch(rf"Ran {ran} tests in \d+\.\d{{3}}s, OK, exit 0 \|", cells[5])


def test_a_test_module_that_cannot_import_says_why(
    cli: Invoke, release_repo: dict[str, Any], npu_python: str
) -> None:
    """The branch's test imports torch's own common_utils, which needs expecttest."""
    assert lacks(npu_python, "expecttest")
    argv = ["verify", "--git", release_repo["repo"], "--ref", "master", "docs", "--api", PUT_METRIC]
    # the torch_npu environment as the main interpreter: it runs for its own
    # release, 2.13.0, alone (one torch import; with --python-for, this one
    # would run for the other versions too)
    argv += ["--test-ref", "2.13.0=needs-expecttest", "--python", npu_python]
    with outcomes_of("verify") as outcomes:
        code, out, _ = cli(*argv, "--format", "json", "-q")
    (evidence,) = [e for e in json.loads(out)["evidence"] if e["version"] == "2.13.0"]
    (test,) = [run for run in evidence["runs"] if run["source"] == "repo-test"]
    assert (test["verdict"], test["ref"], test["cases"]) == ("error", "needs-expecttest", [])
    assert test["note"] == (
        "ModuleNotFoundError: No module named 'expecttest' (at needs-expecttest); "
        'the repository\'s tests need it: pip install "docs-check[verify]" '
        "in the interpreter that runs them"
    )
    # not run: a module that does not import exits 1 under unittest, never 0
    assert test["exit_code"] == 1
    assert code == 1  # a reference run that could not run fails verify
    # the text report of the same run (a second run would import torch again)
    from checker.report.formats import render

    (outcome,) = outcomes
    out = render("text", outcome)
    assert "error 0/0 cases in " in out and ", exit 1 — ModuleNotFoundError" in out


def test_the_verify_extra_installs_what_the_repositorys_tests_import() -> None:
    """pyproject.toml's `verify` extra is the list the hint names: expecttest
    (torch's common_utils imports it), numpy, parameterized (test/ imports
    them at the top of its modules)."""
    import tomllib

    from checker.torch.runs import TEST_MODULES
    from tests.helpers import REPO

    project = tomllib.loads((REPO / "pyproject.toml").read_text(encoding="utf-8"))
    assert project["project"]["optional-dependencies"]["verify"] == list(TEST_MODULES)
    assert TEST_MODULES[:2] == ("expecttest", "numpy")
