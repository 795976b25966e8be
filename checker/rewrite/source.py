"""A page's text exactly as its file holds it, for a rewrite that must change
nothing it does not mean to: line endings, a byte order mark and the final
newline (or its absence) are kept; and what the rewrite's writer compares
the file with just before replacing it (the bytes read, the file's identity,
its mode and owner). A page reached through a symlink is not read for a
rewrite (checker.rewrite.place); `opened` says why a page is not."""

from __future__ import annotations

import codecs
import os
from dataclasses import dataclass, replace

from checker.errors import InputError
from checker.i18n import N_
from checker.read.load import decode_page, load_bytes, page_lines
from checker.rewrite.place import Linked, refuse_links

_BOM = codecs.BOM_UTF8.decode("utf-8")
CHANGED = "{path}: not written: the page changed while docs-check rewrote it; run again"


@dataclass(frozen=True)
class Held:
    """What a file was when a rewrite read it: the same file (device, inode),
    with the mode and owner its replacement takes."""

    device: int
    inode: int
    mode: int
    uid: int
    gid: int
    ctime_ns: int

    @classmethod
    def of(cls, info: os.stat_result) -> Held:
        return cls(
            info.st_dev, info.st_ino, info.st_mode, info.st_uid, info.st_gid, info.st_ctime_ns
        )

    def same_file(self, other: Held) -> bool:
        return (self.device, self.inode) == (other.device, other.inode)


@dataclass(frozen=True)
class Source:
    """A page's text exactly as on disk, with the bytes and file it was read from."""

    path: str
    text: str  # without the byte order mark
    bom: bool = False
    data: bytes | None = None  # the bytes read; None for a file a rewrite creates
    held: Held | None = None

    @property
    def lines(self) -> list[str]:
        """The lines with their endings (\\n, \\r\\n), as in the file."""
        return page_lines(self.text, keepends=True)

    def with_text(self, text: str) -> Source:
        return replace(self, text=text)

    @property
    def written(self) -> str:
        """What the file holds: the text, behind its byte order mark if it had one."""
        return (_BOM if self.bom else "") + self.text


def load_source(path: str, trees: tuple[str, ...] = (), since: int | None = None) -> Source:
    """Raises InputError (one line, path[:line]) as reading a page does; a
    page reached through a symlink (checker.rewrite.place.Linked); and a page
    changed (its inode's ctime) at or after `since` (ns), when the command
    began: the page its model was read from is then no longer this text."""
    refuse_links(path, trees)
    data = load_bytes(path)
    try:
        # after the read: a change since `since` shows in it, one after it in the bytes
        held = Held.of(os.stat(path))
    except OSError as error:
        raise InputError.saying(
            N_("{path}: cannot read: {why}"), path=path, why=error.strerror or str(error)
        ) from None
    if since is not None and held.ctime_ns >= since:
        raise InputError(CHANGED.format(path=path))
    text = decode_page(path, data)
    return Source(path, text, data.startswith(codecs.BOM_UTF8), data, held)


@dataclass(frozen=True)
class Skipped:
    """Something a rewrite left as it was, at its place, and why."""

    path: str
    line: int
    why: str


def opened(
    path: str,
    trees: tuple[str, ...],
    since: int | None,
    skipped: list[Skipped],
    errors: list[str],
) -> Source | None:
    """A page's text to rewrite, or None once it is said why not: a link
    inside the tree is left as a link (a `Skipped` line), one leaving it and a
    page gone or changed since the command started are input errors."""
    try:
        return load_source(path, trees, since)
    except Linked as link:
        if link.inside:
            skipped.append(Skipped(path, 1, link.why))
        else:
            errors.append(str(link))
    except InputError as error:
        errors.append(str(error))
    return None
