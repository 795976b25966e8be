"""`--statistics`: how many problems (every finding and, for verify, every
verdict with a severity: checker.report.problems) each rule reported, instead
of the problems themselves, as ruff's `--statistics` counts them: one line per
rule, the count, the rule id, its level and its summary, the most frequent
first (then by id); with `--format json`, a `docs-check/statistics` document
whose `statistics` list holds {rule, level, count}.

A rule's level is that of its problems, after the configuration (one level
per rule: `error` wins should there be both)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import click

from checker.i18n import say
from checker.ids.registry import REGISTRY
from checker.model.finding import Finding, Severity
from checker.model.words import LEVEL_WORDS, word
from checker.report.objects import tagged
from checker.report.problems import problems
from checker.report.text import SEVERITY_COLOURS
from checker.textwidth import padded, width_of

if TYPE_CHECKING:
    from checker.outcome import Outcome


@dataclass(frozen=True)
class Count:
    """A rule's problems counted, at its level, for --statistics."""

    rule: str
    level: Severity
    count: int


def counts(found: Sequence[Finding]) -> list[Count]:
    by_rule: dict[str, list[Finding]] = {}
    for f in found:
        by_rule.setdefault(f.rule, []).append(f)
    every = [Count(rule, _level(of_rule), len(of_rule)) for rule, of_rule in by_rule.items()]
    return sorted(every, key=lambda c: (-c.count, c.rule))


def _level(found: Sequence[Finding]) -> Severity:
    errors = any(f.severity is Severity.ERROR for f in found)
    return Severity.ERROR if errors else Severity.WARNING


def render(
    outcome: Outcome[Any], as_json: bool = False, colour: bool = False, verdicts: bool = False
) -> str:
    """`verdicts`: the command's verdicts are problems too (verify)."""
    counted = counts(problems(outcome, verdicts))
    if as_json:
        rows = [{"rule": c.rule, "level": c.level.value, "count": c.count} for c in counted]
        document = {**tagged("statistics"), "command": outcome.command, "statistics": rows}
        return json.dumps(document, ensure_ascii=False, indent=2) + "\n"
    return "".join(line + "\n" for line in table(counted, colour))


def table(counted: Sequence[Count], colour: bool = False) -> list[str]:
    """Columns aligned: the counts to the right, ids and levels to the left."""
    if not counted:
        return []
    count_width = max(len(str(c.count)) for c in counted)
    rule_width = max(len(c.rule) for c in counted)
    levels = {c.level: word(LEVEL_WORDS, c.level.value) for c in counted}
    level_width = max(width_of(level) for level in levels.values())
    lines = []
    for c in counted:
        rule, level = c.rule.ljust(rule_width), padded(levels[c.level], level_width)
        if colour:
            rule = click.style(rule, fg=SEVERITY_COLOURS[c.level], bold=True)
            level = click.style(level, fg=SEVERITY_COLOURS[c.level])
        summary = say(REGISTRY[c.rule].summary)
        lines.append(f"{str(c.count).rjust(count_width)}  {rule}  {level}  {summary}")
    return lines
