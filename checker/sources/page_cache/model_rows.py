"""The support model as rows of JSON and back, for the page cache's entries
(checker.sources.page_cache.entry writes and reads their lines): a page's body (its
entries, with their statuses and status texts as indexes into the page's
tables of them, and its mentions), findings with their messages, docs-check
comments. What is read back has its type checked: a wrong one is a TypeError
or ValueError, and the entry is rebuilt."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

from checker.i18n import Message
from checker.model.edit import Edit
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, Mention, NativeLink, Page, Status, Support
from checker.model.suppression import Directive

_T = TypeVar("_T")


# An entry is stored as a row, not an object, and without what its page holds
# (path, version, language); its status and status text as indexes into the
# page's tables of them, since most entries of a page share a few.
def body_data(page: Page) -> dict[str, Any]:
    statuses: dict[Status, int] = {}
    raws: dict[str, int] = {}
    rows = [_entry_row(entry, statuses, raws) for entry in page.entries]
    return {
        "statuses": [_status_row(status) for status in statuses],
        "raws": list(raws),
        "entries": rows,
        "mentions": [[m.line, m.kind, m.written, m.version] for m in page.mentions],
    }


def body_from(
    data: dict[str, Any], path: str, version: str, lang: str
) -> tuple[tuple[Entry, ...], tuple[Mention, ...]]:
    statuses = [_status(row) for row in data["statuses"]]
    raws = [_text(raw) for raw in data["raws"]]
    entries = tuple(_entry(row, path, version, lang, statuses, raws) for row in data["entries"])
    return entries, tuple(_mention(row) for row in data["mentions"])


# A finding's fields, in order: its row is built from them directly, since
# dataclasses.asdict deep-copies every value (the message, the fix) only for
# two of them to be replaced, and was most of a big page's cache write.
_FINDING_FIELDS = tuple(f.name for f in fields(Finding))


def finding_data(finding: Finding) -> dict[str, Any]:
    data = {name: getattr(finding, name) for name in _FINDING_FIELDS}
    data["message"] = message_data(finding.message)
    data["fix"] = [[edit.line, edit.old, edit.new] for edit in finding.fix]
    return data


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


def directive_from(row: list[Any]) -> Directive:
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
        message=message_from(data["message"]),
        api=api,
        entry_line=entry_line,
        version=version,
        fix=tuple(Edit(int(at), str(old), str(new)) for at, old, new in data["fix"]),
    )


# A Message is stored as {"template": ..., "args": {...}}, its arguments plain
# values or Messages again, so that a warm run shows it in any language; any
# other message as its text.
def message_data(message: str) -> Any:
    if not isinstance(message, Message):
        return message
    args = {name: message_data(value) if isinstance(value, Message) else value
            for name, value in message.args.items()}  # fmt: skip
    return {"template": message.template, "args": args}


def message_from(data: Any) -> str:
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
    return message_from(value)
