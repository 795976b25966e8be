"""Which rules a run reports: `select` (default: every rule), `extend-select`
and `ignore`, from the configuration and the command line.

The command line's `--select` replaces the configuration's `select`; both
`--extend-select` and `--ignore` add to the configuration's. For each rule the
most specific selector that names it decides, and where a selecting and an
ignoring selector are as specific, ignoring wins: `--select block-
--ignore block-unclosed` reports every block rule but one, `--ignore block-
--extend-select block-unclosed` that one only."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property

from checker.errors import UsageError
from checker.i18n import N_
from checker.ids.registry import REGISTRY
from checker.ids.selectors import ALL, covers, problem, specificity


@dataclass(frozen=True)
class Selection:
    """The rules --select, --extend-select and --ignore leave in."""

    select: tuple[str, ...] = (ALL,)
    extend_select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()

    def selects(self, rule: str) -> bool:
        return rule in self._selected

    @cached_property
    def _selected(self) -> frozenset[str]:
        return frozenset(rule for rule in REGISTRY if self._decides(rule))

    def _decides(self, rule: str) -> bool:
        chosen = _best(rule, (*self.select, *self.extend_select))
        ignored = _best(rule, self.ignore)
        return chosen is not None and (ignored is None or chosen > ignored)

    def overridden(
        self,
        select: Sequence[str] = (),
        extend_select: Sequence[str] = (),
        ignore: Sequence[str] = (),
    ) -> Selection:
        """This selection with the command line's selectors applied over it."""
        return Selection(
            tuple(select) or self.select,
            (*self.extend_select, *extend_select),
            (*self.ignore, *ignore),
        )


def _best(rule: str, selectors: Sequence[str]) -> int | None:
    """The specificity of the most specific selector naming `rule`, if any."""
    found = [specificity(s) for s in selectors if covers(s, rule)]
    return max(found) if found else None


def command_line_selectors(option: str, values: Sequence[str]) -> tuple[str, ...]:
    """`--select a,b --select c` as ("a", "b", "c"); an unknown id is a usage
    error naming the option and the closest id."""
    selectors = tuple(part.strip() for value in values for part in value.split(","))
    for selector in selectors:
        why = problem(selector)
        if why is not None:
            raise UsageError.saying(N_("{option}: {why}"), option=option, why=why)
    return selectors
