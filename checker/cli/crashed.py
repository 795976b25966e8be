"""The last resort: an exception no part of docs-check expected.

Like pre-commit's, it is one line on stderr (docs-check's version, what
failed, and the file that holds the details) and its own exit code,
`ExitCode.CRASHED`, so that CI tells a crash from findings (1) and from input
errors (2). The traceback, with the version, the interpreter, the platform and
the command line, goes to `docs-check.log` in the page cache's folder (each
crash replaces the last), or in the temporary folder when there is no cache
folder or it cannot be written."""

from __future__ import annotations

import platform
import sys
import tempfile
import traceback
from collections.abc import Sequence
from pathlib import Path

from checker import __version__
from checker.i18n import N_, message, say

LOG = "docs-check.log"


def crashed(error: BaseException, argv: Sequence[str] | None) -> str:
    """The one line for `error`; writes its log (when it can)."""
    what = f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
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


def _written(text: str) -> Path | None:
    """The log's path: the page cache's folder, else the temporary folder; None
    when neither can be written."""
    from checker.files import write_atomically
    from checker.sources.cache import default_cache_dir

    folders = [default_cache_dir(), Path(tempfile.gettempdir())]
    for folder in folders:
        if folder is None:
            continue
        path = folder / LOG
        try:
            folder.mkdir(parents=True, exist_ok=True)
            write_atomically(str(path), text)
        except Exception:  # the next folder, or no log
            continue
        return path.absolute()
    return None
