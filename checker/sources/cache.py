"""A cache of read pages on disk, keyed by everything a page's reading depends
on: the file's bytes (by their git blob id), where it is (path, version,
language), the tool's version and the catalogue and rules; and beside each
page what its own lint rules found on it (`CheckedStore`). Entries are JSON,
written atomically (the format: checker.sources.cache_rows); an entry that
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
import stat
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, AnyStr

from checker.errors import InputError
from checker.files import ESCAPE, write_atomically
from checker.model.catalogue import Catalogue, rules_dir
from checker.model.checked import Kept
from checker.model.finding import Finding
from checker.model.support import Page
from checker.salt import salt
from checker.sources.cache_rows import (
    Body,
    checked_text,
    digest,
    kept_from,
    page_from,
    page_text,
)
from checker.sources.discover import DocFile

if TYPE_CHECKING:
    import concurrent.futures

# 3: lines; 4: full names; 5: empty tables, deep nesting; 6: docs-check comments;
# 7: messages as template and arguments; 8: fixes; 9: keyed by blob id, pages at
# refs stored as read in no tree; 10: tables of statuses and status texts;
# 11: a head and a body read when needed, the page rules' findings beside;
# 12: an envelope with the digests of head and body (checked/2: of the findings)
# 13: cut tables, blocks past comments and divs, stray block ends, quoted labels
# 14: bodies checked when first decoded; 15: the page rules' findings in the
# page's own entry, when its read ran them (checked/3 keeps the others')
_FORMAT = "docs-check/page-cache/15"
_CHECKED = "docs-check/checked/3"


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
        # the digest of the salt and a catalogue, begun once: a warm history
        # makes thousands of keys, and looking the fingerprint up hashes the
        # whole catalogue each time
        self._begun: tuple[Catalogue, hashlib._Hash] | None = None
        # keys made with it: a page's key is asked again for its kept findings
        self._made: dict[tuple[str, str, str, str], str] = {}
        # the first five lines (all but the body) of the entries this run
        # read or wrote, by key: what a pack of them holds (checker.sources.pack)
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
            begun.update(_fingerprint(catalogue))
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
            envelope, found, apis, lines = _lines(read_regular(path), 4)
            if (document := _envelope(envelope, _CHECKED, key)) is None:
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
                "format": _CHECKED,
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


# What a missing, corrupt, foreign or hostile entry raises on the way to a
# Page: OSError (missing, not a regular file), ValueError (not JSON, an integer
# too long, a value of the wrong type), RecursionError (nested too deeply),
# LookupError (a key or product missing), TypeError and AttributeError (a row
# of the wrong shape), OverflowError (a line of 1e400).
UNREADABLE = (
    OSError,
    ValueError,
    LookupError,
    TypeError,
    AttributeError,
    ArithmeticError,
    RecursionError,
)


def entry_text(key: str | None, page: Page, own: Sequence[Finding] | None = None) -> str:
    """A page's entry (checker.sources.cache_rows), and what its own rules
    found (`own`; None: not run)."""
    return page_text(page, {"format": _FORMAT, "key": key or ""}, own)


def entry_read(data: bytes, key: str | None, path: str) -> tuple[Page, Kept | None] | None:
    """The page of an entry's bytes, and what its own rules found (None: not
    run); None for an entry cut short or of another format or key. Raises
    InputError for an entry edited since docs-check wrote it (`path` names
    it), and what UNREADABLE names for one that is not an entry at all."""
    prefix = prefix_size(data)
    # the body by view, not copied: a warm run decodes few bodies, and
    # copying them all was a third of looking the pages up
    body = memoryview(data)[prefix + 1 :]
    return entry_of(data[:prefix].split(b"\n"), body, len(body), key, path)


def prefix_size(data: AnyStr) -> int:
    """Where an entry's first five lines (all but its body) end, in its bytes
    or its text."""
    newline = b"\n" if isinstance(data, bytes) else "\n"
    end = -1
    for _ in range(5):
        end = data.index(newline, end + 1)
    return end


def entry_of(
    lines: Sequence[bytes], body: Body, size: int | None, key: str | None, path: str
) -> tuple[Page, Kept | None] | None:
    """`entry_read` of an entry's first five lines and its body (`size`: the
    body's, when it is at hand). `path` names the file they are in."""
    envelope, head, found, apis, kept_lines = lines
    document = _envelope(envelope, _FORMAT, key or "")
    if document is None or (size is not None and document.get("size") != size):  # cut short
        return None
    if document.get("head") != digest(head):  # whole, but its head changed since
        raise damaged_entry(path, "its head does not match its digest")
    if document.get("checked") != digest(b"\n".join((found, apis, kept_lines))):
        raise damaged_entry(path, "its findings do not match their digest")

    def damaged(error: Exception | str) -> InputError:
        return damaged_entry(path, error)

    kept = kept_from(found, apis, kept_lines, damaged)
    return page_from(json.loads(head), body, document.get("body"), damaged), kept


