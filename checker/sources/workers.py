"""Reading pages in this process or across worker processes, with the page
cache. Above a size the work is shared out: whole pages, and big pages cut in
parts (checker.read.split) that are joined again in order. The outcomes are
the same either way."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence

from checker.errors import InputError
from checker.model.catalogue import Catalogue
from checker.model.support import Page
from checker.read import read_text
from checker.read.load import decode_page
from checker.read.split import cut_lines, joined, parts
from checker.sources.cache import PageCache
from checker.sources.discover import DocFile

# Below this much text a second process costs more than it saves (a pre-commit
# run on a few pages stays in one process).
PARALLEL_MIN_BYTES = 250_000
# Characters: a page at least twice this long may be cut into parts for the
# workers, so that one big page does not keep the others waiting.
PART_MIN_SIZE = 64_000


def read_all(
    todo: Sequence[tuple[DocFile, bytes, str | None]],
    catalogue: Catalogue,
    cache: PageCache | None,
    jobs: int | None,
) -> Iterator[Page | str]:
    """Each page's outcome (a page, or a one-line error) in order, as soon as
    it is read. `todo` is each page with its bytes and cache key; `jobs` is the
    number of processes (None: one per core when the work is large enough)."""
    size = sum(len(data) for _, data, _ in todo)
    workers = jobs or os.cpu_count() or 1
    if jobs is None and size < PARALLEL_MIN_BYTES:
        workers = 1
    units, counts = work_units(todo, catalogue, cache, workers)
    if workers < 2 or len(units) < 2:
        yield from map(_read_one, units)
        return
    chunk = max(1, len(units) // (workers * 4))
    from concurrent.futures import ProcessPoolExecutor  # only a large run pays for it

    with ProcessPoolExecutor(max_workers=min(workers, len(units))) as pool:
        outcomes = pool.map(_read_one, units, chunksize=chunk)
        for (doc, _, key), count in zip(todo, counts, strict=True):
            if count == 1:
                yield next(outcomes)
                continue
            read = [next(outcomes) for _ in range(count)]
            pages = [part for part in read if isinstance(part, Page)]
            assert len(pages) == count, "parts are decoded text: reading them cannot fail"
            page = joined(doc, pages)
            if cache is not None and key is not None:
                cache.put(key, page)
            yield page


# (page, its bytes or a part's text, cache key, catalogue, cache, a whole page?)
_Work = tuple[DocFile, bytes | str, str | None, Catalogue, PageCache | None, bool]


def work_units(
    todo: Sequence[tuple[DocFile, bytes, str | None]],
    catalogue: Catalogue,
    cache: PageCache | None,
    workers: int,
) -> tuple[list[_Work], list[int]]:
    """What the workers are given: whole pages, and the parts of a page too
    large for one worker to read while the others wait (a pre-commit run on
    one big page). A big page is decoded here once, to be cut; a part is cached
    only once joined."""
    units: list[_Work] = []
    counts: list[int] = []
    for doc, data, key in todo:
        whole: bytes | str = data
        pieces: list[str] = []
        if workers > 1 and len(data) >= 2 * PART_MIN_SIZE:  # bytes: never fewer than characters
            try:
                whole = decode_page(doc.path, data)  # decoded once, here
                pieces = parts(whole, cut_lines(whole, max(PART_MIN_SIZE, len(whole) // workers)))
            except InputError:  # the worker reports it, as for any page
                pass
        if len(pieces) < 2:
            units.append((doc, whole, key, catalogue, cache, True))
            counts.append(1)
            continue
        units.extend((doc, piece, None, catalogue, None, False) for piece in pieces)
        counts.append(len(pieces))
    return units, counts


def _read_one(item: _Work) -> Page | str:
    """Reads one page (or part of one) and caches it, in whichever process runs it."""
    doc, data, key, catalogue, cache, whole_page = item
    try:
        text = decode_page(doc.path, data) if isinstance(data, bytes) else data
        page = read_text(text, doc, catalogue, whole_page)
    except InputError as error:
        return str(error)
    if cache is not None and key is not None:
        cache.put(key, page)
    return page
