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
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from checker.errors import InputError
from checker.files import value_problem
from checker.i18n import N_
from checker.read.load import readable, too_large

LIST_NAME = re.compile(r"\.pytorch-disabled-tests(?:-(\d+\.\d+))?\.json")
FOLDER = "unsupported_test_cases"
_WORD = re.compile(r"\w+")
_WHERE = re.compile(r"[\w.]+\)")


@dataclass(frozen=True)
class Disabled:
    """A test a disabled list disables, and on which products."""

    name: str  # the test's name as the runner names it
    cls: str | None  # its class (the key's last dotted part); None for a bare name
    line: int
    products: tuple[str, ...]  # catalogue ids; () every product
    unknown: tuple[str, ...] = ()  # product names the catalogue does not know (910A)


@dataclass(frozen=True)
class DisabledList:
    """A disabled list read: its tests, and the keys that name none."""

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
    """One list; `product` turns a list's product name (A2) into a catalogue id.
    A list has a page's size cap (a blob at a git ref is read whole first)."""
    if not readable(len(data)):
        raise too_large(path, len(data))
    text = ""
    try:
        text = data.decode("utf-8")
        document = json.loads(text)
    except UnicodeDecodeError as error:
        raise InputError.saying(
            N_("{path}:{line}: not UTF-8 ({why})"), path=path, line=1, why=error.reason
        ) from None
    except json.JSONDecodeError as error:
        raise InputError.saying(
            N_("{path}:{line}: not JSON: {why}"), path=path, line=error.lineno, why=error.msg
        ) from None
    except RecursionError:
        raise InputError.saying(N_("{path}:{line}: nested too deeply"), path=path, line=1) from None
    except ValueError as error:  # int(): more digits than sys.get_int_max_str_digits()
        line = _long_number_line(text)
        raise InputError.saying(
            N_("{path}:{line}: {why}"), path=path, line=line, why=value_problem(error)
        ) from None
    if not isinstance(document, dict):
        raise InputError.saying(
            N_("{path}:{line}: a disabled-test list is an object of test ids"), path=path, line=1
        )
    lines = _key_lines(text, list(document))
    tests: list[Disabled] = []
    unread = 0
    known: dict[str, str | None] = {}  # product name -> id, asked once
    for key, value in document.items():
        if not _is_entry(value):
            line = lines.get(key, 1)
            raise InputError.saying(
                N_("{path}:{line}: {key!r}: the value is not [reason, [products]]"),
                path=path,
                line=line,
                key=key,
            )
        name, opened, where = key.partition(" (")
        if opened and where.endswith(")") and _WORD.fullmatch(name) and _WHERE.fullmatch(where):
            cls: str | None = where[:-1].rsplit(".", 1)[-1]
        elif not opened and key.startswith("test") and _WORD.fullmatch(key):
            cls = None
        else:
            unread += 1
            continue
        named = value[1] if len(value) > 1 else ()
        ids: tuple[str, ...] = ()
        unknown: tuple[str, ...] = ()
        for written in named:
            if written:
                if written not in known:
                    known[written] = product(written)
                found = known[written]
                if found:
                    ids = (*ids, found)
                else:
                    unknown = (*unknown, written)
        tests.append(Disabled(name, cls, lines.get(key, 1), tuple(dict.fromkeys(ids)), unknown))
    release = release_of(PurePosixPath(path).name)
    return DisabledList(path, release if isinstance(release, str) else None, tuple(tests), unread)


def _long_number_line(text: str) -> int:
    """The line of the first number too long for int() (which says no place)."""
    found = re.search(rf"[0-9]{{{sys.get_int_max_str_digits() + 1}}}", text)
    return text.count("\n", 0, found.start()) + 1 if found else 1


def _is_entry(value: object) -> bool:
    if type(value) is not list or not value or type(value[0]) is not str:
        return False
    return len(value) == 1 or (type(value[1]) is list and all(type(p) is str for p in value[1]))


def _key_lines(text: str, keys: list[str]) -> dict[str, int]:
    """Each top-level key's line, found in order as written (a list is one key
    a line); a key written some other way (escaped otherwise) is at line 1."""
    lines: dict[str, int] = {}
    position, line = 0, 1
    for key in keys:
        written = json.dumps(key, ensure_ascii=False)
        found = text.find(written, position)
        if found < 0:
            continue
        line += text.count("\n", position, found)
        position = found
        lines.setdefault(key, line)
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
