"""SIGINT and SIGTERM held while a worker process or a thread is started, so
that what is started inherits a mask that blocks them.

A worker process (checker.pool) is forked with the parent's handlers (which
raise into the parent's code) and keeps the mask until it has set its own,
then unblocks them. A thread keeps the mask for good, so that both reach the
main thread only: the kernel hands a signal sent to the process to any one
of its threads that does not block it, Python runs a handler in the main
thread only, and a main thread blocked on a lock (waiting for a thread's
result, as a live run waits on its sessions) wakes only for a signal
delivered to itself. One delivered to another thread left Ctrl-C or a CI
runner's SIGTERM unanswered until the wait ended (a test's timeout)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

HELD = frozenset({signal.SIGINT, signal.SIGTERM})


@contextmanager
def held() -> Iterator[None]:
    """Blocks SIGINT and SIGTERM in this thread while inside, and so in what
    it starts meanwhile; one that came meanwhile is delivered on leaving."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)
