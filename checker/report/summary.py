"""The one line on stderr after a report: counts, what the gate left out and,
for verify, the exit code. Reports that show the same counts (Markdown) build
them here too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.app.outcome import ExitCode, Unverified
from checker.model.finding import Finding, Severity

if TYPE_CHECKING:
    from checker.app.lint import Linted
    from checker.app.outcome import Outcome
    from checker.verify.verified import VerifyReport


def findings_count(findings: Sequence[Finding], files: int, entries: int) -> str:
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = len(findings) - errors
    return (
        f"{len(findings)} findings ({errors} errors, {warnings} warnings) "
        f"in {files} files, {entries} entries"
    )


def lint_counts(linted: Linted) -> str:
    corpus, resolution = linted.corpus, linted.resolution
    said = findings_count(linted.findings, len(corpus.pages), corpus.entry_count)
    return said + (resolution.summary() if resolution else "")


def verify_counts(report: VerifyReport) -> str:
    counts: dict[str, int] = {}
    for result in report.results:
        counts[result.verdict] = counts.get(result.verdict, 0) + 1
    shown = ", ".join(f"{count} {verdict}" for verdict, count in sorted(counts.items()))
    resolved = report.resolution.summary() if report.resolution else ""
    found = f"{len(report.findings)} findings"
    return f"{len(report.results)} results ({shown or 'none'}); {found}{resolved}"


def summary(outcome: Outcome[Any]) -> str | None:
    """The line for lint, verify and baseline; None for the commands that print none."""
    if outcome.command == "lint":
        return lint_counts(outcome.result) + outcome.hidden
    if outcome.command == "verify":
        return f"{verify_counts(outcome.result)}; exit {int(outcome.exit_code)}{outcome.hidden}"
    if outcome.command == "baseline":
        done = outcome.result
        return f"wrote {done.findings} findings to {done.path}{outcome.hidden}"
    return None


HEADLINES = {
    ExitCode.CLEAN: "✔ passed",
    ExitCode.FAILED: "✘ failed",
    ExitCode.INPUT: "✘ input errors",
    ExitCode.UNVERIFIED: "✘ not verified on an NPU",
}
NOT_ALL_RESOLVED = "✘ not every docs version resolved"
NOTHING_VERIFIED = "– not verified"  # exit 0, yet no NPU run verified anything


def headline(outcome: Outcome[Any]) -> str:
    """What the exit code means, in words: a 3 without an NPU left unverified
    is a docs version left unresolved; a verify run passes only where an NPU
    verified something."""
    code = outcome.exit_code
    if code is ExitCode.UNVERIFIED and Unverified.NPU not in outcome.unverified:
        return NOT_ALL_RESOLVED
    if code is ExitCode.CLEAN and outcome.command == "verify" and not _verified(outcome.result):
        return NOTHING_VERIFIED
    return HEADLINES[code]


def verify_said(report: VerifyReport) -> str:
    """`docs match the rules; 3 of 12 results verified on an NPU`."""
    if not report.results:
        return "no results: no rule's API was found in the docs given"
    from checker.verify.crosscheck import DIFFERS  # verify's vocabulary, for verify only

    differ = any(r.verdict == DIFFERS for r in report.results)
    docs = "docs differ from the rules" if differ else "docs match the rules"
    verified = _verified(report)
    npu = f"{verified} of {len(report.results)} results verified on an NPU"
    return f"{docs}; {npu if verified else 'not verified on any NPU'}"


def _verified(report: VerifyReport) -> int:
    """Results a run on that product's NPU observed (passed, failed or error)."""
    return sum(1 for r in report.results if r.observed != "none")
