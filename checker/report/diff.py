"""`diff`'s report (the command's, not `fix --diff`'s patch) in text, JSON
(checker/schemas/diff.schema.json) and Markdown (for release notes): the
counts, then the APIs added, the APIs removed and the statuses changed, each
with where each side says it; between two refs, then the lint findings
introduced and fixed."""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, _, labelled, say
from checker.model.changes import Change, Compared, Kind
from checker.model.records import Record
from checker.model.words import STATUS_WORDS, word
from checker.outcome import Command
from checker.report.escape import markdown as text
from checker.report.escape import markdown_code as code
from checker.report.formats import own_report
from checker.report.located import located
from checker.report.markdown.parts import row
from checker.report.objects import finding_object, tagged
from checker.report.text import finding_line, lines_of
from checker.textwidth import padded

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import Diffed

REPORTS = {Command.DIFF: own_report(__name__, "text", "json", "markdown")}


def as_json(outcome: Outcome[Diffed]) -> str:
    diffed, sides = outcome.result, outcome.result.sides
    document: dict[str, Any] = {
        **tagged("diff"),
        "compared": sides.compared.value,
        "a": sides.a,
        "b": sides.b,
        "counts": {kind.value: diffed.count(kind) for kind in Kind},
        "changes": [change_object(change, diffed.refs) for change in diffed.changes],
    }
    if _between_refs(diffed):
        document["findings"] = {
            "introduced": [finding_object(f, diffed.refs) for f in diffed.introduced],
            "fixed": [finding_object(f, diffed.refs) for f in diffed.fixed],
        }
    document["errors"] = list(outcome.errors)
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


SECTIONS = {
    Kind.ADDED: N_("### Added"),
    Kind.REMOVED: N_("### Removed"),
    Kind.CHANGED: N_("### Status changes"),
}
# a change's kind in the text report's first column
KIND_WORDS = {Kind.ADDED: N_("added"), Kind.REMOVED: N_("removed"), Kind.CHANGED: N_("changed")}


def counts(diffed: Diffed) -> str:
    """`2.12.0 → 2.13.0: APIs 19 added, 17 removed; statuses 6 changed`, and
    between refs `; findings 2 introduced, 1 fixed`."""
    return labelled(f"{diffed.sides.a} → {diffed.sides.b}", _counted(diffed))


def _counted(diffed: Diffed) -> str:
    said = _("APIs {added} added, {removed} removed; statuses {changed} changed")
    line = said.format(**{kind.value: diffed.count(kind) for kind in Kind})
    if _between_refs(diffed):
        found = _("findings {introduced} introduced, {fixed} fixed")
        found = found.format(introduced=len(diffed.introduced), fixed=len(diffed.fixed))
        line = _("{first}; {then}").format(first=line, then=found)
    return line


def _between_refs(diffed: Diffed) -> bool:
    return diffed.sides.compared is Compared.REFS


def context(change: Change) -> str:
    """What the API is named within: its language, its version, or both."""
    return " ".join(part for part in change.context if part)


# the labels of the findings a diff between refs introduced and fixed, in a column of 11
INTRODUCED, FIXED = N_("introduced"), N_("fixed")


def as_text(outcome: Outcome[Diffed], colour: bool = False) -> str:
    diffed = outcome.result
    lines = [counts(diffed)]
    for change in sorted(diffed.changes, key=lambda change: list(Kind).index(change.kind)):
        named = f"{padded(_(KIND_WORDS[change.kind]), 8)} {change.api}  {context(change)}"
        if change.kind is Kind.CHANGED and change.before and change.after:
            before, after = change.before, change.after
            statuses = f"{word(STATUS_WORDS, before.status)} → {word(STATUS_WORDS, after.status)}"
            said = labelled(after.product, statuses)
            lines.append(f"{named}  {said}  {before.where} → {after.where}")
        else:
            lines.append(f"{named}  {change.either.entry}")
    introduced, fixed = padded(_(INTRODUCED), 11), padded(_(FIXED), 11)
    lines += [f"{introduced}{finding_line(finding)}" for finding in diffed.introduced]
    lines += [f"{fixed}{finding_line(finding)}" for finding in diffed.fixed]
    return lines_of(lines)


def as_markdown(outcome: Outcome[Diffed]) -> str:
    diffed, errors = outcome.result, outcome.errors
    title = _("API support")
    lines = ["## " + labelled(title, f"{text(diffed.sides.a)} → {text(diffed.sides.b)}"), ""]
    lines.append(text(_counted(diffed)))
    for kind, heading in SECTIONS.items():
        changes = [change for change in diffed.changes if change.kind is kind]
        if changes:
            lines += ["", _(heading), "", *_table(kind, changes, diffed)]
    for heading, findings in FINDINGS:
        if getattr(diffed, findings):
            table = [row(_("rule"), _("place"), _("message")), row("---", "---", "---")]
            for finding in getattr(diffed, findings):
                where = code(f"{finding.path}:{finding.line}")
                table.append(row(code(finding.rule), where, text(say(finding.message))))
            lines += ["", _(heading), "", *table]
    if errors:
        lines += ["", _("### Input errors"), "", *(f"- {text(error)}" for error in errors)]
    return "\n".join(lines) + "\n"


FINDINGS = ((N_("### Findings introduced"), "introduced"), (N_("### Findings fixed"), "fixed"))


def _of(diffed: Diffed) -> str:
    """The header of the context column: what the sides share."""
    if diffed.sides.compared is Compared.VERSIONS:
        return _("language")
    return _("version") if diffed.sides.compared is Compared.LANGUAGES else _("version, language")


def _table(kind: Kind, changes: list[Change], diffed: Diffed) -> list[str]:
    if kind is not Kind.CHANGED:
        lines = [row("API", _of(diffed), _("page")), row("---", "---", "---")]
        for change in changes:
            lines.append(row(code(change.api), text(context(change)), code(change.either.entry)))
        return lines
    a, b = text(diffed.sides.a), text(diffed.sides.b)
    lines = [row("API", _of(diffed), _("product"), a, b, _("pages"))]
    lines.append(row(*["---"] * 6))
    for change in changes:
        before, after = change.before, change.after
        assert before is not None and after is not None
        where = f"{code(before.where)} → {code(after.where)}"
        cells = (code(change.api), text(context(change)), text(after.product))
        said = (word(STATUS_WORDS, status) for status in (before.status, after.status))
        lines.append(row(*cells, *map(text, said), where))
    return lines


def change_object(change: Change, refs: Sequence[str]) -> dict[str, Any]:
    """Each side where it says it: a status change at the product's line, an
    API added or removed at its entry's heading (and no status)."""

    def side(record: Record | None) -> dict[str, Any] | None:
        if record is None:
            return None
        ref, path = located(record.path, refs)
        changed = change.product is not None
        return {
            "version": record.version,
            "lang": record.lang,
            "status": record.status if changed else None,
            "path": path,
            "line": record.line if changed else record.entry_line,
            "ref": ref,
        }

    return {
        "kind": change.kind.value,
        "api": change.api,
        "product": change.product,
        "before": side(change.before),
        "after": side(change.after),
    }
