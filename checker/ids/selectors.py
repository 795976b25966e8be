"""Rule selectors, as `--select`, `--ignore`, `--extend-select`, the same keys
of the configuration and `<!-- docs-check-disable ... -->` comments take them:
an id of the registry (`link-version`), a prefix of ids ending at a word
(`block-`, `block`, `block-id`), or `ALL`.

A prefix must end where a word of the id ends: `blo` would select the block
rules, but far more often it is a misspelling, and an unknown selector is
refused with the closest known one suggested."""

from __future__ import annotations

from functools import cache

from checker.i18n import N_, message
from checker.ids.registry import REGISTRY
from checker.ids.suggest import closest

ALL = "ALL"


def covers(selector: str, rule: str) -> bool:
    """Whether `selector` (a known one) names `rule`."""
    if selector == ALL:
        return True
    stem = selector.rstrip("-")
    return rule == stem or rule.startswith(stem + "-")


def specificity(selector: str) -> int:
    """How narrowly it selects: the more specific of two selectors that name a
    rule decides, as in ruff (`--select block- --ignore block-unclosed`)."""
    return 0 if selector == ALL else len(selector.rstrip("-"))


def problem(selector: str) -> str | None:
    """Why `selector` selects nothing ("unknown rule 'x'; did you mean 'y'?"),
    or None when it names at least one id."""
    if not selector.strip():
        return message(N_("empty rule id"))
    if selector == ALL or any(covers(selector, rule) for rule in REGISTRY):
        return None

    near = closest(selector, _known())
    if near is None:
        return message(N_("unknown rule {rule!r} (see `docs-check rules`)"), rule=selector)
    return message(N_("unknown rule {rule!r}; did you mean {near!r}?"), rule=selector, near=near)


@cache
def _known() -> tuple[str, ...]:
    """Every id, and every prefix of ids that ends at a word."""
    prefixes = {
        "-".join(rule.split("-")[:length]) + "-"
        for rule in REGISTRY
        for length in range(1, rule.count("-") + 1)
    }
    return (*sorted(REGISTRY), *sorted(prefixes))
