"""verify --backed's runs (checker.verify.backed.run): one harness process per
module with only the planned tests, each case recorded with the APIs it
backs; a module that times out, or that the whole-run budget leaves, is an
error run whose cases are all not passed, never passed."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.plan import Plan, PlannedCase, dealt
from checker.torch.runner import Session
from checker.verify.backed.run import Limits, run_plan

MODULE = """
import time
import unittest


class TestThing(unittest.TestCase):
    def test_fine(self):
        pass

    def test_broken(self):
        self.assertEqual(1, 2)

    def test_shape_1(self):
        pass

    def test_shape_2(self):
        pass

    def test_not_planned(self):
        raise RuntimeError("never run")

    @unittest.skip("not on this device")
    def test_skipped(self):
        pass


class TestSlow(unittest.TestCase):
    def test_sleeps(self):
        time.sleep(30)


if __name__ == "__main__":
    unittest.main()
"""


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    (tmp_path / "test").mkdir()
    (tmp_path / "test" / "test_thing.py").write_text(MODULE, "utf-8")
    (tmp_path / "test" / "test_slow.py").write_text(MODULE, "utf-8")
    monkeypatch.chdir(tmp_path)
    return tmp_path


def _plan(cases: dict[str, list[PlannedCase]]) -> Plan:
    return Plan("torch.*", "2.13.0", None, 0, 1, dealt(list(cases.items()), 1))


def _case(name: str, open_case: bool = False) -> PlannedCase:
    return PlannedCase(f"test/test_thing.py::{name}", ("torch.x",), open_case)


def test_only_the_planned_tests_run_each_with_the_apis_it_backs(tree: Path) -> None:
    plan = _plan(
        {
            "test/test_thing.py": [
                _case("TestThing::test_fine"),
                _case("TestThing::test_broken"),
                _case("TestThing::test_shape", open_case=True),
                _case("TestThing::test_skipped"),
                _case("TestThingPRIVATEUSE1::test_fine_npu"),
            ]
        }
    )
    session = Session(default_catalogue(), sys.executable, 60)
    (run,) = run_plan(plan, session, None, Limits())
    said = {case.name.split("::", 1)[1]: (case.passed, case.detail) for case in run.cases}
    assert said == {
        "TestThing::test_fine": (True, ""),
        "TestThing::test_broken": (False, "AssertionError: 1 != 2 at line 11"),
        "TestThing::test_shape_1": (True, ""),
        "TestThing::test_shape_2": (True, ""),
        "TestThing::test_skipped": (False, "skipped: not on this device"),
        # a device class instantiated for another backend is not here: it proves nothing
        "TestThingPRIVATEUSE1::test_fine_npu": (
            False,
            "not collected: no unittest class TestThingPRIVATEUSE1 here",
        ),
    }
    assert {case.apis for case in run.cases} == {("torch.x",)}
    assert (run.source, run.framework, run.verdict, run.exit_code) == (
        "backing-test",
        "unittest",
        "failed",
        1,
    )


def test_a_module_that_times_out_is_an_error_and_none_of_its_cases_passed(tree: Path) -> None:
    """3 s: the module's timeout counts its run alone (torch is imported before
    it, at the session's start, under the session's own 60 s), so enough to
    import a small module on a loaded machine, not for the 30 s sleep."""
    slow = PlannedCase("test/test_slow.py::TestSlow::test_sleeps", ("torch.y",))
    fine = _case("TestThing::test_fine")
    plan = _plan({"test/test_slow.py": [slow], "test/test_thing.py": [fine]})
    session = Session(default_catalogue(), sys.executable, 60)
    slow_run, fine_run = run_plan(plan, session, None, Limits(module_timeout=3, budget=600))
    assert (slow_run.verdict, slow_run.note) == ("error", "timed out after 3 s")
    assert [(c.name, c.passed, c.apis) for c in slow_run.cases] == [
        (slow.name, False, ("torch.y",))
    ]
    assert fine_run.verdict == "passed"  # the next module runs in its own process


def test_the_modules_the_budget_leaves_are_not_run_and_say_so(tree: Path) -> None:
    fine = _case("TestThing::test_fine")
    slow = PlannedCase("test/test_slow.py::TestSlow::test_sleeps", ("torch.y",))
    plan = _plan({"test/test_slow.py": [slow], "test/test_thing.py": [fine]})
    ticks = iter([0.0, 0.0, 50.0])  # the start, before the first module, before the second
    session = Session(default_catalogue(), sys.executable, 60)
    limits = Limits(module_timeout=2, budget=10)
    first, second = run_plan(plan, session, None, limits, clock=lambda: next(ticks))
    assert first.verdict == "error"  # timed out within what the budget left
    assert (second.verdict, second.note, second.command) == (
        "error",
        "not run: the whole-run budget of 10 s was spent",
        (),
    )
    assert [(c.passed, c.detail) for c in second.cases] == [(False, second.note)]
