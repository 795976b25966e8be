"""Text reports: `path:line: rule-id message`, one finding a line; `show`'s
entries expanded over their pages' scopes; verify's report is checker.report.verify_text.

Text goes to terminals, and names come from files: every line is written with
its control characters escaped (`escaped`), the report's and stderr's alike.
On a terminal (checker.cli.output decides, once) a finding's path is bold and
its rule id takes its severity's colour; the styles are added after escaping,
so no name can forge one."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from checker.i18n import _, say
from checker.model.finding import Finding, Severity
from checker.model.support import Entry
from checker.report.formats import REWRITING

if TYPE_CHECKING:
    from checker.app.outcome import Outcome
    from checker.torch.resolution import Resolution


def render(outcome: Outcome[Any], colour: bool = False) -> str:
    if outcome.command == "verify":
        from checker.report.summary import headline, verify_said
        from checker.report.verify_text import verify_text

        said = _("{headline} (exit {code}): {said}").format(
            headline=headline(outcome),
            code=int(outcome.exit_code),
            said=verify_said(outcome.result),
        )
        return lines_of([said, *verify_text(outcome.result)])
    if outcome.command == "backed":  # verify --backed
        from checker.report.backed_text import backed_text

        return lines_of(backed_text(outcome))
    if outcome.command == "probe":
        from checker.report.verify_text import evidence_lines

        return lines_of(evidence_lines(outcome.result))
    if outcome.command == "show":
        return lines_of(entries_text(outcome.result.entries, outcome.result.scopes))
    if outcome.command in REWRITING:
        from checker.report.rewrite_text import rewrite_text

        return rewrite_text(outcome, colour)
    if outcome.command == "coverage":
        from checker.report.coverage import coverage_text

        return lines_of(coverage_text(outcome.result))
    if outcome.command == "tests":
        from checker.report.tests_text import tests_text

        return lines_of(tests_text(outcome.result))
    if outcome.command == "diff":
        from checker.report.changes import diff_text

        return lines_of(diff_text(outcome.result))
    resolution = outcome.result.resolution
    found = "".join(finding_line(f, colour) + "\n" for f in outcome.result.findings)
    return found + lines_of(resolution_text(resolution) if resolution else [])


def lines_of(lines: Sequence[str]) -> str:
    return "".join(escaped(line) + "\n" for line in lines)


# C0 controls, DEL and C1 controls (Unicode's Cc): ESC starts the terminal's
# escape sequences, as does CSI (\x9b) in some; BEL, a newline or a carriage
# return in a name would forge or hide a line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def escaped(text: str) -> str:
    """`text` with each control character shown as its escape, `\\x1b`: the
    one way a text line shows a name (a file's, an API's, an evidence file's
    words) that carries one."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda control: f"\\x{ord(control.group()):02x}", text)


def escaped_lines(text: str) -> str:
    """`text` with every control character but its newlines shown as its
    escape (`escaped`, a line at a time): what a format that writes page text
    as it is (Markdown, GitHub's workflow commands) is written as."""
    return "\n".join(map(escaped, text.split("\n")))


def findings_text(findings: Sequence[Finding]) -> list[str]:
    return [finding_line(f) for f in findings]


SEVERITY_COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def finding_line(finding: Finding, colour: bool = False) -> str:
    """`path:line: rule message`, escaped (escaping it again changes nothing)."""
    path, rule = escaped(finding.path), escaped(finding.rule)
    if colour:
        path = click.style(path, bold=True)
        rule = click.style(rule, fg=SEVERITY_COLOURS[finding.severity], bold=True)
    return f"{path}:{finding.line}: {rule} {escaped(say(finding.message))}"


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


def entries_text(entries: Sequence[Entry], scopes: Sequence[Sequence[str]]) -> list[str]:
    """Grouped by API; each entry's status expanded over its scope (`scopes`,
    one per entry), so every page format prints alike."""
    lines: list[str] = []
    for entry, scope in zip(entries, scopes, strict=True):
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
