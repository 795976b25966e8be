"""What one entry states of each product, gathered in reading order. Every
format can state a product twice (two table rows, two blocks, two clauses of
one status line, or two names of one product), and no statement wins over
another: the same value again is a warning, another value an error that makes
the product's status `conflict`."""

from __future__ import annotations

from dataclasses import dataclass, field

from checker.i18n import N_, message
from checker.model.finding import Problem
from checker.model.support import Status, Support


@dataclass(frozen=True)
class Claim:
    """One statement of one product, with the name it was written under."""

    product: str
    support: Support
    written: str


@dataclass
class Claims:
    """The statements so far. `add` returns the problem a repeated statement is."""

    _said: dict[str, tuple[Support, int, str]] = field(default_factory=dict)

    def add(self, claim: Claim, line: int) -> Problem | None:
        earlier = self._said.get(claim.product)
        if earlier is None:
            self._said[claim.product] = (claim.support, line, claim.written)
            return None
        before, at, name = earlier
        where = (
            message(N_("earlier on this line"))
            if at == line
            else message(N_("at line {line}"), line=at)
        )
        under = message(N_(" as {name}"), name=name) if name != claim.written else ""
        # supports as the model writes them (supported, conflict), in every language
        said = {"product": claim.written, "support": claim.support.value}
        said |= {"before": before.value, "where": where, "under": under}
        if before == claim.support:
            template = N_("{product} is stated {support} again ({where}{under})")
            return Problem("duplicate-status", message(template, **said))
        # The later line is where the conflict shows, and where verify points.
        self._said[claim.product] = (Support.CONFLICT, line, claim.written)
        if before is Support.CONFLICT:
            template = N_("{product} is stated a third time, {support} ({where}{under})")
        else:
            template = N_("{product} is stated {support} here, but {before} {where}{under}")
        return Problem("status-conflict", message(template, **said))

    def status(self, rest: Support | None = None) -> Status | None:
        """The statements as one Status; None when nothing was stated."""
        if not self._said and rest is None:
            return None
        named = tuple((product, said[0]) for product, said in self._said.items())
        return Status(named, rest)

    def claims(self) -> tuple[Claim, ...]:
        """One claim per product: what the statements come to."""
        return tuple(Claim(product, said[0], said[2]) for product, said in self._said.items())

    def lines(self) -> tuple[tuple[str, int], ...]:
        """Each product's line: the one statement, or the latest of conflicting ones."""
        return tuple((product, said[1]) for product, said in self._said.items())
