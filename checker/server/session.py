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
from checker.i18n import N_, message
from checker.model.finding import Finding
from checker.model.roots import docs_root
from checker.model.support import Page
from checker.sources.buffers import Buffers, Read


@dataclass(frozen=True)
class Trouble:
    """What is no finding but is shown as one: why a page, or the
    configuration, could not be read, at a line of that file."""

    path: str  # absolute
    line: int
    message: str


Shown = Finding | Trouble
_AT_LINE = re.compile(r":(\d+):")  # `path:line: what`, as an input error names its place


class Session:
    """Mutable on purpose: it is the state a long-running process keeps
    between an editor's requests (every value it hands out is immutable)."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.texts: dict[str, bytes] = {}  # absolute path -> the open page's text
        self.reads: dict[str, Read] = {}  # checker.sources.buffers: each page's last read
        self.shown: dict[str, tuple[Shown, ...]] = {}  # absolute path -> last published
        self.pages: dict[str, Page] = {}  # absolute path -> the page as last linted
        self.ready: Prepared | None = None  # the setup of the last lint
        self._read_once = False  # the page cache serves the first read only

    def opened(self, path: str, text: str) -> dict[str, tuple[Shown, ...]]:
        """The page's text in the editor (opened or changed): what to publish."""
        self.texts[os.path.abspath(path)] = text.encode("utf-8", "surrogatepass")
        return self.lint(path)

    def closed(self, path: str) -> dict[str, tuple[Shown, ...]]:
        """Its file on disk again in place of the editor's text."""
        self.texts.pop(os.path.abspath(path), None)
        return self.lint(path)

    def findings(self, path: str) -> tuple[Finding, ...]:
        """The findings last published on the page."""
        shown = self.shown.get(os.path.abspath(path), ())
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
        changed = {where: now.get(where, ())}
        for page in {*self.shown, *now}:
            if self.shown.get(page, ()) != now.get(page, ()):
                changed[page] = now.get(page, ())
        stale = [page for page in self.shown if _inside(page, docs) and page not in now]
        for page in stale:  # the tree's files that have nothing to say now
            del self.shown[page]
        self.shown.update({page: shown for page, shown in now.items() if shown})
        return changed

    def _run(self, where: str, docs: str) -> dict[str, tuple[Shown, ...]]:
        settings = self.settings
        if self._read_once:  # later reads take kept pages, never the page cache's files
            settings = replace(settings, reading=replace(settings.reading, no_cache=True))
        buffers = Buffers(self.texts, self.reads)
        try:
            linted, self.ready = checked([_named(docs)], settings, buffers=buffers)
        except DocsCheckError as error:
            return self._broken(where, docs, str(error))
        self._read_once = True
        now: dict[str, list[Shown]] = {}
        for page in linted.corpus.pages:
            self.pages[os.path.abspath(page.path)] = page
        for finding in linted.findings:
            now.setdefault(os.path.abspath(finding.path), []).append(finding)
        for error in linted.corpus.errors:
            page = _unreadable(error, linted.corpus.pages, docs)
            if page is not None:
                now.setdefault(page, []).insert(0, Trouble(page, 1, error))
        return {page: tuple(shown) for page, shown in now.items()}

    def _broken(self, where: str, docs: str, error: str) -> dict[str, tuple[Shown, ...]]:
        """A lint that could not run: a broken configuration is one
        diagnostic on its file, at the line the error names (else line 1)."""
        try:
            found = config_for(self.settings.config_file, [docs], self.settings.reading).path
        except DocsCheckError:
            found = None
        if found is None:
            found = os.path.abspath(self.settings.config_file or where)
        config = os.path.abspath(found)
        named = error.split(": ", 1)[0]
        line = _AT_LINE.search(named + ": ")
        at = int(line.group(1)) if line else 1
        return {config: (Trouble(config, at, error),)}

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
            if _inside(where, os.path.abspath(given)):
                return os.path.abspath(given)
        return root

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


def _inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def _named(folder: str) -> str:
    """The folder as a run names it: from the current folder when inside it."""
    here = os.getcwd()
    return os.path.relpath(folder, here) if _inside(folder, here) else folder


def _unreadable(error: str, pages: tuple[Page, ...], docs: str) -> str | None:
    """The page of the tree an input error is about (it names the page's path
    first), else None."""
    named = error.split(": ", 1)[0].split(":", 1)[0]
    where = os.path.abspath(named)
    if not named or not _inside(where, docs) or not where.endswith(".md"):
        return None
    return where
