"""`probe`'s report: the evidence record it wrote, as text (checker.report.verify's
`evidence_lines`, as verify prints each record); it prints no summary line."""

from __future__ import annotations

from typing import TYPE_CHECKING

from checker.outcome import Command
from checker.report.formats import own_report
from checker.report.text import lines_of
from checker.report.verify import evidence_lines

if TYPE_CHECKING:
    from checker.model.evidence import Evidence
    from checker.outcome import Outcome

REPORTS = {Command.PROBE: own_report(__name__, "text")}


def as_text(outcome: Outcome[Evidence], colour: bool = False) -> str:
    return lines_of(evidence_lines(outcome.result))
