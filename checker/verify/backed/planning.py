"""The plan of `verify --backed` made from a docs version's test map
(checker.testmap, as `docs-check tests` maps it): the cases that back the
selected APIs, by module, dealt to the shards (checker.model.plan)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from checker.model.plan import Plan, PlannedCase, dealt
from checker.testmap.backing import Disabling
from checker.testmap.cases import Case
from checker.testmap.links import Link
from checker.testmap.refs import CALL, METHOD, OPINFO, RULE
from checker.testmap.tree import TestTree


def planned(
    version: str,
    pattern: str,
    documented: set[str],
    links: Sequence[Link],
    tree: TestTree,
    disabling: Disabling,
    ref: str | None,
    products: set[str],
    shard: tuple[int, int],
) -> Plan:
    """The cases that back the documented APIs the pattern selects, by module,
    dealt to the shards: links of kind call, opinfo and rule, and exact method
    links; a case disabled on every product concerned is left out."""
    prefix = f"{ref}:" if ref else ""
    wanted: dict[tuple[str, str], tuple[set[str], Case, str]] = {}
    for link in links:
        if link.api not in documented:
            continue
        if link.kind == RULE:
            for path, name, case in _rule_cases(link, tree):
                wanted.setdefault((path, name), (set(), case, RULE))[0].add(link.api)
        elif link.case is not None and (
            link.kind in (CALL, OPINFO) or (link.kind == METHOD and link.exact)
        ):
            if not link.case.cls:  # a module function: unittest does not run it
                continue
            path = link.path.removeprefix(prefix)
            name = link.test.removeprefix(prefix)
            wanted.setdefault((path, name), (set(), link.case, link.kind))[0].add(link.api)
    by_module: dict[str, list[PlannedCase]] = {}
    for (path, name), (apis, case, kind) in sorted(wanted.items()):
        probe = Link(sorted(apis)[0], name, kind, 0, True, case)
        off = tuple(p for p in sorted(products) if disabling.of(probe, p) is not None)
        if products and set(off) >= products:
            continue  # disabled on every product concerned: it backs none
        planned = PlannedCase(name, tuple(sorted(apis)), case.open, off)
        by_module.setdefault(path, []).append(planned)
    modules = dealt(list(by_module.items()), shard[1])
    return Plan(pattern, version, ref, shard[0], shard[1], modules)


def _rule_cases(link: Link, tree: TestTree) -> list[tuple[str, str, Case]]:
    """The cases a rule's `test` names: a file's every case, a class's, or one."""
    file, *parts = link.test.split("::")
    chosen = []
    for path, scanned in tree.modules:
        inside = path.split(":", 1)[-1] if ":" in path else path
        if inside != file and not inside.endswith(f"/{file}"):
            continue
        for case in scanned.cases:
            if not case.cls or (parts and case.cls != parts[0]):
                continue
            names = (case.name,) if case.open else case.names()
            for name in names:
                if len(parts) < 2 or parts[1] == name:
                    one = case if case.open else dataclasses.replace(case, name=name, variants=())
                    chosen.append((inside, f"{inside}::{case.cls}::{name}", one))
    return chosen
