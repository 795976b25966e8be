"""`rule ID` and `rules` as JSON: one document of the schema
`docs-check/rules` (checker/schemas/rules.schema.json), the checks in the
registry's order, each with its examples; `rule ID` holds the one asked for."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from checker.i18n import say
from checker.report.objects import tagged

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import Described


def render(outcome: Outcome[Any]) -> str:
    document = {**tagged("rules"), "rules": [rule_object(d) for d in outcome.result.described]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def rule_object(described: Described) -> dict[str, Any]:
    check, example = described.check, described.example
    return {
        "id": check.id,
        "level": check.level,
        "stage": check.stage,
        "summary": say(check.summary),
        "explanation": say(check.explanation),
        "fix": say(check.fix) if check.fix else check.fix,
        "fixable": check.fixable,
        "autofix": say(check.autofix) if check.autofix else None,
        "example": {
            "shows": example.shows,
            "path": example.path,
            "wrong": example.wrong,
            "right": example.right,
            "page": example.page,
            "rule": example.rule,
            "note": example.note,
        },
    }
