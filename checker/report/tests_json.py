"""`tests --format json`: the test map and the verdicts as one document
(checker/schemas/tests.schema.json)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.i18n import say

if TYPE_CHECKING:
    from checker.results import TestsReport
    from checker.testmap.kept import VersionMap


def tests_object(report: TestsReport) -> dict[str, Any]:
    return {
        "versions": [_version(mapped) for mapped in report.versions],
        "verdicts": [
            {
                "rule": v.verdict,
                "severity": v.severity.value if v.severity else None,
                "path": v.path,
                "line": v.line,
                "entry_line": v.entry_line,
                "api": v.api,
                "version": v.version,
                "products": list(v.products),
                "message": say(v.detail),
                "disabled": [{"test": t, "path": p, "line": n} for t, p, n in v.disabled],
            }
            for v in report.verdicts
        ],
    }


def _version(mapped: VersionMap) -> dict[str, Any]:
    return {
        "version": mapped.version,
        "tree": mapped.tree,
        "disabled_list": mapped.disabled,
        "modules": mapped.modules,
        "cases": mapped.cases,
        "documented": mapped.documented,
        "reached": mapped.reached,
        "reached_npu": mapped.on_npu,
        "linked": dict(mapped.linked),
        "shares": [
            {
                "product": s.product,
                "supported": s.supported,
                "backed": s.backed,
                "by_kind": dict(s.by_kind),
            }
            for s in mapped.shares
        ],
        "links": [
            {
                "api": k.api,
                "test": k.test,
                "kind": k.kind,
                "line": k.line,
                "exact": k.exact,
                "device": k.device,
            }
            for k in mapped.links
        ],
    }
