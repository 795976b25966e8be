"""A cache of read pages on disk, keyed by everything a page's reading depends
on: the file's bytes, where it is (path, version, language), the tool's version
and the catalogue and rules. Entries are JSON, written atomically; an entry
that does not parse (nested too deeply, an integer too long), holds values of
the wrong type, was written for another key or is no regular file (a FIFO
would block the read) is ignored and rebuilt. Without a folder for it (no
DOCS_CHECK_CACHE_DIR, XDG_CACHE_HOME or home directory) there is no cache."""

from __future__ import annotations

import functools
import hashlib
import json
import os
import stat
from dataclasses import asdict
from pathlib import Path
from typing import Any

from checker import __version__
from checker.files import write_atomically
from checker.i18n import Message
from checker.model.catalogue import Catalogue, rules_dir
from checker.model.edit import Edit
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, Mention, NativeLink, Page, Status, Support
from checker.model.suppression import Directive
from checker.sources.discover import DocFile

# 3: lines; 4: full names; 5: empty tables, deep nesting; 6: docs-check comments;
# 7: messages as template and arguments; 8: fixes; 9: keyed by blob id, pages at
# refs stored as read in no tree; 10: tables of statuses and status texts
_FORMAT = "docs-check/page-cache/10"


def default_cache_dir() -> Path | None:
    """$DOCS_CHECK_CACHE_DIR, else $XDG_CACHE_HOME/docs-check, else
    ~/.cache/docs-check; None when there is no home directory (no HOME and no
    passwd entry, as for a container's arbitrary uid): the run reads every
    page, as with --no-cache, and says nothing of it."""
    configured = os.environ.get("DOCS_CHECK_CACHE_DIR")
    if configured:
        return Path(configured)
    xdg = os.environ.get("XDG_CACHE_HOME")
    if xdg:
        return Path(xdg) / "docs-check"
    try:
        home = Path.home()
    except (RuntimeError, KeyError, OSError):  # RuntimeError: "Could not determine home"
        return None
    if not home.is_absolute():  # HOME=relative: not a cache in the current folder
        return None
    return home / ".cache" / "docs-check"


@functools.cache
def _fingerprint(catalogue: Catalogue) -> bytes:
    """A digest of everything in the catalogue (frozen dataclasses and tuples
    all the way down, so their repr is the same in every run)."""
    return hashlib.sha256(repr(catalogue).encode("utf-8")).digest()


def blob_id(data: bytes) -> str:
    """The id git gives these bytes as a blob (SHA-1 object format): the same
    key for a page in the working tree and at a ref."""
    digest = hashlib.sha1(b"blob %d\0" % len(data), usedforsecurity=False)
    digest.update(data)
    return digest.hexdigest()


_NONBLOCK = getattr(os, "O_NONBLOCK", 0)  # a FIFO opens at once, and is then seen
_BINARY = getattr(os, "O_BINARY", 0)


class PageCache:
    """`folder` None: a cache that holds nothing (no folder to keep it in)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._salt = _salt()

    def key(self, doc: DocFile, content: str, catalogue: Catalogue) -> str:
        """`content`: the git blob id of the page's bytes (`blob_id`), which a
        page at a git ref has without its bytes being fetched. `catalogue`: the
        one the page is read with, the shipped one with the products and scope
        a project's configuration adds (a product it names is no longer unknown)."""
        digest = hashlib.sha256(self._salt)
        digest.update(_fingerprint(catalogue))
        for part in (doc.path, doc.version, doc.lang, content):
            digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
        return digest.hexdigest()

    def get(self, key: str) -> Page | None:
        if self.folder is None:
            return None
        try:
            document = json.loads(_read_regular(self._file(self.folder, key)))
            if not isinstance(document, dict):
                return None
            if document.get("format") != _FORMAT or document.get("key") != key:
                return None
            return _page(document["page"])
        except _UNREADABLE:
            return None  # missing, corrupt or foreign: read the page again

    def put(self, key: str, page: Page) -> None:
        if self.folder is None:
            return
        document = {"format": _FORMAT, "key": key, "page": _page_data(page)}
        path = self._file(self.folder, key)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            text = json.dumps(document, ensure_ascii=False)
            write_atomically(str(path), text, into_devices=False)  # a FIFO there is replaced
        except Exception:  # an unwritable cache only costs speed
            return

    @staticmethod
    def _file(folder: Path, key: str) -> Path:
        return folder / key[:2] / f"{key}.json"


