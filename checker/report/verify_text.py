"""The text report of `verify`: per rule and version, whether the docs say what
the rule expects; per product, what the evidence observed; then the evidence
itself (where it ran, on what), the static findings on the entries and, with
--resolve-apis, the resolution section."""

from __future__ import annotations

from checker.i18n import _, labelled, ngettext, say
from checker.model.evidence import Evidence
from checker.model.verdict import DIFFERS
from checker.model.words import RUN_WORDS, word
from checker.report.environment import environment_line
from checker.report.lines import findings_text, resolution_text, verdict_line
from checker.report.notes import note_said
from checker.verify.verify_report import VerifyReport, entry_groups, place


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
