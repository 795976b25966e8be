"""Part of the harness (see harness_tests.py): a repository test run under
pytest, in this process, with a plugin that keeps a case per test report and
the exception that stopped collection (an import error), which pytest itself
would only print. Standard library only besides pytest, Python 3.8 syntax."""

from __future__ import annotations

import contextlib
import io
import re
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

# A sibling module: imported from the package where docs-check analyses or
# imports it, from the harness's own folder (first on sys.path) where the
# harness runs as a script in the target interpreter.
if TYPE_CHECKING or __package__:
    from checker.torch.scripts.harness_runs import finish, one_line
else:
    from harness_runs import finish, one_line  # type: ignore[no-redef]


class _PytestCases:
    """A pytest plugin: a case per test report, the counts pytest's summary
    line is made of, and what stopped a run that pytest would only print."""

    def __init__(self, source: Path, cases: list[dict[str, Any]]) -> None:
        self.source = source
        self.cases = cases
        self.counts: dict[str, int] = {}
        self.errors: list[str] = []
        self.collected = False

    def add(self, name: str, kind: str, passed: bool, detail: str, text: str = "") -> None:
        self.counts[kind] = self.counts.get(kind, 0) + 1
        case = {"name": name, "passed": passed, "detail": detail, "traceback": text}
        self.cases.append(case)

    def pytest_collectreport(self, report: Any) -> None:
        if report.failed:  # an import error: pytest would say only "collected nothing"
            self.counts["error"] = self.counts.get("error", 0) + 1
            self.errors.append(_exception_line(str(report.longrepr)))
        elif report.skipped:  # pytest.skip(allow_module_level=True)
            self.add(report.nodeid, "skipped", False, f"skipped: {_skip_reason(report)}")

    def pytest_collection_modifyitems(self, items: Any) -> None:
        self.collected = True  # called once every module imported

    def pytest_runtest_logreport(self, report: Any) -> None:
        if report.when != "call" and report.passed:
            return
        xfail = hasattr(report, "wasxfail")
        if xfail and report.skipped:
            self.add(report.nodeid, "xfailed", True, "expected failure")
        elif xfail and report.passed:
            self.add(report.nodeid, "xpassed", False, "unexpected success")
        elif report.skipped:
            self.add(report.nodeid, "skipped", False, f"skipped: {_skip_reason(report)}")
        elif report.failed and report.when == "call":
            detail = _pytest_detail(report, self.source)
            self.add(report.nodeid, "failed", False, detail, str(report.longrepr))
        elif report.failed:  # a fixture's setup or teardown
            detail = f"{report.when}: {_pytest_detail(report, self.source)}"
            self.add(report.nodeid, "error", False, detail, str(report.longrepr))
        else:
            self.add(report.nodeid, "passed", True, "")

    def stopped(self, error: BaseException) -> None:
        where = "while running" if self.collected else "at import"
        self.errors.append(f"{one_line(error)} {where}")

    def pytest_keyboard_interrupt(self, excinfo: Any) -> None:
        self.stopped(excinfo.value)

    def pytest_internalerror(self, excrepr: Any, excinfo: Any) -> None:
        self.stopped(excinfo.value)  # SystemExit at import ends up here


def run_pytest(run: dict[str, Any], source: Path, started: float) -> dict[str, Any]:
    import pytest

    plugin = _PytestCases(source, run["cases"])
    output = io.StringIO()  # pytest's report, and its usage errors on stderr
    with contextlib.redirect_stdout(output), contextlib.redirect_stderr(output):
        code = pytest.main([run["behaviour"], "-q", "-p", "no:cacheprovider"], plugins=[plugin])
    sys.stderr.write(output.getvalue())
    run["exit_status"] = int(code)  # pytest's own exit status
    error = plugin.errors[0] if plugin.errors else None
    if error is None and not run["cases"]:  # e.g. "not found: test_x.py::Nope"
        error = _usage_error(output.getvalue()) or f"pytest ran nothing (exit {int(code)})"
    return finish(run, started, _pytest_summary(plugin.counts, time.monotonic() - started), error)


def _exception_line(text: str) -> str:
    """The exception a pytest report ends with: its last block of `E   ` lines."""
    block: list[str] = []
    for line in reversed(text.splitlines()):
        if line.startswith("E "):
            block.insert(0, line[1:].strip())
        elif block:
            break
    return " ".join(block) if block else " ".join(text.split())[-300:]


def _skip_reason(report: Any) -> str:
    longrepr = report.longrepr  # (path, line, "Skipped: why")
    text = str(longrepr[2]) if isinstance(longrepr, tuple) else str(longrepr)
    return text[len("Skipped: ") :] if text.startswith("Skipped: ") else text


def _pytest_detail(report: Any, source: Path) -> str:
    longrepr = report.longrepr
    crash = getattr(longrepr, "reprcrash", None)
    if crash is None:  # plain text, e.g. an XPASS(strict)
        return " ".join(str(longrepr).split())[:300]
    detail = " ".join(crash.message.split())[:300]
    if detail.startswith("assert "):  # pytest drops the name of a rewritten assert's error
        detail = f"AssertionError: {detail}"
    for entry in reversed(getattr(longrepr.reprtraceback, "reprentries", [])):
        where = getattr(entry, "reprfileloc", None)
        if where is not None and Path(where.path).resolve() == source.resolve():
            return f"{detail} at line {where.lineno}"
    return detail


def _usage_error(output: str) -> str | None:
    """pytest's `ERROR: ...` paragraph, in one line."""
    found = re.search(r"^ERROR: (.+?)(?:\n\n|\Z)", output, re.MULTILINE | re.DOTALL)
    return " ".join(found.group(1).split()) if found else None


# pytest's own order of the counts on its summary line
_PYTEST_KINDS = ("failed", "passed", "skipped", "xfailed", "xpassed", "error")


def _pytest_summary(counts: dict[str, int], seconds: float) -> str:
    parts = [f"{counts[kind]} {kind}" for kind in _PYTEST_KINDS if counts.get(kind)]
    if counts.get("error", 0) > 1:
        parts[-1] += "s"
    return f"{', '.join(parts) or 'no tests ran'} in {seconds:.2f}s"
