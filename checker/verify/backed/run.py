"""Runs a plan's part (checker.model.plan) in one environment: one harness
process per module, under unittest, with the selected tests of the module
only, within a time limit per module and a budget for the whole run. Each
case is recorded with the APIs it backs; a module that timed out, could not
import or was left for want of budget is an `error` run whose planned cases
are listed as not passed, never as passed."""

from __future__ import annotations

import dataclasses
import time
from collections.abc import Callable
from dataclasses import dataclass

from checker.i18n import N_
from checker.model.evidence import Case, Run
from checker.model.plan import Plan, PlannedModule
from checker.progress import Progress
from checker.torch.runner import Session
from checker.torch.runs import Job

RUNNING = N_("running backing tests")
SOURCE = "backing-test"


@dataclass(frozen=True)
class Limits:
    """The time limits of a backed run: one module's, and the whole run's."""

    module_timeout: float = 1800  # --module-timeout: one module's process, in seconds
    budget: float = 18000  # --budget: the whole run, in seconds (a CI job has 6 h)


def run_plan(
    plan: Plan,
    session: Session,
    root: str | None,
    limits: Limits,
    progress: Progress | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> list[Run]:
    """The runs of the plan's part, in module order. `root`: the folder the
    module paths are from (a test ref's extracted tree; None: here)."""
    started = clock()
    runs: list[Run] = []
    part = plan.part()
    for done, module in enumerate(part):
        if progress:
            progress(RUNNING, done, len(part))
        left = limits.budget - (clock() - started)
        job = Job("", module.path, module.path, root, plan.ref)
        if left <= 0:
            said = f"not run: the whole-run budget of {limits.budget:g} s was spent"
            runs.append(_not_run(job, module, said))
            continue
        timeout = min(limits.module_timeout, left)
        run = session.run_module(
            job, [_selector(module.path, c.name, c.open) for c in module.cases], timeout
        )
        runs.append(_backing(run, module))
    if progress:
        progress(RUNNING, len(part), len(part))
    return runs


def _selector(path: str, name: str, open_case: bool) -> str:
    """`Class::test` of `path::Class::test`; `Class::stem_*` for an open case."""
    selected = name.removeprefix(f"{path}::")
    return f"{selected}_*" if open_case else selected


def _backing(run: Run, module: PlannedModule) -> Run:
    """The harness's run as a backing test's: each case with the APIs its
    planned case backs; an error run with every planned case not passed."""
    if run.verdict == "error":
        return _not_run(run, module, run.note)
    cases = tuple(dataclasses.replace(case, apis=_apis(module, case.name)) for case in run.cases)
    return dataclasses.replace(run, api="", source=SOURCE, cases=cases)


def _apis(module: PlannedModule, name: str) -> tuple[str, ...]:
    found = next((c for c in module.cases if c.matches(name)), None)
    return found.apis if found else ()


def _not_run(ran: Run | Job, module: PlannedModule, note: str) -> Run:
    cases = tuple(Case(c.name, False, note, "", c.apis) for c in module.cases)
    if isinstance(ran, Run):
        return dataclasses.replace(ran, api="", source=SOURCE, cases=cases, note=note)
    return Run("", module.path, SOURCE, (), cases, 0.0, None, "error", note, ran.ref)
