"""Progress on a terminal: `reading pages 120/252`, redrawn in place on stderr
once a run has taken SHOW_AFTER seconds, and cleared before anything else is
printed. Never on a stream that is not a terminal (a pipe, a CI log), and never
on stdout. The stages only call a `Progress` callback; they print nothing."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TextIO

from checker.i18n import _
from checker.signals import held
from checker.textwidth import padded, width_of

# label, done, total: `("reading pages", 120, 252)`
Progress = Callable[[str, int, int], None]

SHOW_AFTER = 1.0  # seconds: quick runs never show progress
INTERVAL = 0.1  # seconds between redraws


class TerminalProgress:
    """Draws the latest progress line in place with `\\r`, from the first call
    after `show_after` seconds, or from a timer then if no call comes (a long
    behaviour run); `clear` stops the timer and blanks the line."""

    def __init__(
        self,
        stream: TextIO,
        clock: Callable[[], float] = time.monotonic,
        show_after: float | None = None,
        timer: bool = True,
    ) -> None:
        self._stream = stream
        self._clock = clock
        self._show_after = SHOW_AFTER if show_after is None else show_after
        self._started = clock()
        self._latest: tuple[str, int, int] | None = None
        self._drawn_at: float | None = None
        self._width = 0
        self._lock = threading.Lock()
        self._timer = threading.Timer(self._show_after, self._late) if timer else None
        if self._timer:
            self._timer.daemon = True
            with held():  # it leaves SIGINT and SIGTERM to the main thread
                self._timer.start()

    def __call__(self, label: str, done: int, total: int) -> None:
        with self._lock:
            self._latest = (label, done, total)
            now = self._clock()
            if now - self._started < self._show_after:
                return
            drawn = self._drawn_at
            if drawn is not None and now - drawn < INTERVAL and done < total:
                return
            self._draw(now)

    def _late(self) -> None:
        with self._lock:
            if self._latest is not None and self._drawn_at is None:
                self._draw(self._clock())

    def _draw(self, now: float) -> None:
        assert self._latest is not None
        label, done, total = self._latest
        text = f"{_(label)} {done}/{total}"  # the label marked with N_ where it is named
        self._stream.write("\r" + padded(text, self._width))
        self._stream.flush()
        self._width = max(self._width, width_of(text))
        self._drawn_at = now

    def clear(self) -> None:
        if self._timer:
            self._timer.cancel()
        with self._lock:
            if self._width:
                self._stream.write("\r" + " " * self._width + "\r")
                self._stream.flush()
                self._width = 0
            self._latest = None
            self._drawn_at = None


def is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):  # no isatty, or a closed stream
        return False


@contextmanager
def progress_on(stream: TextIO, quiet: bool = False) -> Iterator[Progress | None]:
    """A progress callback drawing on `stream` if it is a terminal and the run
    is not quiet, else None; the line is cleared when the block ends."""
    if quiet or not is_terminal(stream):
        yield None
        return
    progress = TerminalProgress(stream)
    try:
        yield progress
    finally:
        progress.clear()
