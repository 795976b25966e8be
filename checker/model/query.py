"""The questions commands ask of the read docs, answered in one place: the
pages of each docs version (`by_version`; of each folder the cross-page rules
compare, `by_folder`), the APIs each version documents (`documented`), the
versions and sides a read holds, in order, and how many statements of each
version say what of each product (`counted`, `tally`).

A count is of the flattened model (checker.model.records): each status is
what checker.model.said answers for the entry at its page's release, and a
statement another entry of the same API contradicts (an API documented twice
in one version, stated otherwise: `disputes`) is counted `conflict`, as the
site's API table marks it. The site, `coverage`, `tests`, lint's cross-page
rules and `stats` ask here."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from checker.model.catalogue import Catalogue
from checker.model.records import Record, records_of
from checker.model.support import UNSTATED, Page
from checker.model.version import version_key
from checker.model.words import STATUS_WORDS

T = TypeVar("T")
K = TypeVar("K", bound=Hashable)
# (git ref, or "" for the working tree; language): the pages of one tree in one
# language, which a count never mixes with another's
Side = tuple[str, str]
# what a count is of: the statuses of checker.model.said, and a statement in dispute
STATUSES = tuple(STATUS_WORDS)  # supported, unsupported, unstated, conflict
Counted = Counter[tuple[str, str, str]]  # (version, product, status) -> statements
# (api, lang, ref, version, product) -> each entry's statement of it, in page
# order, where they disagree
Disputes = Mapping[tuple[str, str, str, str, str], tuple[Record, ...]]


def grouped(items: Iterable[T], key: Callable[[T], K]) -> dict[K, list[T]]:
    """The items of each key, in their order; the keys in the order first met."""
    groups: dict[K, list[T]] = {}
    for item in items:
        groups.setdefault(key(item), []).append(item)
    return groups


def by_version(pages: Iterable[Page]) -> dict[str, list[Page]]:
    """The pages of each docs version, in page order (an entry is of its
    page's version: it is read with it)."""
    return grouped(pages, lambda page: page.version)


def by_folder(pages: Iterable[Page]) -> dict[tuple[str, str, str], list[Page]]:
    """The pages of each (tree, docs root, version), in page order: the
    cross-page rules compare no entries of two of them (two roots are two
    checkouts or snapshots of the docs, checker.model.roots)."""
    return grouped(pages, lambda page: (page.tree, page.root, page.version))


def documented(pages: Iterable[Page]) -> dict[str, set[str]]:
    """The APIs each docs version's entries document; a version none of whose
    pages holds an entry is not in it."""
    return {
        version: {entry.api for page in held for entry in page.entries}
        for version, held in by_version(page for page in pages if len(page.entries)).items()
    }


def versions_of(pages: Iterable[Page]) -> tuple[str, ...]:
    """The docs versions read, in release order."""
    return tuple(sorted({page.version for page in pages}, key=version_key))


def sides_of(pages: Sequence[Page], refs: Sequence[str]) -> tuple[Side, ...]:
    """Each tree read in each language read: the working tree first, then the
    refs in the order given (`refs`: as read), then any other tree; zh before
    en, the docs being written in zh first."""
    langs = sorted({page.lang for page in pages}, key=lambda lang: (lang != "zh", lang))
    given = {ref: place for place, ref in enumerate(("", *refs))}
    trees = sorted({page.tree for page in pages}, key=lambda t: (given.get(t, len(given)), t))
    return tuple((tree, lang) for tree in trees for lang in langs)


def spoken_of(records: Iterable[Record], ids: Sequence[str]) -> tuple[str, ...]:
    """The products of `ids` some record speaks of, in their order: a product
    no page speaks of has no column."""
    spoken = {record.product for record in records}
    return tuple(product for product in ids if product in spoken)


def disputes(records: Iterable[Record]) -> Disputes:
    """api-conflict's rule, over the records: saying nothing (unstated)
    contradicts no statement. A reader of either page alone took its answer
    as the only one."""
    stated: dict[tuple[str, str, str, str, str], list[Record]] = {}
    for r in records:  # in page order: the first entry's statement first
        if r.status != UNSTATED:
            stated.setdefault((r.api, r.lang, r.tree, r.version, r.product), []).append(r)
    return {key: tuple(said) for key, said in stated.items() if len({r.status for r in said}) > 1}


def status_counted(record: Record, disputed: Disputes) -> str:
    """A statement another entry of the API contradicts answers nothing: it
    is counted in conflict."""
    key = (record.api, record.lang, record.tree, record.version, record.product)
    return "conflict" if record in disputed.get(key, ()) else record.status


def counted(records: Iterable[Record], disputed: Disputes) -> Counted:
    """How many statements say each status of each product in each version
    (`disputed`: the disputes of all the records the run read)."""
    return Counter((r.version, r.product, status_counted(r, disputed)) for r in records)


@dataclass(frozen=True)
class Tally:
    """The statements of a read counted per side, version, product and
    status: what `stats` reports."""

    sides: tuple[Side, ...]
    versions: tuple[str, ...]  # every version read, in release order
    products: tuple[str, ...]  # those some page speaks of, in the catalogue's order
    counts: Mapping[Side, Counted]
    pages: int
    entries: int

    def rows(self, side: Side) -> list[tuple[str, str, tuple[int, ...]]]:
        """(version, product, the count of each of STATUSES) for each version
        the side states something of, in release order, and each product."""
        counts = self.counts[side]
        stated = {version for version, _product, _status in counts}
        return [
            (version, product, tuple(counts[(version, product, s)] for s in STATUSES))
            for version in self.versions
            if version in stated
            for product in self.products
        ]


def tally(pages: Sequence[Page], catalogue: Catalogue, refs: Sequence[str]) -> Tally:
    """`refs`: the git refs read, in the order given."""
    records = tuple(records_of(pages, catalogue))
    disputed = disputes(records)
    sides = sides_of(pages, refs)
    of_side = grouped(records, lambda r: (r.tree, r.lang))
    return Tally(
        sides,
        versions_of(pages),
        spoken_of(records, catalogue.ids),
        {side: counted(of_side.get(side, ()), disputed) for side in sides},
        len(pages),
        sum(len(page.entries) for page in pages),
    )
