"""The plan of `verify --backed`: for one docs version, the test cases of the
repository's own suite that back the claims selected (checker.testmap's
links of kind call, opinfo or rule, and exact method links, not disabled on
every product for that release), grouped by module, each module given to one
shard of `--shard I/N`.

Shards are dealt round-robin over the module paths in sorted order: the same
plan splits the same way on every machine, so N runners, each given its
`I/N`, run disjoint parts whose union is the plan. Each evidence file carries
the whole plan with the shard it ran, so a merge can tell a shard missing."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from checker.errors import UsageError
from checker.i18n import N_

_SHARD = re.compile(r"([0-9]+)/([0-9]+)")


@dataclass(frozen=True)
class PlannedCase:
    """A test case a backed run plans to run, and the APIs it backs."""

    name: str  # path::Class::test as the runner names it; an open case: its stem
    apis: tuple[str, ...]  # the selected APIs it backs, sorted
    open: bool = False  # parametrised: every `name_…` test of its class is one of its cases
    disabled_on: tuple[str, ...] = ()  # the products the release's disabled list disables it on

    def matches(self, name: str) -> bool:
        """Whether the case run under `name` is this planned case."""
        return name == self.name or (self.open and name.startswith(self.name + "_"))


@dataclass(frozen=True)
class PlannedModule:
    """A test module of a plan, the shard that runs it, and its cases."""

    path: str  # from the repository's root, as the harness is given it
    shard: int  # 1-based: the part of --shard I/N that runs it
    cases: tuple[PlannedCase, ...]


@dataclass(frozen=True)
class Plan:
    """The plan of a `verify --backed` run for one docs version."""

    apis: str  # the --api pattern the claims were selected by ("*": every API)
    version: str  # the docs version
    ref: str | None  # the test ref its tests were read at; None: the working tree
    shard: int  # the part this record ran; 0: the whole plan
    shards: int  # N of --shard I/N (1 without --shard)
    modules: tuple[PlannedModule, ...]  # the whole plan, every shard's, by path

    def part(self) -> tuple[PlannedModule, ...]:
        """The modules this record's shard runs (all of them for shard 0)."""
        return tuple(m for m in self.modules if self.shard in (0, m.shard))

    def case_of(self, module: str, name: str) -> PlannedCase | None:
        for planned in self.modules:
            if planned.path == module:
                return next((c for c in planned.cases if c.matches(name)), None)
        return None

    @property
    def key(self) -> tuple[str, str, str | None]:
        """What two shards of one plan share."""
        return self.apis, self.version, self.ref

    def whole(self) -> Plan:
        return replace(self, shard=0)

    def to_object(self) -> dict[str, Any]:
        return {
            "apis": self.apis,
            "version": self.version,
            "ref": self.ref,
            "shard": self.shard,
            "shards": self.shards,
            "modules": [
                {
                    "path": m.path,
                    "shard": m.shard,
                    "cases": [
                        {
                            "name": c.name,
                            "apis": list(c.apis),
                            "open": c.open,
                            "disabled_on": list(c.disabled_on),
                        }
                        for c in m.cases
                    ],
                }
                for m in self.modules
            ],
        }


def shard_option(text: str | None) -> tuple[int, int]:
    """--shard I/N as (I, N); (0, 1) without it. I from 1 to N."""
    if text is None:
        return 0, 1
    found = _SHARD.fullmatch(text.strip())
    if found is None:
        raise UsageError.saying(N_("--shard {text}: not I/N (e.g. 1/4)"), text=text)
    index, count = int(found[1]), int(found[2])
    if count < 1 or not 1 <= index <= count:
        raise UsageError.saying(
            N_("--shard {text}: I must be from 1 to N, and N at least 1"), text=text
        )
    return index, count


def dealt(
    modules: Sequence[tuple[str, Sequence[PlannedCase]]], count: int
) -> tuple[PlannedModule, ...]:
    """The modules with cases, in path order, dealt round-robin to `count` shards."""
    ordered = sorted((path, tuple(cases)) for path, cases in modules if cases)
    return tuple(
        PlannedModule(path, number % count + 1, cases)
        for number, (path, cases) in enumerate(ordered)
    )


def plan_of(data: Any) -> Plan:
    """A plan as an evidence file records it; ValueError naming what is wrong."""
    if not isinstance(data, dict) or set(data) != {
        "apis",
        "version",
        "ref",
        "shard",
        "shards",
        "modules",
    }:
        raise ValueError("plan is not an object of apis, version, ref, shard, shards, modules")
    shards, shard = data["shards"], data["shard"]
    if not _count(shards) or shards < 1 or not _count(shard) or shard > shards:
        raise ValueError(f"plan.shard {shard!r} of {shards!r} is not a part of the plan")
    if not isinstance(data["apis"], str) or not isinstance(data["version"], str):
        raise ValueError("plan.apis and plan.version must be strings")
    if not isinstance(data["ref"], str | None) or not isinstance(data["modules"], list):
        raise ValueError("plan.ref must be a string or null, plan.modules a list")
    modules = tuple(_module(m, shards, f"plan.modules[{i}]") for i, m in enumerate(data["modules"]))
    return Plan(data["apis"], data["version"], data["ref"], shard, shards, modules)


def _module(data: Any, shards: int, where: str) -> PlannedModule:
    if not isinstance(data, dict) or set(data) != {"path", "shard", "cases"}:
        raise ValueError(f"{where} is not an object of path, shard, cases")
    if not isinstance(data["path"], str) or not isinstance(data["cases"], list):
        raise ValueError(f"{where}: path must be a string, cases a list")
    if not _count(data["shard"]) or not 1 <= data["shard"] <= shards:
        raise ValueError(f"{where}.shard {data['shard']!r} is not from 1 to {shards}")
    cases = []
    for number, case in enumerate(data["cases"]):
        keys = {"name", "apis", "open", "disabled_on"}
        if not isinstance(case, dict) or set(case) != keys:
            raise ValueError(f"{where}.cases[{number}] is not an object of {', '.join(keys)}")
        if not isinstance(case["name"], str) or not isinstance(case["open"], bool):
            raise ValueError(f"{where}.cases[{number}]: name must be a string, open a boolean")
        cases.append(
            PlannedCase(
                case["name"],
                _strings(case["apis"], f"{where}.cases[{number}].apis"),
                case["open"],
                _strings(case["disabled_on"], f"{where}.cases[{number}].disabled_on"),
            )
        )
    return PlannedModule(data["path"], data["shard"], tuple(cases))


def _strings(data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(item, str) for item in data):
        raise ValueError(f"{where} is not a list of strings")
    return tuple(data)


def _count(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0
