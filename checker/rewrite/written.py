"""A rewrite's result, proved and then shown or written: the new text read
back into the model (what the command then compares with what it meant to
do), a unified diff of it, and the file replaced atomically. A page whose
text does not change is never written, so its mtime stays."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

from checker.files import write_atomically
from checker.model.catalogue import Catalogue
from checker.model.support import Page
from checker.read import read_text
from checker.read.load import page_lines
from checker.rewrite.source import Source
from checker.sources.discover import DocFile


@dataclass(frozen=True)
class Change:
    """One file's rewrite: where, before and after, and what it did, counted
    (`done`: what was changed -> how many times, in the order first done)."""

    path: str
    before: Source | None  # None: a file the rewrite creates
    after: str
    done: tuple[tuple[str, int], ...] = ()

    @property
    def changed(self) -> bool:
        return self.before is None or self.before.text != self.after


def read_back(page: Page, text: str, catalogue: Catalogue) -> Page:
    """The rewritten text as the model reads it, at the page's place."""
    return read_text(text, DocFile(page.path, page.version, page.lang, page.tree), catalogue)


def unified_diff(change: Change) -> str:
    """As `git diff` shows it, a missing final newline marked."""
    before = change.before.text if change.before is not None else ""
    old = "/dev/null" if change.before is None else f"a/{change.path}"
    lines = difflib.unified_diff(
        page_lines(before, keepends=True),
        page_lines(change.after, keepends=True),
        fromfile=old,
        tofile=f"b/{change.path}",
    )
    shown = []
    for line in lines:
        shown.append(line)
        if not line.endswith("\n"):
            shown.append("\n\\ No newline at end of file\n")
    return "".join(shown)


def write_changes(changes: Iterable[Change]) -> None:
    """Each changed file replaced whole, atomically; the others untouched."""
    for change in changes:
        if change.changed:
            source = change.before or Source(change.path, "")
            write_atomically(change.path, source.with_text(change.after).written)
