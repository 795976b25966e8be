"""A page cache entry: a page written as an entry's text, and an entry's bytes
read back and checked (the envelope against its key and digests, the body's
size), for checker.sources.page_cache.store, which keeps the files, and
checker.sources.page_cache.pack, which keeps many in one. An entry file is six
lines of JSON: the envelope
(format, key, a digest of the head, of the three checked lines and of the
body, and the body's size), the head (the page's place, its reading's
findings, its docs-check comments, how many entries and mentions it has), what
the page's own lint rules found on it, its entries' APIs and their heading
lines (each `null` when the read ran no page rules, checker.model.checked),
and the body (the entries and mentions, as rows: checker.sources.page_cache.model_rows).
The digests are of bytes, so checking them decodes nothing. The head and the
checked lines are checked at once, and the body's size too (an entry cut
short is rebuilt), but the body's digest only when the entries or mentions are
first looked at (model.deferred), which a warm lint does for few pages. The
same bytes are what a worker answers with for a page it read: the reading
process takes a fresh page as it takes a cached one. Everything read back has
its type checked: a wrong one is a TypeError or ValueError and the entry is
rebuilt, rather than failing far from here in a check or a report."""

from __future__ import annotations

import hashlib
import json
import os
import stat
from collections.abc import Callable, Sequence
from typing import Any, AnyStr, TypeVar

from checker.errors import InputError
from checker.files import ESCAPE
from checker.model.checked import Kept
from checker.model.deferred import Deferred
from checker.model.finding import Finding
from checker.model.support import Entry, Mention, Page
from checker.sources.page_cache.model_rows import (
    body_data,
    body_from,
    directive_from,
    findings_data,
    findings_from,
    rows_of,
)

# 3: lines; 4: full names; 5: empty tables, deep nesting; 6: docs-check comments;
# 7: messages as template and arguments; 8: fixes; 9: keyed by blob id, pages at
# refs stored as read in no tree; 10: tables of statuses and status texts;
# 11: a head and a body read when needed, the page rules' findings beside;
# 12: an envelope with the digests of head and body (checked/2: of the findings)
# 13: cut tables, blocks past comments and divs, stray block ends, quoted labels
# 14: bodies checked when first decoded; 15: the page rules' findings in the
# page's own entry, when its read ran them (checked/3 keeps the others')
# 16: findings as rows into tables of paths and messages (checked/4 too)
FORMAT = "docs-check/page-cache/16"

# An entry's rows are made afresh from the model, and no list or dict in them
# holds itself: looking for one (json's check_circular) was a fifth of
# encoding a page's entries and findings.
_ENCODE = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode

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
    """A page's entry (below), and what its own rules
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


_T = TypeVar("_T")


def page_text(page: Page, envelope: dict[str, Any], own: Sequence[Finding] | None = None) -> str:
    """The entry file's text: `envelope` (the format and key) with the digests
    added, then the head, the checked lines (`own`: what the page's own rules
    found; None, not run) and the body, a line each. No newline is inside any:
    JSON writes a newline in a string as an escape."""
    body = _ENCODE(body_data(page))
    head = _ENCODE(
        {
            "path": page.path,
            "version": page.version,
            "lang": page.lang,
            "tree": page.tree,
            "entries": len(page.entries),
            "mentions": len(page.mentions),
            "findings": findings_data(page.findings),
            "directives": [[d.line, d.action, list(d.rules), d.reason] for d in page.directives],
        }
    )
    checked = "null\nnull\nnull"
    if own is not None:
        heads = [(entry.line, entry.api) for entry in page.entries]
        checked = checked_text(own, heads)
    written = _bytes(body)
    digests = {
        "head": digest(_bytes(head)),
        "checked": digest(_bytes(checked)),
        "body": digest(written),
        "size": len(written),
    }
    envelope = {**envelope, **digests}
    return "\n".join((json.dumps(envelope, ensure_ascii=False), head, checked, body))


def checked_text(findings: Sequence[Finding], heads: Sequence[tuple[int, str]]) -> str:
    """Kept findings, and the APIs and heading lines of a page's entries
    (`heads`), three lines of JSON: a page entry's checked lines, and a
    checked entry's (checker.sources.page_cache.store)."""
    found = _ENCODE(findings_data(findings))
    apis = _ENCODE([api for _, api in heads])
    lines = _ENCODE([line for line, _ in heads])
    return "\n".join((found, apis, lines))


