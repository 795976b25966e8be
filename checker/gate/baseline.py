"""Baselines: the findings a docs repository already had on the day it started
gating, so that only new ones fail. A finding is known by its rule, its page
(from the project root) and its API, or its message where it is on no entry;
never by line, so an edit above it does not make it new. Known findings are
counted: two in the baseline and three now is one new.

Schema 2 records `verify`'s verdicts too (`baseline --verify-report FILE`, from
a `verify --format json` report): a verdict is known by its [[rule]] id, the
verdict, the API, the docs version and the product, counted likewise. A
schema 1 file still loads: it knows no verdict."""

from __future__ import annotations

import functools
import json
import os
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checker.errors import InputError
from checker.i18n import N_, message
from checker.jsonfile import load_versioned
from checker.model.finding import Finding

if TYPE_CHECKING:  # a lint run loads no verify code
    from checker.model.verdict import Verdict

SCHEMA = "docs-check/baseline"
SCHEMA_VERSION = 2  # 2: `verdicts`; schema 1 files (findings only) still load
_LINE_NUMBERS = re.compile(r"(?<=:)\d+\b|(?<=line )\d+\b")

BaselineKey = tuple[str, str, str]  # rule, path from the project root, API or message
VerdictKey = tuple[str, str, str, str, str]  # [[rule]] id, verdict, API, version, product
_VERDICT_FIELDS = ("rule", "verdict", "api", "version", "product", "path")


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
        absolute = os.path.abspath(path)
        if absolute.startswith(self._inside):  # what relpath gives, without its work
            return absolute[len(self._inside) :].replace(os.sep, "/")
        try:
            relative = os.path.relpath(absolute, self.root)
        except ValueError:  # another drive
            return path.replace(os.sep, "/")
        return relative.replace(os.sep, "/")  # normalized: Path's as_posix, without a Path

    @functools.cached_property
    def _inside(self) -> str:
        """What an absolute path inside the root starts with: the root as
        relpath reads it (absolute, normalized) and a separator. A warm lint
        names each page by it: relpath (some 15 µs a page, twice each) was
        most of that."""
        return os.path.join(os.path.abspath(self.root), "")


def key_of(finding: Finding, project: Project) -> BaselineKey:
    return (finding.rule, project.path(finding.path), finding.api or _unplaced(finding.message))


def _unplaced(message: str) -> str:
    """A message without the line numbers it quotes (`at line 41`, `x.md:12`)."""
    return _LINE_NUMBERS.sub("N", message)


def verdict_key(result: Verdict) -> VerdictKey:
    return (result.rule, result.verdict, result.api, result.version, result.product)


def baseline_json(
    findings: Sequence[Finding], project: Project, verdicts: Sequence[dict[str, Any]] = ()
) -> str:
    """`verdicts`: the records of `verdict_records`."""
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
    document = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "findings": records,
        "verdicts": list(verdicts),
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def verdict_records(results: Sequence[Verdict]) -> list[dict[str, Any]]:
    """The verdicts a `verify --format json` report reported (those with a
    severity), as baseline records: rule, verdict, API, version, product, and
    the page and line for the reader (matching ignores them)."""
    records = []
    for result in results:
        if result.severity is None:  # consistent, or not shown as a problem
            continue
        record = {name: getattr(result, name) for name in _VERDICT_FIELDS}
        records.append({**record, "line": result.line})
    return sorted(records, key=lambda r: (r["path"], r["line"] or 0, r["rule"], r["product"]))


def load_baseline(path: str) -> Counter[BaselineKey]:
    """The known findings; a file that is not a readable baseline is an InputError."""
    return Counter(load_records(path))


def load_verdicts(path: str) -> Counter[VerdictKey]:
    """The known verdicts (none in a schema 1 file)."""
    return Counter(load_verdict_records(path))


def load_verdict_records(path: str) -> list[VerdictKey]:
    """The key of each verdict record, in the file's order."""
    document = load_versioned(path, SCHEMA, SCHEMA_VERSION, "baseline", "broken baseline")
    if document["schema_version"] < 2:
        return []
    records = document.get("verdicts")
    if not isinstance(records, list):
        raise InputError(f"{path}: broken baseline: 'verdicts' is not a list")
    keys: list[VerdictKey] = []
    for index, record in enumerate(records):
        if not isinstance(record, dict):
            raise InputError(f"{path}: broken baseline: verdicts[{index}]: not an object")
        for name in _VERDICT_FIELDS:
            if not isinstance(record.get(name), str):
                problem = f"{name!r} must be a string"
                raise InputError(f"{path}: broken baseline: verdicts[{index}]: {problem}")
        rule, verdict, api, version, product = (record[name] for name in _VERDICT_FIELDS[:5])
        keys.append((rule, verdict, api, version, product))
    return keys


def load_records(path: str) -> list[BaselineKey]:
    """The key of each record, in the file's order."""
    document = load_versioned(path, SCHEMA, SCHEMA_VERSION, N_("baseline"), N_("broken baseline"))
    records = document.get("findings")
    if not isinstance(records, list):
        raise InputError.saying(N_("{path}: broken baseline: 'findings' is not a list"), path=path)
    keys: list[BaselineKey] = []
    for index, record in enumerate(records):
        problem = _problem(record)
        if problem:
            raise InputError.saying(
                N_("{path}: broken baseline: findings[{index}]: {problem}"),
                path=path,
                index=index,
                problem=problem,
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
