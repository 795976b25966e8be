"""The language server's state between requests, without the protocol: the
editor's text of the open pages, each page's last read, and what the last
lint of each docs tree found on each page. A change lints the page's tree as
`lint` does (app/lint's `checked`, the same configuration, selection,
suppressions, baseline and cross-page rules) with the open pages' text in
place of their files; only the changed page is read again, the others are
taken as they were read (checker.sources.buffers). Paths are absolute here;
a run names them from the current folder, the workspace's root, as `lint`
run there does, so messages that name another page read alike."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, replace

from checker.app.lint import checked, lint_rules
from checker.app.setup import Prepared, Settings, config_for
from checker.errors import DocsCheckError
from checker.files import named_from_here, within
from checker.i18n import N_, message
from checker.model.finding import Finding
from checker.model.roots import docs_root
from checker.model.support import Page
from checker.rewrite.fixes import fixed_text
from checker.rewrite.written import PageRewrite
from checker.sources.buffers import Buffers, Read


@dataclass(frozen=True)
class Trouble:
    """What is no finding but is shown as one: why a page, or the
    configuration, could not be read, at a line of that file."""

    path: str  # absolute
    line: int
    message: str


Shown = Finding | Trouble
# `path[:line]: what`: how an input error names its place
_PLACE = re.compile(r"(?P<path>[^:\n]+?)(?::(?P<line>\d+))?: ")


class Session:
    """Mutable on purpose: it is the state a long-running process keeps
    between an editor's requests (every value it hands out is immutable).
    The server lints in a thread of its own while it answers requests, so a
    lint replaces each table whole, never changing one another thread reads."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.texts: dict[str, bytes] = {}  # absolute path -> the open page's text
        self.reads: dict[str, Read] = {}  # checker.sources.buffers: each page's last read
        # docs tree -> absolute path -> what was last published on the file
        self.shown: dict[str, dict[str, tuple[Shown, ...]]] = {}
        self.pages: dict[str, Page] = {}  # absolute path -> the page as last linted
        self.ready: Prepared | None = None  # the setup of the last lint
        self._trees_read: frozenset[str] = frozenset()  # the page cache serves a tree's first read
        self._fixed: tuple[str, str, PageRewrite | None] = ("", "", None)  # path, text, fixed

    def edited(self, path: str, text: str) -> None:
        """The page's text in the editor (opened or changed), for the next lint."""
        where = os.path.abspath(path)
        self.texts = {**self.texts, where: text.encode("utf-8", "surrogatepass")}

    def closed(self, path: str) -> None:
        """Its file on disk again in place of the editor's text, for the next lint."""
        where = os.path.abspath(path)
        self.texts = {page: text for page, text in self.texts.items() if page != where}

    def findings(self, path: str) -> tuple[Finding, ...]:
        """The findings last published on the page."""
        where = os.path.abspath(path)
        shown = [item for tree in self.shown.values() for item in tree.get(where, ())]
        return tuple(f for f in shown if isinstance(f, Finding))

    def lint(self, path: str) -> dict[str, tuple[Shown, ...]]:
        """The page's docs tree linted; each file whose findings differ from
        those last published, with its findings now (the page itself always:
        an editor shows a page's diagnostics as told on open)."""
        where = os.path.abspath(path)
        docs = self._docs_of(where)
        if docs is None:
            return {where: ()}  # not an API page: nothing to say of it
        now = self._run(where, docs)
        before = self.shown.get(docs, {})
        changed = {where: now.get(where, ())}
        for page in {*before, *now}:
            if before.get(page, ()) != now.get(page, ()):
                changed[page] = now.get(page, ())
        self.shown = {**self.shown, docs: {page: shown for page, shown in now.items() if shown}}
        return changed

    def _run(self, where: str, docs: str) -> dict[str, tuple[Shown, ...]]:
        # read in this process, never by worker processes: no subprocess in
        # the server; and after the first read, kept pages, never the page
        # cache's files
        reading = replace(
            self.settings.reading,
            jobs=1,
            no_cache=self.settings.reading.no_cache or docs in self._trees_read,
        )
        settings = replace(self.settings, reading=reading)
        buffers = Buffers(self.texts, self.reads)  # the texts of now: replaced whole on an edit
        try:
            linted, self.ready = checked([named_from_here(docs)], settings, buffers=buffers)
        except DocsCheckError as error:
            return self._broken(where, str(error))
        self._trees_read |= {docs}
        now: dict[str, list[Shown]] = {}
        # a page deleted on disk is no longer shown
        pages = {path: page for path, page in self.pages.items() if not within(path, docs)}
        pages.update((os.path.abspath(page.path), page) for page in linted.corpus.pages)
        self.pages = pages
        for finding in linted.findings:
            now.setdefault(os.path.abspath(finding.path), []).append(finding)
        for said in linted.corpus.errors:
            unread = _unreadable(said, docs)
            if unread is not None:
                now.setdefault(unread, []).insert(0, Trouble(unread, 1, said))
        return {page: tuple(shown) for page, shown in now.items()}

    def _broken(self, where: str, error: str) -> dict[str, tuple[Shown, ...]]:
        """A lint that could not run: one diagnostic on the file the error
        names first (a broken configuration or rule file), at its line (else
        line 1); on the page when it names none."""
        named = _PLACE.match(error)
        path = os.path.abspath(named.group("path")) if named else where
        if not os.path.isfile(path):
            path = where
        line = int(named.group("line")) if named and named.group("line") else 1
        return {path: (Trouble(path, line, error),)}

    def _docs_of(self, where: str) -> str | None:
        """The docs tree a page is linted with: the configuration's docs path
        that holds it, else its own docs root; None for a file in no version
        folder (no API page)."""
        root = docs_root(where)
        if not root:
            return None
        try:
            config = config_for(self.settings.config_file, [where], self.settings.reading)
        except DocsCheckError:
            return root  # the lint says what is wrong with it
        for given in config.docs:
            if within(where, os.path.abspath(given)):
                return os.path.abspath(given)
        return root

    def fixed(self, path: str, text: str) -> PageRewrite | None:
        """The page as `fix` would write it from `text`, its certain fixes
        made and proven (checker.rewrite.fixes); None when there is none.
        Kept for the text: an editor asks for quick fixes at every move of
        the cursor."""
        where = os.path.abspath(path)
        page = self.pages.get(where)
        if page is None or self.ready is None or not any(f.fix for f in self.findings(where)):
            return None
        if self._fixed[:2] != (where, text):
            made = fixed_text(page, text, self.ready.catalogue, self.ready.gate)
            self._fixed = (where, text, made)
        return self._fixed[2]

    def hover_page(self, path: str) -> Page | None:
        return self.pages.get(os.path.abspath(path))

    def rules_of(self, api: str) -> list[str]:
        """The rules that name the API, each as its hover line."""
        if self.ready is None:
            return []
        said = N_("rule {id} expects {expect} ({source})")
        return [
            message(said, id=rule.id, expect=rule.expect, source=rule.source)
            for rule in lint_rules(self.ready, self.settings)
            if rule.api == api
        ]


def _unreadable(error: str, docs: str) -> str | None:
    """The page of the tree an input error is about (it names the page's path
    first), else None."""
    named = _PLACE.match(error)
    where = os.path.abspath(named.group("path")) if named else ""
    return where if where.endswith(".md") and within(where, docs) else None
