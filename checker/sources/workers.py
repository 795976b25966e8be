"""Reading pages in this process or across worker processes, with the page
cache. Above a size the work is shared out: whole pages, and big pages cut in
parts (checker.read.split) that are joined again in order. The outcomes are
the same either way.

The workers never outlive the run, and ending them never waits on one. Each
has a pipe of its own to the reading process, and nothing else in common: no
queue, no lock, no thread. (concurrent.futures' pool cannot be ended that way:
a worker killed while it holds a queue's lock or writes a result leaves the
pool's threads blocked, and the interpreter joins them at exit.) A run that
ends early (Ctrl-C, SIGTERM, a consumer that stops) kills them. A parent that
dies without a word (SIGKILL) takes them with it: Linux ends them
(PR_SET_PDEATHSIG), or each notices that its parent changed. They ignore
Ctrl-C, which reaches the whole process group: the parent ends them."""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable, Generator, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar, cast

from checker.errors import InputError
from checker.files import ESCAPE
from checker.model.catalogue import Catalogue
from checker.model.checked import Check, Kept, kept_of
from checker.model.support import Page
from checker.read.load import decode_page
from checker.read.reader import read_text
from checker.read.split import cut_lines, joined, parts
from checker.read.tokens import NestedTooDeep
from checker.sources.cache import PageCache, entry_read, entry_text
from checker.sources.discover import DocFile

if TYPE_CHECKING:
    import multiprocessing.context
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

U = TypeVar("U")  # a unit of work
R = TypeVar("R")  # its outcome
Read = tuple[Page, "Kept | None"]  # a page, and what its own rules found (None: not run)

# Below this much text a second process costs more than it saves (a pre-commit
# run on a few pages stays in one process).
PARALLEL_MIN_BYTES = 250_000
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
    method = "forkserver" if history and _has_forkserver() else None
    outcomes = across(chunks, workers, _read_sent, method)
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


def _context(method: str) -> multiprocessing.context.DefaultContext:
    import multiprocessing

    return cast("multiprocessing.context.DefaultContext", multiprocessing.get_context(method))


def _has_forkserver() -> bool:
    import multiprocessing

    return "forkserver" in multiprocessing.get_all_start_methods()


# A worker process and the reading process's end of its pipe.
_Worker = tuple["BaseProcess", "Connection"]
HELD_SIGNALS = frozenset({signal.SIGINT, signal.SIGTERM})
PARENT_POLL = 0.25  # seconds: how often a worker without PR_SET_PDEATHSIG looks


def in_chunks(
    units: Sequence[U], workers: int, sizes: Sequence[int], most: int | None = None
) -> list[Sequence[U]]:
    """The units cut in runs for `workers` processes, each run about
    1/(2 x workers) of the work left (by `sizes`): the first runs are big (few
    answers through the pipes), the last small, so that no worker waits at
    the end while another reads a big last run. `most`: no run is larger
    (a run's answer is held whole, and more than once, as it crosses a pipe)."""
    chunks: list[Sequence[U]] = []
    left, start, taken = sum(sizes), 0, 0
    for end, size in enumerate(sizes, start=1):
        taken += size
        full = most is not None and taken >= most
        if full or taken * 2 * workers >= left or end == len(sizes):
            chunks.append(units[start:end])
            start, left, taken = end, left - taken, 0
    return chunks


def across(
    chunks: Sequence[Sequence[U]],
    workers: int,
    job: Callable[[U], R],
    method: str | None = None,
) -> Generator[R, None, None]:
    """`job` of each unit of each chunk (see in_chunks), in order, done by
    `workers` processes: each is given a chunk, and another when it answers.
    Leaving early (an exception, or close) kills them. `job` is a
    module-level function (a worker is given it by name); the pages' reading
    and the test map's (checker.testmap.tree) share this one pool."""
    import multiprocessing

    context = multiprocessing.get_context() if method is None else _context(method)
    started: list[_Worker] = []
    try:
        with _signals_held():
            for _ in range(min(workers, len(chunks))):
                ours, theirs = context.Pipe()
                args = (theirs, os.getpid(), context.get_start_method(), job)
                process = context.Process(target=_serve, args=args, daemon=True)
                process.start()
                theirs.close()
                started.append((process, ours))
        yield from _outcomes(started, chunks)
    except BaseException:  # KeyboardInterrupt, Terminated, GeneratorExit, an error
        for worker, _ in started:
            worker.kill()
        raise
    finally:
        for _, connection in started:
            connection.close()
    for worker, _ in started:
        worker.join()


