"""`report --html`'s report: the site is a folder (checker.report.html), no
stream of any format; what it prints is the summary line, lint's counts and
where the site was written."""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from checker.i18n import _
from checker.outcome import Command
from checker.report.formats import own_report
from checker.report.lint import counts

if TYPE_CHECKING:
    from checker.outcome import Outcome

REPORTS = {Command.REPORT: own_report(__name__, summary=True)}


def summary(outcome: Outcome[Any]) -> str:
    site = outcome.result
    index = os.path.join(site.folder, "index.html")
    return _("{counts}; site written to {index}").format(counts=counts(site.linted), index=index)
