"""Text reports: `path:line: rule-id message`, one finding a line; `show`'s
entries expanded over their pages' scopes; verify's report is checker.report.verify_text.

Text goes to terminals, and names come from files: every line is written with
its control characters escaped (checker.report.lines' `escaped`), the report's
and stderr's alike.
On a terminal (checker.cli.output decides, once) a finding's path is bold and
its rule id takes its severity's colour; the styles are added after escaping,
so no name can forge one."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import _
from checker.model.support import Entry
from checker.report.formats import REWRITING
from checker.report.lines import finding_line, headline, lines_of, resolution_text
from checker.report.summary import verify_said

if TYPE_CHECKING:
    from checker.outcome import Outcome


def render(outcome: Outcome[Any], colour: bool = False) -> str:
    if outcome.command == "verify":
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
        return lines_of(entries_text(outcome.result.entries, outcome.result.said))
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


def entries_text(entries: Sequence[Entry], said: Sequence[Sequence[tuple[str, str]]]) -> list[str]:
    """Grouped by API; each entry's products and statuses (`said`, one per
    entry: checker.model.said), so every page format prints alike."""
    lines: list[str] = []
    for entry, statuses in zip(entries, said, strict=True):
        if not lines or entry.api != _api_of_last(lines):
            lines.append(entry.api)
        shown = "  ".join(f"{product}={support}" for product, support in statuses)
        where = f"{entry.path}:{entry.line}"
        lines.append(f"  {entry.version:<7} {entry.lang} {entry.format:<6}  {shown}  {where}")
    return lines


def _api_of_last(lines: list[str]) -> str:
    for line in reversed(lines):
        if not line.startswith(" "):
            return line
    return ""
