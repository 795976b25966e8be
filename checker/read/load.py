"""A docs file's bytes to text, or one clear `InputError` saying why not (a
Message, shown in the language of the run: checker.errors)."""

from __future__ import annotations

import codecs
import re
import stat
from collections.abc import Sequence
from pathlib import Path

from checker.errors import InputError
from checker.i18n import N_, Message, message

MAX_BYTES = 16 * 1024 * 1024  # the largest real page is ~230 KB; far above that is not a page
_BREAK = re.compile(r"(\r\n|\r|\n)")
# A Git LFS pointer (git-lfs's spec: at most 1024 bytes, its version line
# first): what a checkout without Git LFS holds in place of the file.
_LFS_VERSION = b"version https://git-lfs.github.com/spec/"
_LFS_POINTER = N_(
    "{path}: a Git LFS pointer file, not the page (a checkout without Git LFS: run `git lfs pull`)"
)
_LFS_POINTERS = N_(
    "{count} files are Git LFS pointers, not pages, and were not checked (a checkout "
    "without Git LFS: run `git lfs pull`): {paths}"
)


def page_lines(text: str, keepends: bool = False) -> list[str]:
    """The page's lines as markdown-it numbers them: broken at \\n, \\r\\n
    and \\r only. str.splitlines also breaks at U+2028, U+0085, \\f and
    more, which would put every line after one a line off the parser's."""
    if "\r" not in text:  # most pages: str.split, three times faster than the pattern's
        lines = text.split("\n")
        last = lines.pop()
        if keepends:
            lines = [line + "\n" for line in lines]
        return [*lines, last] if last else lines
    parts = _BREAK.split(text)
    lines = ["".join(parts[i : i + 2]) if keepends else parts[i] for i in range(0, len(parts), 2)]
    if lines and lines[-1] == "":
        lines.pop()
    return lines


def readable(size: int) -> bool:
    """Whether a page of `size` bytes is read at all: what a rewrite must not
    write larger than, or no docs-check command could read it back."""
    return size <= MAX_BYTES


def load_text(path: str) -> str:
    return decode_page(path, load_bytes(path))


def load_bytes(path: str, limit: int = MAX_BYTES) -> bytes:
    """A file's bytes: only a regular file of at most `limit` bytes (a page's,
    unless said) is read."""
    try:
        info = Path(path).stat()
        if not stat.S_ISREG(info.st_mode):
            # a FIFO or device named *.md would block the read or never end
            raise InputError(message(N_("{path}: not a regular file, not read"), path=path))
        if info.st_size > limit:
            raise too_large(path, info.st_size, limit)
        return Path(path).read_bytes()
    except OSError as error:
        why = error.strerror or str(error)
        raise InputError(message(N_("{path}: cannot read: {why}"), path=path, why=why)) from None


def decode_page(path: str, data: bytes) -> str:
    """Bytes from a file or a git object into page text; `path` names it in errors."""
    if not readable(len(data)):
        raise too_large(path, len(data))
    # The BOM is dropped by hand, not by "utf-8-sig", whose error offsets would
    # then count from after it and name the wrong byte and line. A page is
    # empty by what follows it: a BOM alone is no text.
    bom = len(codecs.BOM_UTF8) if data.startswith(codecs.BOM_UTF8) else 0
    if not data[bom:].strip():
        raise InputError(message(N_("{path}: empty file"), path=path))
    if data.startswith(_LFS_VERSION) and len(data) <= 1024 and b"\noid sha256:" in data:
        raise InputError(message(_LFS_POINTER, path=path))
    if b"\0" in data[:8192]:
        raise InputError(message(N_("{path}: binary file, not a markdown page"), path=path))
    try:
        return data[bom:].decode("utf-8")
    except UnicodeDecodeError as error:
        offset = bom + error.start
        line = data.count(b"\n", 0, offset) + 1
        said = N_("{path}:{line}: invalid UTF-8 at byte offset {offset}; file skipped")
        raise InputError(message(said, path=path, line=line, offset=offset)) from None


def pointers_named_once(errors: Sequence[str]) -> list[str]:
    """The errors, with those of Git LFS pointer files made one line naming
    them all, in the place of the first: a checkout without Git LFS has a
    pointer for every page, and a run that read none must say so once."""
    pointers = [e for e in errors if isinstance(e, Message) and e.template == _LFS_POINTER]
    if len(pointers) < 2:
        return list(errors)
    paths = ", ".join(str(e.args["path"]) for e in pointers)
    said = message(_LFS_POINTERS, count=len(pointers), paths=paths)
    first = errors.index(pointers[0])
    rest = [e for e in errors if not (isinstance(e, Message) and e.template == _LFS_POINTER)]
    return [*rest[:first], said, *rest[first:]]


def too_large(path: str, size: int, limit: int = MAX_BYTES) -> InputError:
    """The error of a file of `size` bytes over `limit` (MAX_BYTES: a page's)."""
    said = N_("{path}: file too large ({size} MB; limit {limit} MiB), not read")
    mebibytes = limit // (1024 * 1024)
    return InputError(message(said, path=path, size=f"{size / 1e6:.1f}", limit=mebibytes))
