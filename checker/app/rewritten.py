"""What the commands that rewrite pages (`fix`, `new-version`, `migrate`)
return: the files changed (or, with --diff, that would change), what was left
as it was and why, and for `fix` the findings still there."""

from __future__ import annotations

from dataclasses import dataclass

from checker.model.finding import Finding
from checker.rewrite.source import Skipped
from checker.rewrite.written import Change


@dataclass(frozen=True)
class Rewritten:
    changes: tuple[Change, ...]
    diff: bool  # --diff: shown, nothing written
    skipped: tuple[Skipped, ...] = ()
    left: tuple[Finding, ...] = ()  # fix: the findings it did not fix
    pages: int = 0  # pages read
    entries: int = 0  # their entries
    note: str = ""  # what the summary adds (new-version: statuses are copied claims)

    @property
    def changed(self) -> tuple[Change, ...]:
        return tuple(change for change in self.changes if change.changed)
