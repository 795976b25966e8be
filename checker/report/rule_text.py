"""`rule ID` and `rules` as text: one check described whole (its levels, what
it means, its wrong and right examples, its fix), or every check on a line.

The examples are printed as they are written, indented as blocks, so that a
page can be copied out of the terminal; the prose is wrapped to 79 columns,
and the registry's words are in the chosen language (checker.i18n), as in SARIF."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from checker.checks.examples import BASELINE, CONFIGURATION, PAGE, RUN, TRANSLATION, Example
from checker.i18n import say
from checker.report.lines import lines_of

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import Described

WIDTH = 79
INDENT = "    "
NO_FIX = "none given: what to change depends on the case"


def render(outcome: Outcome[Any]) -> str:
    described = outcome.result.described
    if outcome.command == "rules":
        return lines_of(listing(described))
    return lines_of([line for one in described for line in description(one)])


def listing(described: tuple[Described, ...]) -> list[str]:
    """A header and one line per check: id, level, stage, summary, aligned."""
    rows = [("rule", "level", "stage", "summary")]
    rows += [(d.check.id, d.check.level, d.check.stage, say(d.check.summary)) for d in described]
    widths = [max(len(row[column]) for row in rows) for column in range(3)]
    return ["  ".join([*map(str.ljust, row[:3], widths), row[3]]) for row in rows]


def description(described: Described) -> list[str]:
    check, example = described.check, described.example
    return [
        f"{check.id}: {say(check.summary)}",
        f"default level: {check.level}",
        f"stage: {check.stage}" + (f" (also {', '.join(check.also)})" if check.also else ""),
        f"automatic fix: {say(check.autofix) + ' (docs-check fix)' if check.fixable else 'no'}",
        "",
        *wrapped(say(check.explanation)),
        "",
        *examples(example),
        *wrapped(f"fix: {say(check.fix) if check.fix else NO_FIX}"),
    ]


def examples(example: Example) -> list[str]:
    """The blocks of the example, each under its label, each followed by a blank line."""
    wrong, right = _labels(example)
    blocks: list[tuple[str, str]] = []
    if example.page is not None:
        blocks.append((f"page ({example.path}):", example.page))
    if example.rule is not None:
        blocks.append(("rule file (verify --rules FILE):", example.rule))
    if example.note is not None:
        blocks.append(("note:", example.note))
    blocks += [(wrong, example.wrong), (right, example.right)]
    lines: list[str] = []
    for label, text in blocks:
        lines += [label, *block(text), ""]
    return lines


def _labels(example: Example) -> tuple[str, str]:
    what = {
        PAGE: example.path,
        RUN: "what the run observed",
        CONFIGURATION: ".docs-check.toml",
        BASELINE: "the baseline file",
        TRANSLATION: example.translated_path,
    }[example.shows]
    return f"wrong ({what}):", f"right ({what}):"


def block(text: str) -> list[str]:
    """`text` indented, its blank lines left blank."""
    return [INDENT + line if line.strip() else "" for line in text.strip("\n").splitlines()]


def wrapped(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False)