def kept_from(
    found: bytes, apis: bytes, lines: bytes, damaged: Callable[[Exception | str], Exception]
) -> Kept | None:
    """An entry's checked lines (their digest matched): None where the read
    ran no page rules; else calls that decode the findings, the APIs and the
    heading lines when first asked for. A line that matched its digest but
    does not decode was not written by docs-check: `damaged(...)`, raised."""
    if found == b"null":
        return None

    made: list[tuple[Finding, ...]] = []  # (functools.cache costs more, made a page)

    def findings() -> tuple[Finding, ...]:
        if not made:
            try:
                made.append(findings_from(json.loads(found)))
            except _DECODING as error:
                raise damaged(error) from error
        return made[0]

    def decoded(line: bytes, kind: type[_T]) -> Callable[[], list[_T]]:
        def decode() -> list[_T]:
            try:
                return rows_of(json.loads(line), kind)
            except _DECODING as error:
                raise damaged(error) from error

        return decode

    return findings, decoded(apis, str), decoded(lines, int)


def digest(data: bytes | memoryview) -> str:
    return hashlib.sha256(data).hexdigest()


def _bytes(text: str) -> bytes:
    """The bytes `text` is written as (checker.files.ESCAPE), which a digest is of."""
    return text.encode("utf-8", ESCAPE)


# A page's body, or a call that reads it (`body_in`)
Body = bytes | memoryview | Callable[[], bytes | memoryview]


def body_in(file: str) -> Body:
    """A call that reads the body of the entry in `file`, when its entries
    are first looked at (its digest, which the caller's envelope holds, is
    checked then): a pack's pages (checker.sources.page_cache.pack) and the
    pages a worker kept in the cache (checker.sources.workers)."""

    def body() -> memoryview:
        try:
            data = read_regular(file)
            return memoryview(data)[prefix_size(data) + 1 :]
        except UNREADABLE as error:  # gone since it was written: not rebuilt mid-run
            raise damaged_entry(file, error) from error

    return body


def page_from(
    head: dict[str, Any],
    body: Body,
    body_digest: object,
    damaged: Callable[[Exception | str], Exception],
) -> Page:
    """The page of a checked head; its entries and mentions made from `body`
    when first looked at, and its digest checked then (`body_digest`, the
    envelope's): the body is whole (its size is the envelope's), so a body
    that does not match, or matches but does not decode, was not written by
    docs-check: that is `damaged(...)`, raised."""
    path, version, lang = str(head["path"]), str(head["version"]), str(head["lang"])
    count, mentioned = head["entries"], head["mentions"]
    if type(count) is not int or type(mentioned) is not int or min(count, mentioned) < 0:
        raise TypeError("a page's counts are integers")
    findings = findings_from(head["findings"])
    directives = tuple(directive_from(row) for row in head["directives"])
    made: list[tuple[tuple[Entry, ...], tuple[Mention, ...]]] = []

    def decoded() -> tuple[tuple[Entry, ...], tuple[Mention, ...]]:
        if not made:
            data = body() if callable(body) else body
            if digest(data) != body_digest:
                raise damaged("its body does not match its digest")
            try:
                made.append(body_from(json.loads(bytes(data)), path, version, lang))
            except _DECODING as error:
                raise damaged(error) from error
        return made[0]

    entries = Deferred(count, lambda: decoded()[0], made.clear)
    mentions = Deferred(mentioned, lambda: decoded()[1], made.clear)
    tree = str(head["tree"])
    return Page(path, version, lang, entries, findings, tree, directives, mentions)


# What a body of the wrong shape raises as it is decoded.
_DECODING = (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError)
