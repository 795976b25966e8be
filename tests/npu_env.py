"""The test environment with the real torch_npu wheel: torch 2.13.0 and
torch-npu 2.13.0, no CANN (so `import torch` fails on the backend extension
unless autoloading is off) and no pytest. DOCS_CHECK_TEST_NPU_PYTHON names
one; otherwise a virtualenv is built once into the user's cache folder.

`torch_npu_library` finds the library of an installed torch_npu without
building anything: the SoC names torch_npu knows are in it."""

from __future__ import annotations

import fcntl
import importlib.metadata
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

# What the torch_npu environment must hold. Both pinned: an unpinned torch
# would pull a CUDA build of several GB; this CPU build lies on the local disk.
NPU_PINS = ("torch==2.13.0", "torch-npu==2.13.0")
NPU_VENV_NAME = "venv-torch-npu-2.13.0"
NPU_PYTHON_VARIABLE = "DOCS_CHECK_TEST_NPU_PYTHON"


def installed(python: Path) -> dict[str, str] | None:
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


def cache_folder() -> Path:
    """Where the test environments built once are kept (the user cache)."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    return Path(base) / "docs-check-tests"


@contextmanager
def locked_venv(name: str) -> Iterator[Path]:
    """The folder of the test virtualenv `name` in the user's cache, held
    under a lock for as long as the caller is inside: two test runs never
    build or use it at once."""
    cache = cache_folder()
    cache.mkdir(parents=True, exist_ok=True)
    with open(cache / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        yield cache / name


def build_npu_venv() -> Path:
    """A virtualenv with the real torch_npu wheel, built once and reused: about
    45 s the first time. A lock keeps two test runs from building it at once;
    a half-built one (interrupted) fails the check and is built anew."""
    with locked_venv(NPU_VENV_NAME) as venv:
        python = venv / "bin" / "python"
        if installed(python) is not None:
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


def npu_interpreter() -> str:
    """An interpreter with the real torch 2.13.0 and torch-npu 2.13.0 (no CANN here)."""
    given = os.environ.get(NPU_PYTHON_VARIABLE)
    python = Path(given) if given else build_npu_venv()
    found = installed(python)
    assert found is not None, f"{python}: torch or torch_npu is not installed"
    assert found["torch"].split("+")[0] == "2.13.0", found
    assert found["torch_npu"] == "2.13.0", found
    return str(python)


# The file of torch_npu that holds its SoC list (the names get_device_name gives).
TORCH_NPU_LIBRARY = "libtorch_npu.so"
REQUIRE_TORCH_NPU = "DOCS_CHECK_REQUIRE_TORCH_NPU"
# Printed by an interpreter asked where its torch_npu's library is; never imports
# torch_npu, which fails without CANN.
_LIBRARY_SCRIPT = f"""
import importlib.metadata as m
d = m.distribution("torch_npu")
print(d.version)
print(next(str(f.locate()) for f in d.files or () if f.name == {TORCH_NPU_LIBRARY!r}))
"""


def torch_npu_library() -> tuple[Path, str] | str:
    """(libtorch_npu.so, torch_npu's version) of a torch_npu installed here,
    else in the torch_npu test environment when one exists
    (DOCS_CHECK_TEST_NPU_PYTHON, or the one built in the cache); never built
    here. Otherwise why none was found. (Installing torch_npu beside the suite's
    own torch is no way to get one: torch would load it as its backend at every
    import, and fail without CANN, in every live run of the suite.)"""
    try:
        dist = importlib.metadata.distribution("torch_npu")
        found = next((f for f in dist.files or () if f.name == TORCH_NPU_LIBRARY), None)
        if found is not None:
            return Path(str(found.locate())), dist.version
    except importlib.metadata.PackageNotFoundError:
        pass
    given = os.environ.get(NPU_PYTHON_VARIABLE)
    python = Path(given) if given else cache_folder() / NPU_VENV_NAME / "bin" / "python"
    if python.exists():
        done = subprocess.run(
            [str(python), "-c", _LIBRARY_SCRIPT],
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
        lines = done.stdout.split("\n")
        if done.returncode == 0 and len(lines) >= 2 and Path(lines[1]).is_file():
            return Path(lines[1]), lines[0]
    return (
        f"torch_npu is installed neither here ({sys.executable}) nor in the torch_npu test "
        f"environment ({python}; the tests of tests/torch that need it build it, or set "
        f"{NPU_PYTHON_VARIABLE})"
    )
