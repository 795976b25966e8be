"""`verify`'s report: its renderer in each format it offers, and its
summary line. Text: per rule and version, whether the docs say what the rule
expects; per product, what the evidence observed; then the evidence itself
(where it ran, on what: `evidence_lines`, which probe's and verify
--backed's reports print too), the static findings on the entries and, with
--resolve-apis, the resolution section. JSON: the document of
checker/schemas/verify.schema.json. Markdown, for a pull request: per rule,
what each version's docs say of its API against what the rule expects, the
verdicts, then one validation evidence block per evidence record
(checker.report.markdown.validation); a CPU reference run reads as one, with
the reason no NPU took part, never as an NPU result. The CI formats and
--statistics are shared with lint: verify's problems are its findings and
its verdicts that carry a severity."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from checker.i18n import N_, _, joined, labelled, ngettext, say
from checker.model.evidence import Evidence
from checker.model.finding import Severity
from checker.model.verdict import DIFFERS, UNVERIFIED, Verdict
from checker.model.words import OBSERVED_WORDS, RUN_WORDS, word
from checker.outcome import Command, ExitCode
from checker.report.environment import environment_line, torch_text
from checker.report.escape import markdown as _text
from checker.report.escape import markdown_code as _code
from checker.report.formats import Report, renderer
from checker.report.markdown.parts import MARKS, headed
from checker.report.markdown.parts import errors_section as _errors
from checker.report.markdown.parts import findings_section as _findings
from checker.report.markdown.parts import resolution_section as _resolution
from checker.report.markdown.parts import row as _row
from checker.report.markdown.validation import evidence_section, notes_said
from checker.report.notes import note_said
from checker.report.objects import finding_object, resolution_objects, result_object, tagged
from checker.report.plurals import findings_said, results_said, runs_failed_said
from checker.report.text import (
    NOTHING_VERIFIED,
    findings_text,
    headline,
    lines_of,
    resolution_text,
    verdict_line,
)
from checker.verify.verify_report import VerifyReport, entry_groups, place

if TYPE_CHECKING:
    from checker.model.expectation import Expectation
    from checker.outcome import Outcome

REPORTS = {
    Command.VERIFY: Report(
        {
            "text": renderer(f"{__name__}.as_text"),
            "json": renderer(f"{__name__}.as_json"),
            "junit": renderer("checker.report.junit.verify_document"),
            "sarif": renderer("checker.report.sarif.render", verdicts=True),
            "markdown": renderer(f"{__name__}.as_markdown"),
            "concise": renderer("checker.report.concise.render", verdicts=True),
            "github": renderer("checker.report.github.render", verdicts=True),
            "gitlab": renderer("checker.report.gitlab.render", verdicts=True),
            "lintrunner": renderer("checker.report.lintrunner.render", verdicts=True),
            "pr": renderer("checker.report.markdown.pr.render"),
        },
        summary=renderer(f"{__name__}.summary"),
        statistics=renderer("checker.report.rule_counts.render", verdicts=True),
    )
}


def as_text(outcome: Outcome[VerifyReport], colour: bool = False) -> str:
    said = _("{headline} (exit {code}): {said}").format(
        headline=verify_headline(outcome),
        code=int(outcome.exit_code),
        said=verify_said(outcome.result),
    )
    return lines_of([said, *verify_text(outcome.result)])


def as_json(outcome: Outcome[VerifyReport]) -> str:
    report = outcome.result
    document = {
        **tagged("verify"),
        "results": [result_object(r, report.refs) for r in report.results],
        "evidence": [evidence.to_object() for evidence in report.evidence],
        "findings": [finding_object(f, report.refs) for f in report.findings],
        "errors": list(report.errors),
        "notes": list(report.notes),
        **resolution_objects(report.resolution, report.refs),
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def verify_headline(outcome: Outcome[VerifyReport]) -> str:
    """The headline (checker.report.text), but that a verify run passes only
    where an NPU verified something."""
    if outcome.judged is ExitCode.CLEAN and not verified_results(outcome.result):
        return _(NOTHING_VERIFIED)
    return headline(outcome)


def verified_results(report: VerifyReport) -> int:
    """Results a run on that product's NPU observed (passed, failed or error)."""
    return sum(1 for r in report.results if r.observed != "none")


