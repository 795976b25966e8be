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
from checker.catalogue import rules_dir
from checker.discover import DocFile
from checker.files import write_atomically
from checker.model import Entry, Finding, NativeLink, Page, Severity, Status, Support

_FORMAT = "docs-check/page-cache/1"


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
        document = {"format": _FORMAT, "key": key, "page": asdict(page)}
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


def _page(data: dict[str, Any]) -> Page:
    return Page(
        path=str(data["path"]),
        version=str(data["version"]),
        lang=str(data["lang"]),
        entries=tuple(_entry(entry) for entry in data["entries"]),
        findings=tuple(_finding(finding) for finding in data["findings"]),
        tree=str(data["tree"]),
    )


def _entry(data: dict[str, Any]) -> Entry:
    status = data["status"]
    link = data["link"]
    return Entry(
        api=data["api"],
        version=data["version"],
        lang=data["lang"],
        path=data["path"],
        line=int(data["line"]),
        format=data["format"],
        status=_status(status) if status else None,
        raw=data["raw"],
        status_line=int(data["status_line"]),
        link=NativeLink(**link) if link else None,
        notes=data["notes"],
        title=data["title"],
    )


_SUPPORT = {support.value: support for support in Support}  # Support(value) is slow


def _status(data: dict[str, Any]) -> Status:
    named = tuple((str(product), _SUPPORT[support]) for product, support in data["named"])
    rest = _SUPPORT[data["rest"]] if data["rest"] else None
    return Status(named, rest)


def _finding(data: dict[str, Any]) -> Finding:
    return Finding(
        path=data["path"],
        line=int(data["line"]),
        rule=data["rule"],
        severity=Severity(data["severity"]),
        message=data["message"],
    )
