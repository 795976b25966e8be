"""`tests`' text report: per docs version, the test tree read, how many
documented APIs a test reaches (and an NPU test) by each kind of link, and
per product the share of supported claims an enabled NPU test backs; then
every verdict as a `path:line: id message` line, but for the claim-unbacked
notes, which are one line per page with their count unless --show-notes
(there are thousands on a real tree). The summary line says what it counts:
APIs, or API × version pairs over several versions, and the verdicts."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, joined, ngettext, say
from checker.model.words import LEVEL_WORDS, word
from checker.report.counts import cases_said, modules_said, versions_said

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import TestsReport
    from checker.testmap.claims import Verdict

UNBACKED = "claim-unbacked"


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
        linked = [f"{kind} {count}" for kind, count in mapped.linked]  # link kinds: ids
        kinds = say(joined(linked, N_("{first}, {then}"))) or "-"
        lines.append(
            "  "
            + _(
                "{reached} of {documented} documented APIs reached ({share}), "
                "{npu} on the NPU ({npu_share}): {kinds}"
            ).format(
                reached=mapped.reached,
                documented=mapped.documented,
                share=percent(mapped.reached, mapped.documented),
                npu=mapped.on_npu,
                npu_share=percent(mapped.on_npu, mapped.documented),
                kinds=kinds,
            )
        )
        for share in mapped.shares:
            counted = [f"{kind} {count}" for kind, count in share.by_kind if count]  # ids
            said = _("{product}: {backed} of {supported} supported claims backed ({share})")
            if counted:
                said = _("{said}: {kinds}").format(
                    said=said, kinds=say(joined(counted, N_("{first}, {then}")))
                )
            lines.append(
                "  "
                + said.format(
                    product=share.product,
                    backed=share.backed,
                    supported=share.supported,
                    share=percent(share.backed, share.supported),
                )
            )
    folded = _folded(report)
    for verdict in report.verdicts:
        level = word(LEVEL_WORDS, verdict.severity.value if verdict.severity else "note")
        if _foldable(verdict, report):
            count = folded.pop(verdict.path, 0)
            if count:  # the page's first note stands for them all
                said = ngettext(
                    "{count} API marked supported that no test reaches on the NPU "
                    "(--show-notes lists it)",
                    "{count} APIs marked supported that no test reaches on the NPU "
                    "(--show-notes lists them)",
                    count,
                ).format(count=count)
                lines.append(f"{verdict.path}:{verdict.line}: {verdict.check} [{level}] {said}")
            continue
        lines.append(
            f"{verdict.path}:{verdict.line}: {verdict.check} [{level}] {say(verdict.message)}"
        )
    return lines


def _foldable(verdict: Verdict, report: TestsReport) -> bool:
    """A claim-unbacked note, shown as its page's count unless --show-notes."""
    return not report.show_notes and verdict.check == UNBACKED and verdict.severity is None


def _folded(report: TestsReport) -> dict[str, int]:
    """Each page's claim-unbacked notes, counted."""
    return dict(Counter(v.path for v in report.verdicts if _foldable(v, report)))


def tests_summary(outcome: Outcome[Any]) -> str:
    report: TestsReport = outcome.result
    counted = Counter(v.check for v in report.verdicts)
    each = [f"{count} {check}" for check, count in sorted(counted.items())]  # check ids
    verdicts = say(joined(each, N_("{first}, {then}")))
    reached = sum(m.reached for m in report.versions)
    documented = sum(m.documented for m in report.versions)
    npu = sum(m.on_npu for m in report.versions)
    if len(report.versions) > 1:  # an API documented for four versions counts four times
        said = _(
            "{versions}, {reached} of {documented} documented API × version pairs reached "
            "by a test, {npu} by an NPU test; {verdicts}; exit {code}"
        )
    else:
        said = _(
            "{versions}, {reached} of {documented} documented APIs reached by a test, "
            "{npu} by an NPU test; {verdicts}; exit {code}"
        )
    return said.format(
        versions=versions_said(len(report.versions)),
        reached=reached,
        documented=documented,
        npu=npu,
        verdicts=verdicts or _("no verdicts"),
        code=int(outcome.exit_code),
    )
