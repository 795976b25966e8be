"""The parts the Markdown reports share (the lint and verify reports, and
their `pr` template's marks): a table's row, its cells escaped by their
writer (checker.report.escape), a product's mark, the headline, and the
findings, resolution and input-error sections. With --resolve-apis, the
`API resolution` section: the counts per docs version, then the names that
do not resolve."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, message, say
from checker.model.finding import Finding
from checker.model.support import UNSTATED
from checker.model.words import LEVEL_WORDS, word
from checker.report.escape import markdown as _text
from checker.report.escape import markdown_code as _code

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.torch.resolve.resolution import Resolution

# A conflict is both marks: the page states the product both ways.
MARKS = {"supported": "✔", "unsupported": "✘", "conflict": "✔✘", UNSTATED: "–"}


def row(*cells: str) -> str:
    return "| " + " | ".join(cells) + " |"


def headed(headline: str, outcome: Outcome[Any]) -> str:
    """`**✔ passed** (exit 0): `, which the counts follow."""
    said = _("{headline} (exit {code}): {said}")
    return said.format(headline=f"**{headline}**", code=int(outcome.exit_code), said="")


def findings_section(findings: Sequence[Finding]) -> list[str]:
    if not findings:
        return []
    headings = (N_("page:line"), N_("rule"), N_("severity"), N_("message"))
    lines = ["", _("### Findings"), "", row(*map(_, headings))]
    lines.append("| --- | --- | --- | --- |")
    for f in findings:
        where = _code(f"{f.path}:{f.line}")
        lines.append(
            row(where, _text(f.rule), word(LEVEL_WORDS, f.severity.value), _text(say(f.message)))
        )
    return lines


def resolution_section(resolution: Resolution) -> list[str]:
    """The counts per docs version (a column per outcome), the notes, then the
    names that do not simply resolve."""
    from checker.torch.resolve.resolved import NOT_RESOLVED, Lookup  # --resolve-apis only

    report = resolution.report
    lines = ["", "### " + _("API resolution"), ""]
    looked_up = message(
        N_("Looked up with {environments}."), environments=resolution.environments_line()
    )
    lines += [_text(say(looked_up)), ""]
    columns = [outcome.value for outcome in Lookup] + [NOT_RESOLVED]
    lines += [row("version", *columns), row("---", *("--:" for _ in columns))]
    for version, counts in report.counts().items():
        lines.append(row(version, *(str(counts.get(column, 0)) for column in columns)))
    reasons = [
        message(
            N_("{version}: {count} names not resolved: {why}"),
            version=version,
            count=count,
            why=resolution.why_not(version),
        )
        for version, count in report.not_resolved
    ]
    notes = [message(N_("note: {note}"), note=note) for note in resolution.notes]
    if reasons or notes:
        lines += ["", *(f"- {_text(say(said))}" for said in (*reasons, *notes))]
    names = resolution.non_resolving()
    if names:
        lines += [
            "",
            say(message(N_("Names that do not resolve ({count}):"), count=len(names))),
            "",
        ]
        lines += [
            "| {} | API | {} | {} |".format(_("page:line"), _("outcome"), _("detail")),
            "| --- | --- | --- | --- |",
        ]
        for r in names:
            where = _code(f"{r.path}:{r.line}")
            lines.append(
                f"| {where} | {_code(r.api)} | {r.outcome.value} | {_text(say(r.detail))} |"
            )
    return lines


def errors_section(errors: Sequence[str]) -> list[str]:
    if not errors:
        return []
    return ["", _("### Input errors"), "", *(f"- {_text(say(e))}" for e in errors)]
