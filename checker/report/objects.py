"""The JSON objects the documents are made of (docs/formats.md): the schema
tag, a finding, an export record, the resolution, a verify result. Each
command's document (in its report module: checker.report.lint, verify,
diff, ...) is built from these, as SARIF and the
CSV and JSON Lines exports are; they import no document for them."""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import say
from checker.model.finding import Finding
from checker.model.records import Record
from checker.report.located import located

if TYPE_CHECKING:  # a lint run loads neither verify nor resolve
    from checker.model.verdict import Verdict
    from checker.results import Exported
    from checker.torch.resolve.resolution import Resolution


SCHEMA_VERSION = 1  # of every command's document: raised when a shape changes incompatibly


def tagged(command: str) -> dict[str, Any]:
    """The keys every document opens with: `docs-check/lint` and its version."""
    return {"schema": f"docs-check/{command}", "schema_version": SCHEMA_VERSION}


def json_pieces(document: dict[str, Any], key: str, items: Iterable[Any]) -> Iterator[str]:
    """`document` with `items` as its list under `key` (a top-level key, its
    value in `document` a placeholder), as `json.dumps(..., ensure_ascii=False,
    indent=2)` writes it, in pieces: each item dumped as it comes, so that
    neither the text nor the items are held whole (a history's lint JSON,
    41 MB: issue 49). An item is its own dump, indented to where it sits: a
    string in JSON holds no raw newline, so each newline is the layout's."""
    whole = json.dumps({**document, key: []}, ensure_ascii=False, indent=2)
    empty = f"\n  {json.dumps(key, ensure_ascii=False)}: []"
    head, found, tail = whole.partition(empty)
    assert found and empty not in tail, "a top-level key, once"
    yield head + empty[:-1]
    separator = "\n    "
    for item in items:
        yield separator + json.dumps(item, ensure_ascii=False, indent=2).replace("\n", "\n    ")
        separator = ",\n    "
    yield ("]" if separator == "\n    " else "\n  ]") + tail


def picked(source: object, keys: Sequence[str]) -> dict[str, Any]:
    """`source`'s attributes named `keys`, in that order: a JSON object's
    fields as they are (JSON writes a tuple as the array a list is)."""
    return {key: getattr(source, key) for key in keys}


def finding_object(finding: Finding, refs: Sequence[str] = ()) -> dict[str, Any]:
    """`refs`: the git refs read; a page read at one is its path in the
    repository and the ref (checker.report.located), else `ref` is null."""
    ref, path = located(finding.path, refs)
    return {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "path": path,
        "ref": ref,
        "line": finding.line,
        "entry_line": finding.entry_line,  # the heading of the entry it is on; null above any
        "api": finding.api,  # that entry's API, in full
        "version": finding.version,  # the docs version of its page; null on a rule file
        "message": say(finding.message),  # in the language of the run
    }


RECORD_FIELDS = ("api", "version", "lang", "product", "status", "format", "path", "line", "ref")


def record_object(record: Record, refs: Sequence[str] = ()) -> dict[str, Any]:
    """One export record, its keys in RECORD_FIELDS' order (the CSV's columns);
    a page read at a git ref is its path in the repository and the ref."""
    ref, path = located(record.path, refs)
    fields = picked(record, [key for key in RECORD_FIELDS if key != "ref"])
    return {**fields, "path": path, "ref": ref}  # `path` keeps its place, its value replaced


def exported_object(record: Record, exported: Exported) -> dict[str, Any]:
    """An export record; with --tests, its `tests`: the test cases that reach
    its API at its version (checker.linted.TestLink)."""
    found = record_object(record, exported.refs)
    if exported.tests is not None:
        keys = ("test", "kind", "line", "exact", "disabled_for", "device")
        found["tests"] = [picked(link, keys) for link in exported.links_of(record)]
    return found


# an interpreter's run, as `resolution_environments` writes it
ENVIRONMENT_KEYS: tuple[str, ...] = (
    "python",
    "torch",
    "torch_npu",
    "torch_npu_imported",
    "torch_npu_error",
)
ENVIRONMENT_KEYS += ("torch_npu_fake", "command", "duration_s", "resolved", "error", "note")


def resolution_objects(resolution: Resolution | None, refs: Sequence[str] = ()) -> dict[str, Any]:
    """`resolution`, `resolution_counts` and `resolution_environments`; nothing
    without --resolve-apis. A page read at a git ref is its path in the
    repository and the ref, as a finding's."""
    if resolution is None:
        return {}
    return {
        "resolution": [
            {
                "api": r.api,
                "version": r.version,
                **_path_and_ref(r.path, refs),
                "line": r.line,
                "outcome": r.outcome.value,
                "detail": r.detail,
            }
            for r in resolution.non_resolving()
        ],
        "resolution_counts": resolution.report.counts(),
        "resolution_environments": [
            picked(env, ENVIRONMENT_KEYS) for env in resolution.report.environments
        ],
    }


# a verdict's keys as each command's document writes them, in order
VERIFY_KEYS: tuple[str, ...] = ("rule", "api", "version", "product", "documented", "expected")
VERIFY_KEYS += ("observed", "verdict", "severity", "path", "line", "detail", "entry_line")
BACKED_KEYS: tuple[str, ...] = ("api", "version", "product", "documented", "observed")
BACKED_KEYS += ("verdict", "severity", "path", "line", "detail", "entry_line", "cases")


def verdict_object(v: Verdict, keys: Sequence[str]) -> dict[str, Any]:
    """A verdict's `keys`, the severity as its name."""
    return {**picked(v, keys), "severity": v.severity.value if v.severity else None}


def result_object(r: Verdict, refs: Sequence[str] = ()) -> dict[str, Any]:
    """One rule x version x product result, as JSON and SARIF carry it: its
    fields in order, the severity as its name, and a page read at a git ref as
    its path in the repository and the ref (after `path`), as a finding's."""
    fields: dict[str, Any] = {}
    for key, value in verdict_object(r, VERIFY_KEYS).items():
        if key == "path":
            fields.update(_path_and_ref(value, refs))
        else:
            fields[key] = value
    return fields


def _path_and_ref(where: str, refs: Sequence[str]) -> dict[str, str | None]:
    ref, path = located(where, refs)
    return {"path": path, "ref": ref}
