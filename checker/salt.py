"""What a cache's entries were made by: the cache's format, the tool's version
and the code that makes the entries. The code counts because a version number
does not change with an edit: in an editable install (a developer's checkout)
a changed reader would otherwise take entries its old self wrote. Hashing the
few dozen source files costs about a millisecond a run."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from pathlib import Path

from checker import __version__

PACKAGE = Path(__file__).parent


def salt(form: str, sources: Iterable[str], data: Iterable[Path] = ()) -> bytes:
    """A digest of `form`, the version, each source (a module, or a folder of
    modules, relative to the package) and each data file, by name and bytes."""
    digest = hashlib.sha256(f"{form}\0{__version__}\0".encode())
    for source in sources:
        where = PACKAGE / source
        for path in sorted(where.glob("*.py")) if where.is_dir() else [where]:
            digest.update(f"{source}/{path.name}\0".encode() + path.read_bytes() + b"\0")
    for path in data:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    return digest.digest()