# What a missing, corrupt, foreign or hostile entry raises on the way to a
# Page: OSError (missing, not a regular file), ValueError (not JSON, an integer
# too long, a value of the wrong type), RecursionError (nested too deeply),
# LookupError (a key or product missing), TypeError and AttributeError (a row
# of the wrong shape), OverflowError (a line of 1e400).
_UNREADABLE = (
    OSError,
    ValueError,
    LookupError,
    TypeError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)


def _read_regular(path: Path) -> bytes:
    """The bytes of a regular file; anything else (a FIFO, a device) is an
    OSError, found without waiting: the file is opened non-blocking, then seen."""
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    with open(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(f"{path}: not a regular file")
        return stream.read()


def _salt() -> bytes:
    """The tool's version and the shipped data: a change to either is a new cache."""
    digest = hashlib.sha256(f"{_FORMAT}\0{__version__}\0".encode())
    for path in sorted(rules_dir().glob("*.toml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()


# An entry is stored as a row, not an object, and without what its page holds
# (path, version, language); its status and status text as indexes into the
# page's tables of them, since most entries of a page share a few: a warm run
# decodes 13,000 entries, and a history run of many refs more.
def _page_data(page: Page) -> dict[str, Any]:
    statuses: dict[Status, int] = {}
    raws: dict[str, int] = {}
    rows = [_entry_row(entry, statuses, raws) for entry in page.entries]
    return {
        "path": page.path,
        "version": page.version,
        "lang": page.lang,
        "tree": page.tree,
        "statuses": [_status_row(status) for status in statuses],
        "raws": list(raws),
        "entries": rows,
        "findings": [_finding_data(finding) for finding in page.findings],
        "directives": [[d.line, d.action, list(d.rules), d.reason] for d in page.directives],
        "mentions": [[m.line, m.kind, m.written, m.version] for m in page.mentions],
    }


def _finding_data(finding: Finding) -> dict[str, Any]:
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
    notes = [list(piece) for piece in entry.notes_at]
    lines = [list(pair) for pair in entry.product_lines]
    return [entry.api, entry.line, entry.format, status, raw, entry.status_line,
            linked, notes, entry.title, entry.link_line, lines,
            list(entry.status_lines)]  # fmt: skip


# Reading one back checks each value's type (a wrong one is a TypeError or
# ValueError, and the entry is rebuilt): a Page of the wrong types would fail
# far from here, in a check or a report.
def _page(data: dict[str, Any]) -> Page:
    path, version, lang = str(data["path"]), str(data["version"]), str(data["lang"])
    rows, found = data["entries"], data["findings"]
    if not isinstance(rows, list) or not isinstance(found, list):
        raise TypeError("a page's entries and findings are lists")
    statuses = [_status(row) for row in data["statuses"]]
    raws = [_text(raw) for raw in data["raws"]]
    entries = tuple(_entry(row, path, version, lang, statuses, raws) for row in rows)
    findings = tuple(_finding(finding) for finding in found)
    directives = tuple(_directive(row) for row in data["directives"])
    mentions = tuple(_mention(row) for row in data["mentions"])
    tree = str(data["tree"])
    return Page(path, version, lang, entries, findings, tree, directives, mentions)


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
    if not isinstance(row, list):
        raise TypeError("an entry is a row")
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


def _finding(data: dict[str, Any]) -> Finding:
    path, rule = data["path"], data["rule"]
    if not (isinstance(path, str) and isinstance(rule, str)):
        raise TypeError("a finding's path and rule are strings")
    return Finding(
        path=path,
        line=int(data["line"]),
        rule=rule,
        severity=Severity(data["severity"]),
        message=_message(data["message"]),
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
