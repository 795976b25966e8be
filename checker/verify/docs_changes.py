"""What a pull request changes in the docs, for `verify --format pr`'s
【资料变更】: with `--base REF`, the changes from the docs at REF to the docs
checked (the `--ref` docs or the working tree), found by the same comparison
as `docs-check diff --git A B` (checker.model.changes, keyed by version and
language); and the products named as the pages write them, which reports
show instead of catalogue ids ("Ascend 950DT", not "ascend-950")."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from checker.model.catalogue import Catalogue
from checker.model.changes import Change, by_version_and_language, changes
from checker.model.records import records_of
from checker.model.said import said_of
from checker.model.support import Entry, Page


@dataclass(frozen=True)
class DocsChanges:
    """What a pull request changes in the docs, and the products' names as written."""

    base: str | None  # --base REF; None: nothing was compared
    changes: tuple[Change, ...] = ()
    # (page as the reports name it, entry line, product id) -> the page's own name
    names: Mapping[tuple[str, int, str], str] = field(default_factory=dict)

    def name(self, path: str, entry_line: int, product: str) -> str:
        """The product as the entry's page writes it, else its id."""
        return self.names.get((path, entry_line, product), product)


def compared(
    base: str | None,
    before: Sequence[Page],
    after: Sequence[Page],
    shown: Iterable[Page],
    catalogue: Catalogue,
) -> DocsChanges:
    """`before`: the pages at the base (none without one); `after`: the docs
    checked; `shown`: the pages whose entries the report lists besides."""
    found: tuple[Change, ...] = ()
    if base is not None:
        key = by_version_and_language
        found = tuple(changes(records_of(before, catalogue), records_of(after, catalogue), key))
    pages = {id(page): page for page in (*shown, *_changed(found, before, after))}
    names = {
        (entry.path, entry.line, product): written_name(entry, product, catalogue)
        for page in pages.values()
        for entry in page.placed_entries()
        for product in said_of(catalogue, page, entry)
    }
    return DocsChanges(base, found, names)


def _changed(found: Sequence[Change], *sides: Sequence[Page]) -> list[Page]:
    paths = {record.path for change in found for record in (change.before, change.after) if record}
    return [page for pages in sides for page in pages if page.path in paths]


def written_name(entry: Entry, product: str, catalogue: Catalogue) -> str:
    """The first name of `product` in the entry's status as written (a table
    row's `<term>Ascend 950DT</term>`, an inline `暂不支持 Ascend 950DT`),
    else the catalogue's name for a page of its language."""
    text, pos = entry.raw, 0
    while (found := catalogue.next_name(text, pos)) is not None:
        named, start, pos = found
        if named == product:
            return " ".join(text[start:pos].split())
    return catalogue.written_name(product, entry.lang)
