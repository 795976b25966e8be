"""JSON reports, the shapes the README documents."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Any

from checker.model import Entry, Finding


def finding_object(finding: Finding) -> dict[str, Any]:
    return {
        "rule": finding.rule,
        "severity": finding.severity.value,
        "path": finding.path,
        "line": finding.line,
        "message": finding.message,
    }


def lint_json(findings: Sequence[Finding], files: int, entries: int, errors: Sequence[str]) -> str:
    document = {
        "findings": [finding_object(f) for f in findings],
        "files": files,
        "entries": entries,
        "errors": list(errors),
    }
    return json.dumps(document, ensure_ascii=False, indent=2)


def entries_json(entries: Sequence[Entry], scope: Sequence[str]) -> str:
    document = [
        {
            "api": entry.api,
            "version": entry.version,
            "lang": entry.lang,
            "path": entry.path,
            "line": entry.line,
            "format": entry.format,
            "status": entry.expanded(scope),
            "raw": entry.raw,
        }
        for entry in entries
    ]
    return json.dumps(document, ensure_ascii=False, indent=2)
