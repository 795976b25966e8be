"""Text reports: `path:line: rule-id message`, one finding a line."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.model.finding import Finding, Severity
from checker.model.support import Entry

if TYPE_CHECKING:
    from checker.torch.resolver import Resolution

EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT, EXIT_INCOMPLETE = 0, 1, 2, 3


def findings_text(findings: Sequence[Finding]) -> list[str]:
    return [f"{f.path}:{f.line}: {f.rule} {f.message}" for f in findings]


def summary(findings: Sequence[Finding], files: int, entries: int) -> str:
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = len(findings) - errors
    return (
        f"{len(findings)} findings ({errors} errors, {warnings} warnings) "
        f"in {files} files, {entries} entries"
    )


def lint_exit_code(
    findings: Sequence[Finding], errors: Sequence[str], resolution: Resolution | None = None
) -> int:
    """2 input errors; 1 findings; 3 a docs version --require-all-versions
    wanted was not resolved; 0 clean."""
    if errors:
        return EXIT_INPUT
    if findings:
        return EXIT_FINDINGS
    return EXIT_INCOMPLETE if resolution is not None and resolution.incomplete else EXIT_CLEAN


def resolution_text(resolution: Resolution) -> list[str]:
    """The resolution section: counts per version (and why a version was not
    resolved), notes, then every name that does not simply resolve."""
    report = resolution.report
    lines = [f"resolution ({resolution.environments_line()}):"]
    not_resolved = dict(report.not_resolved)
    for version, counts in report.counts().items():
        if version in not_resolved:
            why = resolution.why_not(version)
            lines.append(f"  {version}: {not_resolved[version]} not-resolved — {why}")
        else:
            shown = ", ".join(f"{count} {outcome}" for outcome, count in counts.items())
            lines.append(f"  {version}: {shown}")
    lines.extend(f"  note: {note}" for note in resolution.notes)
    for r in resolution.non_resolving():
        detail = f" — {r.detail}" if r.detail else ""
        lines.append(f"  {r.path}:{r.line}: {r.outcome.value} {r.api}{detail}")
    return lines


def entries_text(entries: Sequence[Entry], scope: Sequence[str]) -> list[str]:
    """Grouped by API; each entry's status expanded over the scope, so every
    page format prints alike."""
    lines: list[str] = []
    for entry in entries:
        if not lines or entry.api != _api_of_last(lines):
            lines.append(entry.api)
        statuses = entry.expanded(scope)
        shown = "  ".join(f"{product}={support}" for product, support in statuses.items())
        where = f"{entry.path}:{entry.line}"
        lines.append(f"  {entry.version:<7} {entry.lang} {entry.format:<6}  {shown}  {where}")
    return lines


def _api_of_last(lines: list[str]) -> str:
    for line in reversed(lines):
        if not line.startswith(" "):
            return line
    return ""
