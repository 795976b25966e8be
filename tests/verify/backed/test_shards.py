"""The plan of `verify --backed` split by --shard I/N (checker.model.plan),
and the evidence files of its shards merged (checker.verify.backed.shards): no case
twice, no shard missing unsaid, one plan only."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from checker.errors import InputError, UsageError
from checker.model.evidence import Case, Environment, Evidence, Run
from checker.model.plan import Plan, PlannedCase, dealt, plan_of, shard_option
from checker.verify.backed.shards import merged
from checker.verify.evidence_load import load_evidence

ENVIRONMENT = Environment(
    "Linux", "3.11", "2.12.0+cpu", None, None, None, 0, None, "cpu-reference", False, "CPU"
)
MODULES = ["test/b.py", "test/a.py", "test/c/d.py", "test/e.py"]


def _plan(shard: int, shards: int) -> Plan:
    cases = [(path, [PlannedCase(f"{path}::T::test_x", ("torch.x",))]) for path in MODULES]
    return Plan("torch.*", "2.12.0", "origin/v2.12.0", shard, shards, dealt(cases, shards))


def _record(plan: Plan, origin: str) -> Evidence:
    runs = tuple(
        Run(
            "",
            m.path,
            "backing-test",
            ("python",),
            tuple(Case(c.name, True, "", "", c.apis) for c in m.cases),
            0.1,
            0,
            "passed",
            ref=plan.ref,
            framework="unittest",
        )
        for m in plan.part()
    )
    return Evidence(ENVIRONMENT, runs, origin, ("2.12.0",), plan)


def test_shards_are_dealt_round_robin_over_the_sorted_paths() -> None:
    plan = _plan(1, 2)
    assert [(m.path, m.shard) for m in plan.modules] == [
        ("test/a.py", 1),
        ("test/b.py", 2),
        ("test/c/d.py", 1),
        ("test/e.py", 2),
    ]
    assert [m.path for m in plan.part()] == ["test/a.py", "test/c/d.py"]
    assert _plan(1, 2).modules == _plan(2, 2).modules  # every runner splits it alike
    assert [m.path for m in _plan(0, 1).part()] == sorted(MODULES)


@pytest.mark.parametrize(
    ("given", "expected"), [(None, (0, 1)), ("1/1", (1, 1)), ("3/4", (3, 4)), (" 2/2 ", (2, 2))]
)
def test_a_shard_option_reads(given: str | None, expected: tuple[int, int]) -> None:
    assert shard_option(given) == expected


@pytest.mark.parametrize("given", ["0/1", "2/1", "1/0", "-1/2", "1/2/3", "a/b", ""])
def test_a_bad_shard_option_is_a_usage_error(given: str) -> None:
    with pytest.raises(UsageError):
        shard_option(given)


def test_a_plan_reads_back_as_it_was_written() -> None:
    plan = _plan(2, 2)
    assert plan_of(plan.to_object()) == plan


def test_a_plan_with_a_module_of_no_shard_is_refused() -> None:
    data = _plan(1, 2).to_object()
    data["modules"][0]["shard"] = 3
    with pytest.raises(ValueError, match=r"plan.modules\[0\].shard 3 is not from 1 to 2"):
        plan_of(data)


def test_the_shards_merge_into_the_whole_run() -> None:
    whole = _record(_plan(0, 1), "live")
    parts = [_record(_plan(i, 2), f"{i}.json") for i in (2, 1)]  # in any order
    (joined,), missing = merged(parts)
    assert missing == []
    assert joined.runs == whole.runs  # in plan order
    assert joined.plan == _plan(0, 2)
    assert joined.origin == "2.json, 1.json"


def test_a_shard_missing_is_reported_and_the_rest_kept() -> None:
    (kept,), missing = merged([_record(_plan(1, 2), "1.json")])
    assert missing == [
        "docs 2.12.0 (--api torch.*): shard 2/2 is missing: no evidence file given holds "
        "its cases (modules: 2, cases: 2, first: test/b.py)"
    ]
    assert kept.plan == _plan(1, 2)  # a part stays the part it is


def test_a_case_in_two_files_is_refused() -> None:
    one = _record(_plan(1, 2), "1.json")
    again = dataclasses.replace(one, origin="1-again.json")
    with pytest.raises(
        InputError, match=r"^1-again.json: case test/a.py::T::test_x is also in 1.json"
    ):
        merged([one, again, _record(_plan(2, 2), "2.json")])


def test_shards_of_plans_split_differently_are_refused() -> None:
    with pytest.raises(InputError, match=r"^3.json: its plan for docs 2.12.0 is not 1.json's"):
        merged([_record(_plan(1, 2), "1.json"), _record(_plan(3, 3), "3.json")])


def test_a_backing_record_reads_back_and_one_without_its_plan_is_refused(tmp_path: Path) -> None:
    record = _record(_plan(1, 2), "live")
    path = tmp_path / "shard.json"
    path.write_text(record.to_json(), "utf-8")
    assert load_evidence(str(path)) == dataclasses.replace(record, origin=str(path))
    path.write_text(dataclasses.replace(record, plan=None).to_json(), "utf-8")
    with pytest.raises(InputError, match="backing-test runs without the plan they ran"):
        load_evidence(str(path))
