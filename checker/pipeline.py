"""Discover and read: the files a command names into pages, with the files that
could not be read kept as one-line errors so the others are still checked."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.catalogue import Catalogue
from checker.discover import DocFile, discover
from checker.errors import InputError, UsageError
from checker.model import Page
from checker.read import read_file


@dataclass(frozen=True)
class Corpus:
    pages: tuple[Page, ...]
    errors: tuple[str, ...]  # one line each: "path[:line]: what is wrong"

    @property
    def entry_count(self) -> int:
        return sum(len(page.entries) for page in self.pages)


def read_corpus(
    paths: Sequence[str], catalogue: Catalogue, names: Collection[str] | None = None
) -> Corpus:
    """A path that is missing or holds no API pages is one error among the
    others; only when no path gives a page is the whole command a usage error.
    `names` limits reading to pages of those file names (verify reads only the
    pages its rules name)."""
    docs: dict[str, DocFile] = {}
    errors: list[str] = []
    for given in paths:
        try:
            for doc in discover([given]):
                if names is None or Path(doc.path).name in names:
                    docs.setdefault(doc.path, doc)
        except UsageError as error:
            errors.append(str(error))
    if not docs:
        if not errors and names and paths:
            errors.append(f"no {' or '.join(sorted(names))} under {', '.join(paths)}")
        raise UsageError("; ".join(errors) or "no paths given")
    pages: list[Page] = []
    for doc in sorted(docs.values()):
        try:
            pages.append(read_file(doc, catalogue))
        except InputError as error:
            errors.append(str(error))
    return Corpus(tuple(pages), tuple(errors))
