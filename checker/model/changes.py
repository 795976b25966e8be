"""What changed between two sides of the support model: APIs added, APIs
removed, and each product whose status changed, with where each side says
it. A side is a set of export records (checker.model.records); what tells
the sides apart (two versions, two refs, two languages) is the caller's, and
`key` names an API within a side: its API and whatever else the sides share
(the language when versions are compared, the version when languages are)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum

from checker.model.records import Record


class Compared(StrEnum):
    """What the two sides of a `diff` are."""

    VERSIONS = "versions"
    REFS = "refs"
    LANGUAGES = "languages"


@dataclass(frozen=True)
class Sides:
    """The two sides of a `diff`: what they are, and each one's name."""

    compared: Compared
    a: str
    b: str


class Kind(StrEnum):
    ADDED = "added"
    REMOVED = "removed"
    CHANGED = "changed"


@dataclass(frozen=True)
class Change:
    """One difference between two sides of records, for `diff`."""

    kind: Kind
    api: str
    context: tuple[str, ...]  # the key's other parts: the language, the version...
    # A side's record: the entry's first product for an API added or removed
    # (named at its heading, Record.entry), the product's own otherwise.
    before: Record | None
    after: Record | None

    @property
    def product(self) -> str | None:
        return self.after.product if self.kind is Kind.CHANGED and self.after else None

    @property
    def either(self) -> Record:
        """The side that has it: for naming its language and version."""
        found = self.after or self.before
        assert found is not None, "a change has at least one side"
        return found


RecordKey = Callable[[Record], tuple[str, ...]]  # the API first, then what the sides share


def by_version_and_language(record: Record) -> tuple[str, ...]:
    """The key of two refs (or a ref and the working tree) of one docs tree:
    an API is the same API at the same version and language on both sides,
    and a version folder new on one side is news."""
    return (record.api, record.version, record.lang)


def changes(before: Iterable[Record], after: Iterable[Record], key: RecordKey) -> list[Change]:
    """In API order (then the key's other parts), each API's products in the
    order its records come (the catalogue's). An API documented twice on a
    side is taken from its first entry, as duplicate-api reports the second.
    Only products both sides speak of are compared: a page of a release that
    predates a product says nothing of it, which is no change."""
    old, new = first_entries(before, key), first_entries(after, key)
    found: list[Change] = []
    for api_key in sorted(old.keys() | new.keys()):
        was, now = old.get(api_key), new.get(api_key)
        if was is None and now is not None:
            found.append(Change(Kind.ADDED, now[0].api, api_key[1:], None, now[0]))
        elif now is None and was is not None:
            found.append(Change(Kind.REMOVED, was[0].api, api_key[1:], was[0], None))
        elif was is not None and now is not None:
            then = {record.product: record for record in was}
            for record in now:
                earlier = then.get(record.product)
                if earlier is not None and earlier.status != record.status:
                    found.append(Change(Kind.CHANGED, record.api, api_key[1:], earlier, record))
    return found


def first_entries(records: Iterable[Record], key: RecordKey) -> dict[tuple[str, ...], list[Record]]:
    """Each key's records of its first entry (records come in page order): what
    a side says of an API, as `changes` compares it and the site's API table
    shows it."""
    grouped: dict[tuple[str, ...], list[Record]] = {}
    for record in records:
        held = grouped.setdefault(key(record), [record])
        if record is not held[0] and record.entry == held[0].entry:
            held.append(record)
    return grouped