def _lines(data: bytes, count: int) -> list[bytes]:
    """An entry's `count` lines; fewer is a ValueError (not an entry: rebuilt)."""
    lines = data.split(b"\n", count - 1)
    if len(lines) != count:
        raise ValueError("an entry cut short")
    return lines


def _envelope(line: bytes, form: str, key: str) -> dict[str, object] | None:
    """An entry's first line, when it is of `form` for `key`; None: foreign."""
    document = json.loads(line)
    if not isinstance(document, dict) or document.get("format") != form:
        return None
    return document if document.get("key") == key else None


def read_regular(path: str) -> bytes:
    """The bytes of a regular file; anything else (a FIFO, a device) is an
    OSError, found without waiting: the file is opened non-blocking, then seen."""
    handle = os.open(path, os.O_RDONLY | _NONBLOCK | _BINARY)
    with open(handle, "rb") as stream:
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            raise OSError(f"{path}: not a regular file")
        return stream.read()


# The code an entry is made by: the readers and the model they build, the page
# rules whose findings an entry holds, and the entry's format.
_MADE_BY = ("read", "model", "checks", "sources/cache_rows.py")


def _salt() -> bytes:
    """The tool's version, its code that makes an entry and the shipped data: a
    change to any is a new cache."""
    return salt(_FORMAT, _MADE_BY, sorted(rules_dir().glob("*.toml")))


def damaged_entry(path: str, error: Exception | str) -> InputError:
    return InputError(
        f"{path}: a page cache entry that docs-check did not write ({error}); "
        "remove it, or run with --no-cache"
    )


class CheckedStore:
    """What a page's own lint rules found on it, and its entries' heading
    lines and APIs, kept in the page cache under the page's key and the lint
    rules' salt: a warm lint takes them instead of decoding the page's entries
    to run the rules again (checker.checks.reuse). Pages without a blob id
    (made in no read) are not kept. So are what the cross-page rules found on
    a folder of pages at a ref, under a key naming its pages' blobs.

    Entries are written by a thread of their own while the rules go on to the
    next page: creating a file costs this machine's disk 0.3-2 ms, half
    of a cold lint's checks, and the workers are done by then, so a core is
    free for it. Used as a context manager, which waits for the writes."""

    def __init__(self, cache: PageCache, catalogue: Catalogue) -> None:
        self.cache, self.catalogue = cache, catalogue
        self._writer: concurrent.futures.ThreadPoolExecutor | None = None

    def __enter__(self) -> CheckedStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self._writer is not None:
            # after an error (Ctrl-C) only the write under way is waited for
            self._writer.shutdown(wait=True, cancel_futures=kind is not None)
            self._writer = None

    def load(self, page: Page) -> Kept | None:
        key = self._key(page)
        return self.cache.get_checked(key) if key else None

    def save(
        self, page: Page, findings: Sequence[Finding], heads: Sequence[tuple[int, str]]
    ) -> None:
        key = self._key(page)
        if key:
            self._put(key, findings, heads)

    def load_compared(self, key: str) -> tuple[Finding, ...] | None:
        """What a cross-page rule found on a folder of pages (checker.checks.
        reuse): `key` names the rule, the folder's version and its pages."""
        kept = self.cache.get_checked(self._compared_key(key))
        return None if kept is None else kept[0]()

    def save_compared(self, key: str, findings: Sequence[Finding]) -> None:
        self._put(self._compared_key(key), findings, ())

    def _put(self, key: str, findings: Sequence[Finding], heads: Sequence[tuple[int, str]]) -> None:
        if self._writer is None:
            # imported at the first write: a warm run writes nothing
            from concurrent.futures import ThreadPoolExecutor

            self._writer = ThreadPoolExecutor(1, thread_name_prefix="docs-check-cache")
        self._writer.submit(self.cache.put_checked, key, tuple(findings), tuple(heads))

    def _key(self, page: Page) -> str | None:
        if not page.blob:
            return None
        doc = DocFile(page.inside, page.version, page.lang)
        return self._checked_key(self.cache.key(doc, page.blob, self.catalogue))

    def _compared_key(self, key: str) -> str:
        # the tool, the catalogue and the rules' data are in it, as in a page's key
        return self._checked_key(self.cache.key(DocFile("", "", ""), key, self.catalogue))

    @staticmethod
    def _checked_key(page_key: str) -> str:
        return hashlib.sha256(f"{_CHECKED}\0{page_key}".encode()).hexdigest()
