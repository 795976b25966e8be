"""`[coverage]` of the configuration: `exclude`, the public names that
`docs-check coverage` leaves out on purpose, each with its reason. Checked
as every configuration key is (checker.config.config_keys): a mistake is one
DataError naming path:line."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.i18n import N_, message
from checker.tomlfile import KeyPath, TomlLines, check_keys, require_strings

_EXCLUDE_KEYS = ("name", "reason")


@dataclass(frozen=True)
class Exclusion:
    """`[[coverage.exclude]]`: public names `coverage` leaves out on purpose, and why."""

    name: str  # a glob over full names: `torch.nn.functional.has_torch_function*`
    reason: str
    source: str  # path:line of the entry


def exclusions(value: Any, path: Path, where: TomlLines, key: KeyPath) -> list[Exclusion]:
    """`[coverage]` with `exclude`: an array of {name = GLOB, reason = WHY}."""
    at = f"{path}:{where.nearest(key)}"
    if not isinstance(value, dict):
        raise DataError.saying(N_("{where}: 'coverage' must be a table ([coverage])"), where=at)
    for name in value:
        if name != "exclude":
            raise DataError.saying(
                N_("{path}:{line}: unknown coverage key {name!r} (known: exclude)"),
                path=str(path),
                line=where.nearest((*key, name)),
                name=name,
            )
    items = value.get("exclude", [])
    if not isinstance(items, list) or not all(isinstance(item, dict) for item in items):
        raise DataError.saying(
            N_("{path}:{line}: 'exclude' must be an array of tables with a name and a reason"),
            path=str(path),
            line=where.nearest((*key, "exclude")),
        )
    spans = where.array_items((*key, "exclude"))
    lines = [header for header, _ in spans] if len(spans) == len(items) else []
    lines = lines or [where.nearest((*key, "exclude"))] * len(items)
    found = []
    for item, line in zip(items, lines, strict=True):
        at = f"{path}:{line}"
        check_keys(item, "exclude", _EXCLUDE_KEYS, at)
        require_strings(
            item, "exclude", _EXCLUDE_KEYS, at, message(N_(" (why the names are left out)"))
        )
        found.append(Exclusion(item["name"].strip(), item["reason"].strip(), f"{path}:{line}"))
    return found
