"""Each docs version's test map (`VersionMap`), kept on disk by a digest of everything it is
made from (checker.app.tests says what: the version's pages, the catalogue,
its test tree's module and list blobs, the disabled lists given, the OpInfo
tables, the rules' links), so that a warm run of several versions at several
refs reads one file a version and links, scans and judges nothing.

An entry is one file: a first line naming its format and key, with a digest
of the rest and the count of links; a line of the version's map (without its
links) and verdicts as JSON; then the links, compressed (some 66,000 a
version on torch-npu's tree, 7.6 MB of JSON, 2 MB so), decoded only when a
report looks at them. Both are written by checker.testmap.codec, generic over the link's
fields. An entry that does not parse, does not match its digest or was
written for another key is ignored and made again; one that matches its
digest but does not decode was not written by docs-check, and stops the run
with one line (as a forged page cache entry does)."""

from __future__ import annotations

import dataclasses
import hashlib
import json
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.collector import collector_paused
from checker.errors import InputError
from checker.files import write_atomically
from checker.model.deferred import Deferred
from checker.model.verdict import Verdict
from checker.salt import salt
from checker.testmap.backing import Share
from checker.testmap.codec import Codec
from checker.testmap.links import Link


@dataclass(frozen=True)
class VersionMap:
    """A docs version's test map: what `docs-check tests` reports of it."""

    version: str
    tree: str  # the test tree read for it
    disabled: str | None  # the disabled list applied, or None
    modules: int
    cases: int
    documented: int  # APIs the docs document at the version
    linked: tuple[tuple[str, int], ...]  # (kind, documented APIs with a link of that kind)
    reached: int  # documented APIs with a call, method or opinfo link
    # every link to a documented API, by API then test; from the cache, decoded
    # when first looked at (`Kept`, below)
    links: Sequence[Link]
    shares: tuple[Share, ...]  # per product
    # each documented API with the products some entry marks it supported on, by API
    claims: tuple[tuple[str, tuple[str, ...]], ...] = ()
    backed: frozenset[str] = frozenset()  # APIs an enabled test reaches (for some product)
    # each linked test the disabled list disables on some product of the scope, with
    # those products in the catalogue's order (export's `disabled_for`), by test
    disabled_for: tuple[tuple[str, tuple[str, ...]], ...] = ()
    on_npu: int = 0  # documented APIs with a call, method or opinfo link from an NPU test


# 1: a head line, the map and verdicts as a JSON line, the links zlib-compressed
_FORMAT = "docs-check/test-map-version/1"
_NAMES = {"Link": Link, "Share": Share, "Verdict": Verdict}
_MAP, _VERDICT, _LINK = Codec(VersionMap, _NAMES), Codec(Verdict), Codec(Link)


def _salt() -> str:
    """What makes a version's map: the test map's code and the app that
    drives it, the entries' statuses, the verdicts' levels; and the shape of
    what is kept."""
    return salt(
        f"{_FORMAT}\0{_MAP.shape}\0{_VERDICT.shape}",
        [
            "testmap",
            "app/tests.py",
            "app/tests_links.py",
            "app/version_trees.py",
            "model/support.py",
            "ids/registry.py",
        ],
    ).hex()


_SALT = _salt()


@dataclass(frozen=True)
class Kept:
    """A version's test map and its verdicts, as kept on disk."""

    map: VersionMap
    verdicts: tuple[Verdict, ...]


def kept_key(parts: Iterable[str]) -> str:
    """The key of a version's map made from `parts` (each one input, in a fixed order)."""
    digest = hashlib.sha256(f"{_SALT}\0".encode())
    for part in parts:
        digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
    return digest.hexdigest()


class KeptMaps:
    """`folder` None: nothing is kept (--no-cache, or no cache folder)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder / "test-map-versions" if folder is not None else None

    def _path(self, key: str) -> Path | None:
        return self.folder / key[:2] / f"{key}.bin" if self.folder is not None else None

    def get(self, key: str) -> Kept | None:
        path = self._path(key)
        if path is None:
            return None
        try:
            data = path.read_bytes()
            head_line, _, rest = data.partition(b"\n")
            head = json.loads(head_line)
            if head.get("format") != _FORMAT or head.get("key") != key:
                return None
            if head.get("digest") != hashlib.sha256(rest).hexdigest():
                return None  # cut short or damaged: made again
            body_line, _, links = rest.partition(b"\n")
            count = head["links"]
            if type(count) is not int:
                return None
            with collector_paused():
                body = json.loads(body_line)
                (made,) = _MAP.decode(body["map"])
                verdicts = tuple(_VERDICT.decode(body["verdicts"]))
        except (OSError, ValueError, LookupError, TypeError, AttributeError, RecursionError):
            return None
        lazy = Deferred(count, lambda: _links(path, links, count))
        return Kept(dataclasses.replace(made, links=lazy), verdicts)

    def put(self, key: str, kept: Kept) -> None:
        path = self._path(key)
        if path is None:
            return
        links = json.dumps(_LINK.encode(kept.map.links), separators=(",", ":")).encode()
        body = {
            "map": _MAP.encode([dataclasses.replace(kept.map, links=())]),
            "verdicts": _VERDICT.encode(kept.verdicts),
        }
        rest = json.dumps(body, separators=(",", ":")).encode() + b"\n" + zlib.compress(links, 1)
        head = {
            "format": _FORMAT,
            "key": key,
            "digest": hashlib.sha256(rest).hexdigest(),
            "links": len(kept.map.links),
        }
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(str(path), json.dumps(head).encode() + b"\n" + rest)
        except Exception:  # an unwritable cache only costs speed
            return


def _links(path: Path, data: bytes, count: int) -> tuple[Link, ...]:
    """The links of an entry that matched its digest: one that does not
    decode (or not to as many links as its head says) was written by
    something else than docs-check."""
    try:
        with collector_paused():
            links = tuple(_LINK.decode(json.loads(zlib.decompress(data))))
        if len(links) != count:
            raise ValueError(f"{len(links)} links where its head says {count}")
        return links
    except (
        ValueError,
        LookupError,
        TypeError,
        AttributeError,
        RecursionError,
        zlib.error,
    ) as error:
        raise InputError(
            f"{path}: a test map cache entry that docs-check did not write ({error}); "
            "remove it, or run with --no-cache"
        ) from None
