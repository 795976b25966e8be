"""The support model as rows of JSON and back, for the page cache's entries
(checker.sources.page_cache.entry writes and reads their lines): a page's body (its
entries, with their statuses and status texts as indexes into the page's
tables of them, and its mentions), findings with their messages, docs-check
comments. What is read back has its type checked: a wrong one is a TypeError
or ValueError, and the entry is rebuilt."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from checker.i18n import Message
from checker.model.edit import Edit, Fix
from checker.model.finding import Finding, Severity, built
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


# Findings are kept compact (issue 49): a history's run keeps some 107,000,
# most of them one blob's findings again at each ref that holds it, so each
# distinct path, message and fix is written once, in a table, and each finding
# is a row of indexes into them. Read back, a message or fix is decoded once
# however many findings share it (and they share the object), and a finding
# is a row, not a dict. `[paths, messages, fixes, rows]`, each row `[path,
# line, rule, severity, message, api, entry_line, version, fix]`, a fix
# `[[line, old, new], ...]`; no findings (most pages) `[]`.
def findings_data(findings: Sequence[Finding]) -> list[Any]:
    if not findings:
        return []
    paths: dict[str, int] = {}
    messages: dict[object, int] = {}
    said: list[Any] = []
    fixes: dict[Fix, int] = {}
    # A message or fix object shared by many findings (one blob's, placed at
    # each ref) is looked up once by its identity: a Message's key is built
    # and a fix hashed, its Edits one by one, 1,300 times for the real
    # history's 107,000 findings, not 107,000 (0.4 s of its whole-run entry's
    # 0.5). The findings hold each object while these do.
    seen_message: dict[int, int] = {}
    seen_fix: dict[int, int] = {}
    rows = []
    for f in findings:
        at = seen_message.get(id(f.message))
        if at is None:
            key = _message_key(f.message)
            at = messages.get(key)
            if at is None:
                at = messages[key] = len(said)
                said.append(message_data(f.message))
            seen_message[id(f.message)] = at
        fix = seen_fix.get(id(f.fix))
        if fix is None:
            fix = seen_fix[id(f.fix)] = fixes.setdefault(f.fix, len(fixes))
        path = paths.setdefault(f.path, len(paths))
        rows.append(
            [path, f.line, f.rule, _VALUE[f.severity], at, f.api, f.entry_line, f.version, fix]
        )
    edits = [[[edit.line, edit.old, edit.new] for edit in fix] for fix in fixes]
    return [list(paths), said, edits, rows]


def findings_from(data: object) -> tuple[Finding, ...]:
    """The findings of `findings_data`, each type checked (a TypeError or
    ValueError else); a path, message or fix shared is one object."""
    if data == []:
        return ()
    if type(data) is not list or len(data) != 4:
        raise TypeError("kept findings are paths, messages, fixes and rows")
    paths, said, edits, rows = data
    if type(paths) is not list or not set(map(type, paths)) <= {str}:
        raise TypeError("a finding's path is a string")
    if type(said) is not list or type(edits) is not list:
        raise TypeError("kept messages and fixes are lists")
    messages = [message_from(item) for item in said]
    fixes = [tuple([Edit(int(at), str(old), str(new)) for at, old, new in fix]) for fix in edits]
    return tuple(_finding(row, paths, messages, fixes) for row in rows_of(rows, list))


def _finding(row: list[Any], paths: list[str], messages: list[str], fixes: list[Fix]) -> Finding:
    path, line, rule, severity, said, api, entry_line, version, fix = row
    # an index is an int (a bool is not: a list would take True)
    if type(path) is not int or type(said) is not int or type(fix) is not int:
        raise TypeError("a finding's path, message and fix are indexes")
    if type(line) is not int or (entry_line is not None and type(entry_line) is not int):
        raise TypeError("a finding's lines are integers")
    if type(rule) is not str or (api is not None and type(api) is not str):
        raise TypeError("a finding's rule and API are strings")
    if version is not None and type(version) is not str:
        raise TypeError("a finding's version is a string")
    return built(
        paths[path], line, rule, _SEVERITY[severity], messages[said], api, entry_line, version,
        fixes[fix],
    )  # fmt: skip


_SEVERITY = {severity.value: severity for severity in Severity}  # Severity(value) is slow
_VALUE = {severity: severity.value for severity in Severity}  # and so is .value


def _message_key(said: str) -> object:
    """What tells two messages apart as `message_data` writes them: a Message
    is equal to its English text, and two templates can give one text."""
    if not isinstance(said, Message):
        return said
    args = tuple(
        (name, _message_key(value) if isinstance(value, Message) else (type(value), value))
        for name, value in said.args.items()
    )
    return (Message, said.template, args)


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
