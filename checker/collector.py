"""The cycle collector held back while a big structure without reference
cycles is built: a page's tokens (checker.read.reader), a test module's
syntax tree and its scan (checker.testmap.tree)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def collector_paused() -> Iterator[None]:
    """A page parses into tens of thousands of tokens, a test module into as
    many syntax nodes, that all live until it is read and hold no reference
    cycles: the cycle collector would walk them again and again for nothing
    (near half a page's reading time; an eighth of a test tree's cold scan at
    the interpreter's default thresholds). Reference counting still frees
    them when the body is done."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()
