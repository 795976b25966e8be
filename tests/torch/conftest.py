"""Live runs for the tests of checker.torch: the harness in a real subprocess on
a real interpreter. One run per environment is shared through fixtures, since
each costs a torch import (one to three seconds).

Environments:
  - this interpreter: the real CPU torch 2.13.0 of the test extra;
  - the real torch_npu 2.13.0 without CANN, whose `import torch` fails on the
    backend extension (libhccl.so missing): DOCS_CHECK_TEST_NPU_PYTHON when set,
    otherwise a virtualenv built once into the user's cache folder;
  - the FAKE torch_npu test double (tests/fakes/fake_npu_a3) on PYTHONPATH."""

from __future__ import annotations

import fcntl
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.verify.evidence import Evidence

from .support import (
    FAKE_NPU,
    NPU_PINS,
    NPU_PYTHON_VARIABLE,
    NPU_VENV_NAME,
    TWO_JOBS,
    live_run,
)


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return default_catalogue()


@pytest.fixture(scope="session")
def cpu_evidence(catalogue: Catalogue) -> Evidence:
    """put_metric, then a second job, on this interpreter: the real CPU torch, no torch_npu."""
    return live_run(catalogue, jobs=TWO_JOBS)


def _installed(python: Path) -> dict[str, str] | None:
    """torch and torch_npu versions installed for python; None when either is missing."""
    if not python.exists():
        return None
    script = (
        "import importlib.metadata as m\nprint(m.version('torch'))\nprint(m.version('torch_npu'))\n"
    )
    done = subprocess.run(
        [str(python), "-c", script], capture_output=True, text=True, timeout=60, check=False
    )
    lines = done.stdout.split()
    if done.returncode != 0 or len(lines) != 2:
        return None
    return {"torch": lines[0], "torch_npu": lines[1]}


def _cache_dir() -> Path:
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "docs-check-tests"


def _build_npu_venv() -> Path:
    """A virtualenv with the real torch_npu wheel, built once and reused: about
    45 s the first time. A lock keeps two test runs from building it at once;
    a half-built one (interrupted) fails the check and is built anew."""
    cache = _cache_dir()
    cache.mkdir(parents=True, exist_ok=True)
    venv = cache / NPU_VENV_NAME
    python = venv / "bin" / "python"
    with open(cache / f"{NPU_VENV_NAME}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if _installed(python) is not None:
            return python
        shutil.rmtree(venv, ignore_errors=True)
        steps = [
            [sys.executable, "-m", "venv", str(venv)],
            [str(python), "-m", "pip", "install", "--quiet", "--no-input", *NPU_PINS],
        ]
        for step in steps:
            done = subprocess.run(step, capture_output=True, text=True, timeout=1800, check=False)
            assert done.returncode == 0, (
                f"building the torch_npu test environment failed: {' '.join(step)}\n"
                f"{done.stdout}\n{done.stderr}"
            )
    return python


@pytest.fixture(scope="session")
def npu_python() -> str:
    """An interpreter with the real torch 2.13.0 and torch-npu 2.13.0 (no CANN here)."""
    given = os.environ.get(NPU_PYTHON_VARIABLE)
    python = Path(given) if given else _build_npu_venv()
    installed = _installed(python)
    assert installed is not None, f"{python}: torch or torch_npu is not installed"
    assert installed["torch"].split("+")[0] == "2.13.0", installed
    assert installed["torch_npu"] == "2.13.0", installed
    return str(python)


@pytest.fixture(scope="session")
def npu_evidence(catalogue: Catalogue, npu_python: str) -> Evidence:
    """put_metric, then a second job, on the real torch_npu without CANN."""
    return live_run(catalogue, npu_python, jobs=TWO_JOBS)


@pytest.fixture(scope="session")
def fake_evidence(catalogue: Catalogue) -> dict[str, Evidence]:
    """put_metric with the FAKE torch_npu, by the SoC it reports."""
    runs: dict[str, Evidence] = {}
    for soc in ("default", "Ascend950PR_xxxx"):
        env = {"PYTHONPATH": str(FAKE_NPU)}
        if soc != "default":
            env["DOCS_CHECK_FAKE_SOC"] = soc
        runs[soc] = live_run(catalogue, env=env)
    return runs
