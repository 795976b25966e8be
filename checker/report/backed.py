"""verify --backed's report, in text and JSON, and its summary line: what the
run found first, then each plan (the docs version, the tests' ref, the
modules and this runner's shard of them), each claim per product with what
its backing cases observed, and the evidence each rests on
(checker.report.verify's `evidence_lines`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from checker.i18n import N_, _, joined, message, say
from checker.outcome import Command
from checker.report.formats import own_report
from checker.report.objects import BACKED_KEYS, tagged, verdict_object
from checker.report.plurals import cases_said, modules_said
from checker.report.text import NOTHING_VERIFIED, headline, lines_of, verdict_line
from checker.report.verify import evidence_lines

if TYPE_CHECKING:
    from checker.model.plan import Plan
    from checker.outcome import Outcome
    from checker.results import BackedReport


REPORTS = {Command.BACKED: own_report(__name__, "text", "json", summary=True)}


def as_json(outcome: Outcome[BackedReport]) -> str:
    report = outcome.result
    document = {
        **tagged("backed"),
        "plans": [plan.to_object() for plan in report.plans],
        "claims": [verdict_object(c, BACKED_KEYS) for c in report.claims],
        "evidence": [evidence.to_object() for evidence in report.evidence],
        "errors": list(outcome.errors),
        "notes": list(report.notes),
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def as_text(outcome: Outcome[BackedReport], colour: bool = False) -> str:
    report = outcome.result
    verified = sum(claim.cases > 0 for claim in report.claims)
    said = headline(outcome)
    if outcome.judged == 0 and not verified:
        said = _(NOTHING_VERIFIED)
    npu = (
        message(N_("{count} claims judged by NPU runs"), count=verified)
        if verified
        else _("not verified on any NPU")
    )
    ran_npu = say(joined([_ran(report), npu], N_("{first}; {then}")))
    lines = [_("{headline} (exit {code}): {said}").format(
        headline=said, code=int(outcome.exit_code), said=ran_npu
    )]  # fmt: skip
    for plan in report.plans:
        lines += plan_lines(plan)
    lines += claim_lines(report)
    if report.evidence:
        lines.append(_("evidence:"))
    for evidence in report.evidence:
        lines += evidence_lines(evidence)
    if report.notes:
        lines.append(_("notes:"))
    lines += [f"  {say(note)}" for note in report.notes]
    return lines_of(lines)


def claim_lines(report: BackedReport) -> list[str]:
    """Each entry's claims, a line per product, for the versions some plan or
    evidence speaks for; the other versions' claims in one line each."""
    spoken = {p.version for p in report.plans} | {
        v for e in report.evidence for v in e.docs_versions
    }
    lines: list[str] = [_("claims:")] if report.claims else []
    left: dict[str, int] = {}
    entry: tuple[str, str, int] | None = None
    for claim in report.claims:
        if claim.version not in spoken:
            left[claim.version] = left.get(claim.version, 0) + 1
            continue
        if entry != (claim.api, claim.path, claim.entry_line):
            entry = (claim.api, claim.path, claim.entry_line)
            lines.append(f"  {claim.api} {claim.version}  {claim.path}:{claim.entry_line}")
        lines.append(f"    {verdict_line(claim)}")
    for version, count in left.items():
        said = N_("  docs {version}: {count} claims unverified: no plan or evidence for it")
        lines.append(message(said, version=version, count=count))
    return lines


def _ran(report: BackedReport) -> str:
    runs = [run for e in report.evidence for run in e.runs if run.source == "backing-test"]
    cases = [case for run in runs for case in run.cases]
    passed = sum(case.passed for case in cases)
    return message(
        N_("{passed} of {cases} backing cases passed ({modules})"),
        passed=passed,
        cases=len(cases),
        modules=modules_said(len(runs)),
    )


def plan_lines(plan: Plan) -> list[str]:
    cases = sum(len(m.cases) for m in plan.modules)
    apis = len({api for m in plan.modules for c in m.cases for api in c.apis})
    at = plan.ref or _("the working tree")
    lines: list[str] = [
        message(
            N_(
                "plan: docs {version} at {ref}: {modules}, {cases} back "
                "{apis} APIs matching {pattern}"
            ),
            version=plan.version,
            ref=at,
            modules=modules_said(len(plan.modules)),
            cases=cases_said(cases),
            apis=apis,
            pattern=plan.apis,
        )
    ]
    part = plan.part()
    if plan.shard:
        lines.append(
            "  "
            + message(
                N_("this run: shard {shard}/{shards}, {modules}, {cases}"),
                shard=plan.shard,
                shards=plan.shards,
                modules=modules_said(len(part)),
                cases=cases_said(sum(len(m.cases) for m in part)),
            )
        )
    for module in plan.modules:
        mark = "" if module in part else _(" (another shard)")
        lines.append(
            f"  {module.path} [shard {module.shard}/{plan.shards}]: {cases_said(len(module.cases))}"
            + mark
        )
    return lines


def summary(outcome: Outcome[BackedReport]) -> str:
    report = outcome.result
    verdicts: dict[str, int] = {}
    for claim in report.claims:
        verdicts[claim.verdict] = verdicts.get(claim.verdict, 0) + 1
    each = [f"{count} {verdict}" for verdict, count in sorted(verdicts.items())]  # verdict ids
    counted = say(joined(each, N_("{first}, {then}")))
    said = message(N_("{count} claims"), count=len(report.claims))
    exit_code = _("; exit {code}").format(code=int(outcome.exit_code))
    return f"{say(said)} ({counted or '-'}); {say(_ran(report))}{exit_code}"
