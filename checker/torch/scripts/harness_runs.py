"""Part of the harness (see harness.py), run in the TARGET interpreter:
what every run shares, and the shipped behaviour tests (--behaviour FILE),
whose file defines CASES, a list of (name, function) pairs. Standard library
only, Python 3.8 syntax."""

from __future__ import annotations

import os
import sys
import time
import traceback
from collections.abc import Callable
from importlib import util
from pathlib import Path
from typing import Any


def one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    if not text:  # AssertionError(), SystemExit(): the name alone
        return type(error).__name__
    cause = error.__cause__ or error.__context__
    if cause is not None and str(cause) and str(cause) not in text:
        text += f" (caused by {type(cause).__name__}: {' '.join(str(cause).split())})"
    return f"{type(error).__name__}: {text}"


def finish(
    run: dict[str, Any], started: float, summary: str = "", error: str | None = None
) -> dict[str, Any]:
    run["duration_s"] = round(time.monotonic() - started, 4)
    run["error"] = error
    run["summary"] = summary or f"not run: {error}"
    return run


def new_run(name: str, framework: str) -> dict[str, Any]:
    # exit_status: what `python test_x.py` or pytest would exit with; None until it ran
    return {
        "behaviour": name,
        "framework": framework,
        "error": None,
        "cases": [],
        "exit_status": None,
    }


def import_failure(error: BaseException) -> str:
    """SystemExit and KeyboardInterrupt are caught too, or the harness would die
    before its JSON line; their name alone would not say where they came from."""
    return one_line(error) if isinstance(error, Exception) else f"{one_line(error)} at import"


def line_in(source: Path, trace: Any) -> str:
    """` at line N` of the innermost frame in the test file; empty when none is."""
    target = source.resolve()
    for frame in reversed(traceback.extract_tb(trace)):
        if Path(frame.filename).resolve() == target:
            return f" at line {frame.lineno}"
    return ""


def run_behaviour(path: str) -> dict[str, Any]:
    """A behaviour file defines CASES: a list of (name, function) pairs."""
    spec = util.spec_from_file_location(f"behaviour_{Path(path).stem}", path)
    assert spec is not None and spec.loader is not None
    module = util.module_from_spec(spec)
    run = new_run(Path(path).stem, "behaviour")
    started = time.monotonic()
    try:
        spec.loader.exec_module(module)
    except BaseException as error:
        return finish(run, started, error=import_failure(error))
    for name, case in module.CASES:
        try:
            case()
            run["cases"].append({"name": name, "passed": True, "detail": ""})
        except Exception as error:
            frame = traceback.extract_tb(error.__traceback__)[-1]
            detail = f"{one_line(error)} at line {frame.lineno}"
            text = "".join(traceback.format_exception(type(error), error, error.__traceback__))
            case = {"name": name, "passed": False, "detail": detail, "traceback": text}
            run["cases"].append(case)
    total = len(run["cases"])
    failed = sum(not case["passed"] for case in run["cases"])
    summary = (
        f"failed: {failed} of {total} cases"
        if failed or not total
        else f"passed {total}/{total} cases"
    )
    return finish(run, started, summary)


def isolated(cwd: str | None, test: str | None, run: Callable[[Any], Any], job: Any) -> Any:
    """One job of --serve as its own command would have it: in its working
    folder, and with what it added to sys.path, and the modules it imported
    from its test's folder or working folder, gone afterwards, so that the
    next test imports its own helpers (torch's modules stay: imported once)."""
    home, path, modules = os.getcwd(), list(sys.path), set(sys.modules)
    if cwd:
        os.chdir(cwd)
    folders = [os.path.realpath(cwd or home)]
    if test:
        folders.append(os.path.realpath(os.path.dirname(test.split("::")[0]) or "."))
    try:
        return run(job)
    finally:
        for name in set(sys.modules) - modules:
            file = getattr(sys.modules[name], "__file__", None) or ""
            real = os.path.realpath(file) if file else ""
            installed = "site-packages" in real or "dist-packages" in real
            if real and not installed and any(real.startswith(f + os.sep) for f in folders):
                del sys.modules[name]
        sys.path[:] = path
        os.chdir(home)
