"""A small process pool: units of work done across worker processes, in
order, each worker given a run of them and another when it answers. The
pages' reading (checker.sources.workers) and the test map's
(checker.testmap.tree) share it.

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
import threading
import time
import traceback
from collections.abc import Callable, Generator, Iterator, Sequence
from typing import TYPE_CHECKING, Any, TypeVar, cast

from checker.signals import HELD, held

if TYPE_CHECKING:
    import multiprocessing.context
    from multiprocessing.connection import Connection
    from multiprocessing.process import BaseProcess

U = TypeVar("U")  # a unit of work
R = TypeVar("R")  # its outcome

# A worker process and the reading process's end of its pipe.
_Worker = tuple["BaseProcess", "Connection"]
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
    given: Callable[[Sequence[U]], Sequence[U]] | None = None,
) -> Generator[R, None, None]:
    """`job` of each unit of each chunk (see in_chunks), in order, done by
    `workers` processes: each is given a chunk, and another when it answers.
    Leaving early (an exception, or close) kills them. `job` is a
    module-level function (a worker is given it by name); the pages' reading
    and the test map's (checker.testmap.tree) share this one pool. `method`:
    the start method, the platform's default where it has not that one (a
    forkserver). `given`: what a chunk is made into as it is given to a
    worker, in the chunks' order (the pages' bytes taken from git then, so
    that the reading process holds one chunk's, not all: issue 49)."""
    # start-up: multiprocessing (10 ms) is for a read with workers; a small one is done
    # in-process (checker.sources.workers), and a warm run reads nothing
    import multiprocessing

    if method not in multiprocessing.get_all_start_methods():
        method = None
    context = cast("multiprocessing.context.DefaultContext", multiprocessing.get_context(method))
    started: list[_Worker] = []
    try:
        with held():
            for _ in range(min(workers, len(chunks))):
                ours, theirs = context.Pipe()
                args = (theirs, os.getpid(), context.get_start_method(), job)
                process = context.Process(target=_serve, args=args, daemon=True)
                process.start()
                theirs.close()
                started.append((process, ours))
        yield from _outcomes(started, chunks, given)
    except BaseException:  # KeyboardInterrupt, Terminated, GeneratorExit, an error
        for worker, _ in started:
            worker.kill()
        raise
    finally:
        for _, connection in started:
            connection.close()
    for worker, _ in started:
        worker.join()
    if context.get_start_method() == "forkserver":
        _server_stopped()


def _server_stopped() -> None:
    """The fork server, and the resource tracker it started, ended once its
    workers have: otherwise both live as long as this process, 25 MB beside
    what a history's lint goes on to hold (issue 49). A later run starts them
    again. (Stopping them is what CPython's own tests do; a Python without
    the means leaves them running.)"""
    # the modules, loaded when the server started (and its tracker)
    for module, name in _SERVERS:
        stop = getattr(getattr(sys.modules.get(module), name, None), "_stop", None)
        if stop is not None:
            stop()


_SERVERS = (
    ("multiprocessing.forkserver", "_forkserver"),
    ("multiprocessing.resource_tracker", "_resource_tracker"),
)


def _outcomes(
    started: list[_Worker],
    chunks: Sequence[Sequence[U]],
    given: Callable[[Sequence[U]], Sequence[U]] | None,
) -> Iterator[Any]:
    from multiprocessing.connection import wait  # start-up: as in `across`, its caller

    waiting = list(enumerate(chunks))[::-1]  # popped from the end: the first first
    busy: dict[Connection, tuple[BaseProcess, int]] = {}
    done: dict[int, list[Any]] = {}

    def give(process: BaseProcess, connection: Connection) -> None:
        if waiting:
            index, work = waiting.pop()
            connection.send(work if given is None else given(work))
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
        threading.Thread(target=_watch_parent, args=(first,), daemon=True).start()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, HELD)


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>


def _death_signal() -> bool:
    """Asks Linux to SIGKILL this process when its parent ends; False where it
    cannot. (Linux binds the request to the thread that started the worker:
    the reading thread, which outlives the workers.)"""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes  # start-up: the workers' alone, never the reading process's

        libc = ctypes.CDLL(None, use_errno=True)
        return bool(libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0)
    except (OSError, AttributeError):
        return False


def _watch_parent(first: int) -> None:
    """Elsewhere: an orphan is given another parent, and then ends itself."""
    while os.getppid() == first:
        time.sleep(PARENT_POLL)
    os._exit(1)
