"""Markdown to paste into a pull request: per rule, what each version's docs say
of its API against what the rule expects, the verdicts, then one validation
evidence block per evidence record. A CPU reference run reads as one, with the
reason no NPU took part; it never reads as an NPU result. With --resolve-apis,
an `API resolution` section: the counts per docs version, then the names that
do not resolve."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, message, say
from checker.model.finding import Finding, Severity
from checker.model.support import UNSTATED
from checker.model.words import OBSERVED_WORDS, word
from checker.outcome import Outcome
from checker.report.escape import markdown as _text
from checker.report.escape import markdown_code as _code
from checker.report.lines import headline
from checker.report.markdown_evidence import evidence_section, notes_said
from checker.report.markdown_text import row as _row
from checker.report.summary import lint_counts, verify_counts, verify_said
from checker.verify.crosscheck import DIFFERS, UNVERIFIED

if TYPE_CHECKING:  # only the verdict names above are needed at run time, not verify's machinery
    from checker.results import Linted
    from checker.torch.resolution import Resolution
    from checker.verify.crosscheck import Result
    from checker.verify.expectations import Expectation
    from checker.verify.verified import VerifyReport

# A conflict is both marks: the page states the product both ways.
MARKS = {"supported": "✔", "unsupported": "✘", "conflict": "✔✘", UNSTATED: "–"}


def render(outcome: Outcome[Any]) -> str:
    if outcome.command == "coverage":
        from checker.report.coverage import coverage_markdown

        return coverage_markdown(outcome.result, outcome.errors)
    if outcome.command == "tests":
        from checker.report.tests_markdown import tests_markdown

        return tests_markdown(outcome.result, outcome.errors)
    if outcome.command == "diff":
        from checker.report.changes import diff_markdown

        return diff_markdown(outcome.result, outcome.errors)
    return verify_markdown(outcome) if outcome.command == "verify" else lint_markdown(outcome)


def _headline(outcome: Outcome[Any]) -> str:
    """`**✔ passed** (exit 0): `, which the counts follow."""
    said = _("{headline} (exit {code}): {said}")
    return said.format(headline=f"**{headline(outcome)}**", code=int(outcome.exit_code), said="")


def lint_markdown(outcome: Outcome[Linted]) -> str:
    linted = outcome.result
    lines = ["## docs-check lint", "", _headline(outcome) + _text(lint_counts(linted))]
    lines += _findings(linted.findings)
    lines += _resolution(linted.resolution) if linted.resolution else []
    lines += _errors(outcome.errors)
    return "\n".join(lines) + "\n"


def verify_markdown(outcome: Outcome[VerifyReport]) -> str:
    report = outcome.result
    said = f"{verify_said(report)}. {verify_counts(report)}"
    lines = ["## docs-check verify", "", _headline(outcome) + _text(said)]
    for rule in report.rules:
        lines += _rule(rule, [r for r in report.results if r.rule == rule.id])
    lines += _findings(report.findings)
    lines += _resolution(report.resolution) if report.resolution else []
    lines += evidence_section(report.evidence, report.refs)
    lines += ["", _("### Notes"), "", *notes_said(report.notes)] if report.notes else []
    lines += _errors(report.errors)
    return "\n".join(lines).rstrip("\n") + "\n"


def _rule(rule: Expectation, results: list[Result]) -> list[str]:
    from checker.verify.verified import entry_groups, place  # verify's report only

    lines = ["", f"### {_text(rule.id)}: {_code(rule.api)}", ""]
    expects = _("The rule expects {expect} ({at}).")
    lines += [expects.format(expect=_code(rule.expect), at=_code(rule.expect_at)), ""]
    groups = entry_groups(results)
    scope = list(dict.fromkeys(_text(r.product) for r in results))  # ids: any string
    lines += [_row(_("version"), _("page:line"), *scope, _("matches rule?"))]
    lines += [_row("---", "---", *(":-:" for _column in scope), "---")]
    if groups:
        expected = [MARKS[r.expected] for r in groups[0]]
        lines.append(_row("*" + _("rule") + "*", _code(rule.expect_at), *expected, ""))
    for rows in groups:
        said = _("{product} {documented}, expected {expected}")
        differ = [
            said.format(
                product=_text(r.product),
                documented=word(OBSERVED_WORDS, r.documented),
                expected=word(OBSERVED_WORDS, r.expected),
            )
            for r in rows
            if r.verdict == DIFFERS
        ]
        matches = _("✔ yes") if not differ else _("✘ no: {differ}").format(differ="; ".join(differ))
        marks = (MARKS[r.documented] for r in rows)
        lines.append(_row(_text(rows[0].version), _code(place(rows)), *marks, matches))
    for version in rule.versions:
        if not any(r.version == version for r in results):
            missing = _("✘ no entry found")  # a rule's version: any string
            lines.append(_row(_text(version), "–", *("–" for _column in scope), missing))
    if not groups and not rule.versions:
        lines += ["", _("No entry of this API was found in the docs given: see the findings.")]
    return lines + _verdicts(results, groups)


def _verdicts(results: list[Result], groups: list[list[Result]]) -> list[str]:
    judged = [r for r in results if r.verdict != UNVERIFIED or r.observed != "none"]
    unverified = [r for r in results if r.verdict == UNVERIFIED and r.observed == "none"]
    lines: list[str] = []
    if judged:
        headings = (N_("version"), N_("product"), N_("documented"), N_("observed on NPU"))
        lines += ["", _row(*map(_, headings), _("verdict"))]
        lines.append(_row(*["---"] * 5))
    for r in judged:
        verdict = f"{_mark(r)} " + (
            _("{verdict}: {detail}").format(verdict=r.verdict, detail=_text(say(r.detail)))
            if r.detail
            else r.verdict
        )
        shared = sum(1 for rows in groups if rows[0].version == r.version) > 1
        version = _text(r.version) + (f" {_code(f'{r.path}:{r.line}')}" if shared else "")
        documented, observed = (word(OBSERVED_WORDS, said) for said in (r.documented, r.observed))
        lines.append(_row(version, _text(r.product), documented, observed, verdict))
    if unverified:
        required = any(r.severity is Severity.ERROR for r in unverified)
        said = _(
            "{count} of {total} version × product results are unverified: no run on that "
            "product's NPU with that torch release{required}."
        )
        also = _(" (errors: --require-npu)") if required else ""
        lines += ["", said.format(count=len(unverified), total=len(results), required=also)]
    return lines


def _mark(r: Result) -> str:
    if r.severity is Severity.ERROR:
        return "✘"
    return "⚠" if r.severity is Severity.WARNING else "✔" if r.verdict != UNVERIFIED else "–"


def _findings(findings: Sequence[Finding]) -> list[str]:
    if not findings:
        return []
    headings = (N_("page:line"), N_("rule"), N_("severity"), N_("message"))
    lines = ["", _("### Findings"), "", _row(*map(_, headings))]
    lines.append("| --- | --- | --- | --- |")
    for f in findings:
        where = _code(f"{f.path}:{f.line}")
        lines.append(_row(where, _text(f.rule), f.severity.value, _text(say(f.message))))
    return lines


def _resolution(resolution: Resolution) -> list[str]:
    """The counts per docs version (a column per outcome), the notes, then the
    names that do not simply resolve."""
    from checker.torch.resolved import NOT_RESOLVED, Lookup  # --resolve-apis only

    report = resolution.report
    lines = ["", "### " + _("API resolution"), ""]
    looked_up = message(
        N_("Looked up with {environments}."), environments=resolution.environments_line()
    )
    lines += [_text(say(looked_up)), ""]
    columns = [outcome.value for outcome in Lookup] + [NOT_RESOLVED]
    lines += [_row("version", *columns), _row("---", *("--:" for _ in columns))]
    for version, counts in report.counts().items():
        lines.append(_row(version, *(str(counts.get(column, 0)) for column in columns)))
    reasons = [
        message(
            N_("{version}: {count} names not resolved: {why}"),
            version=version,
            count=count,
            why=resolution.why_not(version),
        )
        for version, count in report.not_resolved
    ]
    notes = [message(N_("note: {note}"), note=note) for note in resolution.notes]
    if reasons or notes:
        lines += ["", *(f"- {_text(say(said))}" for said in (*reasons, *notes))]
    names = resolution.non_resolving()
    if names:
        lines += [
            "",
            say(message(N_("Names that do not resolve ({count}):"), count=len(names))),
            "",
        ]
        lines += [
            "| {} | API | {} | {} |".format(_("page:line"), _("outcome"), _("detail")),
            "| --- | --- | --- | --- |",
        ]
        for r in names:
            where = _code(f"{r.path}:{r.line}")
            lines.append(
                f"| {where} | {_code(r.api)} | {r.outcome.value} | {_text(say(r.detail))} |"
            )
    return lines


def _errors(errors: Sequence[str]) -> list[str]:
    if not errors:
        return []
    return ["", _("### Input errors"), "", *(f"- {_text(say(e))}" for e in errors)]
