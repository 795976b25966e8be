"""The wrong and right examples of every registry id (examples.toml, beside
the registry), for `docs-check rule ID`. Read on first use only: no lint run
pays for them. The file ships inside the package, and a broken one is one
error line naming `path:line` (checker.tomlfile), never a traceback."""

from __future__ import annotations

import functools
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

from checker.errors import DataError
from checker.i18n import N_, message
from checker.ids.registry import REGISTRY
from checker.ids.suggest import did_you_mean
from checker.tomlfile import TomlLines, load_toml

EXAMPLES_FILE = Path(__file__).with_name("examples.toml")

# Where every example page is written for: its folder gives the version
# (2.12.0) that links and rules are checked against.
FOLDER = "docs/zh/api/native_api/pytorch_2-12-0"
DEFAULT_FILE = "torch-example.md"

# What `wrong` and `right` are (see the head of examples.toml).
PAGE, RUN, CONFIGURATION, BASELINE = "page", "run", "configuration", "baseline"
TRANSLATION = "translation"  # the en page of the zh `page`, for the rules across languages
SHOWS = (PAGE, RUN, CONFIGURATION, BASELINE, TRANSLATION)


@dataclass(frozen=True)
class Example:
    """An id's wrong and right example, as examples.toml gives it."""

    wrong: str
    right: str
    shows: str = PAGE
    file: str = DEFAULT_FILE  # the page's file name in FOLDER
    page: str | None = None  # the page `wrong` and `right` are about, when they are no page
    rule: str | None = None  # the rule file a verdict is against
    note: str | None = None  # what else the example assumes

    @property
    def path(self) -> str:
        """The page's path, from the docs repository's root."""
        return f"{FOLDER}/{self.file}"

    @property
    def translated_path(self) -> str:
        """Where a translation's wrong and right are: the en page of `path`."""
        return self.path.replace("docs/zh/", "docs/en/", 1)


_KEYS = tuple(f.name for f in fields(Example))
_REQUIRED = ("wrong", "right")


@functools.cache
def examples() -> dict[str, Example]:
    """The shipped examples, by id."""
    return load(EXAMPLES_FILE)


def example_of(rule_id: str) -> Example:
    return examples()[rule_id]


def load(path: Path) -> dict[str, Example]:
    """The examples of `path`: one table per registry id, each id once."""
    data, lines = load_toml(path, N_("rule examples"))
    found: dict[str, Example] = {}
    for rule_id, table in data.items():
        where = f"{path}:{lines.line_of((rule_id,))}"
        if rule_id not in REGISTRY:
            suggested = did_you_mean(rule_id, REGISTRY)
            raise DataError.saying(
                N_("{where}: [{rule}] is no id of the registry{hint}"),
                where=where,
                rule=rule_id,
                hint=suggested,
            )
        if not isinstance(table, dict):
            raise DataError.saying(N_("{where}: {rule} is not a table"), where=where, rule=rule_id)
        found[rule_id] = _example(path, lines, rule_id, table)
    missing = [rule_id for rule_id in REGISTRY if rule_id not in found]
    if missing:
        raise DataError.saying(
            N_("{path}: no example for {rules}"), path=str(path), rules=", ".join(missing)
        )
    return found


def _example(path: Path, lines: TomlLines, rule_id: str, table: dict[str, Any]) -> Example:
    header = lines.line_of((rule_id,))
    for key, value in table.items():
        where = f"{path}:{lines.nearest((rule_id, key), default=header)}"
        if key not in _KEYS:
            raise DataError.saying(
                N_("{where}: unknown key '{key}' (keys: {keys})"),
                where=where,
                key=key,
                keys=", ".join(_KEYS),
            )
        if not isinstance(value, str) or not value.strip():
            raise DataError.saying(
                N_("{where}: {rule}.{key} is not a non-empty string"),
                where=where,
                rule=rule_id,
                key=key,
            )
    for key in _REQUIRED:
        if key not in table:
            raise DataError.saying(
                N_("{path}:{line}: {rule} has no '{key}'"),
                path=str(path),
                line=header,
                rule=rule_id,
                key=key,
            )
    example = Example(**table)
    problem = _problem(example)
    if problem:
        raise DataError.saying(
            N_("{path}:{line}: {rule}: {problem}"),
            path=str(path),
            line=header,
            rule=rule_id,
            problem=problem,
        )
    return example


def _problem(example: Example) -> str | None:
    if example.shows not in SHOWS:
        return message(
            N_("shows is '{shows}', not one of {known}"),
            shows=example.shows,
            known=", ".join(SHOWS),
        )
    if example.shows == PAGE and example.page is not None:
        return message(N_("'page' is for examples that show no page (shows = 'run', ...)"))
    if example.shows != PAGE and example.page is None:
        return message(N_("shows = '{shows}' needs the 'page' it is about"), shows=example.shows)
    if "/" in example.file or not example.file.endswith(".md"):
        return message(
            N_("file '{file}' is not the file name of a page (NAME.md)"), file=example.file
        )
    return None
