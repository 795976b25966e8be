"""The release gate recipe of docs/verify.md, run as written on repositories of
the real shape (every version's docs on master, each release's tests on its
branch): probe here (a CPU reference run: no NPU on this machine), then the
gate over master's docs. It must fail with exit 3, every product unverified,
and say so in the JUnit report."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path
from typing import Any

from tests.app.release_repo import TEST, build_release_repo
from tests.helpers import REPO, git

MARKER = "<!-- recipe: tests/app/test_readme_recipe.py runs this block as written -->"
PRODUCTS = ("atlas-a2", "atlas-a3", "ascend-950")


def recipe() -> str:
    text = (REPO / "docs" / "verify.md").read_text(encoding="utf-8")
    after = text.split(MARKER, 1)[1]
    match = re.match(r"\s*```sh\n(.*?)```", after, re.DOTALL)
    assert match, "the recipe block follows its marker"
    return match.group(1)


def run_recipe(repo: Path, release_branch: str) -> tuple[dict[str, Any], list[ElementTree.Element]]:
    """The recipe at the repository's root, for torch 2.13.0 (this machine's)."""
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "RUNNER_NAME": "no-npu-here",
        "TORCH_VERSION": "2.13.0",
        "RELEASE_BRANCH": release_branch,
    }
    done = subprocess.run(
        ["bash", "-c", recipe()], cwd=repo, env=env, capture_output=True, text=True, timeout=600
    )
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr
    evidence = json.loads((repo / "evidence" / "no-npu-here.json").read_text("utf-8"))
    assert evidence["environment"]["device"] == "cpu-reference"
    assert evidence["environment"]["note"].startswith("CPU reference run; NPU not available:")
    cases = ElementTree.parse(repo / "docs-check-junit.xml").getroot().findall(".//testcase")
    products = [case for case in cases if case.get("name") in PRODUCTS]
    for case in products:
        failure = case.find("failure")
        assert failure is not None, ElementTree.tostring(case, encoding="unicode")
        assert "no NPU evidence" in ElementTree.tostring(case, encoding="unicode")
    return evidence, products


def test_the_recipe_on_a_repository_of_the_real_shape(tmp_path: Path) -> None:
    """The release branch carries the tests, not the docs; its own unittest
    test runs in the probe, read from the branch."""
    repo = build_release_repo(tmp_path / "repo")
    shutil.rmtree(repo / "test")  # the branch's tests are read from the branch, not from here
    evidence, products = run_recipe(repo, "v2.12.0")
    runs = {(run["source"], run["ref"]): run for run in evidence["runs"]}
    assert set(runs) == {("behaviour", None), ("repo-test", "v2.12.0")}
    test = runs[("repo-test", "v2.12.0")]
    assert (test["behaviour"], test["verdict"]) == (TEST, "passed")
    assert re.fullmatch(r"Ran 7 tests in \d+\.\d{3}s, OK", test["summary"])
    # the shipped rule alone: it names the repository's test (master's configuration
    # has only the test refs)
    assert len(products) == 1 * 4 * 3  # rules x versions x products, all read from master


def test_the_recipe_on_the_real_docs(corpus: Path, tmp_path: Path) -> None:
    """Master's real pages; no test ref holds tests here, so only the shipped
    behaviour test runs."""
    repo = tmp_path / "docs-repo"
    shutil.copytree(corpus / "master", repo)
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "docs")
    git(repo, "branch", "v2.13.0")
    evidence, products = run_recipe(repo, "v2.13.0")
    assert [run["verdict"] for run in evidence["runs"]] == ["passed"]
    assert len(products) == 12
