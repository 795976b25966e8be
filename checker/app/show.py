"""`show API`: what every version's docs say of one API, each entry's
products at its page's release (checker.model.said). Finding no entry fails
the command (exit 1)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.app.setup import Settings, read_docs
from checker.model.apis import checked_name, like, resolved
from checker.model.catalogue import Catalogue
from checker.model.said import said_of
from checker.model.support import Entry, Page
from checker.model.version import version_key
from checker.outcome import Command, Outcome
from checker.progress import Progress


@dataclass(frozen=True)
class Shown:
    """The entries of one API that `show` prints, with what each says of each product."""

    api: str  # as asked for
    entries: tuple[Entry, ...]
    # What each entry says of each product, in order (checker.model.said): a
    # page of a release that predates a product does not speak of it, so it
    # is not printed.
    said: tuple[tuple[tuple[str, str], ...], ...]
    pages: int  # pages read
    like: str | None = None  # with no entry: the documented name most like `api`


def show(
    api: str, docs: Sequence[str], settings: Settings, progress: Progress | None = None
) -> Outcome[Shown]:
    api = checked_name(api, "API")
    ready, corpus = read_docs(docs, settings, progress)
    shown = shown_of(api, corpus.pages, ready.catalogue)
    return Outcome(Command.SHOW, shown, corpus.errors, failed=not shown.entries)


def shown_of(api: str, pages: Sequence[Page], catalogue: Catalogue) -> Shown:
    """What `pages` say of `api`: `show`'s, and the language server's hover."""
    placed = [(page, entry) for page in pages for entry in page.placed_entries()]
    every = [entry for _, entry in placed]
    entries = matching(api, every)
    page_of = {id(entry): page for page, entry in placed}
    statuses = tuple(
        tuple(said_of(catalogue, page_of[id(entry)], entry).items()) for entry in entries
    )
    near = None if entries else like(api, (entry.api for entry in every))
    return Shown(api, tuple(entries), statuses, len(pages), near)


def matching(api: str, entries: list[Entry]) -> list[Entry]:
    """The full name; failing that, entries whose name ends with it (`put_metric`)."""
    names = resolved(api, (entry.api for entry in entries))
    found = [entry for entry in entries if entry.api in names]
    return sorted(found, key=lambda e: (e.api, version_key(e.version), e.path, e.line))
