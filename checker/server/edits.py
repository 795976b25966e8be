"""The quick fixes the language server offers on a finding, as line edits of
the page's text in the editor: the certain fix `docs-check fix` makes (its
lines of the page as checker.rewrite.fixes fixes and proves it, so the edit
is the same), all of them at once, and for every finding a suppression comment with a
reason to fill in, placed where docs/configuration.md says it goes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.i18n import N_, message
from checker.model.finding import Finding
from checker.read.load import page_lines
from checker.rewrite.replacements import Replacement
from checker.rewrite.written import PageRewrite


@dataclass(frozen=True)
class Action:
    """A quick fix the editor may offer for a finding: its title, and the
    edits that make it."""

    title: str
    finding: Finding
    # checker.rewrite's: lines first..last replaced; with last = first - 1,
    # lines inserted before line first
    edits: tuple[Replacement, ...]
    preferred: bool  # the fix itself, which an editor may apply on its own


def actions(
    findings: Sequence[Finding], text: str, first: int, last: int, fixed: PageRewrite | None
) -> list[Action]:
    """The quick fixes of the findings on lines `first`..`last` (1-based).
    `fixed`: the page as `fix` would write it (checker.rewrite.fixes), whose
    lines each finding's fix touches are that finding's edit; and all of them
    together, when one is offered."""
    lines = page_lines(text)
    found: list[Action] = []
    for finding in findings:
        if not first <= finding.line <= last or finding.line > len(lines):
            continue
        fix = fix_of(finding, fixed)
        if fix is not None:
            found.append(fix)
        said = message(N_("docs-check: silence {rule} here"), rule=finding.rule)
        found.append(Action(said, finding, silenced(finding.rule, lines, finding.line), False))
    fixes = [action for action in found if action.preferred]
    if fixes and fixed is not None and fixed.regions:
        every = message(N_("docs-check: fix all on this page"))
        found.append(Action(every, fixes[0].finding, fixed.regions, False))
    return found


def fix_of(finding: Finding, fixed: PageRewrite | None) -> Action | None:
    """The finding's certain fix as `fix` makes it: the lines it changes."""
    if not finding.fix or fixed is None or fixed.regions is None:
        return None
    touched = {edit.line for edit in finding.fix}
    edits = tuple(region for region in fixed.regions if region.first in touched)
    if not edits:
        return None  # not made: it no longer fits the text
    said = message(N_("docs-check: fix {rule}"), rule=finding.rule)
    return Action(said, finding, edits, True)


def silenced(rule: str, lines: Sequence[str], line: int) -> tuple[Replacement, ...]:
    """A comment silencing `rule` at `line`: on the line before it, or for a
    table row a region around the table (a comment between two rows would
    cut the table)."""
    reason = message(N_("why this case is right"))
    written = lines[line - 1]
    indent = written[: len(written) - len(written.lstrip())]
    if not written.lstrip().startswith("|"):
        comment = f"{indent}<!-- docs-check-disable-next-line {rule} -- {reason} -->"
        return (Replacement(line, line - 1, (comment,)),)
    top = line
    while top > 1 and lines[top - 2].lstrip().startswith("|"):
        top -= 1
    end = line
    while end < len(lines) and lines[end].lstrip().startswith("|"):
        end += 1
    opening = f"{indent}<!-- docs-check-disable {rule} -- {reason} -->"
    closing = f"{indent}<!-- docs-check-enable {rule} -->"
    return (Replacement(top, top - 1, (opening,)), Replacement(end + 1, end, (closing,)))
