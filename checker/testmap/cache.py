"""Each test module's cases and references kept on disk by the module's git
blob id and the tool's salt, as the page cache keeps pages
(checker.sources.page_cache.store): a warm run parses nothing, and a module shared by
several refs is read once. An entry that does not parse, holds values of the
wrong type or was written for another key is ignored and rebuilt. The key
holds the reading's code, so a changed reader never takes an old scan."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from checker.files import write_atomically
from checker.salt import salt
from checker.testmap.cases import Case
from checker.testmap.modules import ModuleScan

# 1: cases, and per case (kind, target, line)
_FORMAT = "docs-check/test-map/1"


# the scan's own code (the whole folder: a module split off keeps counting)
_SALT = salt(_FORMAT, ["testmap"]).hex()


class ScanCache:
    """`folder` None: nothing is kept (--no-cache, or no cache folder). What
    it read or kept is also held for the run: a module shared by several refs
    (most of them, between release branches) is loaded once, not once per ref."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder / "test-map" if folder is not None else None
        self._held: dict[str, ModuleScan] = {}

    @staticmethod
    def key(blob: str) -> str:
        return hashlib.sha256(f"{_SALT}\0{blob}".encode()).hexdigest()

    def get(self, key: str) -> ModuleScan | None:
        held = self._held.get(key)
        if held is not None or self.folder is None:
            return held
        try:
            document = json.loads((self.folder / key[:2] / f"{key}.json").read_bytes())
            if document.get("format") != _FORMAT or document.get("key") != key:
                return None
            scanned = _scan_from(document)
        except (OSError, ValueError, LookupError, TypeError, AttributeError, RecursionError):
            return None
        self._held[key] = scanned
        return scanned

    def __getstate__(self) -> dict[str, object]:
        """What a worker process is given: the folder, not what the run holds."""
        return {"folder": self.folder, "_held": {}}

    def hold(self, key: str, scanned: ModuleScan) -> None:
        """Keeps a scan made elsewhere (a worker put it in the folder) for the run."""
        self._held[key] = scanned

    def put(self, key: str, scanned: ModuleScan) -> None:
        self._held[key] = scanned
        if self.folder is None:
            return
        path = self.folder / key[:2] / f"{key}.json"
        document = {"format": _FORMAT, "key": key, **_scan_data(scanned)}
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(str(path), json.dumps(document, separators=(",", ":")))
        except Exception:  # an unwritable cache only costs speed
            return


def _scan_data(scanned: ModuleScan) -> dict[str, object]:
    cases = [[c.cls, c.name, c.line, list(c.variants), c.open, c.ops] for c in scanned.cases]
    refs = [[list(ref) for ref in refs] for refs in scanned.refs]
    return {"cases": cases, "refs": refs}


def _scan_from(document: dict[str, object]) -> ModuleScan:
    cases = tuple(
        Case(str(cls), str(name), int(line), tuple(map(str, variants)), bool(opened), bool(ops))
        for cls, name, line, variants, opened, ops in document["cases"]  # type: ignore[attr-defined]
    )
    refs = tuple(tuple(map(tuple, each)) for each in document["refs"])  # type: ignore[attr-defined]
    if not all(
        len(ref) == 3 and type(ref[0]) is str and type(ref[1]) is str and type(ref[2]) is int
        for each in refs
        for ref in each
    ):
        raise ValueError("a reference of the wrong shape")
    if len(refs) != len(cases):
        raise ValueError("one list of references per case")
    return ModuleScan(cases, refs)
