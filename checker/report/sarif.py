"""SARIF 2.1.0 for code-scanning views: one run of the `docs-check` driver,
whose rules are exactly the registry's (checker/ids/registry.py), each with
its default level, summary, explanation and fix; a result per finding and, for
`verify`, per verdict that carries a severity. Input errors are tool execution
notifications, and they make the invocation unsuccessful. With --resolve-apis,
the run's properties carry the resolution counts (version → outcome → count)
and the interpreters that resolved.

Ids, levels, URIs and property names are SARIF's and the registry's; the text
a person reads (rule descriptions, result and notification messages) is in
the language of the run, which the run's `language` names (SARIF 2.1.0
§3.14.11, an RFC 5646 tag; left out for English, SARIF's default `en-US`),
so that a viewer knows what it shows, and a code-scanning page in a Chinese
team's repository reads as their terminal does."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import PurePosixPath
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

from checker import __version__
from checker.i18n import say, shown_language
from checker.ids.registry import CHECKS, Check
from checker.model.finding import Finding
from checker.report.located import located
from checker.report.objects import resolution_objects, result_object
from checker.report.problems import verdict_message

if TYPE_CHECKING:  # a lint run loads neither verify nor resolve
    from checker.model.verdict import Verdict
    from checker.outcome import Outcome
    from checker.torch.resolve.resolution import Resolution

SCHEMA = (
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
)
_INDEX = {check.id: index for index, check in enumerate(CHECKS)}
# the run's `language` for a language of checker.i18n other than English
LANGUAGE_TAGS = {"zh": "zh-CN"}


def render(outcome: Outcome[Any], verdicts: bool = False) -> str:
    """`verdicts`: the command has verdicts to report too (verify)."""
    result = outcome.result
    judged = result.results if verdicts else ()
    return sarif_log(result.findings, outcome.errors, result.refs, result.resolution, judged)


def sarif_log(
    findings: Sequence[Finding],
    errors: Sequence[str],
    refs: Sequence[str] = (),
    resolution: Resolution | None = None,
    verdicts: Sequence[Verdict] = (),
) -> str:
    """A result per finding, then per verdict that carries a severity."""
    out = [_finding(f, refs) for f in findings]
    out += [_verdict(r, refs) for r in verdicts if r.severity is not None]
    return _log(out, errors, resolution)


def _rule(check: Check) -> dict[str, Any]:
    rule: dict[str, Any] = {
        "id": check.id,
        "shortDescription": {"text": say(check.summary)},
        "fullDescription": {"text": say(check.explanation)},
        "defaultConfiguration": {"level": check.level},
        "properties": {"stage": check.stage},
    }
    if check.fix:
        rule["help"] = {"text": say(check.fix)}
    return rule


def _finding(finding: Finding, refs: Sequence[str]) -> dict[str, Any]:
    return _result(
        finding.rule, finding.severity.value, say(finding.message), finding.path, finding.line, refs
    )


# The result's own fields; verdict, severity, place and detail are in the SARIF result.
_RESULT_PROPERTIES = ("rule", "api", "version", "product", "documented", "expected", "observed")


def _verdict(r: Verdict, refs: Sequence[str]) -> dict[str, Any]:
    rule = r.check or r.verdict
    level = r.severity.value if r.severity else "note"
    result = _result(rule, level, say(verdict_message(r)), r.path, r.line, refs)
    everything = result_object(r)
    result["properties"] = {key: everything[key] for key in _RESULT_PROPERTIES}
    return result


def _result(
    rule: str, level: str, message: str, path: str, line: int, refs: Sequence[str]
) -> dict[str, Any]:
    ref, inside = located(path, refs)
    artifact: dict[str, Any] = {"uri": _uri(inside)}
    if ref is not None:
        artifact["properties"] = {"ref": ref}
    return {
        "ruleId": rule,
        "ruleIndex": _INDEX[rule],
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


def _uri(path: str) -> str:
    posix = PurePosixPath(path.replace("\\", "/"))
    # the file name's own bytes, percent-encoded: a byte that is not UTF-8 is %FF
    quoted = quote(os.fsencode(str(posix)), safe="/")
    return f"file://{quoted}" if posix.is_absolute() else quoted


def _log(
    results: list[dict[str, Any]],
    errors: Sequence[str],
    resolution: Resolution | None = None,
) -> str:
    invocation = {
        "executionSuccessful": not errors,
        "toolExecutionNotifications": [
            {"level": "error", "message": {"text": say(error)}} for error in errors
        ],
    }
    run: dict[str, Any] = {
        "tool": {
            "driver": {
                "name": "docs-check",
                "version": __version__,
                "rules": [_rule(check) for check in CHECKS],
            }
        },
        "invocations": [invocation],
        "results": results,
    }
    tag = LANGUAGE_TAGS.get(shown_language())
    if tag is not None:
        run["language"] = tag
    if resolution is not None:
        resolved = resolution_objects(resolution)
        run["properties"] = {
            key: resolved[key] for key in ("resolution_counts", "resolution_environments")
        }
    document = {"$schema": SCHEMA, "version": "2.1.0", "runs": [run]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
