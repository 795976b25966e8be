"""Runs inside the TARGET interpreter (`--python`), never in the checker's own
process: it imports torch. Standard library only besides torch (pytest is used
when present), because the target environment need not have docs-check
installed; and Python 3.8 syntax, the oldest a target may have.

    python harness.py [--behaviour FILE]... [--test NODEID]...
                      [--module FILE --select CLASS::TEST...]
    python harness.py --serve

--behaviour runs a shipped behaviour file (its CASES). --test runs a test of
the docs repository's own suite, in this process so it sees the environment
just probed: NODEID is `path/test_x.py[::Class[::test_name]]` or
`path/test_x.py::test_function`, the path relative to the working directory.
A unittest module (one that calls run_tests() or unittest.main(), as torch's
own tests do) runs under unittest; any other under pytest when it imports,
else under unittest. --module runs the tests of FILE that each --select names
(`Class::test`, or `Class::stem_*`), under unittest, as one run.

Prints one JSON object on stdout, as its last line: the environment it found
and one run per behaviour or test, {"behaviour": FILE's stem or NODEID,
"framework": "behaviour" | "unittest" | "pytest", "error": one line or null,
"cases": [{"name", "passed", "detail": one line, "traceback": a failure's
whole text}], "duration_s", "summary": one line, and for a test the framework
ran, "exit_status": the exit status `python test_x.py` (unittest) or pytest
would have given}.
Whatever the runs print goes to stderr.

--serve (docs-check's live runs: one torch import for every job of an
environment) probes, prints {"environment": ...} as one line, then reads one
job a line on stdin, {"behaviour": FILE} | {"test": NODEID} | {"module": FILE,
"select": [...]}, each with "cwd" (its working folder; null: the harness's
own), and answers each with one line, {"run": a run as above, or null when
torch did not import}; it ends at the end of its input. The protocol has
stdin and stdout to itself: fd 1 is stderr and fd 0 is /dev/null for torch
and the tests, so what they print or read never reaches it. Where torch_npu is present and an NPU
is visible, the runs have the NPU as the current device; otherwise the record
says plainly that it is a CPU reference run, and why."""

from __future__ import annotations

import argparse
import importlib
import json
import os
import platform
import sys
from importlib import metadata, util
from pathlib import Path
from typing import TYPE_CHECKING, Any

# A sibling module: imported from the package where docs-check analyses or
# imports it, from the harness's own folder (first on sys.path) where the
# harness runs as a script in the target interpreter.
if TYPE_CHECKING or __package__:
    from checker.torch.scripts.harness_runs import isolated, one_line, run_behaviour
    from checker.torch.scripts.harness_tests import run_selected, run_test
    from checker.torch.scripts.script_common import report_channel
else:
    from harness_runs import isolated, one_line, run_behaviour  # type: ignore[no-redef]
    from harness_tests import run_selected, run_test  # type: ignore[no-redef]
    from script_common import report_channel  # type: ignore[no-redef]


AUTOLOAD = "TORCH_DEVICE_BACKEND_AUTOLOAD"


def _version(distribution: str) -> str | None:
    try:
        return metadata.version(distribution)
    except metadata.PackageNotFoundError:
        return None


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


