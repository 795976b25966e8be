"""`baseline`'s report: no report, a summary line only, `wrote 3 findings to
.docs-check-baseline.json` (and the verdicts, with --verify-report)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.i18n import _, ngettext, say
from checker.outcome import Command
from checker.report.formats import own_report
from checker.report.plurals import findings_said

if TYPE_CHECKING:
    from checker.outcome import Outcome

REPORTS = {Command.BASELINE: own_report(__name__, summary=True)}


def summary(outcome: Outcome[Any]) -> str:
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
