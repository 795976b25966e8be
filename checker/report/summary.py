"""The one line on stderr after a report: counts, what the gate left out and,
for verify, the exit code. Reports that show the same counts (Markdown) build
them here too."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

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
