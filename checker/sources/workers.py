"""Reading pages in this process or across worker processes, with the page
cache. Above a size the work is shared out: whole pages, and big pages cut in
parts (checker.read.split) that are joined again in order. The outcomes are
the same either way.

The worker processes are checker.pool's: a pipe each, killed and never waited
on when a run ends early."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from checker.errors import InputError
from checker.files import ESCAPE
from checker.model.catalogue import Catalogue
from checker.model.checked import Check, Kept, kept_of
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.pool import across, in_chunks
from checker.read.load import decode_page
from checker.read.reader import read_text
from checker.read.split import cut_lines, joined, parts
from checker.read.tokens import NestedTooDeep
from checker.sources.page_cache.entry import entry_read, entry_text, prefix_size
from checker.sources.page_cache.store import PageCache

Read = tuple[Page, "Kept | None"]  # a page, and what its own rules found (None: not run)

# Below this much text a second process costs more than it saves (a pre-commit
# run on a few pages stays in one process). One 300 KB page, cold: the workers
# cost the reading process 35-45 ms before they start (the multiprocessing
# modules, cutting the page, two forks) and after (its parts unpickled and
# joined), and save about that of its 80 ms parse on an idle machine, less on
# a busy one: 0.36-0.40 s of CPU against 0.29-0.34 s in one process (issue 49).
PARALLEL_MIN_BYTES = 500_000
# Bytes of pages to read above which the workers are not forked from the
# reading process (see read_all): a history of refs, not one tree of the docs.
HISTORY_MIN_BYTES = 20_000_000
# Bytes of pages in one run given to a worker when reading a history.
HISTORY_RUN_BYTES = 2_000_000
# Characters: a page at least twice this long may be cut into parts for the
# workers, so that one big page does not keep the others waiting (see work_units).
PART_MIN_SIZE = 64_000


def read_all(
    todo: Sequence[tuple[DocFile, bytes | int, str | None]],
    catalogue: Catalogue,
    cache: PageCache | None,
    jobs: int | None,
    check: Check | None = None,
    pending: Iterator[bytes] | None = None,
) -> Iterator[Read | str]:
    """Each page's outcome (the page and what `check`, its own rules, found
    on it; or a one-line error) in order, as soon as it is read. `todo` is
    each page with its bytes and cache key; `jobs` is the number of processes
    (None: one per core when the work is large enough). A page's bytes given
    as their size are still in git: `pending` gives them, in `todo`'s order,
    and each is taken only when its page is read or given to a worker."""
    size = sum(data if isinstance(data, int) else len(data) for _, data, _ in todo)
    workers = jobs or os.cpu_count() or 1
    if jobs is None and size < PARALLEL_MIN_BYTES:
        workers = 1
    taken = _Taken(pending or iter(()))
    units, counts = work_units(todo, catalogue, cache, workers, check, taken)
    if workers < 2 or len(units) < 2:
        for unit in units:
            yield _read_here(taken.filled(unit))
        return
    # A forked worker starts with the reading process's memory as its own
    # (counted again in each one's): above a history's size they start from
    # a server forked before any page was read, and are given runs of at most
    # HISTORY_RUN_BYTES, since a run's answer (its pages' entries) is held
    # whole on both ends of the pipe.
    history = size >= HISTORY_MIN_BYTES
    most = HISTORY_RUN_BYTES if history else None
    chunks = in_chunks(units, workers, [_size(unit[1]) for unit in units], most)
    method = "forkserver" if history else None
    outcomes = across(chunks, workers, _read_sent, method, taken.chunk)
    try:
        at = 0  # the first unit of the page
        for (doc, _, key), count in zip(todo, counts, strict=True):
            at += count
            if count == 1:
                yield _received(next(outcomes), doc, key, cache)
                continue
            read = [next(outcomes) for _ in range(count)]
            errors = [part for part in read if isinstance(part, str)]
            if errors:  # a part nested too deep to read: the page is not read
                yield errors[0]
                continue
            page = joined(doc, [part for part in read if isinstance(part, Page)])
            yield _checked(page, key, catalogue, cache, check)
        assert next(outcomes, None) is None, "one outcome per unit"  # and the workers end
    finally:
        outcomes.close()  # a run ended early ends its workers now


@dataclass(frozen=True)
class _Pending:
    """A page's bytes still in git: the `index`-th of read_all's `pending`."""

    index: int
    size: int


# (page, its bytes, a part's text or its bytes still in git, cache key,
# catalogue, cache, a whole page?, its own rules)
_Work = tuple[
    DocFile, "bytes | str | _Pending", str | None, Catalogue, PageCache | None, bool, "Check | None"
]


class _Taken:
    """read_all's `pending` bytes, taken as pages are read or given to the
    workers: in order, but for a page cut before any is read (its bytes are
    taken then, and those before it held until their pages are given)."""

    def __init__(self, pending: Iterator[bytes]) -> None:
        self._pending = pending
        self._next = 0
        self._held: dict[int, bytes] = {}

    def take(self, index: int) -> bytes:
        while self._next <= index:
            self._held[self._next] = next(self._pending)
            self._next += 1
        return self._held.pop(index)

    def filled(self, unit: _Work) -> _Work:
        """The unit with its bytes, taken now if they are still in git."""
        doc, data, *rest = unit
        if not isinstance(data, _Pending):
            return unit
        return (doc, self.take(data.index), *rest)  # type: ignore[return-value]

    def chunk(self, units: Sequence[_Work]) -> list[_Work]:
        return [self.filled(unit) for unit in units]


def _size(data: bytes | str | _Pending) -> int:
    return data.size if isinstance(data, _Pending) else len(data)


def work_units(
    todo: Sequence[tuple[DocFile, bytes | int, str | None]],
    catalogue: Catalogue,
    cache: PageCache | None,
    workers: int,
    check: Check | None = None,
    taken: _Taken | None = None,
) -> tuple[list[_Work], list[int]]:
    """What the workers are given: whole pages, and the parts of a page too
    large for one worker to read while the others wait: one that is more
    than half a worker's share of all the bytes (a pre-commit run on one big
    page). A page to cut is decoded and cut here, in the reading process,
    before any worker starts: the pages of a whole tree are each a small share
    and go whole. A part is checked and cached only once joined."""
    units: list[_Work] = []
    counts: list[int] = []
    sizes = [data if isinstance(data, int) else len(data) for _, data, _ in todo]
    total = sum(sizes)
    pending = 0  # the pages still in git before this one
    for (doc, data, key), size in zip(todo, sizes, strict=True):
        whole: bytes | str | _Pending = data if isinstance(data, bytes) else _Pending(pending, data)
        pending += isinstance(data, int)
        pieces: list[str] = []
        # bytes: never fewer than characters
        if workers > 1 and size >= 2 * PART_MIN_SIZE and 2 * workers * size > total:
            if isinstance(whole, _Pending):  # its bytes now, to cut it
                assert taken is not None, "bytes still in git come with read_all's `pending`"
                whole = taken.take(whole.index)
            assert isinstance(whole, bytes)
            try:
                text = decode_page(doc.path, whole)  # decoded once, here
                whole, pieces = (
                    text,
                    parts(text, cut_lines(text, max(PART_MIN_SIZE, len(text) // workers))),
                )
            except InputError:  # the worker reports it, as for any page
                pass
        if len(pieces) < 2:
            units.append((doc, whole, key, catalogue, cache, True, check))
            counts.append(1)
            continue
        units.extend((doc, piece, None, catalogue, None, False, None) for piece in pieces)
        counts.append(len(pieces))
    return units, counts


@dataclass(frozen=True)
class Sent:
    """A worker's answer for a whole page: its cache entry's bytes
    (checker.sources.page_cache.store), which it wrote to the cache too. The reading
    process takes the page from them as a warm run takes a cached one, its
    entries decoded only when looked at: no model is pickled through the
    pipes, and the rules that need few pages' entries decode few. `filed`:
    the data are the entry's first five lines only, its body left in the
    cache's file (a cold history's reading process held every page's body,
    a third of its peak memory: issue 49)."""

    data: bytes
    filed: bool = False


def _read_sent(item: _Work) -> Sent | Page | str:
    """A unit read in a worker: a whole page as its entry's bytes (`Sent`),
    with what its own rules found; a part as its page, to be joined."""
    doc, data, key, catalogue, cache, whole_page, check = item
    assert not isinstance(data, _Pending), "given with its bytes"
    page = _parsed(doc, data, catalogue, whole_page)
    if isinstance(page, str) or not whole_page:
        return page
    text = entry_text(key, page, None if check is None else check(page, catalogue))
    if cache is not None and key is not None and cache.put_text(key, text):
        return Sent(text[: prefix_size(text)].encode("utf-8", ESCAPE), filed=True)
    return Sent(text.encode("utf-8", ESCAPE))


def _received(
    outcome: Sent | Page | str, doc: DocFile, key: str | None, cache: PageCache | None
) -> Read | str:
    """A whole page's outcome as the reading process holds it."""
    if isinstance(outcome, str):
        return outcome
    assert isinstance(outcome, Sent), "a whole page is answered with its entry"
    data = outcome.data
    if outcome.filed:
        assert cache is not None and key is not None, "filed: the worker kept it in the cache"
        read = cache.read_filed(data, key, doc.path)
    elif cache is None:
        read = entry_read(data, key, doc.path)
    else:
        read = cache.read(data, key, doc.path)
    assert read is not None, "an entry a worker made reads back"
    return read


def _read_here(item: _Work) -> Read | str:
    """A whole page read in this process, checked and cached."""
    doc, data, key, catalogue, cache, whole_page, check = item
    assert not isinstance(data, _Pending), "read with its bytes"
    page = _parsed(doc, data, catalogue, whole_page)
    return page if isinstance(page, str) else _checked(page, key, catalogue, cache, check)


def _checked(
    page: Page, key: str | None, catalogue: Catalogue, cache: PageCache | None, check: Check | None
) -> Read:
    """A whole page with what its own rules found (None: none asked for),
    cached with them."""
    own = None if check is None else check(page, catalogue)
    if cache is not None and key is not None:
        cache.put(key, page, own)
    return page, None if own is None else kept_of(page, own)


def _parsed(doc: DocFile, data: bytes | str, catalogue: Catalogue, whole_page: bool) -> Page | str:
    """One page (or part of one) read, in whichever process runs it; a
    one-line error for a page that cannot be."""
    try:
        text = decode_page(doc.path, data) if isinstance(data, bytes) else data
        return read_text(text, doc, catalogue, whole_page)
    except NestedTooDeep as error:
        return error.at(doc.path)
    except InputError as error:
        return str(error)
