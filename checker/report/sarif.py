"""SARIF 2.1.0 for code-scanning views: one run of the `docs-check` driver,
its rules from checker/checks/registry.py RULES, a result per static finding. `verify`
adds the verdicts that carry a severity, as results of rules of their own.
Input errors are tool execution notifications, and they make the invocation
unsuccessful. With --resolve-apis, the run's properties carry the resolution
counts (version → outcome → count) and the interpreters that resolved."""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import Any
from urllib.parse import quote

from checker import __version__
from checker.checks.registry import RULES
from checker.model.finding import Finding
from checker.report.json import result_object
from checker.torch.resolver import Resolution
from checker.verify.crosscheck import (
    CLAIMS_FAILS,
    DENIES_PASSES,
    DIFFERS,
    ERROR,
    UNVERIFIED,
    Result,
)

SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
# verdict -> (rule id, default level, description)
VERDICT_RULES: dict[str, tuple[str, str, str]] = {
    DIFFERS: (DIFFERS, "error", "the docs' status for a product is not the rule's expect"),
    CLAIMS_FAILS: (
        CLAIMS_FAILS,
        "error",
        "documented supported; the behaviour test fails on that product's NPU",
    ),
    DENIES_PASSES: (
        DENIES_PASSES,
        "warning",
        "documented unsupported; the behaviour test passes on that product's NPU",
    ),
    UNVERIFIED: (
        UNVERIFIED,
        "note",
        "no evidence from that product's NPU with that torch release (an error with --require-npu)",
    ),
    ERROR: ("behaviour-run-error", "error", "the behaviour test could not run on the NPU"),
}


def lint_sarif(
    findings: Sequence[Finding],
    errors: Sequence[str],
    refs: Sequence[str] = (),
    resolution: Resolution | None = None,
) -> str:
    results = [_finding(f, refs) for f in findings]
    return _log(_rules(verdicts=False), results, errors, resolution)


def verify_sarif(
    findings: Sequence[Finding],
    results: Sequence[Result],
    errors: Sequence[str],
    refs: Sequence[str] = (),
    resolution: Resolution | None = None,
) -> str:
    out = [_finding(f, refs) for f in findings]
    out += [_verdict(r, refs) for r in results if r.severity is not None]
    return _log(_rules(verdicts=True), out, errors, resolution)


def _rules(verdicts: bool) -> list[dict[str, Any]]:
    rules = [_rule(rule, severity.value, text) for rule, (severity, text) in RULES.items()]
    if verdicts:
        rules += [_rule(rule, level, text) for rule, level, text in VERDICT_RULES.values()]
    return rules


def _rule(rule: str, level: str, text: str) -> dict[str, Any]:
    return {
        "id": rule,
        "shortDescription": {"text": text},
        "defaultConfiguration": {"level": level},
    }


def _finding(finding: Finding, refs: Sequence[str]) -> dict[str, Any]:
    return _result(
        finding.rule, finding.severity.value, finding.message, finding.path, finding.line, refs
    )


# The result's own fields; verdict, severity, place and detail are in the SARIF result.
_RESULT_PROPERTIES = ("rule", "api", "version", "product", "documented", "expected", "observed")


def _verdict(r: Result, refs: Sequence[str]) -> dict[str, Any]:
    rule = VERDICT_RULES[r.verdict][0]
    level = r.severity.value if r.severity else "note"
    message = f"{r.api} {r.version} on {r.product}: {r.verdict}" + (
        f" ({r.detail})" if r.detail else ""
    )
    result = _result(rule, level, message, r.path, r.line, refs)
    everything = result_object(r)
    result["properties"] = {key: everything[key] for key in _RESULT_PROPERTIES}
    return result


def _result(
    rule: str, level: str, message: str, path: str, line: int, refs: Sequence[str]
) -> dict[str, Any]:
    ref, inside = split_ref(path, refs)
    artifact: dict[str, Any] = {"uri": _uri(inside)}
    if ref is not None:
        artifact["properties"] = {"ref": ref}
    return {
        "ruleId": rule,
        "ruleIndex": _index(rule),
        "level": level,
        "message": {"text": message},
        "locations": [
            {
                "physicalLocation": {
                    "artifactLocation": artifact,
                    "region": {"startLine": max(line, 1)},
                }
            }
        ],
    }


def split_ref(path: str, refs: Sequence[str]) -> tuple[str | None, str]:
    """`v2.12.0:docs/x.md` -> ("v2.12.0", "docs/x.md") when v2.12.0 is a ref
    that was read; any other path is a file path, colons and all."""
    for ref in sorted(refs, key=len, reverse=True):
        if path.startswith(ref + ":"):
            return ref, path[len(ref) + 1 :]
    return None, path


def _uri(path: str) -> str:
    posix = PurePosixPath(path.replace("\\", "/"))
    if posix.is_absolute():
        return posix.as_uri()
    return quote(str(posix), safe="/")


def _index(rule: str) -> int:
    ids = [*RULES, *(rule_id for rule_id, _, _ in VERDICT_RULES.values())]
    return ids.index(rule)


def _log(
    rules: list[dict[str, Any]],
    results: list[dict[str, Any]],
    errors: Sequence[str],
    resolution: Resolution | None = None,
) -> str:
    invocation = {
        "executionSuccessful": not errors,
        "toolExecutionNotifications": [
            {"level": "error", "message": {"text": error}} for error in errors
        ],
    }
    run: dict[str, Any] = {
        "tool": {"driver": {"name": "docs-check", "version": __version__, "rules": rules}},
        "invocations": [invocation],
        "results": results,
    }
    if resolution is not None:
        from checker.report.json import resolution_objects

        resolved = resolution_objects(resolution)
        run["properties"] = {
            key: resolved[key] for key in ("resolution_counts", "resolution_environments")
        }
    document = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
