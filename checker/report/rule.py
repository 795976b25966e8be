"""`rule ID` and `rules`' reports: as text, one check described whole (its
levels, what it means, its wrong and right examples, its fix), or every
check on a line; as JSON, one document of the schema `docs-check/rules`
(checker/schemas/rules.schema.json), the checks in the registry's order,
each with its examples (`rule ID` holds the one asked for). Both describe
the registry's checks, not what a run found, and print no summary line.

The examples are printed as they are written, indented as blocks, so that a
page can be copied out of the terminal; the prose is wrapped to 79 columns
(by display width where it holds Chinese: checker.textwidth), and the labels
and the registry's words are in the chosen language (checker.i18n), as in
SARIF. Rule ids, levels and stages are ids, never translated."""

from __future__ import annotations

import json
import textwrap
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, labelled, say
from checker.ids.examples import BASELINE, CONFIGURATION, PAGE, RUN, TRANSLATION, Example
from checker.model.words import LEVEL_WORDS, word
from checker.outcome import Command
from checker.report.formats import Report, own_report, renderer
from checker.report.objects import picked, tagged
from checker.report.text import lines_of
from checker.textwidth import has_wide, padded, width_of
from checker.textwidth import wrapped as wrapped_by_width

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import Described

WIDTH = 79
INDENT = "    "
NO_FIX = N_("none given: what to change depends on the case")
HEADER = (N_("rule"), N_("level"), N_("stage"), N_("summary"))


REPORTS = {
    Command.RULE: own_report(__name__, "text", "json"),
    Command.RULES: Report(
        {"text": renderer(f"{__name__}.listing_text"), "json": renderer(f"{__name__}.as_json")}
    ),
}


def as_text(outcome: Outcome[Any], colour: bool = False) -> str:
    return lines_of([line for one in outcome.result.described for line in description(one)])


def listing_text(outcome: Outcome[Any], colour: bool = False) -> str:
    return lines_of(listing(outcome.result.described))


def as_json(outcome: Outcome[Any]) -> str:
    document = {**tagged("rules"), "rules": [rule_object(d) for d in outcome.result.described]}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def listing(described: tuple[Described, ...]) -> list[str]:
    """A header and one line per check: id, level, stage, summary, aligned."""
    rows = [tuple(map(_, HEADER))]
    rows += [
        (d.check.id, word(LEVEL_WORDS, d.check.level), d.check.stage, say(d.check.summary))
        for d in described
    ]
    widths = [max(width_of(row[column]) for row in rows) for column in range(3)]
    # padded by display width: a heading in Chinese is wide
    return ["  ".join([*map(padded, row[:3], widths), row[3]]) for row in rows]


def description(described: Described) -> list[str]:
    check, example = described.check, described.example
    also = _(" (also {stages})").format(stages=_(", ").join(check.also)) if check.also else ""
    if check.fixable:
        automatic = _("automatic fix: {autofix} (docs-check fix)").format(
            autofix=say(check.autofix)
        )
    else:
        automatic = _("automatic fix: no")
    return [
        labelled(check.id, say(check.summary)),
        _("default level: {level}").format(level=check.level),
        _("stage: {stage}").format(stage=check.stage) + also,
        automatic,
        "",
        *wrapped(say(check.explanation)),
        "",
        *examples(example),
        *wrapped(_("fix: {fix}").format(fix=say(check.fix) if check.fix else _(NO_FIX))),
    ]


def examples(example: Example) -> list[str]:
    """The blocks of the example, each under its label, each followed by a blank line."""
    wrong, right = _labels(example)
    blocks: list[tuple[str, str]] = []
    if example.page is not None:
        blocks.append((_("page ({path}):").format(path=example.path), example.page))
    if example.rule is not None:
        blocks.append((_("rule file (verify --rules FILE):"), example.rule))
    if example.note is not None:
        blocks.append((_("note:"), example.note))
    blocks += [(wrong, example.wrong), (right, example.right)]
    lines: list[str] = []
    for label, text in blocks:
        lines += [label, *block(text), ""]
    return lines


def _labels(example: Example) -> tuple[str, str]:
    what = {
        PAGE: example.path,
        RUN: _("what the run observed"),
        CONFIGURATION: ".docs-check.toml",
        BASELINE: _("the baseline file"),
        TRANSLATION: example.translated_path,
    }[example.shows]
    return _("wrong ({what}):").format(what=what), _("right ({what}):").format(what=what)


def block(text: str) -> list[str]:
    """`text` indented, its blank lines left blank."""
    return [INDENT + line if line.strip() else "" for line in text.strip("\n").splitlines()]


def wrapped(text: str) -> list[str]:
    """`text` in lines of WIDTH columns: Chinese by display width, broken
    between characters (textwrap counts a character a column, and breaks only
    at spaces); English as textwrap does it."""
    if has_wide(text):
        return wrapped_by_width(text, WIDTH)
    return textwrap.wrap(text, WIDTH, break_long_words=False, break_on_hyphens=False)


def rule_object(described: Described) -> dict[str, Any]:
    check, example = described.check, described.example
    return {
        **picked(check, ("id", "level", "stage")),
        "summary": say(check.summary),
        "explanation": say(check.explanation),
        "fix": say(check.fix) if check.fix else check.fix,
        "fixable": check.fixable,
        "autofix": say(check.autofix) if check.autofix else None,
        "example": picked(example, ("shows", "path", "wrong", "right", "page", "rule", "note")),
    }
