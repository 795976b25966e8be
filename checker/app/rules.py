"""`rule ID` and `rules`: what the registry knows of its checks, with their
examples. No page is read; an id the registry does not have is a usage error
that names the closest one, since it is most often a misspelling."""

from __future__ import annotations

from checker.errors import UsageError
from checker.i18n import N_
from checker.ids.examples import example_of
from checker.ids.registry import CHECKS, REGISTRY, Check
from checker.ids.suggest import did_you_mean
from checker.outcome import Command, Outcome
from checker.results import Described, Rules


def rule(rule_id: str) -> Outcome[Rules]:
    """One check, described."""
    if not rule_id.strip():
        raise UsageError.saying(N_("rule: the id is empty (`docs-check rules` lists every id)"))
    check = REGISTRY.get(rule_id)
    if check is None:
        raise UsageError.saying(
            N_("unknown rule '{rule}'{hint}"), rule=rule_id, hint=did_you_mean(rule_id, REGISTRY)
        )
    return Outcome(Command.RULE, Rules((described(check),)))


def rules() -> Outcome[Rules]:
    """Every check of the registry."""
    return Outcome(Command.RULES, Rules(tuple(described(check) for check in CHECKS)))


def described(check: Check) -> Described:
    return Described(check, example_of(check.id))
