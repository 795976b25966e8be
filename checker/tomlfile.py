"""TOML data files (rules, configuration) read so that every problem can name
`path:line`: tomllib keeps no positions, so the lines are scanned for the
table headers and keys a value came from."""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import DataError

_TOML_POSITION = re.compile(r"\(at (?:line (\d+), column \d+|end of document)\)")
_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
_NAME = r"""(?:[\w-]+|"[^"]*"|'[^']*')"""
_KEY = re.compile(rf"^\s*({_NAME}(?:\s*\.\s*{_NAME})*)\s*=")
_PART = re.compile(r""""([^"]*)"|'([^']*)'|([\w-]+)""")

Key = tuple[str, ...]


def load_toml(path: Path, what: str, text: str | None = None) -> tuple[dict[str, Any], TomlLines]:
    """The document and its lines; an unreadable file or a syntax error is a
    DataError naming path[:line]. `text`: the file's text, read elsewhere (at a
    git ref, whose files are named `ref:path`)."""
    try:
        text = path.read_text(encoding="utf-8") if text is None else text
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(f"{path}: cannot read {what}: {error}") from None
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = _TOML_POSITION.search(str(error))
        line = (match.group(1) or str(max(1, len(text.splitlines())))) if match else "1"
        message = _TOML_POSITION.sub("", str(error)).strip()
        raise DataError(f"{path}:{line}: TOML syntax error: {message}") from None
    return data, TomlLines(text.splitlines())


def _parts(dotted: str) -> Key:
    return tuple(next(p for p in m.groups() if p is not None) for m in _PART.finditer(dotted))


@dataclass(frozen=True)
class _Line:
    number: int
    key: Key  # the full key the line defines (a header: the table's key)
    header: bool
    array: bool  # an [[array of tables]] header


class TomlLines:
    """Where each key of a TOML text is written."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self._keyed: list[_Line] = []
        table: Key = ()
        for number, text in enumerate(lines, 1):
            header = _HEADER.match(text)
            if header:
                table = _parts(header.group(2))
                self._keyed.append(_Line(number, table, True, header.group(1) == "[["))
                continue
            key = _KEY.match(text)
            if key:
                self._keyed.append(_Line(number, table + _parts(key.group(1)), False, False))

    def line_of(self, key: Key, start: int = 1, stop: int | None = None, default: int = 1) -> int:
        """The first line in [start, stop) that defines `key` or something inside it."""
        for line in self._keyed:
            within = line.number >= start and (stop is None or line.number < stop)
            if within and line.key[: len(key)] == key:
                return line.number
        return default

    def nearest(self, key: Key, start: int = 1, stop: int | None = None, default: int = 1) -> int:
        """The line of `key`, else of the nearest table or key holding it (a key
        inside an inline table is found at the inline table's line)."""
        for length in range(len(key), 0, -1):
            number = self.line_of(key[:length], start, stop, default=0)
            if number:
                return number
        return default

    def array_items(self, key: Key) -> list[tuple[int, int | None]]:
        """(header line, line of the next header or None) of each `[[key]]` table."""
        headers = [line.number for line in self._keyed if line.array and line.key == key]
        ends = [
            line.number
            for line in self._keyed
            if line.header and (line.key[: len(key)] != key or len(line.key) == len(key))
        ]
        return [(number, next((n for n in ends if n > number), None)) for number in headers]