def summary(outcome: Outcome[VerifyReport]) -> str:
    exit_code = _("; exit {code}").format(code=int(outcome.exit_code))
    return f"{verify_counts(outcome.result)}{exit_code}{say(outcome.not_shown)}"


def verify_text(report: VerifyReport) -> list[str]:
    lines: list[str] = []
    for rule in report.rules:
        lines.append(labelled(rule.id, rule.api))
        lines.append(
            "  " + _("expect: {expect}  ({at})").format(expect=rule.expect, at=rule.expect_at)
        )
        results = [r for r in report.results if r.rule == rule.id]
        for rows in entry_groups(results):
            differ = [r for r in rows if r.verdict == DIFFERS]
            said = _("DOCS DIFFER FROM THE RULE") if differ else _("docs match the rule")
            lines.append(f"  {labelled(rows[0].version, said)}  {place(rows)}")
            lines.extend(f"    {verdict_line(r)}" for r in rows)
    if report.evidence:
        lines.append(_("evidence:"))
        for evidence in report.evidence:
            lines.extend(evidence_lines(evidence))
    if report.notes:
        lines.append(_("notes:"))
        lines.extend(f"  {say(note)}" for note in report.notes)
    if report.findings:
        lines.append(_("findings:"))
        lines.extend(f"  {line}" for line in findings_text(report.findings))
    if report.resolution is not None:
        lines.extend(resolution_text(report.resolution))
    return lines


def evidence_lines(evidence: Evidence) -> list[str]:
    env = evidence.environment
    lines = [f"  {environment_line(evidence)}", f"    {note_said(env.note)}"]
    for run in evidence.runs:
        passed = sum(1 for case in run.cases if case.passed)
        # a repository test's own last words; a behaviour's are the counts already shown
        repo_said = run.summary and run.source != "behaviour" and not run.note
        said = f" — {run.summary}" if repo_said else ""
        # a repository test's exit status is its framework's (the harness's is 0)
        framework = run.framework if run.framework and not run.note else ""
        exit_said = _("{framework} exit").format(framework=framework) if framework else _("exit")
        api = f"{run.api} " if run.api else ""  # a backing test's cases name their APIs
        ran = _(
            "{api}[{source} {behaviour}{at}]: {verdict} {passed}/{total} cases in {duration} s, "
            "{exit} {code}"
        ).format(
            api=api,
            source=run.source,
            behaviour=run.behaviour,
            at=_(" at {ref}").format(ref=run.ref) if run.ref else "",
            verdict=word(RUN_WORDS, run.verdict),
            passed=passed,
            total=len(run.cases),
            duration=f"{run.duration_s:g}",
            exit=exit_said,
            code=run.exit_code,
        )
        lines.append(f"    {ran}" + (f" — {note_said(run.note)}" if run.note else said))
        command = _("command: {command}").format(command=" ".join(run.command))
        lines.append(f"      {command}")
        for case in run.cases:
            # a backing test's cases of a run that could not run share its note, said once
            if not case.passed and not (run.note and case.detail == run.note):
                failed = _("FAILED {case}: {detail}").format(case=case.name, detail=case.detail)
                lines.append(f"      {failed}")
                lines.extend(traceback_lines(case.traceback))
    return lines


TRACEBACK_LINES = 8  # of a failure's text in the text report; JSON carries it whole


def traceback_lines(text: str) -> list[str]:
    """The first lines of a failure's whole text, and where the rest is."""
    lines = [line for line in text.rstrip().splitlines() if line.strip()]
    shown = [f"        {line}" for line in lines[:TRACEBACK_LINES]]
    if len(lines) > TRACEBACK_LINES:
        more = len(lines) - TRACEBACK_LINES
        said = ngettext(
            "… {count} more line: the whole text is in --format json",
            "… {count} more lines: the whole text is in --format json",
            more,
        )
        shown.append(f"        {said.format(count=more)}")
    return shown


