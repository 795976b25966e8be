"""The one line on stderr after a report: counts, what the gate left out and,
for verify, the exit code. Reports that show the same counts (Markdown) build
them here too."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, joined, ngettext, say
from checker.model.finding import Finding, Severity
from checker.report.counts import (
    entries_said,
    errors_said,
    files_said,
    findings_said,
    results_said,
    runs_failed_said,
    warnings_said,
)
from checker.report.formats import REWRITING
from checker.report.lines import verified_results

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import Linted
    from checker.verify.verified import VerifyReport


def findings_count(findings: Sequence[Finding], files: int, entries: int) -> str:
    """`1 finding (1 error, 0 warnings) in 1 file, 3 entries`: each count with
    its own plural (it said `1 findings` until 0.2)."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    return _("{findings} ({errors}, {warnings}) in {files}, {entries}").format(
        findings=findings_said(len(findings)),
        errors=errors_said(errors),
        warnings=warnings_said(len(findings) - errors),
        files=files_said(files),
        entries=entries_said(entries),
    )


def lint_counts(linted: Linted) -> str:
    corpus, resolution = linted.corpus, linted.resolution
    said = findings_count(linted.findings, len(corpus.pages), corpus.entry_count)
    return said + (resolution.summary() if resolution else "")


def lint_counts_by_ref(linted: Linted) -> list[str]:
    """`REF: 3 findings (...) in 6 files, 22 entries`, for each git ref read
    (--summary-by-ref): a history's findings, ref by ref. Findings on no page
    (a configuration's unused ignore) count in the total line only."""
    from checker.report.located import located  # --summary-by-ref only

    lines = []
    for ref in linted.refs:
        pages = [page for page in linted.corpus.pages if page.tree == ref]
        found = [f for f in linted.findings if located(f.path, linted.refs)[0] == ref]
        entries = sum(len(page.entries) for page in pages)
        lines.append(f"{ref}: {findings_count(found, len(pages), entries)}")
    return lines


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


def summary(outcome: Outcome[Any], by_ref: bool = False) -> str | None:
    """The line for lint, verify and baseline; None for the commands that print
    none. `by_ref` (lint --summary-by-ref): a line for each git ref first."""
    if outcome.command == "lint":
        refs = lint_counts_by_ref(outcome.result) if by_ref else []
        return "\n".join([*refs, lint_counts(outcome.result) + say(outcome.not_shown)])
    if outcome.command == "verify":
        exit_code = _("; exit {code}").format(code=int(outcome.exit_code))
        return f"{verify_counts(outcome.result)}{exit_code}{say(outcome.not_shown)}"
    if outcome.command == "backed":
        from checker.report.backed_text import backed_summary

        return backed_summary(outcome)
    if outcome.command in REWRITING:
        from checker.report.rewrite_text import rewrite_summary

        return rewrite_summary(outcome)
    if outcome.command == "tests":
        from checker.report.tests_text import tests_summary

        return tests_summary(outcome)
    if outcome.command == "report":
        site = outcome.result
        index = os.path.join(site.folder, "index.html")
        counts = lint_counts(site.linted)
        return _("{counts}; site written to {index}").format(counts=counts, index=index)
    if outcome.command == "baseline":
        done = outcome.result
        said = _("wrote {findings} to {path}").format(
            findings=findings_said(done.findings), path=done.path
        )
        if done.verdicts:  # --verify-report
            verdicts = ngettext("{count} verdict", "{count} verdicts", done.verdicts)
            said = _("wrote {findings} and {verdicts} to {path}").format(
                findings=findings_said(done.findings),
                verdicts=verdicts.format(count=done.verdicts),
                path=done.path,
            )
        return said + say(outcome.not_shown)
    return None


def verify_said(report: VerifyReport) -> str:
    """`docs match the rules; 3 of 12 results verified on an NPU`."""
    if not report.results:
        return _("no results: no rule's API was found in the docs given")
    from checker.verify.crosscheck import DIFFERS  # verify's vocabulary, for verify only

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
        torch = (env.torch or "-") + (_(" (FAKE release)") if env.fake_torch else "")
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
