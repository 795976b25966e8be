"""Runs inside the TARGET interpreter (`--python`), never in the checker's own
process: it imports torch. Standard library only besides torch, because the
target environment need not have docs-check installed.

    python harness.py [--behaviour FILE]... [--pytest NODEID]...

Prints one JSON object on stdout: the environment it found and, per behaviour,
each case's outcome. Where torch_npu is present and an NPU is visible, the
behaviour runs with the NPU as the current device; otherwise the record says
plainly that it is a CPU reference run, and why."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
import time
import traceback
from importlib import metadata, util
from pathlib import Path
from typing import Any


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    cause = error.__cause__ or error.__context__
    if cause is not None and str(cause) and str(cause) not in text:
        text += f" (caused by {type(cause).__name__}: {' '.join(str(cause).split())})"
    return f"{type(error).__name__}: {text}"


def _cann_version(torch_npu: Any) -> str | None:
    if torch_npu is not None:
        try:
            return str(torch_npu.npu.utils.get_cann_version())
        except Exception:  # an old torch_npu without the call: fall back to the toolkit files
            pass
    for home in (os.environ.get("ASCEND_TOOLKIT_HOME"), os.environ.get("ASCEND_HOME_PATH")):
        if home:
            for name in ("version.cfg", "compiler/version.info", "toolkit/version.info"):
                found = Path(home, name)
                if found.is_file():
                    for line in found.read_text(errors="replace").splitlines():
                        if "version" in line.lower() and "=" in line:
                            return line.split("=", 1)[1].strip()
    return None


def probe() -> tuple[dict[str, Any], Any]:
    """The environment, and torch (None when it does not import)."""
    env: dict[str, Any] = {
        "platform": f"{platform.system()} {platform.release()} {platform.machine()}",
        "python": platform.python_version(),
        "torch": _version("torch"),
        "torch_npu": _version("torch_npu"),
        "cann": None,
        "npu_available": False,
        "visible_npus": 0,
        "npu_name": None,
        "npu_op": None,
        "npu_op_ok": False,
        "fake_npu": False,
        "torch_import_error": None,
        "npu_error": None,
        "autoload_disabled": os.environ.get("TORCH_DEVICE_BACKEND_AUTOLOAD") == "0",
    }
    try:
        import torch
    except Exception as error:  # torch_npu autoload without CANN fails right here
        env["torch_import_error"] = _one_line(error)
        return env, None
    env["torch"] = torch.__version__
    torch_npu: Any = None
    if util.find_spec("torch_npu") is not None:
        try:
            torch_npu = importlib.import_module("torch_npu")
        except Exception as error:
            env["npu_error"] = _one_line(error)
    if torch_npu is not None:
        env["torch_npu"] = env["torch_npu"] or getattr(torch_npu, "__version__", "unknown")
        # A test double must say so; its answers are never an NPU result.
        env["fake_npu"] = bool(getattr(torch_npu, "__docs_check_fake__", False))
        env["cann"] = _cann_version(torch_npu)
        try:
            env["npu_available"] = bool(torch.npu.is_available())
            env["visible_npus"] = int(torch.npu.device_count())
            if env["npu_available"] and env["visible_npus"]:
                env["npu_name"] = str(torch.npu.get_device_name(0))
        except Exception as error:
            env["npu_error"] = _one_line(error)
            env["npu_available"] = False
        if env["npu_name"]:
            env["npu_op"], env["npu_op_ok"] = _tiny_op(torch)
    elif env["npu_error"] is None:
        env["npu_error"] = "torch_npu is not installed"
        env["cann"] = _cann_version(None)
    return env, torch


def _tiny_op(torch: Any) -> tuple[str, bool]:
    """Proof that the device computes, not only that it is listed."""
    try:
        torch.npu.set_device(0)
        result = (torch.ones(2, device="npu:0") * 2).cpu().tolist()
    except Exception as error:
        return f"ones(2)*2 on npu:0 failed: {_one_line(error)}", False
    return f"ones(2)*2 on npu:0 = {result}", result == [2.0, 2.0]


def run_behaviour(path: str) -> dict[str, Any]:
    """A behaviour file defines CASES: a list of (name, function) pairs."""
    spec = util.spec_from_file_location(f"behaviour_{Path(path).stem}", path)
    assert spec is not None and spec.loader is not None
    module = util.module_from_spec(spec)
    cases: list[dict[str, Any]] = []
    started = time.monotonic()
    try:
        spec.loader.exec_module(module)
    except Exception as error:
        return {"behaviour": Path(path).stem, "error": _one_line(error), "cases": cases}
    for name, case in module.CASES:
        try:
            case()
            cases.append({"name": name, "passed": True, "detail": ""})
        except Exception as error:
            frame = traceback.extract_tb(error.__traceback__)[-1]
            detail = f"{_one_line(error)} at line {frame.lineno}"
            cases.append({"name": name, "passed": False, "detail": detail})
    duration = round(time.monotonic() - started, 4)
    return {"behaviour": Path(path).stem, "error": None, "cases": cases, "duration_s": duration}


def run_pytest(node_id: str) -> dict[str, Any]:
    """A test of the docs repository's own suite, run in this same process so it
    sees the environment just probed. Each test item is a case."""
    try:
        import pytest
    except ImportError as error:
        return {"behaviour": node_id, "error": _one_line(error), "cases": []}
    cases: list[dict[str, Any]] = []

    class Collect:
        def pytest_runtest_logreport(self, report: Any) -> None:
            if report.when == "call" or (report.when == "setup" and not report.passed):
                detail = "" if report.passed else str(report.longrepr).splitlines()[-1][:300]
                cases.append(
                    {"name": report.nodeid, "passed": bool(report.passed), "detail": detail}
                )

    started = time.monotonic()
    code = pytest.main([node_id, "-q", "-p", "no:cacheprovider"], plugins=[Collect()])
    problem = None if cases else f"pytest collected nothing for {node_id} (exit {int(code)})"
    duration = round(time.monotonic() - started, 4)
    return {"behaviour": node_id, "error": problem, "cases": cases, "duration_s": duration}


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--behaviour", action="append", default=[])
    parser.add_argument("--pytest", action="append", default=[])
    arguments = parser.parse_args()
    env, torch = probe()
    runs = []
    if torch is not None:
        runs = [run_behaviour(path) for path in arguments.behaviour]
        runs += [run_pytest(node_id) for node_id in arguments.pytest]
        # pytest prints its own report on stdout; the JSON line must come last
    print(json.dumps({"environment": env, "runs": runs}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
