"""What the rules found on pages already checked in this run, placed again at
another git ref. In a history of refs most pages are the same blob ref after
ref: checking each again would cost every ref the whole tree's checks (about
3.5 µs an entry), where placing the few findings costs almost nothing.

A page's own rules depend only on its entries and mentions, which a blob at a
path reads to whatever the ref; the cross-page rules compare one tree's
version folder, which is the same when its pages are the same blobs. Pages in
the working tree have no blob and are always checked."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

from checker.checks.collection import Names, page_names
from checker.i18n import Message
from checker.model.finding import Finding
from checker.model.support import Page

# A folder's pages by their path inside the tree and blob, with its version.
_FolderKey = tuple[str, tuple[tuple[str, str], ...]]


class Reuse:
    def __init__(self) -> None:
        self._pages: dict[tuple[str, str], list[Finding]] = {}
        self._folders: dict[_FolderKey, list[Finding]] = {}
        self._names: dict[tuple[str, str], Names] = {}

    def names(self, page: Page) -> Names:
        """page_names, once per blob and path: when a folder is checked again
        for one changed page, its other pages' names are not gathered again."""
        if not page.blob:
            return page_names(page)
        key = (page.blob, _inside(page))
        found = self._names.get(key)
        if found is None:
            found = self._names[key] = page_names(page)
        return found

    def own(self, page: Page, check: Callable[[], list[Finding]]) -> list[Finding]:
        """`check`'s findings on `page` (all of them are on it), run once per
        blob and path and named as this page's."""
        if page.blob:
            key = (page.blob, _inside(page))
            found = self._pages.get(key)
            if found is None:
                found = self._pages[key] = check()
        else:
            found = check()
        if not found:  # most pages
            return []
        return [f if f.path == page.path else dataclasses.replace(f, path=page.path) for f in found]

    def across(self, folder: Sequence[Page], check: Callable[[], list[Finding]]) -> list[Finding]:
        """`check`'s findings on the pages of one tree's version folder, which
        it names by their entries' paths (inside the tree), placed at the tree."""
        tree = folder[0].tree if folder else ""
        if not tree or not all(page.blob for page in folder):
            return [_at_tree(f, tree) for f in check()]
        key = (folder[0].version, tuple((_inside(page), page.blob) for page in folder))
        found = self._folders.get(key)
        if found is None:
            found = self._folders[key] = check()
        return [_at_tree(f, tree) for f in found]


def _inside(page: Page) -> str:
    """`ref:path` -> path."""
    return page.path[len(page.tree) + 1 :] if page.tree else page.path


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
