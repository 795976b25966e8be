"""The claims of the docs against their backing tests (verify --backed), per
API × version × product, as the rules' are judged (checker.verify.crosscheck):
a case that passed on an NPU of the product backs ✔, one that failed or was
skipped there backs ✘. Only records that verify that product's NPU under the
version's torch count; a case the release's disabled list disables on the
product is not its evidence. CPU reference runs and test doubles are told,
never counted."""

from __future__ import annotations

from collections.abc import Sequence

from checker.i18n import N_, joined, message
from checker.model.evidence import Case, Evidence, Run
from checker.model.support import Entry
from checker.model.verdict import (
    CLAIMS_FAILS,
    CONSISTENT,
    DENIES_PASSES,
    ERROR,
    UNVERIFIED,
    Verdict,
    severity_of,
)
from checker.model.version import version_key
from checker.verify.crosscheck import Options


def judged(
    entries: Sequence[tuple[Entry, dict[str, str]]],
    evidence: Sequence[Evidence],
    options: Options,
) -> list[Verdict]:
    """Each entry (with its products' statuses) judged by the evidence."""
    claims = []
    for entry, statuses in entries:
        for product, documented in statuses.items():
            counted = [
                (run, case)
                for record in evidence
                if _counts(record, entry.version, product)
                for run, case in _backing(record, entry.api, product)
            ]
            others = [
                (_kind(record), case)
                for record in evidence
                if not record.environment.verifies_npu and record.speaks_for == entry.version
                for _, case in _backing(record, entry.api, None)
            ]
            verdict, observed, detail = _judge(documented, counted, others, entry.version)
            if not counted and not others and _unplanned(evidence, entry.api, entry.version):
                detail = message(
                    N_("no test of the plan for {version} backs it"), version=entry.version
                )
            claims.append(
                Verdict(
                    verdict,
                    severity_of(verdict, options.strict, options.require_npu),
                    entry.api,
                    entry.version,
                    (product,),
                    entry.path,
                    entry.line_of(product),
                    entry.line,
                    detail,
                    documented=documented,
                    observed=observed,
                    cases=len(counted),
                )
            )
    return sorted(claims, key=lambda c: (version_key(c.version), c.path, c.line))


def _unplanned(evidence: Sequence[Evidence], api: str, version: str) -> bool:
    """A plan for the version was made, and no case of it backs `api`."""
    plans = [e.plan for e in evidence if e.plan is not None and e.plan.version == version]
    backing = {a for plan in plans for m in plan.modules for c in m.cases for a in c.apis}
    return bool(plans) and api not in backing


def _counts(record: Evidence, version: str, product: str) -> bool:
    env = record.environment
    return env.verifies_npu and env.product == product and record.speaks_for == version


def _backing(record: Evidence, api: str, product: str | None) -> list[tuple[Run, Case]]:
    """The record's cases that back `api`, less those disabled on `product`."""
    found = []
    for run in record.runs:
        if run.source != "backing-test":
            continue
        for case in run.cases:
            if api not in case.apis:
                continue
            planned = record.plan.case_of(run.behaviour, case.name) if record.plan else None
            if product is not None and planned is not None and product in planned.disabled_on:
                continue
            found.append((run, case))
    return found


def _kind(record: Evidence) -> str:
    env = record.environment
    if env.fake_npu or env.fake_torch:
        return message(N_("fake run (test double, never counted)"))
    if env.device == "npu":
        return message(
            N_("run on {npu} (no catalogue product: verifies nothing)"), npu=env.npu_name
        )
    return message(N_("CPU reference run"))


def _judge(
    documented: str,
    counted: list[tuple[Run, Case]],
    others: list[tuple[str, Case]],
    version: str,
) -> tuple[str, str, str]:
    if not counted:
        if others:
            kinds: dict[str, list[bool]] = {}
            for kind, case in others:
                kinds.setdefault(kind, []).append(case.passed)
            seen = joined(
                [
                    message(
                        N_("{kind}: {passed} of {count} cases passed"),
                        kind=kind,
                        passed=sum(said),
                        count=len(said),
                    )
                    for kind, said in kinds.items()
                ],
                N_("{first}; {then}"),
            )
            return UNVERIFIED, "none", message(N_("no NPU evidence; {seen}"), seen=seen)
        return (
            UNVERIFIED,
            "none",
            message(N_("no NPU evidence for torch {version}"), version=version),
        )
    if any(run.verdict == "error" for run, _ in counted):
        note = next(run.note for run, _ in counted if run.verdict == "error")
        return ERROR, "error", note
    failed = [case.name for _, case in counted if not case.passed]
    observed = "failed" if failed else "passed"
    if documented == "supported" and failed:
        return CLAIMS_FAILS, observed, "failed: " + "; ".join(failed[:3])
    if documented == "unsupported" and not failed:
        said = message(N_("{count} backing cases pass on this product"), count=len(counted))
        return DENIES_PASSES, observed, said
    if documented not in ("supported", "unsupported"):
        return UNVERIFIED, observed, message(N_("the docs say nothing of this product"))
    return CONSISTENT, observed, ""
