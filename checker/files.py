"""Writing output files so that a reader never sees half a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from checker.errors import UsageError


def write_atomically(path: str, text: str) -> None:
    target = Path(path)
    try:
        handle, temporary = tempfile.mkstemp(dir=target.parent or ".", prefix=f".{target.name}.")
        with os.fdopen(handle, "w", encoding="utf-8") as stream:
            stream.write(text)
        os.replace(temporary, target)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None
