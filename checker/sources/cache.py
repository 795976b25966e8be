"""A cache of read pages on disk, keyed by everything a page's reading depends
on: the file's bytes, where it is (path, version, language), the tool's version
and the catalogue and rules. Entries are JSON, written atomically; an entry
that does not parse, or was written for another key, is ignored and rebuilt."""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import asdict
from pathlib import Path
from typing import Any

from checker import __version__
from checker.files import write_atomically
from checker.model.catalogue import rules_dir
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, NativeLink, Page, Status, Support
from checker.sources.discover import DocFile

_FORMAT = "docs-check/page-cache/4"  # 3: lines of links, notes, products; 4: full names


def default_cache_dir() -> Path:
    configured = os.environ.get("DOCS_CHECK_CACHE_DIR")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "docs-check"


class PageCache:
    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self._salt = _salt()

    def key(self, doc: DocFile, data: bytes) -> str:
        digest = hashlib.sha256(self._salt)
        for part in (doc.path, doc.version, doc.lang):
            digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
        digest.update(data)
        return digest.hexdigest()

    def get(self, key: str) -> Page | None:
        try:
            document = json.loads(self._file(key).read_bytes())
            if document.get("format") != _FORMAT or document.get("key") != key:
                return None
            return _page(document["page"])
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return None  # missing, corrupt or foreign: read the page again

    def put(self, key: str, page: Page) -> None:
        document = {"format": _FORMAT, "key": key, "page": _page_data(page)}
        try:
            self._file(key).parent.mkdir(parents=True, exist_ok=True)
            write_atomically(str(self._file(key)), json.dumps(document, ensure_ascii=False))
        except Exception:  # an unwritable cache only costs speed
            return

    def _file(self, key: str) -> Path:
        return self.folder / key[:2] / f"{key}.json"


def _salt() -> bytes:
    """The tool's version and the shipped data: a change to either is a new cache."""
    digest = hashlib.sha256(f"{_FORMAT}\0{__version__}\0".encode())
    for path in sorted(rules_dir().glob("*.toml")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()


# An entry is stored as a row, not an object, and without what its page holds
# (path, version, language): a warm run decodes 13,000 of them.
def _page_data(page: Page) -> dict[str, Any]:
    return {
        "path": page.path,
        "version": page.version,
        "lang": page.lang,
        "tree": page.tree,
        "entries": [_entry_row(entry) for entry in page.entries],
        "findings": [asdict(finding) for finding in page.findings],
    }


def _entry_row(entry: Entry) -> list[Any]:
    status = entry.status
    named = [[product, support.value] for product, support in status.named] if status else None
    rest = status.rest.value if status and status.rest else None
    link = entry.link
    linked = [link.text, link.url, link.docs_version, link.target] if link else None
    notes = [list(piece) for piece in entry.notes_at]
    lines = [list(pair) for pair in entry.product_lines]
    return [entry.api, entry.line, entry.format, named, rest, entry.raw, entry.status_line,
            linked, notes, entry.title, entry.link_line, lines]  # fmt: skip


def _page(data: dict[str, Any]) -> Page:
    path, version, lang = str(data["path"]), str(data["version"]), str(data["lang"])
    statuses: dict[str, Status] = {}  # most entries of a page share a few statuses
    entries = tuple(_entry(row, path, version, lang, statuses) for row in data["entries"])
    findings = tuple(_finding(finding) for finding in data["findings"])
    return Page(path, version, lang, entries, findings, str(data["tree"]))


def _entry(
    row: list[Any], path: str, version: str, lang: str, statuses: dict[str, Status]
) -> Entry:
    api, line, form, named, rest, raw, status_line, link, notes, title, link_line, lines = row
    status = None
    if named is not None:
        said = f"{named}{rest}"
        status = statuses.get(said)
        if status is None:
            pairs = tuple((str(product), _SUPPORT[support]) for product, support in named)
            status = statuses[said] = Status(pairs, _SUPPORT[rest] if rest else None)
    return Entry(
        str(api), version, lang, path, int(line), str(form), status, str(raw), int(status_line),
        NativeLink(*link) if link else None, tuple((int(at), str(text)) for at, text in notes),
        str(title), int(link_line), tuple((str(product), int(at)) for product, at in lines),
    )  # fmt: skip


_SUPPORT = {support.value: support for support in Support}  # Support(value) is slow


def _finding(data: dict[str, Any]) -> Finding:
    return Finding(
        path=data["path"],
        line=int(data["line"]),
        rule=data["rule"],
        severity=Severity(data["severity"]),
        message=data["message"],
    )
