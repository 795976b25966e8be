"""Part of the harness (see harness.py), run in the TARGET interpreter: a
test of the docs repository's own suite (--test NODEID), under unittest or
pytest as the module expects. A unittest module (one that calls run_tests() or
unittest.main(), as torch's own tests do) runs under unittest; any other under
pytest when it imports, else under unittest. Under pytest it runs in this
process, with a plugin that keeps a case per test report and the exception
that stopped collection (an import error), which pytest itself would only
print. Each test is a case; the summary is the framework's own last words.
Standard library only besides pytest, Python 3.8 syntax."""

from __future__ import annotations

import contextlib
import importlib
import inspect
import io
import re
import sys
import time
import unittest
from importlib import util
from pathlib import Path
from typing import TYPE_CHECKING, Any

# A sibling module: imported from the package where docs-check analyses or
# imports it, from the harness's own folder (first on sys.path) where the
# harness runs as a script in the target interpreter.
if TYPE_CHECKING or __package__:
    from checker.torch.scripts.harness_runs import (
        finish,
        import_failure,
        line_in,
        new_run,
        one_line,
    )
else:
    from harness_runs import finish, import_failure, line_in, new_run, one_line  # type: ignore[no-redef]


# A call of run_tests( or unittest.main( (not its definition): a module written
# to be run as `python test_x.py`, whose numbers should be the ones that prints.
_MAIN_CALL = re.compile(r"(?<!def )\b(?:run_tests|unittest\.main)\s*\(")


def _have_pytest() -> bool:
    try:
        importlib.import_module("pytest")
    except ImportError:
        return False
    return True


def run_test(node_id: str) -> dict[str, Any]:
    """A test of the docs repository's own suite; each test it holds is a case."""
    path, *names = node_id.split("::")
    source = Path(path)
    have_pytest = _have_pytest()
    unittest_module = source.is_file() and _MAIN_CALL.search(source.read_text(errors="replace"))
    run = new_run(node_id, "pytest" if have_pytest and not unittest_module else "unittest")
    started = time.monotonic()
    if not source.is_file():
        return finish(run, started, error=f"no such test file: {path}")
    # The test sees the command line `python test_x.py` would give it, not ours.
    argv, sys.argv = sys.argv, [path]
    try:
        if run["framework"] == "pytest":
            return run_pytest(run, source, started)
        return _run_unittest(run, source, names, started, have_pytest)
    finally:
        sys.argv = argv


class _NotUnittest(Exception):
    """The id names something unittest cannot run, a plain function say."""


def _run_unittest(
    run: dict[str, Any], source: Path, names: list[str], started: float, have_pytest: bool
) -> dict[str, Any]:
    try:
        module = _import_test_file(source)
    except BaseException as error:
        return finish(run, started, error=import_failure(error))
    try:
        suite = _unittest_suite(module, names, run["behaviour"])
    except _NotUnittest as error:
        prefix = "" if have_pytest else "pytest is not installed here, and "
        return finish(run, started, error=f"{prefix}{error}")
    except Exception as error:  # a class or test that is not there: AttributeError says which
        return finish(run, started, error=one_line(error))
    return _run_suite(run, source, suite, started)


def run_selected(path: str, selected: list[str]) -> dict[str, Any]:
    """The tests of one module that `selected` names, under unittest, in one
    run (verify --backed): `Class::test`, or `Class::stem_*` for every test of
    the class whose name has that stem (a parametrised test's). A name the
    module does not have here (a device class instantiated for another
    backend, a plain function) is a failed case, `not collected`: it proves
    nothing."""
    source = Path(path)
    run = new_run(path, "unittest")
    started = time.monotonic()
    if not source.is_file():
        return finish(run, started, error=f"no such test file: {path}")
    argv, sys.argv = sys.argv, [path]
    try:
        try:
            module = _import_test_file(source)
        except BaseException as error:
            return finish(run, started, error=import_failure(error))
        suite = unittest.TestSuite()
        for name in selected:
            tests = _selected(module, name)
            if isinstance(tests, str):
                case = {"name": f"{path}::{name}", "passed": False, "detail": tests}
                run["cases"].append({**case, "traceback": ""})
            else:
                suite.addTests(tests)
        return _run_suite(run, source, suite, started)
    finally:
        sys.argv = argv


def _selected(module: Any, name: str) -> list[unittest.TestCase] | str:
    """The tests `Class::test` or `Class::stem_*` names; why not, when none."""
    cls_name, _, test = name.partition("::")
    cls = getattr(module, cls_name, None) if cls_name else None
    if not _is_case_class(cls):
        return f"not collected: no unittest class {cls_name or '(a module function)'} here"
    assert isinstance(cls, type)
    names = unittest.defaultTestLoader.getTestCaseNames(cls)
    if test.endswith("_*"):
        found = [n for n in names if n.startswith(test[:-1])]
    else:
        found = [test] if test in names else []
    if not found:
        return f"not collected: {cls_name} has no test {test} here"
    return [cls(method) for method in found]


