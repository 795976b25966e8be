"""`tests`' text report: per docs version, the test tree read, how many
documented APIs a test reaches by each kind of link, and per product the
share of supported claims an enabled test backs; then every verdict as a
`path:line: id message` line (warnings and notes alike: the notes are the
unbacked list). The summary line counts the verdicts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from checker.i18n import _, say
from checker.report.counts import cases_said, modules_said, versions_said

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import TestsReport


def percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "-"


def tests_text(report: TestsReport) -> list[str]:
    lines: list[str] = []
    for mapped in report.versions:
        listed = mapped.disabled or _("none")
        lines.append(
            _("{version}: tests {tree} ({modules}, {cases}); disabled list: {listed}").format(
                version=mapped.version,
                tree=mapped.tree,
                modules=modules_said(mapped.modules),
                cases=cases_said(mapped.cases),
                listed=listed,
            )
        )
        kinds = ", ".join(f"{kind} {count}" for kind, count in mapped.linked) or "-"
        lines.append(
            "  "
            + _("{reached} of {documented} documented APIs reached ({share}): {kinds}").format(
                reached=mapped.reached,
                documented=mapped.documented,
                share=percent(mapped.reached, mapped.documented),
                kinds=kinds,
            )
        )
        for share in mapped.shares:
            by_kind = ", ".join(f"{kind} {count}" for kind, count in share.by_kind if count)
            lines.append(
                "  "
                + _("{product}: {backed} of {supported} supported claims backed ({share})").format(
                    product=share.product,
                    backed=share.backed,
                    supported=share.supported,
                    share=percent(share.backed, share.supported),
                )
                + (f": {by_kind}" if by_kind else "")
            )
    for verdict in report.verdicts:
        level = verdict.severity.value if verdict.severity else "note"
        lines.append(
            f"{verdict.path}:{verdict.line}: {verdict.check} [{level}] {say(verdict.message)}"
        )
    return lines


def tests_summary(outcome: Outcome[Any]) -> str:
    report: TestsReport = outcome.result
    counted = Counter(v.check for v in report.verdicts)
    verdicts = ", ".join(f"{count} {check}" for check, count in sorted(counted.items()))
    reached = sum(m.reached for m in report.versions)
    documented = sum(m.documented for m in report.versions)
    return _(
        "{versions}, {reached} of {documented} documented APIs reached by a test; "
        "{verdicts}; exit {code}"
    ).format(
        versions=versions_said(len(report.versions)),
        reached=reached,
        documented=documented,
        verdicts=verdicts or _("no verdicts"),
        code=int(outcome.exit_code),
    )
