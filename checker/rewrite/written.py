"""A rewrite's result, proved and then shown or written: the new text read
back into the model (what the command then compares with what it meant to
do), a unified diff of it (from the replacements made: checker.rewrite.unified_diff),
and the file replaced atomically. A page whose
text does not change is never written, so its mtime stays."""

from __future__ import annotations

import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal

from checker.errors import InputError, UsageError
from checker.files import ESCAPE, write_atomically
from checker.model.catalogue import Catalogue
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.read import load
from checker.read.load import load_bytes, page_lines, readable
from checker.read.reader import read_text
from checker.rewrite.replacements import Replacement
from checker.rewrite.source import CHANGED, Held, Source
from checker.rewrite.unified_diff import regions_of, unified
from checker.sources.corpus import ReadOptions, read_documents


@dataclass(frozen=True)
class PageRewrite:
    """One file's rewrite: where, before and after, and what it did, counted
    (`done`: what was changed -> how many times, in the order first done)."""

    path: str
    before: Source | None  # None: a file the rewrite creates
    after: str
    done: tuple[tuple[str, int], ...] = ()
    # the replacements that made `after` of `before`'s lines; None: found by
    # comparing them (checker.rewrite.unified_diff.regions_of)
    regions: tuple[Replacement, ...] | None = None

    @property
    def changed(self) -> bool:
        return self.before is None or self.before.text != self.after


def read_back(page: Page, text: str, catalogue: Catalogue) -> Page:
    """The rewritten text as the model reads it, at the page's place."""
    return read_text(text, DocFile(page.path, page.version, page.lang, page.tree), catalogue)


def read_backs(
    rewrites: Sequence[tuple[Page, bytes]], catalogue: Catalogue, options: ReadOptions
) -> tuple[dict[str, Page], list[str]]:
    """Many rewrites read back at once (`migrate` of a whole tree), each from
    the bytes that are to be written, by path; and a line for each that cannot
    be read. They are read as every command reads pages
    (checker.sources.corpus.read_documents): across the workers, and into the
    page cache, where the next command to read a page as written finds it."""
    documents = [(DocFile(p.path, p.version, p.lang, p.tree), data) for p, data in rewrites]
    pages, errors = read_documents(documents, catalogue, options)
    return {page.path: page for page in pages}, errors


def said(page: Page, *kept: Literal["line", "raw"]) -> list[tuple[object, ...]]:
    """What a page says, as a rewrite read back must still say it: each
    entry's API and status in order, and what else of the entry the rewrite
    may not change (`line`: a fix moves no line; `raw`: a page for a new
    version writes its statuses as the old one did). `migrate` compares less:
    it changes how a status is written (checker.app.migrate.said_per_product)."""
    return [(e.api, e.status, *(getattr(e, name) for name in kept)) for e in page.entries]


def unified_diff(change: PageRewrite) -> str:
    """As `git diff` shows it, a missing final newline marked: from the
    replacements the rewrite made, each region diffed on its own
    (checker.rewrite.unified_diff), in time linear in the page."""
    before = change.before.text if change.before is not None else ""
    old = "/dev/null" if change.before is None else f"a/{change.path}"
    old_lines = page_lines(before, keepends=True)
    new_lines = page_lines(change.after, keepends=True)
    regions = change.regions
    if regions is None:
        regions = regions_of(old_lines, new_lines)
    return unified(old_lines, new_lines, regions, (old, f"b/{change.path}"))


@dataclass(frozen=True)
class Settled:
    """The changes that may be made (and were, unless only shown), and one
    line for each refused: what an input problem on that page says."""

    made: tuple[PageRewrite, ...]
    refused: tuple[str, ...]


def write_changes(changes: Iterable[PageRewrite], write: bool = True) -> Settled:
    """Each changed file replaced whole, atomically, with the mode and owner
    of the file it replaces; the others untouched. Refused, each on its own
    (the others are written): a page larger than docs-check reads (no command
    could read it back), a read-only page, and a page that is no longer the
    file the rewrite read (its bytes, or the file itself, changed since).
    `write` False (--diff): the same refusals, nothing written."""
    made: list[PageRewrite] = []
    refused: list[str] = []
    for change in changes:
        if not change.changed:
            made.append(change)
            continue
        source = change.before or Source(change.path, "")
        text = source.with_text(change.after).written
        problem = _refusal(change, len(text.encode("utf-8", ESCAPE)))
        if problem is not None:
            refused.append(problem)
            continue
        if write:
            try:
                write_atomically(change.path, text, like=source.held)
            except UsageError as error:  # this page cannot be written: the others still are
                refused.append(str(error))
                continue
        made.append(change)
    return Settled(tuple(made), tuple(refused))


def _refusal(change: PageRewrite, size: int) -> str | None:
    path = change.path
    if not readable(size):
        return (
            f"{path}: not written: the rewritten page would be {size} bytes,"
            f" more than the {load.MAX_BYTES} docs-check reads"
        )
    before = change.before
    if before is None or before.held is None:  # a file the rewrite creates
        return None
    try:
        now = Held.of(os.stat(path))
        if _read_only(path, now.mode):
            return f"{path}: not written: the page is read-only"
        data = load_bytes(path)
    except (OSError, InputError):  # gone since: it changed too
        return CHANGED.format(path=path)
    if not now.same_file(before.held) or data != before.data:
        return CHANGED.format(path=path)
    return None


def _read_only(path: str, mode: int) -> bool:
    """No write permission for this user, or none for anyone (root may write
    any file: a page made read-only, 0444, is still refused)."""
    return not mode & 0o222 or not os.access(path, os.W_OK)
