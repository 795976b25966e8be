"""Writing output files so that a reader never sees half a file."""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path

from checker.errors import UsageError


def write_atomically(path: str, text: str) -> None:
    target = Path(path)
    temporary: str | None = None
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.chmod(temporary, 0o666 & ~_umask())  # mkstemp's file is private (0600)
        os.replace(temporary, target)
    except BaseException as error:
        if temporary is not None:  # not replaced: leave no temporary file behind
            with contextlib.suppress(OSError):
                os.unlink(temporary)
        if isinstance(error, OSError):
            raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask
