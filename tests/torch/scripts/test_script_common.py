"""The scripts that run in a torch environment answer in JSON on stdout, and
nothing else reaches it: not Python's prints, and not a C extension's writes
to file descriptor 1, which swapping sys.stdout would not catch. A fake torch
makes both kinds of noise on import."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import checker.torch.scripts
from checker.torch.runner import HARNESS

SCRIPTS = Path(checker.torch.scripts.__file__).parent
NOISY_TORCH = """\
import os
os.write(1, b"C-level noise\\n")
print("python noise")
__version__ = "2.13.0"
"""


@pytest.fixture(scope="module")
def noisy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    site = tmp_path_factory.mktemp("noisy-torch")
    (site / "torch").mkdir()
    (site / "torch" / "__init__.py").write_text(NOISY_TORCH, encoding="utf-8")
    return site


@pytest.mark.parametrize("script", ["harness.py", "resolve_names.py", "public_api.py"])
def test_only_the_report_reaches_stdout(noisy: Path, script: str) -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPTS / script)],
        input="[]",
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": str(noisy), "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    (line,) = done.stdout.splitlines()  # the report, alone
    report = json.loads(line)
    assert "2.13.0" in json.dumps(report)  # the fake torch was the one imported
    assert "C-level noise" in done.stderr and "python noise" in done.stderr


# A repository test importing a module its environment installs, under a name
# a module of docs-check's own also has (coverage.py, the tool).
TOOL_TEST = """\
import unittest

import coverage


class Tool(unittest.TestCase):
    def test_the_tool(self):
        self.assertTrue(getattr(coverage, "THE_TOOL", False), coverage.__file__)


if __name__ == "__main__":
    unittest.main()
"""


def test_a_tests_imports_are_its_environments(noisy: Path, tmp_path: Path) -> None:
    """The harness's folder comes first on the target's sys.path, so it holds
    the scripts alone: no module of docs-check's own shadows a test's import."""
    site = tmp_path / "site"
    (site / "coverage").mkdir(parents=True)
    (site / "coverage" / "__init__.py").write_text("THE_TOOL = True\n", encoding="utf-8")
    (tmp_path / "test_tool.py").write_text(TOOL_TEST, encoding="utf-8")
    done = subprocess.run(
        [sys.executable, str(HARNESS), "--test", "test_tool.py"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PYTHONPATH": f"{noisy}{os.pathsep}{site}", "TORCH_DEVICE_BACKEND_AUTOLOAD": "0"},
        check=False,
    )
    [run] = json.loads(done.stdout)["runs"]
    assert [case["passed"] for case in run["cases"]] == [True], run
