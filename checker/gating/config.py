"""The docs repository's configuration: `[tool.docs-check]` in its
`pyproject.toml`, or the same keys at the top level of its `.docs-check.toml`
(beside that file's [[rule]] tables). Found by looking upward from the current
folder, then from the first docs path; `--config FILE` names it instead. The
command line wins over it. Every problem is one line naming path:line."""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.gating.config_keys import Ignore, check_settings
from checker.model.catalogue import Catalogue
from checker.tomlfile import load_toml

CONFIG_FILE = ".docs-check.toml"
PYPROJECT = "pyproject.toml"
TABLE = ("tool", "docs-check")

__all__ = ["CONFIG_FILE", "Config", "Ignore", "find_config", "load_config"]


@dataclass(frozen=True)
class Config:
    path: Path | None = None  # the file read; None: there is none
    docs: tuple[str, ...] = ()  # as paths from the current folder
    rules: tuple[str, ...] = ()
    scope: tuple[str, ...] | None = None
    severity: Mapping[str, str] = field(default_factory=dict)  # rule id -> error/warning/off
    ignore: tuple[Ignore, ...] = ()

    @property
    def root(self) -> Path:
        """Ignore globs and baselines name paths from here: the config file's
        folder, or the current folder when there is no config file."""
        return Path(os.path.abspath(self.path.parent if self.path else "."))

    def docs_or(self, given: Sequence[str]) -> tuple[str, ...]:
        return tuple(given) or self.docs or (".",)

    def rule_files(self, given: Sequence[str]) -> tuple[str, ...]:
        """The config's rule files, its own [[rule]] tables, then those given."""
        own = (str(self.path),) if self.path and self.path.name != PYPROJECT else ()
        return (*self.rules, *own, *given)


def find_config(starts: Sequence[str]) -> Path | None:
    """The nearest `.docs-check.toml`, or `pyproject.toml` with [tool.docs-check],
    in a start folder or above it; the first start that has one wins."""
    for start in starts:
        folder = Path(os.path.abspath(start))
        if not folder.is_dir():
            folder = folder.parent
        for candidate in (folder, *folder.parents):
            if (candidate / CONFIG_FILE).is_file():
                return candidate / CONFIG_FILE
            pyproject = candidate / PYPROJECT
            if pyproject.is_file() and _has_table(pyproject):
                return pyproject
    return None


def _has_table(pyproject: Path) -> bool:
    try:
        if "docs-check" not in pyproject.read_text(encoding="utf-8"):
            return False
    except (OSError, UnicodeDecodeError):
        return False
    data, _ = load_toml(pyproject, "pyproject.toml")
    tool = data.get("tool")
    return isinstance(tool, dict) and "docs-check" in tool


def load_config(path: Path, catalogue: Catalogue) -> Config:
    data, where = load_toml(path, "config file")
    table: tuple[str, ...] = ()
    extra: frozenset[str] = frozenset({"rule", "tool"})
    if path.name == PYPROJECT:
        tool = data.get("tool")
        settings = tool.get("docs-check") if isinstance(tool, dict) else None
        if not isinstance(settings, dict):
            raise DataError(f"{path}: no [tool.docs-check] table")
        data, table, extra = settings, TABLE, frozenset()
    values: dict[str, Any] = check_settings(data, path, where, table, catalogue, extra)
    here = path.parent
    return Config(
        path=path,
        docs=tuple(_from_here(here / value) for value in values.get("docs", ())),
        rules=tuple(_from_here(here / value) for value in values.get("rules", ())),
        scope=tuple(values["scope"]) if "scope" in values else None,
        severity=dict(values.get("severity", {})),
        ignore=tuple(values.get("ignore", ())),
    )


def _from_here(path: Path) -> str:
    """A path as the current folder reaches it (relative where it can be)."""
    try:
        return os.path.relpath(path)
    except ValueError:  # another drive
        return str(path.absolute())
