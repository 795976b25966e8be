"""A tuple that is made on first use. A page taken from the cache holds its
entries (and mentions) this way: a warm lint whose page rules were cached too
looks at the entries of the few pages with findings only, and counts the rest
without decoding them (checker.sources.page_cache.store)."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar, overload

T = TypeVar("T")


class Deferred(Sequence[T]):
    """`count` items, made by `make` the first time any is looked at. Equal to
    (and hashed as) the tuple of them; pickled as that tuple."""

    __slots__ = ("_count", "_forget", "_items", "_make")

    def __init__(
        self,
        count: int,
        make: Callable[[], tuple[T, ...]],
        forget: Callable[[], None] | None = None,
    ) -> None:
        """`forget`: what `release` also drops (a decoding shared with another
        Deferred); with it, `make` is kept so that the items can be made again."""
        self._count = count
        self._make: Callable[[], tuple[T, ...]] | None = make
        self._items: tuple[T, ...] | None = None
        self._forget = forget

    def _made(self) -> tuple[T, ...]:
        if self._items is None:
            assert self._make is not None
            items = self._make()
            if len(items) != self._count:
                raise ValueError(f"made {len(items)} items where {self._count} were counted")
            self._items = items
            if self._forget is None:
                self._make = None
        return self._items

    def release(self) -> None:
        """Drops the items made (when they can be made again): a history's
        lint holds no decoded page it is done with, and decodes again the few
        that a later rule looks at."""
        if self._forget is not None:
            self._items = None
            self._forget()

    def __len__(self) -> int:
        return self._count

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[T, ...]: ...
    def __getitem__(self, index: int | slice) -> T | tuple[T, ...]:
        return self._made()[index]

    def __iter__(self) -> Iterator[T]:
        return iter(self._made())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deferred | tuple):
            return self._made() == tuple(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._made())

    def __repr__(self) -> str:
        return repr(self._made())

    def __reduce__(self) -> tuple[Any, ...]:
        return (tuple, (self._made(),))
