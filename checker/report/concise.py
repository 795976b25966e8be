"""`--format concise`: one `path:line: rule message` line per problem (every
finding and, for verify, every verdict with a severity: checker.report.problems),
and nothing else: no resolution section, no verify report, and no summary line
on stderr (checker.report.formats). For editors' problem matchers and grep.
A page read from a git ref is named `ref:path`, as text names it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.report.problems import problems
from checker.report.text import finding_line

if TYPE_CHECKING:
    from checker.outcome import Outcome


def render(outcome: Outcome[Any], colour: bool = False, verdicts: bool = False) -> str:
    return "".join(finding_line(f, colour) + "\n" for f in problems(outcome, verdicts))
