"""The NPU disabled-test lists, `test/unsupported_test_cases/.pytorch-disabled-tests*.json`:
an object whose keys name tests as unittest does (`test_x_npu_float32
(__main__.TestFooPRIVATEUSE1)`) and whose values are `[reason, [products]]`
(no product named, or "": every product). The file name says which torch
release a list applies to: `…-2.11.json` torch 2.11, none the branch's own.
Every key keeps its line, so a finding can point at it. A file that is not
such an object is an input error at its path and line."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from checker.errors import InputError

LIST_NAME = re.compile(r"\.pytorch-disabled-tests(?:-(\d+\.\d+))?\.json")
FOLDER = "unsupported_test_cases"
_KEY = re.compile(r"(?P<name>\w+) \((?P<where>[\w.]+)\)")
_KEY_LINE = re.compile(r'\s*("(?:[^"\\]|\\.)*")\s*:')


@dataclass(frozen=True)
class Disabled:
    name: str  # the test's name as the runner names it
    cls: str | None  # its class (the key's last dotted part); None for a bare name
    line: int
    products: tuple[str, ...]  # catalogue ids; () every product
    unknown: tuple[str, ...] = ()  # product names the catalogue does not know (910A)


@dataclass(frozen=True)
class DisabledList:
    path: str  # as the report names it (`ref:path` at a git ref)
    release: str | None  # the torch release it applies to ("2.11"); None: its branch's own
    tests: tuple[Disabled, ...]
    unread: int = 0  # keys naming no test (no class, a mangled name)

    def by_test(self) -> dict[tuple[str | None, str], list[Disabled]]:
        found: dict[tuple[str | None, str], list[Disabled]] = {}
        for test in self.tests:
            found.setdefault((test.cls, test.name), []).append(test)
        return found


def release_of(file_name: str) -> str | bool | None:
    """The torch release a list's file name names; None: its branch's own;
    False: not a disabled list."""
    matched = LIST_NAME.fullmatch(file_name)
    if matched is None:
        return False
    return matched.group(1)


def is_list(path: str) -> bool:
    return release_of(PurePosixPath(path).name) is not False


def read_list(path: str, data: bytes, product: Callable[[str], str | None]) -> DisabledList:
    """One list; `product` turns a list's product name (A2) into a catalogue id."""
    try:
        text = data.decode("utf-8")
        document = json.loads(text)
    except UnicodeDecodeError as error:
        raise InputError(f"{path}:1: not UTF-8 ({error.reason})") from None
    except json.JSONDecodeError as error:
        raise InputError(f"{path}:{error.lineno}: not JSON: {error.msg}") from None
    except RecursionError:
        raise InputError(f"{path}:1: nested too deeply") from None
    if not isinstance(document, dict):
        raise InputError(f"{path}:1: a disabled-test list is an object of test ids")
    lines = _key_lines(text)
    tests: list[Disabled] = []
    unread = 0
    for key, value in document.items():
        line = lines.get(key, 1)
        if not _is_entry(value):
            raise InputError(f"{path}:{line}: {key!r}: the value is not [reason, [products]]")
        matched = _KEY.fullmatch(key)
        if matched is None and not re.fullmatch(r"test\w*", key):
            unread += 1
            continue
        name = matched.group("name") if matched else key
        cls = matched.group("where").rsplit(".", 1)[-1] if matched else None
        named = [p for p in (value[1] if len(value) > 1 else []) if p]
        ids = [product(p) for p in named]
        known = tuple(dict.fromkeys(i for i in ids if i))
        unknown = tuple(p for p, i in zip(named, ids, strict=True) if not i)
        tests.append(Disabled(name, cls, line, known, unknown))
    release = release_of(PurePosixPath(path).name)
    return DisabledList(path, release if isinstance(release, str) else None, tuple(tests), unread)


def _is_entry(value: object) -> bool:
    if not isinstance(value, list) or not value or not isinstance(value[0], str):
        return False
    if len(value) == 1:
        return True
    products = value[1]
    return isinstance(products, list) and all(isinstance(p, str) for p in products)


def _key_lines(text: str) -> dict[str, int]:
    """Each top-level key's line (a list is written one key a line)."""
    lines: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        matched = _KEY_LINE.match(line)
        if matched:
            try:
                key = json.loads(matched.group(1))
            except json.JSONDecodeError:
                continue
            lines.setdefault(key, number)
    return lines


def list_for(lists: Sequence[DisabledList], version: str) -> DisabledList | None:
    """The list that applies to docs version `version` among one test
    tree's lists: the one named for its torch release (2.11 for 2.11.0),
    else the branch's own."""
    release = ".".join(version.split(".")[:2])
    named = [each for each in lists if each.release == release]
    own = [each for each in lists if each.release is None]
    chosen = named or own
    return chosen[0] if chosen else None
