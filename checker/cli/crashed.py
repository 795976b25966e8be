"""The last resort: an exception no part of docs-check expected.

Like pre-commit's, it is one line on stderr (docs-check's version, what
failed, and the file that holds the details) and its own exit code,
`ExitCode.CRASHED`, so that CI tells a crash from findings (1) and from input
errors (2). The traceback, with the version, the interpreter, the platform and
the command line, goes to `docs-check.log` in the page cache's folder (each
crash replaces the last, and whatever else is at that name: a link there is
replaced, never followed), or, when there is no cache folder or it cannot be
written, to a new file of its own in the temporary folder,
`docs-check-XXXXXXXX.log` (a shared folder: another user's link or file at a
name known in advance would be followed or replaced). When neither can be
written (a read-only container, where even tempfile finds no folder), the
line says so: the handler itself never fails."""

from __future__ import annotations

import contextlib
import os
import platform
import sys
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path

from checker import __version__
from checker.files import ESCAPE, write_atomically
from checker.i18n import N_, message, say
from checker.sources.page_cache.store import default_cache_dir

LOG = "docs-check.log"


def crashed(error: BaseException, argv: Sequence[str] | None) -> str:
    """The one line for `error`; writes its log (when it can)."""
    what = _said(error)
    what = f"{type(error).__name__}: {what}" if what else type(error).__name__
    what = what.splitlines()[0] if what.strip() else type(error).__name__
    log = _written(_log_text(error, argv))
    if log is None:
        template = N_(
            "docs-check {version}: unexpected error: {what} (no log could be written; "
            "please report it with the command that failed)"
        )
        return say(message(template, version=__version__, what=what))
    template = N_(
        "docs-check {version}: unexpected error: {what}; the details are in {log} "
        "(please report it with that file)"
    )
    return say(message(template, version=__version__, what=what, log=str(log)))


def _log_text(error: BaseException, argv: Sequence[str] | None) -> str:
    command = list(argv) if argv is not None else sys.argv[1:]
    return "".join(
        [
            "### version information\n\n",
            f"docs-check: {__version__}\n",
            f"python: {sys.version.split()[0]} ({sys.executable})\n",
            f"platform: {platform.platform()}\n",
            f"command: docs-check {' '.join(command)}\n\n",
            "### error information\n\n",
            *traceback.format_exception(error),
        ]
    )


def _said(error: BaseException) -> str:
    """What `error` says of itself: "" when its __str__ fails too (as
    traceback says, `<exception str() failed>`, the log keeps the rest)."""
    try:
        return str(error)
    except Exception:
        return ""


def _written(text: str) -> Path | None:
    """The log's path: the page cache's folder, else the temporary folder; None
    when neither can be written."""
    cache = default_cache_dir()
    if cache is not None:
        path = cache / LOG
        try:
            cache.mkdir(parents=True, exist_ok=True)
            # as the page cache writes: whatever is at the name replaced, no link followed
            write_atomically(str(path), text, into_devices=False)
        except Exception:  # the temporary folder, or no log
            pass
        else:
            return path.absolute()
    try:
        # a new file (O_EXCL: nothing there is followed or replaced), the user's alone
        handle, name = tempfile.mkstemp(prefix="docs-check-", suffix=".log")
    except OSError:  # gettempdir too: "No usable temporary directory found"
        return None
    try:
        with os.fdopen(handle, "w", encoding="utf-8", errors=ESCAPE) as stream:
            stream.write(text)
    except OSError:  # a full disk: no half a log left behind
        with contextlib.suppress(OSError):
            os.unlink(name)
        return None
    return Path(name).absolute()
