"""What the scripts docs-check runs in a torch environment share (harness.py,
resolve_names.py, public_api.py): the packages they look
names up in, their report's own channel, and an error in one line. Standard
library only; they import it from their own folder.

Each script answers in JSON lines on stdout, and torch, its extensions and
the tests print as they please. Swapping `sys.stdout` catches Python's prints
only; a C extension writes to file descriptor 1 itself. So the report gets a
copy of descriptor 1, and descriptor 1 becomes stderr: every other print goes
there, whoever makes it."""

from __future__ import annotations

import os
import sys
from typing import TextIO

# The namespaces the docs are about: the only top-level packages a name may be
# in and the only ones these scripts import by name. Their absence is the API's
# own absence, never an optional dependency.
OWN_PACKAGES = frozenset({"torch", "torch_npu"})


def report_channel() -> TextIO:
    """The original stdout, for the report alone; from now on anything else
    written to stdout (Python or C) goes to stderr."""
    sys.stdout.flush()
    channel = os.fdopen(os.dup(1), "w", buffering=1, encoding="utf-8")  # a line at a time
    os.dup2(2, 1)
    return channel


def first_line(error: BaseException) -> str:
    """`Type: the first line of its message`, or the type alone."""
    lines = str(error).strip().splitlines()
    text = lines[0].strip() if lines else ""
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
