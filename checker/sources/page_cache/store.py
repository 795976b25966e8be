"""A cache of read pages on disk, keyed by everything a page's reading depends
on: the file's bytes (by their git blob id), where it is (path, version,
language), the tool's version and the catalogue and rules; and beside each
page what its own lint rules found on it (checker.sources.page_cache.checked_store).
Entries are JSON, written atomically (an entry's file and its lines:
checker.sources.page_cache.entry); one that
does not parse (nested too deeply, an integer too long), holds values of the
wrong type, is cut short, was written for another key or is no regular file
(a FIFO would block the read) is ignored and rebuilt. Each entry's first line
holds digests of the rest (a page's head and body; the kept findings): one
whose body no longer matches (or whose kept findings are no longer JSON) was
cut short, and is rebuilt; one whose body is whole but whose head (or whose
kept findings, still JSON) no longer matches was edited after docs-check
wrote it, and stops the run (InputError naming it). Without a
folder for it (no DOCS_CHECK_CACHE_DIR, XDG_CACHE_HOME or home directory)
there is no cache."""

from __future__ import annotations

import functools
import hashlib
import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path

from checker.files import ESCAPE, write_atomically
from checker.model.catalogue import Catalogue, rules_dir
from checker.model.checked import Kept
from checker.model.docfile import DocFile
from checker.model.finding import Finding
from checker.model.support import Page
from checker.salt import salt
from checker.sources.page_cache.entry import (
    FORMAT,
    UNREADABLE,
    body_in,
    checked_text,
    damaged_entry,
    digest,
    entry_lines,
    entry_of,
    entry_read,
    entry_text,
    envelope_of,
    kept_from,
    prefix_size,
    read_regular,
)

CHECKED = "docs-check/checked/4"  # the format of the kept findings (checked_store)


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
def catalogue_fingerprint(catalogue: Catalogue) -> bytes:
    """A digest of everything in the catalogue (frozen dataclasses and tuples
    all the way down, so their repr is the same in every run)."""
    return hashlib.sha256(repr(catalogue).encode("utf-8")).digest()


def blob_id(data: bytes) -> str:
    """The id git gives these bytes as a blob (SHA-1 object format): the same
    key for a page in the working tree and at a ref."""
    digest = hashlib.sha1(b"blob %d\0" % len(data), usedforsecurity=False)
    digest.update(data)
    return digest.hexdigest()


