"""JSON reports, the shapes docs/formats.md documents. Each document opens
with its schema tag, as baselines and evidence files do, and
checker/schemas/COMMAND.schema.json describes it: a tool reading it can tell
which shape it holds, and whether it still knows that shape."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.model.finding import Finding
from checker.model.support import Entry
from checker.report.objects import (
    exported_object,
    finding_object,
    resolution_objects,
    result_object,
    tagged,
)

if TYPE_CHECKING:  # a lint run loads neither verify nor resolve
    from checker.outcome import Outcome
    from checker.torch.resolve.resolution import Resolution
    from checker.verify.verify_report import VerifyReport


def render(outcome: Outcome[Any]) -> str:
    result = outcome.result
    if outcome.command == "verify":
        return verify_json(result) + "\n"
    if outcome.command == "backed":  # verify --backed
        from checker.report.backed_text import backed_object

        document = {**tagged("backed"), **backed_object(outcome)}
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    if outcome.command == "show":
        return entries_json(result.entries, result.said) + "\n"
    if outcome.command == "diff":
        from checker.report.changes import diff_object

        diffed = {**tagged("diff"), **diff_object(result), "errors": list(outcome.errors)}
        return json.dumps(diffed, ensure_ascii=False, indent=2) + "\n"
    if outcome.command == "coverage":
        from checker.report.coverage import coverage_object

        covered = {**tagged("coverage"), **coverage_object(result), "errors": list(outcome.errors)}
        return json.dumps(covered, ensure_ascii=False, indent=2) + "\n"
    if outcome.command == "tests":
        from checker.report.tests_json import tests_object

        mapped = {**tagged("tests"), **tests_object(result), "errors": list(outcome.errors)}
        return json.dumps(mapped, ensure_ascii=False, indent=2) + "\n"
    if outcome.command == "export":
        records = [exported_object(record, result) for record in result.records]
        document = {**tagged("export"), "records": records, "errors": list(outcome.errors)}
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    corpus, resolution = result.corpus, result.resolution
    found = lint_json(
        result.findings,
        len(corpus.pages),
        corpus.entry_count,
        outcome.errors,
        resolution,
        result.refs,
    )
    return found + "\n"


def lint_json(
    findings: Sequence[Finding],
    files: int,
    entries: int,
    errors: Sequence[str],
    resolution: Resolution | None = None,
    refs: Sequence[str] = (),
) -> str:
    document = {
        **tagged("lint"),
        "findings": [finding_object(f, refs) for f in findings],
        "files": files,
        "entries": entries,
        "errors": list(errors),
        **resolution_objects(resolution, refs),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def entries_json(entries: Sequence[Entry], said: Sequence[Sequence[tuple[str, str]]]) -> str:
    """`status` and `lines` of each entry's products (`said`, one per entry:
    checker.model.said)."""
    listed = [
        {
            "api": entry.api,
            "version": entry.version,
            "lang": entry.lang,
            "path": entry.path,
            "line": entry.line,
            "format": entry.format,
            "status": dict(statuses),
            "lines": {product: entry.line_of(product) for product, _ in statuses},
            "link_line": entry.link_line or None,
            "raw": entry.raw,
        }
        for entry, statuses in zip(entries, said, strict=True)
    ]
    document = {**tagged("show"), "entries": listed}
    return json.dumps(document, ensure_ascii=False, indent=2)


def verify_json(report: VerifyReport) -> str:
    document = {
        **tagged("verify"),
        "results": [result_object(r, report.refs) for r in report.results],
        "evidence": [evidence.to_object() for evidence in report.evidence],
        "findings": [finding_object(f, report.refs) for f in report.findings],
        "errors": list(report.errors),
        "notes": list(report.notes),
        **resolution_objects(report.resolution, report.refs),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)
