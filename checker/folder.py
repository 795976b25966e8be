"""A folder of output written whole (`report --html DIR`): made beside its
place under a temporary name, then moved there, so that no reader (a browser
open on the old site, a CI step that uploads it) sees half a site, and a run
that fails leaves the old site as it was. A folder that holds anything
docs-check did not write there is never replaced: its files are not ours."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path

from checker.errors import UsageError
from checker.files import current_umask
from checker.i18n import N_, message

# What marks a folder as one docs-check wrote, and may write again.
MARK = ".docs-check-site"
MARK_TEXT = b"A site written by docs-check report --html: it replaces this folder whole.\n"


def replace_folder(path: str, files: Mapping[str, bytes]) -> None:
    """Writes `files` (relative path -> bytes) as the folder `path`, in place
    of what was there: nothing, an empty folder, or a folder it wrote."""
    target = Path(path)
    _check_replaceable(target)
    made: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        made = tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.")
        os.chmod(made, 0o777 & ~current_umask())  # mkdtemp's folder is private (0700)
        for name, data in {**files, MARK: MARK_TEXT}.items():
            where = Path(made, name)
            where.parent.mkdir(parents=True, exist_ok=True)
            where.write_bytes(data)
        _swap(made, target)
        made = None
    except OSError as error:
        raise UsageError(
            message(N_("{path}: cannot write: {why}"), path=path, why=error.strerror or str(error))
        ) from None
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


def _check_replaceable(target: Path) -> None:
    if not target.exists() and not target.is_symlink():
        return
    if not target.is_dir() or target.is_symlink():
        raise UsageError(message(N_("{path}: not a folder"), path=str(target)))
    if any(target.iterdir()) and not (target / MARK).is_file():
        raise UsageError(
            message(
                N_("{path}: holds files docs-check did not write; give a new or empty folder"),
                path=str(target),
            )
        )


def _swap(made: str, target: Path) -> None:
    """Moves the old folder aside, the new one into its place, and removes the
    old; if the move in fails, the old folder is put back."""
    if not target.exists():
        os.rename(made, target)
        return
    old = tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.old.")
    os.rmdir(old)  # a free name beside it, for the rename
    os.rename(target, old)
    try:
        os.rename(made, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)
