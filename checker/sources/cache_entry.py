"""One page cache entry's file: its text, and its lines read back and
checked (the envelope against its key and digests, the body's size), for
checker.sources.cache, which keeps the files, and checker.sources.pack, which
keeps many in one. What each line holds: checker.sources.cache_rows."""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Sequence
from typing import AnyStr

from checker.errors import InputError
from checker.model.checked import Kept
from checker.model.finding import Finding
from checker.model.support import Page
from checker.sources.cache_rows import Body, digest, kept_from, page_from, page_text

# 3: lines; 4: full names; 5: empty tables, deep nesting; 6: docs-check comments;
# 7: messages as template and arguments; 8: fixes; 9: keyed by blob id, pages at
# refs stored as read in no tree; 10: tables of statuses and status texts;
# 11: a head and a body read when needed, the page rules' findings beside;
# 12: an envelope with the digests of head and body (checked/2: of the findings)
# 13: cut tables, blocks past comments and divs, stray block ends, quoted labels
# 14: bodies checked when first decoded; 15: the page rules' findings in the
# page's own entry, when its read ran them (checked/3 keeps the others')
FORMAT = "docs-check/page-cache/15"

_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once, and is then seen
_BINARY = getattr(os, "O_BINARY", 0)

# What a missing, corrupt, foreign or hostile entry raises on the way to a
# Page: OSError (missing, not a regular file), ValueError (not JSON, an integer
# too long, a value of the wrong type), RecursionError (nested too deeply),
# LookupError (a key or product missing), TypeError and AttributeError (a row
# of the wrong shape), OverflowError (a line of 1e400).
UNREADABLE = (
    OSError,
    ValueError,
    LookupError,
    TypeError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)


def entry_text(key: str | None, page: Page, own: Sequence[Finding] | None = None) -> str:
    """A page's entry (checker.sources.cache_rows), and what its own rules
    found (`own`; None: not run)."""
    return page_text(page, {"format": FORMAT, "key": key or ""}, own)


def entry_read(data: bytes, key: str | None, path: str) -> tuple[Page, Kept | None] | None:
    """The page of an entry's bytes, and what its own rules found (None: not
    run); None for an entry cut short or of another format or key. Raises
    InputError for an entry edited since docs-check wrote it (`path` names
    it), and what UNREADABLE names for one that is not an entry at all."""
    prefix = prefix_size(data)
    # the body by view, not copied: a warm run decodes few bodies, and
    # copying them all was a third of looking the pages up
    body = memoryview(data)[prefix + 1 :]
    return entry_of(data[:prefix].split(b"\n"), body, len(body), key, path)


def prefix_size(data: AnyStr) -> int:
    """Where an entry's first five lines (all but its body) end, in its bytes
    or its text."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    end = -1
    for _ in range(5):
        end = data.index(newline, end + 1)
    return end


def entry_of(
    lines: Sequence[bytes], body: Body, size: int | None, key: str | None, path: str
) -> tuple[Page, Kept | None] | None:
    """`entry_read` of an entry's first five lines and its body (`size`: the
    body's, when it is at hand). `path` names the file they are in."""
    envelope, head, found, apis, kept_lines = lines
    document = envelope_of(envelope, FORMAT, key or "")
    if document is None or (size is not None and document.get("size") != size):  # cut short
        return None
    if document.get("head") != digest(head):  # whole, but its head changed since
        raise damaged_entry(path, "its head does not match its digest")
    if document.get("checked") != digest(b"\n".join((found, apis, kept_lines))):
        raise damaged_entry(path, "its findings do not match their digest")

    def damaged(error: Exception | str) -> InputError:
        return damaged_entry(path, error)

    kept = kept_from(found, apis, kept_lines, damaged)
    return page_from(json.loads(head), body, document.get("body"), damaged), kept


def entry_lines(data: bytes, count: int) -> list[bytes]:
    """An entry's `count` lines; fewer is a ValueError (not an entry: rebuilt)."""
    lines = data.split(b"\n", count - 1)
    if len(lines) != count:
        raise ValueError("an entry cut short")
    return lines


def envelope_of(line: bytes, form: str, key: str) -> dict[str, object] | None:
    """An entry's first line, when it is of `form` for `key`; None: foreign."""
    document = json.loads(line)
    if not isinstance(document, dict) or document.get("format") != form:
        return None
    return document if document.get("key") == key else None


def read_regular(path: str) -> bytes:
    """The bytes of a regular file; anything else (a FIFO, a device) is an
    OSError, found without waiting: the file is opened non-blocking, then seen."""
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    with open(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(f"{path}: not a regular file")
        return stream.read()


def damaged_entry(path: str, error: Exception | str) -> InputError:
    return InputError(
        f"{path}: a page cache entry that docs-check did not write ({error}); "
        "remove it, or run with --no-cache"
    )
