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
from checker.sources.page_cache.entry import entry_read, entry_text
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
    todo: Sequence[tuple[DocFile, bytes, str | None]],
    catalogue: Catalogue,
    cache: PageCache | None,
    jobs: int | None,
    check: Check | None = None,
) -> Iterator[Read | str]:
    """Each page's outcome (the page and what `check`, its own rules, found
    on it; or a one-line error) in order, as soon as it is read. `todo` is
    each page with its bytes and cache key; `jobs` is the number of processes
    (None: one per core when the work is large enough)."""
    size = sum(len(data) for _, data, _ in todo)
    workers = jobs or os.cpu_count() or 1
    if jobs is None and size < PARALLEL_MIN_BYTES:
        workers = 1
    units, counts = work_units(todo, catalogue, cache, workers, check)
    if workers < 2 or len(units) < 2:
        for unit in units:
            yield _read_here(unit)
        return
    # A forked worker starts with the reading process's memory as its own
    # (counted again in each one's): above a history's size they start from
    # a server forked before any page was read, and are given runs of at most
    # HISTORY_RUN_BYTES, since a run's answer (its pages' entries) is held
    # whole on both ends of the pipe.
    history = size >= HISTORY_MIN_BYTES
    most = HISTORY_RUN_BYTES if history else None
    chunks = in_chunks(units, workers, [len(unit[1]) for unit in units], most)
    outcomes = across(chunks, workers, _read_sent, "forkserver" if history else None)
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


# (page, its bytes or a part's text, cache key, catalogue, cache, a whole page?,
# its own rules)
_Work = tuple[DocFile, bytes | str, str | None, Catalogue, PageCache | None, bool, "Check | None"]


def work_units(
    todo: Sequence[tuple[DocFile, bytes, str | None]],
    catalogue: Catalogue,
    cache: PageCache | None,
    workers: int,
    check: Check | None = None,
) -> tuple[list[_Work], list[int]]:
    """What the workers are given: whole pages, and the parts of a page too
    large for one worker to read while the others wait: one that is more
    than half a worker's share of all the bytes (a pre-commit run on one big
    page). A page to cut is decoded and cut here, in the reading process,
    before any worker starts: the pages of a whole tree are each a small share
    and go whole. A part is checked and cached only once joined."""
    units: list[_Work] = []
    counts: list[int] = []
    total = sum(len(data) for _, data, _ in todo)
    for doc, data, key in todo:
        whole: bytes | str = data
        pieces: list[str] = []
        # bytes: never fewer than characters
        if workers > 1 and len(data) >= 2 * PART_MIN_SIZE and 2 * workers * len(data) > total:
            try:
                whole = decode_page(doc.path, data)  # decoded once, here
                pieces = parts(whole, cut_lines(whole, max(PART_MIN_SIZE, len(whole) // workers)))
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
    pipes, and the rules that need few pages' entries decode few."""

    data: bytes


def _read_sent(item: _Work) -> Sent | Page | str:
    """A unit read in a worker: a whole page as its entry's bytes (`Sent`),
    with what its own rules found; a part as its page, to be joined."""
    doc, data, key, catalogue, cache, whole_page, check = item
    page = _parsed(doc, data, catalogue, whole_page)
    if isinstance(page, str) or not whole_page:
        return page
    text = entry_text(key, page, None if check is None else check(page, catalogue))
    if cache is not None and key is not None:
        cache.put_text(key, text)
    return Sent(text.encode("utf-8", ESCAPE))


def _received(
    outcome: Sent | Page | str, doc: DocFile, key: str | None, cache: PageCache | None
) -> Read | str:
    """A whole page's outcome as the reading process holds it."""
    if isinstance(outcome, str):
        return outcome
    assert isinstance(outcome, Sent), "a whole page is answered with its entry"
    data = outcome.data
    read = entry_read(data, key, doc.path) if cache is None else cache.read(data, key, doc.path)
    assert read is not None, "an entry a worker made reads back"
    return read


def _read_here(item: _Work) -> Read | str:
    """A whole page read in this process, checked and cached."""
    doc, data, key, catalogue, cache, whole_page, check = item
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
