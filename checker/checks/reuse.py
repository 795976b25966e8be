"""What the rules found on pages already checked, placed again at another
git ref, or kept from an earlier run. In a history of refs most pages are the
same blob ref after ref: checking each again would cost every ref the whole
tree's checks (about 3.5 µs an entry), where placing the few findings costs
almost nothing.

A page's own rules depend only on its entries and mentions, which a blob at a
path reads to whatever the ref: they run once per blob and path, and with a
`Store` (the page cache's) once per blob and path until the tool or the
catalogue changes; the page's API names are kept with them for duplicate-api.
The cross-page rules compare one tree's version folder, which is the same when
its pages are the same blobs."""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Mapping, Sequence
from typing import Protocol

from checker.checks.collection import Names, names_of, page_names
from checker.i18n import Message
from checker.model.checked import Kept, kept_of
from checker.model.deferred import Deferred
from checker.model.finding import Finding
from checker.model.placed import Head, entry_heads, with_api
from checker.model.support import Page

# A rule, a folder's version and torch-npu release, its pages by path inside
# the tree and blob, and what else the rule's findings depend on.
_FolderKey = tuple[str, str, str | None, tuple[tuple[str, str], ...], tuple[object, ...]]


class _Checked:
    """A page's own findings, its entries' heads and the names they give,
    each made when first asked for (a store decodes them then): every page's
    names are asked for (which pages a rule judges), its heads only when its
    folder is compared again, which a warm history does for few."""

    def __init__(
        self,
        findings: Callable[[], Sequence[Finding]],
        apis: Callable[[], Sequence[str]],
        lines: Callable[[], Sequence[int]],
    ) -> None:
        self._findings, self._apis, self._lines = findings, apis, lines

    @functools.cached_property
    def findings(self) -> Sequence[Finding]:
        return self._findings()

    @functools.cached_property
    def heads(self) -> Sequence[Head]:
        return list(zip(self._lines(), self._apis(), strict=True))

    @functools.cached_property
    def names(self) -> Names:
        return names_of(self._apis())


class Store(Protocol):
    """Where a page's own findings and its entries' heads outlive the run."""

    def load(self, page: Page) -> Kept | None: ...

    def save(self, page: Page, findings: Sequence[Finding], heads: Sequence[Head]) -> None: ...

    def load_compared(self, key: str) -> tuple[Finding, ...] | None: ...

    def save_compared(self, key: str, findings: Sequence[Finding]) -> None: ...


