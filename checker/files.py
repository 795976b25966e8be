"""The checker's own files: output written so that a reader never sees half a
file (its versioned JSON documents, evidence and baselines, are read back by
checker.jsonfile), and what a data file's ValueError says.

Names read from the file system are str with surrogateescape: a byte of a file
name that is not UTF-8 is a lone surrogate (0xff is U+DCFF). Every output
(stdout, --output, baselines, evidence, the page cache) writes such a code
point as Python's backslashreplace does, `\\udcff`: plain text in the text,
Markdown and XML reports, and a string escape in JSON, which a JSON reader
turns back into the surrogate (and os.fsencode into the byte)."""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
from pathlib import Path
from typing import Protocol

from checker.errors import UsageError
from checker.i18n import N_, message

ESCAPE = "backslashreplace"  # the error handler every output encodes with
_SURROGATE = re.compile("[\ud800-\udfff]")


def encodable(text: str) -> str:
    """`text` with each lone surrogate written as its `\\udcff` escape, as
    writing it with errors=ESCAPE would: for streams that encode strictly."""
    if _SURROGATE.search(text) is None:
        return text
    return text.encode("utf-8", ESCAPE).decode("utf-8")


def from_here(path: Path | str) -> str:
    """A path as the current folder reaches it (relative where it can be)."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(Path(path).absolute())


def within(path: str, folder: str) -> bool:
    """Whether `path` is `folder` or under it, as text (both named alike:
    absolute, or both from one place; a link is not followed)."""
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


def named_from_here(path: str) -> str:
    """A page's path as a message names it: an absolute one inside the current
    folder from there (lintrunner passes absolute paths from the repository's
    root, and a message that names another page should not carry the folder
    the run was given), one outside it (which `../..` would name no better)
    and a relative one (already from the current folder, or inside a git
    ref's tree) as given."""
    if not os.path.isabs(path):
        return path
    try:
        here = os.getcwd()
    except OSError:  # the current folder was removed: nothing to name it from
        return path
    return from_here(path) if Path(path).is_relative_to(here) else path


def write_atomically(
    path: str, text: str | bytes, *, into_devices: bool = True, like: Owned | None = None
) -> None:
    """Writes `text` to `path` so that no reader sees half of it: into a
    temporary file beside it, renamed over it. A symlink to a regular file (or
    to nothing yet) stays a link: the file it points to is the one replaced.
    A FIFO, a character device or an open descriptor (`/dev/stdout`,
    `/dev/fd/N`, a link to one) is written into, in place, appending, as a
    shell's `>` would. `into_devices` False (the page cache) replaces whatever
    is at `path` instead, never following a link or waiting for a reader.
    `like`: the new file takes this mode and owner (the page it replaces:
    a rewrite keeps both; the owner where this user may give it), instead of
    a new file's (0666 less the umask, this user's). Bytes are written as they
    are (a kept test map's compressed links, checker.testmap.kept)."""
    target = Path(path)
    if into_devices:
        into, target = _destination(path)
        if into:
            _write_into(path, text)
            return
    temporary: str | None = None
    try:
        handle, temporary = _temporary_beside(target)
        with os.fdopen(handle, "wb") as stream:
            stream.write(text.encode("utf-8", ESCAPE) if isinstance(text, str) else text)
        if like is None:
            os.chmod(temporary, 0o666 & ~current_umask())  # the temporary file is private (0600)
        else:
            _take_owner(temporary, like)
            os.chmod(temporary, stat.S_IMODE(like.mode))  # after chown, which clears setuid
        os.replace(temporary, target)
    except BaseException as error:
        if temporary is not None:  # not replaced: leave no temporary file behind
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(error, OSError):
            raise UsageError.saying(
                N_("{path}: cannot write: {why}"), path=path, why=error.strerror or str(error)
            ) from None
        raise


# what tempfile.mkstemp opens its file with: only a new file, never through a link
_NEW_FILE = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
_NEW_FILE |= getattr(os, "O_BINARY", 0) | getattr(os, "O_NOINHERIT", 0)


def _temporary_beside(target: Path) -> tuple[int, str]:
    """A new private (0600) file beside `target`, open, and its name, as
    tempfile.mkstemp makes one: a name of random letters tried until one is
    new. Not tempfile itself: its import (shutil, random and the compressors
    behind them) was 3 ms of a one-page lint, which writes its cache entry."""
    folder = target.parent or Path(".")
    for _ in range(100):  # mkstemp's tries
        name = os.path.abspath(folder / f".{target.name}.{os.urandom(6).hex()}")
        try:
            return os.open(name, _NEW_FILE, 0o600), name
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no new temporary file name found", str(folder))


class Owned(Protocol):
    """A file's mode and owner (checker.rewrite.source.Held)."""

    @property
    def mode(self) -> int: ...
    @property
    def uid(self) -> int: ...
    @property
    def gid(self) -> int: ...


def _take_owner(path: str, like: Owned) -> None:
    """The owner and group of `like` where permitted: root gives any, another
    user only a group of their own, so the owner is kept as far as it can be."""
    info = os.stat(path)
    if (info.st_uid, info.st_gid) == (like.uid, like.gid):
        return
    try:
        os.chown(path, like.uid, like.gid)
    except OSError:
        with contextlib.suppress(OSError):
            os.chown(path, -1, like.gid)


# /dev/fd/1, /proc/self/fd/1: a link to whatever the descriptor is open on,
# a regular file too (`--output /dev/stdout >> log` must append to log).
_DESCRIPTOR = re.compile(r"/(?:dev|proc/(?:self|thread-self|\d+)(?:/task/\d+)?)/fd/\d+")


def _destination(path: str) -> tuple[bool, Path]:
    """(written into in place?, the path to replace otherwise)."""
    try:
        info: os.stat_result | None = os.stat(path)  # follows links
    except FileNotFoundError:  # not there yet, or a link to nothing yet
        info = None
    except OSError:  # a link loop, a folder that cannot be searched: the write says so
        return False, Path(path)
    if info is not None and (stat.S_ISCHR(info.st_mode) or stat.S_ISFIFO(info.st_mode)):
        return True, Path(path)
    if not os.path.islink(path):
        return False, Path(path)
    if info is not None and _names_a_descriptor(path):
        return True, Path(path)
    return False, Path(os.path.realpath(path))


def _names_a_descriptor(path: str) -> bool:
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        if _DESCRIPTOR.fullmatch(current):
            return True
        try:
            link = os.readlink(current)
        except OSError:
            return False
        current = os.path.normpath(os.path.join(os.path.dirname(current), link))
    return False


def _write_into(path: str, text: str | bytes) -> None:
    try:
        with open(path, "ab") as stream:
            stream.write(text.encode("utf-8", ESCAPE) if isinstance(text, str) else text)
    except OSError as error:
        raise UsageError.saying(
            N_("{path}: cannot write: {why}"), path=path, why=error.strerror or str(error)
        ) from None


def current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def value_problem(error: ValueError) -> str:
    """What a data file's ValueError that is no syntax error says, in the
    file's terms: int() refuses more digits than sys.get_int_max_str_digits(),
    in a message that suggests a call to change that."""
    if "integer string conversion" in str(error):
        return message(
            N_("an integer longer than {digits} digits"), digits=sys.get_int_max_str_digits()
        )
    return str(error)
