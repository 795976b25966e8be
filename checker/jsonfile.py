"""Our versioned JSON documents (evidence, baselines) read back: an object
with its schema and a schema_version this docs-check reads, each key given
once (checker.files writes them)."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

from checker.errors import InputError
from checker.files import value_problem
from checker.i18n import N_, message


class _KeyTwice(ValueError):
    def __init__(self, key: str) -> None:
        super().__init__(key)
        self.key = key


def _each_key_once(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of a versioned file, refusing a key given twice: json would
    keep its last value, so `"device": "cpu-reference", "device": "npu"`
    would read as a run on an NPU that nothing else in the file shows."""
    made = dict(pairs)
    if len(made) != len(pairs):
        seen: set[str] = set()
        for key, _ in pairs:
            if key in seen:
                raise _KeyTwice(key)
            seen.add(key)
    return made


# A JSON string, or a bracket or colon: enough to follow valid JSON's objects;
# compiled when first needed (`@cache`): for a document with a key given twice.
@cache
def _json_token() -> re.Pattern[str]:
    return re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"|[{}\[\]:]')


def _key_given_twice(text: str) -> tuple[str, int, int] | None:
    """The first key given twice in one object of the JSON `text`: the key,
    the line of its second and of its first occurrence. Only when loading
    found one, so the cost of a pass in Python is never paid otherwise."""
    objects: list[dict[str, int] | None] = []  # per open bracket: its keys' offsets
    string = ("", 0)
    for match in _json_token().finditer(text):
        token = match.group()
        if token in ("{", "["):
            objects.append({} if token == "{" else None)
        elif not objects:
            return None  # not valid JSON after all
        elif token in ("}", "]"):
            objects.pop()
        elif token == ":":
            keys, (key, at) = objects[-1], string
            if keys is None:
                return None
            if key in keys:
                return key, _line_at(text, at), _line_at(text, keys[key])
            keys[key] = at
        else:
            string = (json.loads(token), match.start())
    return None


def _line_at(text: str, offset: int) -> int:
    return text.count("\n", 0, offset) + 1


def load_versioned(path: str, schema: str, version: int, kind: str, broken: str) -> dict[str, Any]:
    """A JSON document of ours: an object with `schema` and a `schema_version` no
    newer than `version`. `kind` and `broken` name it in the one-line errors
    (marked with N_ where they are written: they are said in the language of
    the run)."""
    kind, broken = message(kind), message(broken)
    an = kind[0] in "aeiou"
    try:
        text = Path(path).read_text(encoding="utf-8")
        document = json.loads(text, object_pairs_hook=_each_key_once)
    except _KeyTwice as twice:
        key, line, first = _key_given_twice(text) or (twice.key, 0, 0)
        where = f":{line}" if line else ""
        before = message(N_(" (first at line {first})"), first=first) if line else ""
        twice_said = message(N_("key {key!r} given twice{before}"), key=key, before=before)
        raise InputError(_not_a(path, where, kind, an, twice_said)) from None
    except OSError as error:
        raise InputError.saying(
            N_("{path}: cannot read {kind}: {why}"),
            path=path,
            kind=kind,
            why=error.strerror or str(error),
        ) from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        where = f":{error.lineno}" if isinstance(error, json.JSONDecodeError) else ""
        raise InputError(_not_a(path, where, kind, an, str(error))) from None
    except RecursionError:
        why = message(N_("arrays or objects nested too deeply"))
        raise InputError(_not_a(path, "", kind, an, why)) from None
    except ValueError as error:
        raise InputError(_not_a(path, "", kind, an, value_problem(error))) from None
    return versioned(document, path, schema, version, kind, broken)


def versioned(
    document: object, path: str, schema: str, version: int, kind: str, broken: str
) -> dict[str, Any]:
    """`document` (parsed from `path`, or a part of it that `path` names) when it
    is an object of `schema` at a `schema_version` no newer than `version`."""
    kind, broken = message(kind), message(broken)
    if not isinstance(document, dict) or document.get("schema") != schema:
        raise InputError.saying(
            N_("{path}: not a docs-check {kind} file (no schema {schema!r})"),
            path=path,
            kind=kind,
            schema=schema,
        )
    found = document.get("schema_version")
    if not isinstance(found, int) or isinstance(found, bool) or found < 1:
        raise InputError.saying(
            N_("{path}: {broken}: schema_version {found!r}"), path=path, broken=broken, found=found
        )
    if found > version:
        raise InputError.saying(
            N_(
                "{path}: {kind} schema version {found!r} is newer than this docs-check "
                "reads ({version}); upgrade docs-check"
            ),
            path=path,
            kind=kind,
            found=found,
            version=version,
        )
    return document


def _not_a(path: str, where: str, kind: str, an: bool, why: str) -> str:
    return message(
        N_("{path}{where}: not an {kind} file: {why}")
        if an
        else N_("{path}{where}: not a {kind} file: {why}"),
        path=path,
        where=where,
        kind=kind,
        why=why,
    )
