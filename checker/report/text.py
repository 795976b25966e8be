"""Text reports: `path:line: rule-id message`, one finding a line."""

from __future__ import annotations

from collections.abc import Sequence

from checker.model import Entry, Finding, Severity


def findings_text(findings: Sequence[Finding]) -> list[str]:
    return [f"{f.path}:{f.line}: {f.rule} {f.message}" for f in findings]


def summary(findings: Sequence[Finding], files: int, entries: int) -> str:
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    warnings = len(findings) - errors
    return (
        f"{len(findings)} findings ({errors} errors, {warnings} warnings) "
        f"in {files} files, {entries} entries"
    )


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
