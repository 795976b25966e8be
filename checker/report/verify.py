"""The text report of `verify`: per rule and version, whether the docs say what
the rule expects; per product, what the evidence observed; then the evidence
itself (where it ran, on what), the static findings on the entries and, with
--resolve-apis, the resolution section."""

from __future__ import annotations

from checker.i18n import N_, _, ngettext, say
from checker.model.evidence import Evidence
from checker.model.words import OBSERVED_WORDS, RUN_WORDS, word
from checker.report.lines import findings_text, resolution_text
from checker.report.notes import NO_PRODUCT, note_said
from checker.textwidth import padded
from checker.verify.crosscheck import DIFFERS
from checker.verify.verified import VerifyReport, entry_groups, place


def verify_text(report: VerifyReport) -> list[str]:
    lines: list[str] = []
    for rule in report.rules:
        lines.append(f"{rule.id}: {rule.api}")
        lines.append(
            "  " + _("expect: {expect}  ({at})").format(expect=rule.expect, at=rule.expect_at)
        )
        results = [r for r in report.results if r.rule == rule.id]
        for rows in entry_groups(results):
            differ = [r for r in rows if r.verdict == DIFFERS]
            said = _("DOCS DIFFER FROM THE RULE") if differ else _("docs match the rule")
            lines.append(f"  {rows[0].version}: {said}  {place(rows)}")
            for r in rows:
                detail = "  " + _("({detail})").format(detail=say(r.detail)) if r.detail else ""
                row = _("{product} documented {documented} observed {observed} {verdict}{detail}")
                said_row = row.format(
                    product=f"{r.product:<11}",
                    documented=padded(word(OBSERVED_WORDS, r.documented), 11),
                    observed=padded(word(OBSERVED_WORDS, r.observed), 6),
                    verdict=r.verdict,
                    detail=detail,
                )
                lines.append(f"    {said_row}")
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
    torch = (env.torch or "-") + (_(" (FAKE release)") if env.fake_torch else "")
    run_for = _(" (run for docs {version})") if evidence.run_for else ""
    said = _(
        "{origin}{run_for}: {platform} | Python {python} | torch {torch} | "
        "torch_npu {torch_npu} | CANN {cann} | NPU {npu} ({product}) | visible NPUs {visible}"
    ).format(
        origin=_("live") if evidence.origin == "live" else evidence.origin,
        run_for=run_for.format(version=evidence.run_for),
        platform=env.platform,
        python=env.python,
        torch=torch,
        torch_npu=env.torch_npu or "-",
        cann=env.cann or "-",
        npu=env.npu_name or "-",
        product=env.product or _(NO_PRODUCT if env.npu_name else N_("no product")),
        visible=env.visible_npus,
    )
    lines = [f"  {said}", f"    {note_said(env.note)}"]
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
