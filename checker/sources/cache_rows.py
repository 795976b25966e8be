"""How a page is written into the page cache and read back (checker.sources.
cache keeps the files). An entry file is six lines of JSON: the envelope
(format, key, a digest of the head, of the three checked lines and of the
body, and the body's size), the head (the page's place, its reading's
findings, its docs-check comments, how many entries and mentions it has), what
the page's own lint rules found on it, its entries' APIs and their heading
lines (each `null` when the read ran no page rules, checker.model.checked),
and the body (the entries and mentions). The digests are of bytes, so checking
them decodes nothing. The head and the checked lines are checked at once, and
the body's size too (an entry cut short is rebuilt), but the body's digest only
when the entries or mentions are first looked at (model.deferred), which a
warm lint does for few pages. The same bytes are what a worker answers with
for a page it read: the reading process takes a fresh page as it takes a
cached one. Everything read back has its type checked: a wrong one is a
TypeError or ValueError and the entry is rebuilt, rather than failing far from
here in a check or a report."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import asdict
from typing import Any, TypeVar

from checker.files import ESCAPE
from checker.i18n import Message
from checker.model.checked import Kept
from checker.model.deferred import Deferred
from checker.model.edit import Edit
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, Mention, NativeLink, Page, Status, Support
from checker.model.suppression import Directive

_T = TypeVar("_T")


def page_text(page: Page, envelope: dict[str, Any], own: Sequence[Finding] | None = None) -> str:
    """The entry file's text: `envelope` (the format and key) with the digests
    added, then the head, the checked lines (`own`: what the page's own rules
    found; None, not run) and the body, a line each. No newline is inside any:
    JSON writes a newline in a string as an escape."""
    body = json.dumps(_body(page), ensure_ascii=False)
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
    directives = tuple(_directive(row) for row in head["directives"])
    made: list[tuple[tuple[Entry, ...], tuple[Mention, ...]]] = []

    def decoded() -> tuple[tuple[Entry, ...], tuple[Mention, ...]]:
        if not made:
            data = body() if callable(body) else body
            if digest(data) != body_digest:
                raise damaged("its body does not match its digest")
            try:
                made.append(_decoded(json.loads(bytes(data)), path, version, lang))
            except _DECODING as error:
                raise damaged(error) from error
        return made[0]

    entries = Deferred(count, lambda: decoded()[0], made.clear)
    mentions = Deferred(mentioned, lambda: decoded()[1], made.clear)
    tree = str(head["tree"])
    return Page(path, version, lang, entries, findings, tree, directives, mentions)


# What a body of the wrong shape raises as it is decoded.
_DECODING = (ValueError, LookupError, TypeError, AttributeError, ArithmeticError, RecursionError)


# An entry is stored as a row, not an object, and without what its page holds
# (path, version, language); its status and status text as indexes into the
# page's tables of them, since most entries of a page share a few.
def _body(page: Page) -> dict[str, Any]:
    statuses: dict[Status, int] = {}
    raws: dict[str, int] = {}
    rows = [_entry_row(entry, statuses, raws) for entry in page.entries]
    return {
        "statuses": [_status_row(status) for status in statuses],
        "raws": list(raws),
        "entries": rows,
        "mentions": [[m.line, m.kind, m.written, m.version] for m in page.mentions],
    }


def _decoded(
    data: dict[str, Any], path: str, version: str, lang: str
) -> tuple[tuple[Entry, ...], tuple[Mention, ...]]:
    statuses = [_status(row) for row in data["statuses"]]
    raws = [_text(raw) for raw in data["raws"]]
    entries = tuple(_entry(row, path, version, lang, statuses, raws) for row in data["entries"])
    return entries, tuple(_mention(row) for row in data["mentions"])


def finding_data(finding: Finding) -> dict[str, Any]:
    fix = [[edit.line, edit.old, edit.new] for edit in finding.fix]
    return {**asdict(finding), "message": _message_data(finding.message), "fix": fix}


def _status_row(status: Status) -> list[Any]:
    named = [[product, support.value] for product, support in status.named]
    return [named, status.rest.value if status.rest else None]


def _entry_row(entry: Entry, statuses: dict[Status, int], raws: dict[str, int]) -> list[Any]:
    status = None if entry.status is None else statuses.setdefault(entry.status, len(statuses))
    raw = raws.setdefault(entry.raw, len(raws))
    link = entry.link
    linked = [link.text, link.url, link.docs_version, link.target] if link else None
    # the tuples as they are: JSON writes a tuple as an array, and copying
    # each pair into a list was a third of the page's writing
    return [entry.api, entry.line, entry.format, status, raw, entry.status_line,
            linked, entry.notes_at, entry.title, entry.link_line, entry.product_lines,
            entry.status_lines]  # fmt: skip


def _mention(row: list[Any]) -> Mention:
    line, kind, written, version = row
    return Mention(int(line), str(kind), str(written), str(version))


def _directive(row: list[Any]) -> Directive:
    line, action, rules, reason = row
    return Directive(int(line), str(action), tuple(str(rule) for rule in rules), str(reason))


def _status(row: list[Any]) -> Status:
    named, rest = row
    pairs = tuple((str(product), _SUPPORT[support]) for product, support in named)
    return Status(pairs, _SUPPORT[rest] if rest else None)


def rows_of(rows: object, kind: type[_T]) -> list[_T]:
    """A kept list whose items are all of `kind` (the APIs, or the heading
    lines, of a page's entries); anything else is a TypeError."""
    if type(rows) is not list or not set(map(type, rows)) <= {kind}:  # map: C speed
        raise TypeError(f"a list of {kind.__name__}")
    return rows


def _text(value: object) -> str:
    if not isinstance(value, str):
        raise TypeError("a text is a string")
    return value


def _entry(
    row: list[Any],
    path: str,
    version: str,
    lang: str,
    statuses: list[Status],
    raws: list[str],
) -> Entry:
    api, line, form, status, raw, status_line, link, notes, title, link_line, lines, span = row
    # an index is an int (a bool or float is not: a list would take True or fail on 1.0)
    if type(raw) is not int or (status is not None and type(status) is not int):
        raise TypeError("a status and its text are indexes")
    return Entry(
        str(api), version, lang, path, int(line), str(form),
        None if status is None else statuses[status], raws[raw], int(status_line),
        _link(link) if link else None,
        tuple([(int(at), str(text)) for at, text in notes]) if notes else (),
        str(title), int(link_line), tuple([(str(product), int(at)) for product, at in lines]),
        (int(span[0]), int(span[1])),
    )  # fmt: skip


_SUPPORT = {support.value: support for support in Support}  # Support(value) is slow


def _link(row: list[Any]) -> NativeLink:
    text, url, docs_version, target = row
    return NativeLink(str(text), str(url), _optional(docs_version), _optional(target))


def _optional(value: object) -> str | None:
    return None if value is None else str(value)


def finding_from(data: dict[str, Any]) -> Finding:
    path, rule = data["path"], data["rule"]
    if not (isinstance(path, str) and isinstance(rule, str)):
        raise TypeError("a finding's path and rule are strings")
    api, version, entry_line = data.get("api"), data.get("version"), data.get("entry_line")
    if not all(value is None or type(value) is str for value in (api, version)):
        raise TypeError("a finding's API and version are strings")
    if entry_line is not None and type(entry_line) is not int:
        raise TypeError("a finding's entry line is an integer")
    return Finding(
        path=path,
        line=int(data["line"]),
        rule=rule,
        severity=Severity(data["severity"]),
        message=_message(data["message"]),
        api=api,
        entry_line=entry_line,
        version=version,
        fix=tuple(Edit(int(at), str(old), str(new)) for at, old, new in data["fix"]),
    )


# A Message is stored as {"template": ..., "args": {...}}, its arguments plain
# values or Messages again, so that a warm run shows it in any language; any
# other message as its text.
def _message_data(message: str) -> Any:
    if not isinstance(message, Message):
        return message
    args = {name: _message_data(value) if isinstance(value, Message) else value
            for name, value in message.args.items()}  # fmt: skip
    return {"template": message.template, "args": args}


def _message(data: Any) -> str:
    if isinstance(data, str):
        return data
    template, args = data["template"], data["args"]
    if not (isinstance(template, str) and isinstance(args, dict)):
        raise TypeError("a message is a template and its arguments")
    return Message(template, {str(name): _argument(value) for name, value in args.items()})


def _argument(value: Any) -> Any:
    """A stored argument: None, a string, an integer, or a Message (a TypeError else)."""
    if value is None or (isinstance(value, str | int) and not isinstance(value, bool)):
        return value
    return _message(value)
