"""The support model flattened: one record per API x version x language x
product, what each entry says of a product at its page's release
(checker.model.said), as `show` and `verify` take it. What `export` writes
and `diff` compares: a flat record is the unit both a spreadsheet and a
comparison of two sides understand."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from checker.model.catalogue import Catalogue
from checker.model.said import said_of
from checker.model.support import Page


@dataclass(frozen=True)
class Record:
    """One API × version × language × product, for `export`."""

    api: str
    version: str
    lang: str
    product: str
    status: str  # supported / unsupported / unstated / conflict
    format: str  # the page format the status was read from; "" without a status
    path: str  # as the page is named: `ref:path` for a page read at a git ref
    line: int  # the line that states the product (Entry.line_of)
    tree: str = ""  # the git ref the page was read at; "" for the working tree
    entry_line: int = 0  # the entry's heading, which its products' records share

    @property
    def where(self) -> str:
        """`path:line` of the product's statement."""
        return f"{self.path}:{self.line}"

    @property
    def entry(self) -> str:
        """`path:line` of the entry's heading."""
        return f"{self.path}:{self.entry_line}"


def records_of(pages: Iterable[Page], catalogue: Catalogue) -> Iterator[Record]:
    """In page order, each entry's products in the catalogue's order."""
    for page in pages:
        for entry in page.placed_entries():
            for product, status in said_of(catalogue, page, entry).items():
                yield Record(
                    entry.api,
                    entry.version,
                    entry.lang,
                    product,
                    status,
                    entry.format,
                    entry.path,
                    entry.line_of(product),
                    page.tree,
                    entry.line,
                )
