"""Discover and read: the files a command names into pages, with the files that
could not be read kept as one-line errors so the others are still checked."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.catalogue import Catalogue
from checker.discover import discover
from checker.errors import InputError
from checker.model import Page
from checker.read import read_file


@dataclass(frozen=True)
class Corpus:
    pages: tuple[Page, ...]
    errors: tuple[str, ...]  # one line each: "path[:line]: what is wrong"

    @property
    def entry_count(self) -> int:
        return sum(len(page.entries) for page in self.pages)


def read_corpus(paths: Sequence[str], catalogue: Catalogue) -> Corpus:
    pages: list[Page] = []
    errors: list[str] = []
    for doc in discover(paths):
        try:
            pages.append(read_file(doc, catalogue))
        except InputError as error:
            errors.append(str(error))
    return Corpus(tuple(pages), tuple(errors))
