"""A version folder's pages as they are for another PyTorch version: every
pytorch.org docs link (native-doc lines and notes alike) into the new
version's docs, and the old version's name (the menu page's title, the
overview's text) as the new one. Statuses are not touched: they are copied,
claims still to verify for the new version. The edits come from the page's
model (its `mentions`), and the result is read back and compared."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from checker.checks.lint import lint_pages
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.edit import Edit
from checker.model.relinked import with_version
from checker.model.support import Page
from checker.model.version import docs_version
from checker.read.load import page_lines
from checker.rewrite.replacements import fixed, replaced
from checker.rewrite.written import read_back, said

# What a page for the new version must not have: all of them are versions
# named for the old one (or into another) that the rewrite missed.
_VERSION_RULES = frozenset({"link-version", "link-docs-version", "version-title"})


LINKS, NAMES = N_("docs links"), N_("version names")  # what `done` counts


@dataclass(frozen=True)
class Renamed:
    """A page's text made to name another version, and what was rewritten."""

    text: str
    done: tuple[tuple[str, int], ...]  # LINKS / NAMES -> how many rewritten
    problem: str | None = None  # why the result cannot be used


def renamed(page: Page, text: str, old: str, catalogue: Catalogue) -> Renamed:
    """`page` is `text` read at its new place (the new folder, the new
    version): what it names of other versions is what changes."""
    new_docs = docs_version(page.version)
    links = [
        Edit(m.line, m.written, with_version(m, new_docs))
        for m in page.mentions
        if m.kind == "link" and m.version != new_docs
    ]
    names = [
        Edit(m.line, m.written, with_version(m, page.version))
        for m in page.mentions
        if m.kind != "link" and m.version == old
    ]
    lines = page_lines(text, keepends=True)
    made = fixed(lines, [(edit,) for edit in links + names])
    result = replaced(lines, made.replacements) if made.applied else text
    done = Counter(LINKS if index < len(links) else NAMES for index in made.applied)
    after = read_back(page, result, catalogue)
    return Renamed(result, tuple(sorted(done.items())), _problem(page, after, catalogue))


def _problem(before: Page, after: Page, catalogue: Catalogue) -> str | None:
    """The result read back must hold the same entries, saying the same, and
    name no other version."""
    if said(before, "raw") != said(after, "raw"):
        return message(N_("{path}: the rewritten page reads as other entries"), path=after.path)
    for finding in lint_pages([after], catalogue):
        if finding.rule in _VERSION_RULES:
            return message(
                N_("{path}:{line}: still names another version ({rule})"),
                path=after.path,
                line=finding.line,
                rule=finding.rule,
            )
    return None
