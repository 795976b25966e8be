"""A read's cache entries in one file: what a warm run of the same pages
opens instead of one file a page.

A warm lint of a history opens the entry of every page blob it names (1,626
files for the real-shaped history of the benchmark): most of its time. A
pack holds the first five lines of each entry of one read (envelope, head,
the page rules' findings, APIs, heading lines; checker.sources.page_cache.entry),
in the read's order, under a name made of the paths read: the same command
finds it again, and a read of changed pages writes it anew in place, so the
cache does not grow with every edit. Its first line names the format, a
digest of the keys it holds and the size of the rest: one of other keys, or
cut short, is passed over (and rewritten by the read). Each entry in it is
checked as in its own file (checker.sources.page_cache.store.entry_of: a head or kept
findings edited since docs-check wrote them stop the run, naming the pack).
A page's body stays in the page's own file, read (and checked against its
digest) when its entries are first looked at: the pack keeps each page
file's size and time of change, and one whose files are not all as they were
is passed over, so that a damaged page file is found and rebuilt as without
a pack. (A file changed within the same tick of the clock and kept to its
size is still checked when its body is read: it then stops the run, naming
the pack, rather than being rebuilt.)"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Sequence

from checker.model.checked import Kept
from checker.model.support import Page
from checker.sources.page_cache.entry import (
    UNREADABLE,
    body_in,
    entry_of,
    read_regular,
)
from checker.sources.page_cache.store import PageCache

_PACK = "docs-check/pack/1"


def read_pack(
    cache: PageCache, paths: Sequence[str], keys: Sequence[str]
) -> list[tuple[Page, Kept | None]] | None:
    """The pages of `keys` (the entries of the pages at `paths`, in order)
    from their pack; None: no pack of those keys."""
    if cache.folder is None or not keys:
        return None
    pack = _pack_file(cache, paths)
    try:
        data = read_regular(pack)
        first = data.index(b"\n")
        document = json.loads(data[:first])
        whole = document.get("size") == len(data) - first - 1 and document.get("format") == _PACK
        lines = data[first + 1 :].split(b"\n")
        if not whole or document.get("keys") != _digest(keys) or len(lines) != 5 * len(keys):
            return None
        files = [cache.entry_file(key) for key in keys]
        if document.get("files") != _stats(files):
            return None  # a page's file changed since (or is gone): its body is there
        read: list[tuple[Page, Kept | None]] = []
        for index, (key, file) in enumerate(zip(keys, files, strict=True)):
            got = entry_of(lines[5 * index : 5 * index + 5], body_in(file), None, key, pack)
            if got is None:
                return None
            read.append(got)
        return read  # (its entries' prefixes are not kept: a read from its pack writes none)
    except UNREADABLE:
        return None


def write_pack(cache: PageCache, paths: Sequence[str], keys: Sequence[str]) -> bool:
    """Packs the entries of `keys` this run read or wrote (`cache.prefixes`);
    False when one is not at hand (or there is no folder to write to)."""
    if cache.folder is None or not keys or not all(key in cache.prefixes for key in keys):
        return False
    rest = b"\n".join(cache.prefixes[key] for key in keys)
    files = _stats([cache.entry_file(key) for key in keys])
    if files is None:
        return False
    envelope = {"format": _PACK, "keys": _digest(keys), "size": len(rest), "files": files}
    try:  # the bytes as written (ESCAPE writes no byte that is not UTF-8)
        text = json.dumps(envelope) + "\n" + rest.decode("utf-8")
    except UnicodeDecodeError:  # an entry docs-check did not write: no pack of it
        return False
    return cache.write_file(_pack_file(cache, paths), text)


def _stats(files: Sequence[str]) -> list[list[int]] | None:
    """Each file's size and time of change; None when one is gone."""
    try:
        return [[(seen := os.stat(file)).st_size, seen.st_mtime_ns] for file in files]
    except OSError:
        return None


def _pack_file(cache: PageCache, paths: Sequence[str]) -> str:
    assert cache.folder is not None
    name = hashlib.sha256("\0".join((_PACK, *paths)).encode("utf-8", "surrogateescape"))
    return os.path.join(cache.folder, "packs", name.hexdigest() + ".pack")


def _digest(keys: Sequence[str]) -> str:
    return hashlib.sha256("\n".join(keys).encode()).hexdigest()
