"""Baselines: the findings a docs repository already had on the day it started
gating, so that only new ones fail. A finding is known by its rule, its page
(from the project root) and its API, or its message where it is on no entry;
never by line, so an edit above it does not make it new. Known findings are
counted: two in the baseline and three now is one new."""

from __future__ import annotations

import json
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from checker.errors import InputError
from checker.model import Finding

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

    def path(self, path: str) -> str:
        for ref in self.refs:
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
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise InputError(f"{path}: cannot read baseline: {error.strerror or error}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as error:
        where = f":{error.lineno}" if isinstance(error, json.JSONDecodeError) else ""
        raise InputError(f"{path}{where}: not a baseline file: {error}") from None
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        raise InputError(f"{path}: not a docs-check baseline file (no schema {SCHEMA!r})")
    version = document.get("schema_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise InputError(f"{path}: broken baseline: schema_version {version!r}")
    if version > SCHEMA_VERSION:
        raise InputError(
            f"{path}: baseline schema version {version} is newer than this docs-check "
            f"reads ({SCHEMA_VERSION}); upgrade docs-check"
        )
    records = document.get("findings")
    if not isinstance(records, list):
        raise InputError(f"{path}: broken baseline: 'findings' is not a list")
    known: Counter[Key] = Counter()
    for index, record in enumerate(records):
        problem = _problem(record)
        if problem:
            raise InputError(f"{path}: broken baseline: findings[{index}]: {problem}")
        known[(record["rule"], record["path"], record["api"] or _unplaced(record["message"]))] += 1
    return known


def _problem(record: Any) -> str | None:
    if not isinstance(record, dict):
        return "not an object"
    for name in ("rule", "path", "message"):
        if not isinstance(record.get(name), str):
            return f"{name!r} must be a string"
    if not isinstance(record.get("api"), str | None) or "api" not in record:
        return "'api' must be a string or null"
    return None
