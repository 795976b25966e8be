"""How a page is written into the page cache and read back (checker.sources.
cache keeps the files). An entry file is six lines of JSON: the envelope
(format, key, a digest of the head, of the three checked lines and of the
body, and the body's size), the head (the page's place, its reading's
findings, its docs-check comments, how many entries and mentions it has), what
the page's own lint rules found on it, its entries' APIs and their heading
lines (each `null` when the read ran no page rules, checker.model.checked),
and the body (the entries and mentions, as rows: checker.sources.model_rows).
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
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from checker.files import ESCAPE
from checker.model.checked import Kept
from checker.model.deferred import Deferred
from checker.model.finding import Finding
from checker.model.support import Entry, Mention, Page
from checker.sources.model_rows import (
    body_data,
    body_from,
    directive_from,
    finding_data,
    finding_from,
    rows_of,
)

_T = TypeVar("_T")


def page_text(page: Page, envelope: dict[str, Any], own: Sequence[Finding] | None = None) -> str:
    """The entry file's text: `envelope` (the format and key) with the digests
    added, then the head, the checked lines (`own`: what the page's own rules
    found; None, not run) and the body, a line each. No newline is inside any:
    JSON writes a newline in a string as an escape."""
    body = json.dumps(body_data(page), ensure_ascii=False)
    head = json.dumps(
        {
            "path": page.path,
            "version": page.version,
            "lang": page.lang,
            "tree": page.tree,
            "entries": len(page.entries),
            "mentions": len(page.mentions),
            "findings": [finding_data(finding) for finding in page.findings],
            "directives": [[d.line, d.action, list(d.rules), d.reason] for d in page.directives],
        },
        ensure_ascii=False,
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
    checked entry's (checker.sources.cache)."""
    found = json.dumps([finding_data(finding) for finding in findings], ensure_ascii=False)
    apis = json.dumps([api for _, api in heads], ensure_ascii=False)
    lines = json.dumps([line for line, _ in heads])
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
                made.append(tuple(map(finding_from, rows_of(json.loads(found), dict))))
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


# A page's body, or a call that reads it (from a pack, checker.sources.pack)
Body = bytes | memoryview | Callable[[], bytes | memoryview]


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
    findings = tuple(finding_from(finding) for finding in head["findings"])
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
