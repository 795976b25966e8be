"""What the commands that rewrite pages (`fix`, `new-version`, `migrate`)
return: the files changed (or, with --diff, that would change), what was left
as it was and why, and for `fix` the findings still there."""

from __future__ import annotations

from dataclasses import dataclass

from checker.errors import InputError
from checker.model.finding import Finding
from checker.rewrite.place import Linked
from checker.rewrite.source import Source, load_source
from checker.rewrite.written import Change


@dataclass(frozen=True)
class Skipped:
    """Something a rewrite left as it was, at its place, and why."""

    path: str
    line: int
    why: str


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


def opened(
    path: str,
    trees: tuple[str, ...],
    since: int | None,
    skipped: list[Skipped],
    errors: list[str],
) -> Source | None:
    """A page's text to rewrite, or None once it is said why not: a link
    inside the tree is left as a link (a `Skipped` line), one leaving it and a
    page gone or changed since the command started are input errors."""
    try:
        return load_source(path, trees, since)
    except Linked as link:
        if link.inside:
            skipped.append(Skipped(path, 1, link.why))
        else:
            errors.append(str(link))
    except InputError as error:
        errors.append(str(error))
    return None
