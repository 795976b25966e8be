"""Evidence files of one plan's shards (`verify --backed --shard I/N` on N
runners), merged: each case must come from one shard only (a case in two
files is refused: the same shard given twice, or plans that split
differently), and every module of the plan from some file (a shard missing
is reported, naming it). Records of one plan run in one environment merge
into one record of the whole plan, as one unsharded run would have written."""

from __future__ import annotations

from collections.abc import Sequence

from checker.errors import InputError
from checker.i18n import N_, message
from checker.model.evidence import Evidence, Run
from checker.model.plan import Plan


def merged(evidence: Sequence[Evidence]) -> tuple[list[Evidence], list[str]]:
    """The records, those of one plan and environment merged in plan order,
    and one line per shard whose modules no record holds."""
    groups: dict[tuple[str, str, str | None], list[Evidence]] = {}
    others: list[Evidence] = []
    for record in evidence:
        if record.plan is None:
            others.append(record)
        else:
            groups.setdefault(record.plan.key, []).append(record)
    result, missing = list(others), []
    for records in groups.values():
        _same_plan(records)
        held = _held_once(records)
        assert records[0].plan is not None
        plan = records[0].plan
        missing += _missing(plan, held)
        result += _joined(records, plan)
    return result, missing


def _same_plan(records: Sequence[Evidence]) -> None:
    first = records[0]
    assert first.plan is not None
    for record in records[1:]:
        assert record.plan is not None
        if record.plan.whole() != first.plan.whole():
            raise InputError.saying(
                N_(
                    "{path}: its plan for docs {version} is not {other}'s: the shards of "
                    "one plan must be made from the same docs, tests and --shard N"
                ),
                path=record.origin,
                version=record.plan.version,
                other=first.origin,
            )


def _held_once(records: Sequence[Evidence]) -> set[str]:
    """The modules the records ran; a case two of them hold is refused."""
    seen: dict[str, int] = {}
    modules: set[str] = set()
    for number, record in enumerate(records):
        for run in record.runs:
            modules.add(run.behaviour)
            for case in run.cases:
                first = seen.setdefault(case.name, number)
                if first != number:  # the same file given twice is two shards' worth too
                    raise InputError.saying(
                        N_(
                            "{path}: case {case} is also in {other}: each case of a "
                            "plan runs in one shard only"
                        ),
                        path=record.origin,
                        case=case.name,
                        other=records[first].origin,
                    )
    return modules


def _missing(plan: Plan, held: set[str]) -> list[str]:
    lines: list[str] = []
    for shard in range(1, plan.shards + 1):
        absent = [m for m in plan.modules if m.shard == shard and m.path not in held]
        if not absent:
            continue
        cases = sum(len(m.cases) for m in absent)
        lines.append(
            message(
                N_(
                    "docs {version} (--api {apis}): shard {shard}/{shards} is missing: "
                    "no evidence file given holds its cases (modules: {modules}, cases: "
                    "{cases}, first: {first})"
                ),
                version=plan.version,
                apis=plan.apis,
                shard=shard,
                shards=plan.shards,
                modules=len(absent),
                cases=cases,
                first=absent[0].path,
            )
        )
    return lines


def _joined(records: Sequence[Evidence], plan: Plan) -> list[Evidence]:
    """One record per environment and docs version, its runs in plan order."""
    by_place: dict[tuple[object, tuple[str, ...] | None], list[Evidence]] = {}
    for record in records:
        by_place.setdefault((record.environment, record.version), []).append(record)
    order = {module.path: number for number, module in enumerate(plan.modules)}
    joined = []
    for (_, version), group in by_place.items():
        runs: list[Run] = sorted(
            (run for record in group for run in record.runs),
            key=lambda run: order.get(run.behaviour, len(order)),
        )
        origin = ", ".join(record.origin for record in group)
        ran = {run.behaviour for run in runs}
        complete = all(module.path in ran for module in plan.modules)
        said = plan.whole() if complete else group[0].plan  # a part stays the part it is
        joined.append(Evidence(group[0].environment, tuple(runs), origin, version, said))
    return joined