def import_torch() -> tuple[Any, str | None]:
    """torch, and why its device backends did not load (None: they loaded,
    or there are none). With autoloading on, torch loads its backends
    (torch_npu) at the end of its own import, and a backend that fails fails
    that import: without CANN, torch_npu does, and a second start with
    autoloading off would import torch again (seconds) for the CPU reference
    run. So torch is imported with autoloading off and its backends loaded
    right after, by torch's own loader: the order `import torch_npu` itself
    takes (it turns autoloading off, imports torch, then loads). Where a
    backend fails, torch stays imported and autoloading is off from then on,
    for the runs and what they start, as the command each run records says."""
    original = os.environ.get(AUTOLOAD)
    autoload = os.environ.get(AUTOLOAD, "1") == "1"  # torch's own test of the switch
    os.environ[AUTOLOAD] = "0"
    try:
        # torch's side: this script runs in the target interpreter, which has torch;
        # imported here, where its failure is caught and reported
        import torch
    finally:  # the backends see the switch as the user set it
        if original is None:
            del os.environ[AUTOLOAD]
        else:
            os.environ[AUTOLOAD] = original
    load_backends = getattr(torch, "_import_device_backends", None)
    if not autoload or load_backends is None:  # off, or a torch from before autoloading (< 2.5)
        return torch, None
    try:
        load_backends()
    except Exception as error:  # RuntimeError: Failed to load the backend extension: ...
        os.environ[AUTOLOAD] = "0"
        return torch, one_line(error)
    return torch, None


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
        "fake_torch": None,
        "torch_import_error": None,
        "backend_error": None,
        "npu_error": None,
        "autoload_disabled": False,
    }
    try:
        torch, env["backend_error"] = import_torch()
    except Exception as error:
        env["torch_import_error"] = one_line(error)
        torch = None
    env["autoload_disabled"] = os.environ.get(AUTOLOAD) == "0"
    if torch is None:
        return env, None
    env["torch"] = str(torch.__version__)
    # A test double that renames the torch release says so, with the real one.
    env["fake_torch"] = getattr(torch, "__docs_check_fake_release__", None)
    torch_npu: Any = None
    if util.find_spec("torch_npu") is not None:
        try:
            torch_npu = importlib.import_module("torch_npu")
        except Exception as error:
            env["npu_error"] = one_line(error)
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
            env["npu_error"] = one_line(error)
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
        return f"ones(2)*2 on npu:0 failed: {one_line(error)}", False
    return f"ones(2)*2 on npu:0 = {result}", result == [2.0, 2.0]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--behaviour", action="append", default=[], metavar="FILE")
    parser.add_argument("--test", action="append", default=[], metavar="NODEID")
    parser.add_argument("--module", metavar="FILE")  # with --select: verify --backed
    parser.add_argument("--select", action="append", default=[], metavar="CLASS::TEST")
    parser.add_argument("--serve", action="store_true")  # jobs on stdin, a line each
    arguments = parser.parse_args()
    if arguments.serve:
        return serve()
    # What torch and the runs print goes to stderr: stdout is parsed, its last line the JSON.
    report = report_channel()
    env, torch = probe()
    runs = []
    if torch is not None:
        runs = [run_behaviour(path) for path in arguments.behaviour]
        runs += [run_test(node_id) for node_id in arguments.test]
        if arguments.module:
            runs.append(run_selected(arguments.module, arguments.select))
    report.write(json.dumps({"environment": env, "runs": runs}) + "\n")
    report.flush()
    return 0


def serve() -> int:
    """--serve: the jobs as they come, each answered as it ends, so that a
    crash or a hang costs docs-check only the job it happened in."""
    replies = report_channel()  # torch's and the tests' prints, C-level ones too, go to stderr
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    nothing = os.open(os.devnull, os.O_RDONLY)
    os.dup2(nothing, 0)  # a test that reads stdin reads nothing, not the next job
    os.close(nothing)
    env, torch = probe()

    def reply(message: dict[str, Any]) -> None:
        replies.write(json.dumps(message) + "\n")
        replies.flush()

    reply({"environment": env})
    for line in requests:
        job = json.loads(line)
        run = None
        if torch is not None:
            run = isolated(job.get("cwd"), job.get("test") or job.get("module"), _job, job)
        sys.stdout.flush()
        reply({"run": run})
    return 0


def _job(job: dict[str, Any]) -> dict[str, Any]:
    if "behaviour" in job:
        return run_behaviour(job["behaviour"])
    if "module" in job:
        return run_selected(job["module"], job.get("select") or [])
    return run_test(job["test"])


if __name__ == "__main__":
    sys.exit(main())
