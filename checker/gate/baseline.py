"""Baselines: the findings a docs repository already had on the day it started
gating, so that only new ones fail. A finding is known by its rule, its page
(from the project root) and its API, or its message where it is on no entry;
never by line, so an edit above it does not make it new. Known findings are
counted: two in the baseline and three now is one new."""

from __future__ import annotations

import functools
import json
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import InputError
from checker.files import load_versioned
from checker.i18n import N_, message
from checker.model.finding import Finding

SCHEMA = "docs-check/baseline"
SCHEMA_VERSION = 1
_LINE_NUMBERS = re.compile(r"(?<=:)\d+\b|(?<=line )\d+\b")

Key = tuple[str, str, str]  # rule, path from the project root, API or message


@dataclass(frozen=True)
class Project:
    """Where paths are named from: the config file's folder (or the current
    folder), and the git refs read (their pages are `ref:path`)."""

    root: Path
    refs: tuple[str, ...] = ()

    @functools.cached_property
    def _refs(self) -> frozenset[str]:
        return frozenset(self.refs)

    def path(self, path: str) -> str:
        ref, colon, inside = path.partition(":")
        if colon and ref in self._refs:  # a history names thousands of pages
            return inside
        for ref in self.refs:  # a ref with a colon in it (`:/message`)
            if path.startswith(ref + ":"):
                return path[len(ref) + 1 :]
        try:
            relative = os.path.relpath(os.path.abspath(path), self.root)
        except ValueError:  # another drive
            return path.replace(os.sep, "/")
        return Path(relative).as_posix()


def key_of(finding: Finding, project: Project) -> Key:
    return (finding.rule, project.path(finding.path), finding.api or _unplaced(finding.message))


def _unplaced(message: str) -> str:
    """A message without the line numbers it quotes (`at line 41`, `x.md:12`)."""
    return _LINE_NUMBERS.sub("N", message)


def baseline_json(findings: Sequence[Finding], project: Project) -> str:
    records = [
        {
            "rule": f.rule,
            "path": project.path(f.path),
            "api": f.api,
            "message": f.message,
            "line": f.line,  # for the reader; matching ignores it
        }
        for f in sorted(findings, key=lambda f: (project.path(f.path), f.line, f.rule))
    ]
    document = {"schema": SCHEMA, "schema_version": SCHEMA_VERSION, "findings": records}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def load_baseline(path: str) -> Counter[Key]:
    """The known findings; a file that is not a readable baseline is an InputError."""
    return Counter(load_records(path))


def load_records(path: str) -> list[Key]:
    """The key of each record, in the file's order."""
    document = load_versioned(path, SCHEMA, SCHEMA_VERSION, N_("baseline"), N_("broken baseline"))
    records = document.get("findings")
    if not isinstance(records, list):
        raise InputError(
            message(N_("{path}: broken baseline: 'findings' is not a list"), path=path)
        )
    keys: list[Key] = []
    for index, record in enumerate(records):
        problem = _problem(record)
        if problem:
            raise InputError(
                message(
                    N_("{path}: broken baseline: findings[{index}]: {problem}"),
                    path=path,
                    index=index,
                    problem=problem,
                )
            )
        keys.append((record["rule"], record["path"], record["api"] or _unplaced(record["message"])))
    return keys


def _problem(record: Any) -> str | None:
    if not isinstance(record, dict):
        return message(N_("not an object"))
    for name in ("rule", "path", "message"):
        if not isinstance(record.get(name), str):
            return message(N_("{name!r} must be a string"), name=name)
    if not isinstance(record.get("api"), str | None) or "api" not in record:
        return message(N_("'api' must be a string or null"))
    return None
