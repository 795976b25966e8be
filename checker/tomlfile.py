"""TOML data files (rules, configuration) read so that every problem can name
`path:line`: tomllib keeps no positions, so the lines are scanned for the
table headers and keys a value came from."""

from __future__ import annotations

import bisect
import itertools
import re
import tomllib
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.files import value_problem
from checker.i18n import N_, message


# compiled when first needed (`@cache`): for a file TOML refuses
@cache
def _toml_position() -> re.Pattern[str]:
    return re.compile(r"\(at (?:line (\d+), column \d+|end of document)\)")


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(?:#.*)?$")
_NAME = r"""(?:[\w-]+|"[^"]*"|'[^']*')"""
_KEY = re.compile(rf"^\s*({_NAME}(?:\s*\.\s*{_NAME})*)\s*=")
_PART = re.compile(r""""([^"]*)"|'([^']*)'|([\w-]+)""")

KeyPath = tuple[str, ...]  # a dotted TOML key as its parts: ("tool", "docs-check", "ignore")

# tomllib takes time quadratic in the parts of a dotted key or table header
# (`[a.a.a...]` 100,000 parts deep: minutes), so keys of more parts than any
# file of ours needs are refused before it parses.
MAX_KEY_PARTS = 100
_PART_TEXT = r"""(?:[\w-]+|"[^"\n]*"|'[^'\n]*')"""
_DOTTED = re.compile(rf"{_PART_TEXT}(?:[ \t]*\.[ \t]*{_PART_TEXT})*")


# compiled when first needed (`@cache`): for a key of many parts
@cache
def _part_only() -> re.Pattern[str]:
    return re.compile(_PART_TEXT)


def load_toml(path: Path, what: str, text: str | None = None) -> tuple[dict[str, Any], TomlLines]:
    """The document and its lines; an unreadable file or a syntax error is a
    DataError naming path[:line]. `text`: the file's text, read elsewhere (at a
    git ref, whose files are named `ref:path`). So is a document tomllib cannot
    take although it is TOML: nesting deeper than the interpreter's stack
    (RecursionError) or an integer longer than Python converts (ValueError)."""
    what = message(what)  # marked with N_ where it is named: said in the run's language
    try:
        text = path.read_text(encoding="utf-8") if text is None else text
    except (OSError, UnicodeDecodeError) as error:
        raise DataError(_cannot_read(path, what, str(error))) from None
    _check_key_depth(path, text)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        match = _toml_position().search(str(error))
        line = (match.group(1) or str(max(1, len(text.splitlines())))) if match else "1"
        why = _toml_position().sub("", str(error)).strip()
        raise DataError.saying(
            N_("{path}:{line}: TOML syntax error: {why}"), path=str(path), line=line, why=why
        ) from None
    except RecursionError:
        deep = message(N_("arrays or tables nested too deeply"))
        raise DataError(_cannot_read(path, what, deep)) from None
    except ValueError as error:  # int(): more digits than sys.get_int_max_str_digits()
        raise DataError(_cannot_read(path, what, value_problem(error))) from None
    return data, TomlLines(text.splitlines())


def _cannot_read(path: Path, what: str, why: str) -> str:
    return message(N_("{path}: cannot read {what}: {why}"), path=str(path), what=what, why=why)


def _check_key_depth(path: Path, text: str) -> None:
    for chain in _DOTTED.finditer(text):
        dotted = chain.group()
        if dotted.count(".") >= MAX_KEY_PARTS and len(_part_only().findall(dotted)) > MAX_KEY_PARTS:
            line = text.count("\n", 0, chain.start()) + 1
            raise DataError.saying(
                N_(
                    "{path}:{line}: a dotted key of more than {parts} parts "
                    "(tables nested too deeply)"
                ),
                path=str(path),
                line=line,
                parts=MAX_KEY_PARTS,
            )


def _parts(dotted: str) -> KeyPath:
    return tuple(next(p for p in m.groups() if p is not None) for m in _PART.finditer(dotted))


@dataclass(frozen=True)
class _Line:
    """A line of a TOML file that defines a key or opens a table."""

    number: int
    key: KeyPath  # the full key the line defines (a header: the table's key)
    header: bool
    array: bool  # an [[array of tables]] header


class TomlLines:
    """Where each key of a TOML text is written."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        self._keyed: list[_Line] = []
        table: KeyPath = ()
        for number, text in enumerate(lines, 1):
            header = _HEADER.match(text)
            if header:
                table = _parts(header.group(2))
                self._keyed.append(_Line(number, table, True, header.group(1) == "[["))
                continue
            key = _KEY.match(text)
            if key:
                self._keyed.append(_Line(number, table + _parts(key.group(1)), False, False))
        self._numbers = [line.number for line in self._keyed]

    def line_of(
        self, key: KeyPath, start: int = 1, stop: int | None = None, default: int = 1
    ) -> int:
        """The first line in [start, stop) that defines `key` or something inside it."""
        first = bisect.bisect_left(self._numbers, start)  # one item's span, not the whole file
        for line in itertools.islice(self._keyed, first, None):
            if stop is not None and line.number >= stop:
                break
            if line.key[: len(key)] == key:
                return line.number
        return default

    def nearest(self, key: KeyPath, default: int = 1) -> int:
        """The line of `key`, else of the nearest table or key holding it (a key
        inside an inline table is found at the inline table's line)."""
        for length in range(len(key), 0, -1):
            number = self.line_of(key[:length], default=0)
            if number:
                return number
        return default

    def array_items(self, key: KeyPath) -> list[tuple[int, int | None]]:
        """(header line, line of the next header or None) of each `[[key]]` table.
        One pass: a file of 100,000 tables is no quadratic wait."""
        items: list[tuple[int, int | None]] = []
        open_at: int | None = None  # the header of the item not yet ended
        for line in self._keyed:
            if not line.header:
                continue
            if open_at is not None and (line.key[: len(key)] != key or len(line.key) == len(key)):
                items.append((open_at, line.number))  # a sub-table [key.x] does not end it
                open_at = None
            if line.array and line.key == key:
                open_at = line.number
        if open_at is not None:
            items.append((open_at, None))
        return items


def check_keys(
    item: dict[str, Any], table: str, known: Sequence[str], where: str | Callable[[str], str]
) -> None:
    """An array table's item (`[[ignore]]`, `[[coverage.exclude]]`, `[[rule]]`)
    holds none but its `known` keys; `where` names the item's line, or (a
    function) the key's."""
    for name in item:
        if name not in known:
            at = where if isinstance(where, str) else where(name)
            said = N_("{where}: unknown {table} key {name!r} (known: {known})")
            raise DataError.saying(said, where=at, table=table, name=name, known=", ".join(known))


def require_strings(
    item: dict[str, Any], table: str, names: Sequence[str], where: str, why: str = ""
) -> None:
    """Each of `names` is a non-empty string in the item; `why`, said after
    the `reason` key's error, says what the reason is for."""
    for name in names:
        if not isinstance(item.get(name), str) or not str(item[name]).strip():
            said = N_("{where}: {table} needs a non-empty string {name!r}{why}")
            reason = why if name == "reason" else ""
            raise DataError.saying(said, where=where, table=table, name=name, why=reason)
