"""The release gate recipe of docs/verify.md, run as written: probe here (a CPU
reference run: no NPU on this machine), then the gate over a git ref of the
real docs. It must fail with exit 3, every product unverified, and say so in
the JUnit report."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

from tests.helpers import REPO

MARKER = "<!-- recipe: tests/app/test_readme_recipe.py runs this block as written -->"


def recipe() -> str:
    text = (REPO / "docs" / "verify.md").read_text(encoding="utf-8")
    after = text.split(MARKER, 1)[1]
    match = re.match(r"\s*```sh\n(.*?)```", after, re.DOTALL)
    assert match, "the recipe block follows its marker"
    return match.group(1)


def git(repo: Path, *arguments: str) -> None:
    subprocess.run(["git", "-C", str(repo), *arguments], check=True, capture_output=True)


def test_the_release_gate_recipe_runs_as_written(corpus: Path, tmp_path: Path) -> None:
    docs_repo = tmp_path / "docs-repo"
    shutil.copytree(corpus / "master", docs_repo)
    git(docs_repo, "init", "-q", "-b", "v2.13.0-release")
    git(docs_repo, "add", ".")
    git(docs_repo, "-c", "user.name=ci", "-c", "user.email=ci@example.com", "commit", "-qm", "docs")
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "RUNNER_NAME": "no-npu-here",
        "RELEASE_BRANCH": "v2.13.0-release",
    }
    done = subprocess.run(
        ["bash", "-c", recipe()],
        cwd=docs_repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 3, done.stderr
    assert "Traceback" not in done.stderr

    evidence = json.loads((docs_repo / "evidence" / "no-npu-here.json").read_text("utf-8"))
    assert evidence["environment"]["device"] == "cpu-reference"
    assert evidence["environment"]["note"].startswith("CPU reference run; NPU not available:")
    assert [run["verdict"] for run in evidence["runs"]] == ["passed"]

    report = ElementTree.parse(docs_repo / "docs-check-junit.xml").getroot()
    cases = report.findall(".//testcase")
    products = [
        case for case in cases if case.get("name") in ("atlas-a2", "atlas-a3", "ascend-950")
    ]
    assert len(products) == 12  # 4 versions x 3 products, all read at the release ref
    for case in products:
        failure = case.find("failure")
        assert failure is not None, ElementTree.tostring(case, encoding="unicode")
        assert "no NPU evidence" in ElementTree.tostring(case, encoding="unicode")