def _run_suite(
    run: dict[str, Any], source: Path, suite: unittest.TestSuite, started: float
) -> dict[str, Any]:
    stream = io.StringIO()
    result_class = _result_class(run["behaviour"].split("::")[0], source, run["cases"])
    runner = unittest.TextTestRunner(stream=stream, verbosity=2, resultclass=result_class)
    try:
        result = runner.run(suite)
    except KeyboardInterrupt as error:  # unittest lets it through; it must not kill the harness
        return finish(run, started, error=f"{one_line(error)} while running")
    finally:
        sys.stderr.write(stream.getvalue())  # unittest's own report, for whoever reads stderr
    run["exit_status"] = 0 if result.wasSuccessful() else 1  # as unittest.main() exits
    return finish(run, started, _unittest_summary(stream.getvalue()))


def _import_test_file(source: Path) -> Any:
    """The file as module `stem`, not `__main__`, so that its `if __name__ ==
    "__main__": run_tests()` stays shut; its folder first on sys.path, as
    `python test_x.py` has it, so that the helper modules beside it import."""
    sys.path.insert(0, str(source.parent.resolve()))
    spec = util.spec_from_file_location(source.stem, source)
    assert spec is not None and spec.loader is not None
    module = util.module_from_spec(spec)
    sys.modules[source.stem] = module  # as an import has it: mock, pickle and dataclasses look
    try:
        spec.loader.exec_module(module)
    except BaseException:
        del sys.modules[source.stem]
        raise
    return module


def _is_case_class(thing: Any) -> bool:
    return isinstance(thing, type) and issubclass(thing, unittest.TestCase)


def _unittest_suite(module: Any, names: list[str], node_id: str) -> unittest.TestSuite:
    loader = unittest.defaultTestLoader
    if not names:
        suite = loader.loadTestsFromModule(module)
        if not suite.countTestCases():
            raise _NotUnittest(f"{node_id} holds no unittest tests")
        return suite
    owner, target = None, module
    for name in names:
        owner, target = target, getattr(target, name)
    # Checked first: loadTestsFromName CALLS a plain function to see what it returns.
    method = len(names) == 2 and _is_case_class(owner) and inspect.isfunction(target)
    if not (method or (len(names) == 1 and _is_case_class(target))):
        raise _NotUnittest(f"{node_id} is not a unittest test")
    return loader.loadTestsFromName(".".join(names), module)


def _case_name(path: str, test: Any) -> str:
    case = getattr(test, "test_case", test)  # a subtest: its test, then its parameters
    method = getattr(case, "_testMethodName", None)
    if method is None:  # a setUpClass or setUpModule failure (unittest's _ErrorHolder)
        return f"{path}::{test}"
    name = f"{path}::{type(case).__name__}::{method}"
    return name if case is test else f"{name} {test._subDescription()}"


def _result_class(path: str, source: Path, cases: list[dict[str, Any]]) -> Any:
    """unittest's text result, which also keeps a case per test as it ends."""

    def failure(err: Any) -> str:
        return one_line(err[1])[:300] + line_in(source, err[2])

    class Result(unittest.TextTestResult):
        def record(self, test: Any, passed: bool, detail: str, err: Any = None) -> None:
            case = {"name": _case_name(path, test), "passed": passed, "detail": detail}
            # the whole failure text, as unittest prints it under FAIL: / ERROR: (the
            # entry it has just added to its failures or errors)
            added = [text for kept, text in self.failures + self.errors if kept is test]
            case["traceback"] = added[-1] if err is not None and added else ""
            cases.append(case)

        def addSuccess(self, test: Any) -> None:
            super().addSuccess(test)
            self.record(test, True, "")

        def addFailure(self, test: Any, err: Any) -> None:
            super().addFailure(test, err)
            self.record(test, False, failure(err), err)

        def addError(self, test: Any, err: Any) -> None:
            super().addError(test, err)
            self.record(test, False, failure(err), err)

        def addSubTest(self, test: Any, subtest: Any, err: Any) -> None:
            super().addSubTest(test, subtest, err)
            if err is not None:  # a test whose subtests failed gets no addSuccess
                self.record(subtest, False, failure(err), err)

        def addSkip(self, test: Any, reason: str) -> None:
            super().addSkip(test, reason)
            self.record(test, False, f"skipped: {reason}")  # a skip proves nothing

        def addExpectedFailure(self, test: Any, err: Any) -> None:
            super().addExpectedFailure(test, err)
            self.record(test, True, "expected failure")

        def addUnexpectedSuccess(self, test: Any) -> None:
            super().addUnexpectedSuccess(test)
            self.record(test, False, "unexpected success")

    return Result


def _unittest_summary(report: str) -> str:
    """unittest's last words, `Ran 3 tests in 0.010s` then `FAILED (failures=1)`."""
    lines = [line for line in report.splitlines() if line.strip()]
    ran = [line for line in lines if re.match(r"Ran \d+ tests? in ", line)]
    return f"{ran[-1]}, {lines[-1]}" if ran else "unittest printed no summary"


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
    # torch's side: the target interpreter's pytest, only for a run of test files
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