class Reuse:
    def __init__(
        self, store: Store | None = None, found: Mapping[tuple[str, str], Kept] | None = None
    ) -> None:
        """`found`: what the page rules found where the pages were read
        (checker.model.checked), by blob and path inside the tree; kept in
        the pages' own cache entries already."""
        self._store = store
        self._found = found or {}
        self._pages: dict[tuple[str, str], _Checked] = {}
        self._folders: dict[_FolderKey, list[Finding]] = {}

    def own(self, page: Page, check: Callable[[], list[Finding]]) -> list[Finding]:
        """`check`'s findings on `page` (all of them are on it), named as this
        page's: run once per blob and path, or taken from the store."""
        checked = self._known(page)
        if checked is None:
            # its heads taken now: the page's entries are released next
            checked = _Checked(*kept_of(page, check()))
            _release(page)
            if page.blob:
                self._pages[page.blob, page.inside] = checked
                if self._store is not None:
                    self._store.save(page, checked.findings, checked.heads)
        if not checked.findings:  # most pages
            return []
        return [f if f.path == page.path else f.at(page.path) for f in checked.findings]

    def names(self, page: Page) -> Names:
        """page_names, once per blob and path: when a folder is checked again
        for one changed page, its other pages' names are not gathered again."""
        checked = self._known(page)
        return page_names(page) if checked is None else checked.names

    def heads(self, page: Page) -> Sequence[Head]:
        """entry_heads, without decoding a page whose heads were kept."""
        checked = self._known(page)
        return entry_heads(page) if checked is None else checked.heads

    def _known(self, page: Page) -> _Checked | None:
        if not page.blob:
            return None
        checked = self._pages.get((page.blob, page.inside))
        if checked is None and (found := self._found.get((page.blob, page.inside))) is not None:
            checked = self._pages[page.blob, page.inside] = _Checked(*found)
        if checked is None and self._store is not None:
            stored = self._store.load(page)
            if stored is not None:
                checked = self._pages[page.blob, page.inside] = _Checked(*stored)
        return checked

    def whole(
        self,
        pages: Sequence[Page],
        context: Sequence[Page],
        more: tuple[object, ...],
        check: Callable[[], list[Finding]],
    ) -> list[Finding]:
        """What reading found on `pages` (their `Page.findings`) and `check`'s
        findings on them read with `context` (what the rules find), in report
        order. `check`'s on more than one page are kept in the store under
        every page's place and blob and `more` (what else they depend on:
        the rules): a warm lint of an unchanged tree, or history of refs,
        runs no rule and decodes no page, and one of a changed tree runs them
        as before (its unchanged pages and folders still kept). What reading
        found is not kept again here: each page's entry holds it, and a
        history's are mostly one blob's at ref after ref (106,000 of the real
        history's 107,402 findings, which this entry encoded and decoded
        again each run)."""
        reading = with_api([f for page in pages for f in page.findings], pages, self.heads)
        # One page's findings are its own entry's and its folder's, which its
        # warm run looks up as cheaply: kept again here they would only cost
        # its cold run (the pre-commit hook's, an editor's) a second encoding
        # of them all (issue 49: a 300 KB page's 624, 8 ms of its 0.24 s).
        one_page = len(pages) < 2
        if self._store is None or one_page or not all(p.blob for p in (*pages, *context)):
            return _merged(reading, check())
        key = f"lint\0{len(pages)}\0{len(context)}\0{_places([*pages, *context])}\0{more!r}"
        kept = self._store.load_compared(key)
        if kept is not None:
            return _merged(reading, kept)
        found = check()
        self._store.save_compared(key, found)
        return _merged(reading, found)

    def across(self, folder: Sequence[Page], check: Callable[[], list[Finding]]) -> list[Finding]:
        """`check`'s findings on the pages of one tree's version folder, which
        it names by their entries' paths (inside the tree), placed at the
        tree; once for the same blobs in order."""
        return self.placed("folder", folder, check)

    def placed(
        self,
        rule: str,
        pages: Sequence[Page],
        check: Callable[[], list[Finding]],
        more: tuple[object, ...] = (),
    ) -> list[Finding]:
        """`inside_tree`'s findings placed at the pages' tree."""
        found = self.inside_tree(rule, pages, check, more)
        return [_at_tree(f, pages[0].tree) for f in found] if pages else []

    def inside_tree(
        self,
        rule: str,
        pages: Sequence[Page],
        check: Callable[[], list[Finding]],
        more: tuple[object, ...] = (),
    ) -> list[Finding]:
        """`check`'s findings on pages of one tree's version folder, named by
        paths inside the tree: once for the same `rule`, blobs in order and
        `more` (what else the findings depend on; its repr the same in every
        run), at one torch-npu release (`Page.release`). With a store, once
        until the tool or the catalogue changes: a warm
        history compares none of its folders again, and decodes none of their
        pages for it; nor does a warm lint of the working tree, whose pages
        are named by their paths and the blob ids of their bytes."""
        if not pages:
            return []
        if not all(page.blob for page in pages):  # made in no read: nothing to key them by
            return check()
        # The pages' release too: what a page says of a product depends on it
        # (checker.model.said), and one blob at one path is often at a ref of
        # 7.3.0 and at one of 26.0.0 (or master).
        places = tuple((page.inside, page.blob) for page in pages)
        key = (rule, pages[0].version, pages[0].release, places, more)
        found = self._folders.get(key)
        if found is None:
            kept = self._store.load_compared(repr(key)) if self._store is not None else None
            found = self._folders[key] = check() if kept is None else list(kept)
            if kept is None and self._store is not None:
                self._store.save_compared(repr(key), found)
        return found


def _merged(reading: Sequence[Finding], checked: Sequence[Finding]) -> list[Finding]:
    """Both in report order, as one sort of all of them gave it: findings
    the order ties are on one page (the path is part of the order), where
    reading's came first, as they do here, and a stable sort keeps the
    sorted `checked`'s ties as they were."""
    return sorted([*reading, *checked])


def _places(pages: Sequence[Page]) -> str:
    """Each page's path, tree and blob: three fields a page (no path, ref or
    blob id holds a NUL), joined rather than a repr of tuples, which cost a
    warm history of 7,560 pages some 5 ms."""
    return "\0".join(f"{page.path}\0{page.tree}\0{page.blob}" for page in pages)


def _release(page: Page) -> None:
    """A page taken from the cache decoded its entries for its own rules:
    they are dropped now (kept are its findings and heads), so that a history
    of refs does not hold every blob's model decoded at once."""
    for held in (page.entries, page.mentions):
        if isinstance(held, Deferred):
            held.release()


def _at_tree(finding: Finding, tree: str) -> Finding:
    """A finding named by paths inside a tree, named as the tree's: its path
    and the other place its message names (`where`, as the cross-page rules
    call it)."""
    if not tree:
        return finding
    said = finding.message
    if isinstance(said, Message) and "where" in said.args:
        said = Message(said.template, {**said.args, "where": f"{tree}:{said.args['where']}"})
    return dataclasses.replace(finding, path=f"{tree}:{finding.path}", message=said)
