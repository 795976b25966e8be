"""`show`'s report: the entries found, in text (grouped by API, each entry
expanded over its page's scope: its products and statuses) or JSON
(checker/schemas/show.schema.json). Names come from files: every text line
is written with its control characters escaped (checker.report.text's
`lines_of`)."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from checker.model.words import STATUS_WORDS, word
from checker.outcome import Command
from checker.report.formats import own_report
from checker.report.objects import picked, tagged
from checker.report.text import lines_of

if TYPE_CHECKING:
    from checker.outcome import Outcome

REPORTS = {Command.SHOW: own_report(__name__, "text", "json")}


def as_json(outcome: Outcome[Any]) -> str:
    """`status` and `lines` of each entry's products (`said`, one per entry:
    checker.model.said)."""
    listed = [
        {
            **picked(entry, ("api", "version", "lang", "path", "line", "format")),
            "status": dict(statuses),
            "lines": {product: entry.line_of(product) for product, _ in statuses},
            "link_line": entry.link_line or None,
            "raw": entry.raw,
        }
        for entry, statuses in zip(outcome.result.entries, outcome.result.said, strict=True)
    ]
    document = {**tagged("show"), "entries": listed}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def as_text(outcome: Outcome[Any], colour: bool = False) -> str:
    """Grouped by API; each entry's products and statuses (`said`, one per
    entry: checker.model.said), so every page format prints alike."""
    entries, said = outcome.result.entries, outcome.result.said
    lines: list[str] = []
    for entry, statuses in zip(entries, said, strict=True):
        if not lines or entry.api != _api_of_last(lines):
            lines.append(entry.api)
        shown = "  ".join(
            f"{product}={word(STATUS_WORDS, support)}" for product, support in statuses
        )
        where = f"{entry.path}:{entry.line}"
        lines.append(f"  {entry.version:<7} {entry.lang} {entry.format:<6}  {shown}  {where}")
    return lines_of(lines)


def _api_of_last(lines: list[str]) -> str:
    for line in reversed(lines):
        if not line.startswith(" "):
            return line
    return ""
