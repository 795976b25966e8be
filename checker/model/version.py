"""Docs versions and torch releases, which are the same thing: a docs folder
pytorch_2-12-0 documents torch 2.12.0, and an interpreter whose torch is
2.12.0+cpu (or 2.12.0a0+git1234, 2.12.0rc1) speaks for it."""

from __future__ import annotations

import re

_RELEASE = re.compile(r"(\d+\.\d+\.\d+)")


def release_of(torch_version: str | None) -> str | None:
    """X.Y.Z of a torch version string; None when there is none."""
    match = _RELEASE.match(torch_version or "")
    return match.group(1) if match else None


def version_key(version: str) -> tuple[int, ...]:
    """2.7.1 < 2.11.0: versions sort by number, not by text. A part that is not
    a number sorts before every number."""
    return tuple(int(part) if part.isdigit() else -1 for part in version.split("."))
