"""A docs file's bytes to text, or one clear `InputError` saying why not."""

from __future__ import annotations

from pathlib import Path

from checker.errors import InputError

MAX_BYTES = 16 * 1024 * 1024  # the largest real page is ~230 KB; far above that is not a page


def load_text(path: str) -> str:
    try:
        size = Path(path).stat().st_size
        if size > MAX_BYTES:
            raise InputError(
                f"{path}: file too large ({size / 1e6:.1f} MB; "
                f"limit {MAX_BYTES // (1024 * 1024)} MiB), not read"
            )
        data = Path(path).read_bytes()
    except OSError as error:
        raise InputError(f"{path}: cannot read: {error.strerror or error}") from None
    if not data.strip():
        raise InputError(f"{path}: empty file")
    if b"\0" in data[:8192]:
        raise InputError(f"{path}: binary file, not a markdown page")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise InputError(
            f"{path}:{line}: invalid UTF-8 at byte offset {error.start}; file skipped"
        ) from None