def _outcomes(started: list[_Worker], chunks: Sequence[Sequence[U]]) -> Iterator[Any]:
    from multiprocessing.connection import wait

    waiting = list(enumerate(chunks))[::-1]  # popped from the end: the first first
    busy: dict[Connection, tuple[BaseProcess, int]] = {}
    done: dict[int, list[Any]] = {}

    def give(process: BaseProcess, connection: Connection) -> None:
        if waiting:
            index, work = waiting.pop()
            connection.send(work)
            busy[connection] = process, index
        else:
            connection.send(None)  # no more: the worker ends

    for worker, connection in started:
        give(worker, connection)
    for index in range(len(chunks)):
        while index not in done:
            for ready in wait(list(busy)):
                connection = cast("Connection", ready)
                worker, at = busy.pop(connection)
                done[at] = _answer(worker, connection)
                give(worker, connection)
        yield from done.pop(index)


def _answer(process: BaseProcess, connection: Connection) -> list[Any]:
    """A worker's outcomes of one chunk; its error raised here, as if read here."""
    try:
        ok, value, where = connection.recv()
    except EOFError:
        process.join(1)
        raise RuntimeError(
            f"a reading worker (pid {process.pid}) ended unexpectedly (exit {process.exitcode})"
        ) from None
    if not ok:
        value.__cause__ = RuntimeError(f"in a reading worker:\n{where}")
        raise value
    outcomes: list[Any] = value
    return outcomes


def _serve(connection: Connection, parent: int, method: str, job: Callable[[Any], Any]) -> None:
    """A worker: chunks in, their outcomes out, until None, or until the pipe
    ends (the reading process is gone: nothing to say, and no one to say it to)."""
    _worker_started(parent, method)
    while True:
        try:
            work = connection.recv()
        except (EOFError, OSError):
            return
        if work is None:
            return
        answer: tuple[bool, Any, str]
        try:
            answer = (True, [job(unit) for unit in work], "")
        except Exception as error:
            import traceback

            where = "".join(traceback.format_exception(error))
            answer = (False, error, where)
        try:
            _send(connection, answer)
        except OSError:
            return


def _send(connection: Connection, answer: tuple[bool, Any, str]) -> None:
    """An error that does not pickle goes as its repr: pickling fails before
    anything is written. OSError: the pipe is gone."""
    try:
        connection.send(answer)
    except OSError:
        raise
    except Exception as error:
        connection.send((False, RuntimeError(repr(error)), answer[2]))


@contextmanager
def _signals_held() -> Iterator[None]:
    """SIGINT and SIGTERM wait while the workers are started: a worker is
    forked with the parent's handlers (which raise into the parent's code) and
    with the signal mask of the thread that starts it, and keeps that mask
    until it has set its own handlers. The parent gets them on leaving."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _worker_started(parent: int, method: str) -> None:
    """A worker's own signal handlers, and its end with its parent's.
    `parent`: the pid of the reading process; `method`: the start method (a
    forkserver's child has the server as its parent, which ends with the
    reading process)."""
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent ends the workers
    first = os.getppid()
    if first != parent and method != "forkserver":
        os._exit(1)  # the parent is gone already
    if _death_signal():
        if os.getppid() != first:  # it died before the request took
            os._exit(1)
    else:
        import threading

        threading.Thread(target=_watch_parent, args=(first,), daemon=True).start()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD_SIGNALS)


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _death_signal() -> bool:
    """Asks Linux to SIGKILL this process when its parent ends; False where it
    cannot. (Linux binds the request to the thread that started the worker:
    the reading thread, which outlives the workers.)"""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(first: int) -> None:
    """Elsewhere: an orphan is given another parent, and then ends itself."""
    import time

    while os.getppid() == first:
        time.sleep(PARENT_POLL)
    os._exit(1)


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
    (checker.sources.cache), which it wrote to the cache too. The reading
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
