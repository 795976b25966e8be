"""`stats`' report, in each of its formats (REPORTS): the statements of the
docs counted per docs version, product and status (checker.model.query's
`Tally`), side by side (a tree's pages in one language, as the site's support
table counts them). Text: a table per side, aligned, its headings and
statuses in the run's language; JSON: a `docs-check/stats` document, one row
per side, version and product (checker/schemas/stats.schema.json)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from checker.i18n import _
from checker.model.query import STATUSES
from checker.model.words import STATUS_WORDS, side_said, word
from checker.outcome import Command
from checker.report.formats import own_report
from checker.report.objects import tagged
from checker.report.text import lines_of
from checker.textwidth import padded, width_of

if TYPE_CHECKING:
    from checker.model.query import Tally
    from checker.outcome import Outcome


def as_text(outcome: Outcome[Tally], colour: bool = False) -> str:
    """A table per side, a blank line between two: names to the left, counts
    to the right, each column as wide as its widest cell (a Chinese heading
    is two columns a character)."""
    tally = outcome.result
    head = (_("version"), _("product"), *(word(STATUS_WORDS, s) for s in STATUSES))
    lines: list[str] = []
    for side in tally.sides:
        rows = [(v, p, *map(str, counts)) for v, p, counts in tally.rows(side)]
        if not rows:  # a side of no statement: a ref with no page in that language
            continue
        widths = [max(width_of(row[c]) for row in (head, *rows)) for c in range(len(head))]
        title = _("Support by version and product ({side})").format(side=side_said(side))
        lines += [*([""] if lines else []), title]
        for row in (head, *rows):
            names = [padded(cell, width) for cell, width in zip(row[:2], widths[:2], strict=True)]
            counts = [
                " " * (w - width_of(cell)) + cell
                for cell, w in zip(row[2:], widths[2:], strict=True)
            ]
            lines.append("  ".join([*names, *counts]))
    return lines_of(lines)


def as_json(outcome: Outcome[Tally]) -> str:
    tally = outcome.result
    rows = [
        {
            "ref": side[0] or None,  # null: the working tree
            "lang": side[1],
            "version": version,
            "product": product,
            **dict(zip(STATUSES, counts, strict=True)),
        }
        for side in tally.sides
        for version, product, counts in tally.rows(side)
    ]
    document = {
        **tagged("stats"),
        "pages": tally.pages,
        "entries": tally.entries,
        "versions": list(tally.versions),
        "products": list(tally.products),
        "counts": rows,
    }
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


REPORTS = {Command.STATS: own_report(__name__, "text", "json")}
