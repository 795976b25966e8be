"""What every stage reports: one `Finding` per problem, at the line of the
offending text. Which ids exist, and how severe each is, is the registry's
(checker.checks.registry)."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from checker.model.edit import Fix


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


@dataclass(frozen=True, order=True)
class Finding:
    """One problem, at one place. Field order is the sort order of reports."""

    path: str
    line: int
    rule: str
    severity: Severity = field(compare=False)
    message: str = field(compare=True)
    api: str | None = field(default=None, compare=False)  # the entry it is on, if any
    entry_line: int | None = field(default=None, compare=False)  # that entry's heading line
    # the docs version of the page it is on; None on a file that is no page (a rule file)
    version: str | None = field(default=None, compare=False)
    # a certain fix (checker.rewrite applies it); () when there is none
    fix: Fix = field(default=(), compare=False)