def verify_counts(report: VerifyReport) -> str:
    counts: dict[str, int] = {}
    for result in report.results:
        counts[result.verdict] = counts.get(result.verdict, 0) + 1
    each = [f"{count} {verdict}" for verdict, count in sorted(counts.items())]  # ids, as said
    shown = say(joined(each, N_("{first}, {then}")))
    resolved = report.resolution.summary() if report.resolution else ""
    runs, failed = report.run_count()
    counts_said = {
        "results": results_said(len(report.results)),
        "verdicts": shown or _("none"),
        "findings": findings_said(len(report.findings)),
    }
    if failed:  # a run that failed fails verify, whatever the verdicts say
        said = _("{results} ({verdicts}); {runs_failed}; {findings}").format(
            **counts_said, runs_failed=runs_failed_said(failed, runs)
        )
    else:
        said = _("{results} ({verdicts}); {findings}").format(**counts_said)
    return said + resolved


def verify_said(report: VerifyReport) -> str:
    """`docs match the rules; 3 of 12 results verified on an NPU`."""
    if not report.results:
        return _("no results: no rule's API was found in the docs given")
    differ = any(r.verdict == DIFFERS for r in report.results)
    docs = _("docs differ from the rules") if differ else _("docs match the rules")
    verified = verified_results(report)
    npu = _("{verified} of {results} results verified on an NPU").format(
        verified=verified, results=len(report.results)
    )
    failed = failed_tests_said(report)
    npu = npu if verified else _("not verified on any NPU")
    return failed + _("{docs}; {npu}").format(docs=docs, npu=npu)


def failed_tests_said(report: VerifyReport) -> str:
    """`test_metrics_api.py failed on origin/v2.12.0 under torch 2.12.0 (1 of
    8 tests: test_x); ` for each repository test that failed or could not run,
    or "": what failed comes first in the headline of every format."""
    said = []
    for evidence, run in report.failed_runs():
        test, _sep, inside = run.behaviour.partition("::")
        name = test.rsplit("/", 1)[-1] + (f"::{inside}" if inside else "")
        env = evidence.environment
        torch = torch_text(env)
        where = run.ref or _("the working tree")
        if run.verdict == "error":
            said.append(
                _("{test} could not run on {ref} under torch {torch}: {why}").format(
                    test=name, ref=where, torch=torch, why=say(run.note)
                )
            )
            continue
        failing = [case.name.rsplit("::", 1)[-1] for case in run.cases if not case.passed]
        shown = ", ".join(failing[:3]) + (", …" if len(failing) > 3 else "")
        said.append(
            _(
                "{test} failed on {ref} under torch {torch} ({failed} of {total} tests: {names})"
            ).format(
                test=name,
                ref=where,
                torch=torch,
                failed=len(failing),
                total=len(run.cases),
                names=shown or _("none failed, exit {code}").format(code=run.exit_code),
            )
        )
    return "".join(f"{line}; " for line in said)


def as_markdown(outcome: Outcome[VerifyReport]) -> str:
    report = outcome.result
    said = _("{first}. {then}").format(first=verify_said(report), then=verify_counts(report))
    lines = ["## docs-check verify", "", headed(verify_headline(outcome), outcome) + _text(said)]
    for rule in report.rules:
        lines += _rule(rule, [r for r in report.results if r.rule == rule.id])
    lines += _findings(report.findings)
    lines += _resolution(report.resolution) if report.resolution else []
    lines += evidence_section(report.evidence, report.refs)
    lines += ["", _("### Notes"), "", *notes_said(report.notes)] if report.notes else []
    lines += _errors(report.errors)
    return "\n".join(lines).rstrip("\n") + "\n"


def _rule(rule: Expectation, results: list[Verdict]) -> list[str]:
    lines = ["", f"### {labelled(_text(rule.id), _code(rule.api))}", ""]
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


def _verdicts(results: list[Verdict], groups: list[list[Verdict]]) -> list[str]:
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


def _mark(r: Verdict) -> str:
    if r.severity is Severity.ERROR:
        return "✘"
    return "⚠" if r.severity is Severity.WARNING else "✔" if r.verdict != UNVERIFIED else "–"