class PageCache:
    """`folder` None: a cache that holds nothing (no folder to keep it in)."""

    def __init__(self, folder: Path | None) -> None:
        self.folder = folder
        self._salt = reading_salt()
        # the digest of the salt and a catalogue, begun once: a warm history
        # makes thousands of keys, and looking the fingerprint up hashes the
        # whole catalogue each time
        self._begun: tuple[Catalogue, hashlib._Hash] | None = None
        # keys made with it: a page's key is asked again for its kept findings
        self._made: dict[tuple[str, str, str, str], str] = {}
        # the first five lines (all but the body) of the entries this run
        # read or wrote, by key: what a pack of them holds (checker.sources.page_cache.pack)
        self.prefixes: dict[str, bytes] = {}

    def __getstate__(self) -> dict[str, object]:
        """As the workers are given it: a digest under way does not pickle."""
        return {**self.__dict__, "_begun": None, "_made": {}, "prefixes": {}}

    def key(self, doc: DocFile, content: str, catalogue: Catalogue) -> str:
        """`content`: the git blob id of the page's bytes (`blob_id`), which a
        page at a git ref has without its bytes being fetched. `catalogue`: the
        one the page is read with, the shipped one with the products and scope
        a project's configuration adds (a product it names is no longer unknown)."""
        if self._begun is None or self._begun[0] is not catalogue:
            begun = hashlib.sha256(self._salt)
            begun.update(catalogue_fingerprint(catalogue))
            self._begun, self._made = (catalogue, begun), {}
        parts = (doc.path, doc.version, doc.lang, content)
        made = self._made.get(parts)
        if made is None:
            digest = self._begun[1].copy()
            for part in parts:
                digest.update(part.encode("utf-8", "surrogateescape") + b"\0")
            made = self._made[parts] = digest.hexdigest()
        return made

    def get_read(self, key: str) -> tuple[Page, Kept | None] | None:
        """The page kept under `key`, and what its own rules found where it was
        read (None: the read ran none); None: not kept (or to be rebuilt)."""
        if self.folder is None:
            return None
        path = self._file(self.folder, key)
        try:
            return self.read(read_regular(path), key, path)
        except UNREADABLE:
            return None  # missing, corrupt or foreign: read the page again

    def read(self, data: bytes, key: str | None, path: str) -> tuple[Page, Kept | None] | None:
        """`entry_read`, the entry's first lines kept for a pack (`prefixes`)."""
        read = entry_read(data, key, path)
        if read is not None and key:
            self.prefixes[key] = data[: prefix_size(data)]
        return read

    def read_filed(self, prefix: bytes, key: str, path: str) -> tuple[Page, Kept | None] | None:
        """The page of an entry this run wrote under `key` (a worker did),
        from its first five lines (`prefix`): its body stays in its file,
        read when its entries are first looked at, as a pack's are."""
        read = entry_of(prefix.split(b"\n"), body_in(self.entry_file(key)), None, key, path)
        if read is not None:
            self.prefixes[key] = prefix
        return read

    def put(self, key: str, page: Page, own: Sequence[Finding] | None = None) -> bool:
        """False: not kept (no folder, or one that cannot be written)."""
        return self.put_text(key, entry_text(key, page, own))

    def put_text(self, key: str, text: str) -> bool:
        """`entry_text`'s text kept under `key` (a worker makes it once, for
        the cache and for its answer)."""
        written = self._write(key, lambda: text)
        if written:  # (the body, most of it, is not encoded again)
            self.prefixes[key] = text[: prefix_size(text)].encode("utf-8", ESCAPE)
        return written

    def get_checked(self, key: str) -> Kept | None:
        """What `put_checked` kept under `key`: findings, and calls giving its
        entries' APIs and heading lines, decoded when first asked for: a warm
        history asks for every page's APIs (which pages a rule judges) but for
        few pages' lines, and decoding them all was most of looking up."""
        if self.folder is None:
            return None
        path = self._file(self.folder, key)
        try:
            envelope, found, apis, lines = entry_lines(read_regular(path), 4)
            if (document := envelope_of(envelope, CHECKED, key)) is None:
                return None
            if document.get("digest") != digest(b"\n".join((found, apis, lines))):
                for line in (found, apis, lines):
                    json.loads(line)  # cut short: not JSON, and rebuilt
                raise damaged_entry(path, "its findings do not match their digest")
            return kept_from(found, apis, lines, lambda error: damaged_entry(path, error))
        except UNREADABLE:
            return None

    def put_checked(
        self, key: str, findings: Sequence[Finding], heads: Sequence[tuple[int, str]]
    ) -> None:
        def text() -> str:
            kept = checked_text(findings, heads)
            envelope = {
                "format": CHECKED,
                "key": key,
                "digest": digest(kept.encode("utf-8", ESCAPE)),
            }
            return json.dumps(envelope, ensure_ascii=False) + "\n" + kept

        self._write(key, text)

    def _write(self, key: str, text: Callable[[], str]) -> bool:
        if self.folder is None:
            return False
        try:
            made = text()
        except Exception:  # an unwritable cache only costs speed
            return False
        return self.write_file(self._file(self.folder, key), made)

    def entry_file(self, key: str) -> str:
        """The file of the entry under `key` (a folder there must be)."""
        assert self.folder is not None
        return self._file(self.folder, key)

    @staticmethod
    def write_file(path: str, text: str) -> bool:
        """`text` written at `path` in the cache folder; False: it cannot be."""
        try:
            os.makedirs(os.path.dirname(path), exist_ok=True)
            write_atomically(path, text, into_devices=False)  # a FIFO there is replaced
        except Exception:  # an unwritable cache only costs speed
            return False
        return True

    @staticmethod
    def _file(folder: Path, key: str) -> str:
        # strings, not Paths: a warm history looks up thousands of entries
        return os.path.join(folder, key[:2], key + ".json")


# The code an entry is made by: the readers and the model they build, the page
# rules whose findings an entry holds (with the registry, checker.ids, that
# levels them), and the entry's format.
_MADE_BY = (
    "read",
    "model",
    "checks",
    "ids",
    "sources/page_cache/entry.py",
    "sources/page_cache/model_rows.py",
)


def reading_salt() -> bytes:
    """The tool's version, its code that makes an entry and the shipped data: a
    change to any is a new cache."""
    return salt(FORMAT, _MADE_BY, sorted(rules_dir().glob("*.toml")))
