"""The checker's own files: output written so that a reader never sees half a
file, and its versioned JSON documents (evidence, baselines) read back."""

from __future__ import annotations

import contextlib
import json
import os
import tempfile
from pathlib import Path
from typing import Any

from checker.errors import InputError, UsageError


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


def load_versioned(path: str, schema: str, version: int, kind: str, broken: str) -> dict[str, Any]:
    """A JSON document of ours: an object with `schema` and a `schema_version` no
    newer than `version`. `kind` and `broken` name it in the one-line errors."""
    article = "an" if kind[0] in "aeiou" else "a"
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"{path}: cannot read {kind}: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        where = f":{error.lineno}" if isinstance(error, json.JSONDecodeError) else ""
        raise InputError(f"{path}{where}: not {article} {kind} file: {error}") from None
    if not isinstance(document, dict) or document.get("schema") != schema:
        raise InputError(f"{path}: not a docs-check {kind} file (no schema {schema!r})")
    found = document.get("schema_version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise InputError(f"{path}: {broken}: schema_version {found!r}")
    if found > version:
        raise InputError(
            f"{path}: {kind} schema version {found!r} is newer than this docs-check "
            f"reads ({version}); upgrade docs-check"
        )
    return document
