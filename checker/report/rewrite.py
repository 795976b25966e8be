"""The report of the commands that rewrite pages (`fix`, `new-version`,
`migrate`): with --diff, the unified diff of every file that would change
and nothing else (a patch to read or apply; a control character of a page but
a tab and a CRLF escaped, checker.report.escape.terminal_patch); otherwise a line per file
changed, saying what was done, then what was left as it was, and (fix) the
findings still there, as lint prints them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from checker.i18n import _, say
from checker.outcome import Command
from checker.report.escape import terminal_patch
from checker.report.formats import Report, renderer
from checker.report.plurals import entries_said, files_said, findings_said, pages_said
from checker.report.text import finding_line, lines_of
from checker.rewrite.written import PageRewrite, unified_diff

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import Rewritten

REPORTS = {
    Command.FIX: Report(
        {"text": renderer(f"{__name__}.as_text", fixing=True)},
        summary=renderer(f"{__name__}.fix_summary"),
    ),
    Command.NEW_VERSION: Report(
        {"text": renderer(f"{__name__}.as_text")},
        summary=renderer(f"{__name__}.rewrite_summary", created=True),
    ),
    Command.MIGRATE: Report(
        {"text": renderer(f"{__name__}.as_text")}, summary=renderer(f"{__name__}.rewrite_summary")
    ),
}


def as_text(outcome: Outcome[Rewritten], colour: bool = False, fixing: bool = False) -> str:
    """`fixing` (fix): a page's line counts what was fixed."""
    rewritten = outcome.result
    if rewritten.diff:
        return terminal_patch("".join(unified_diff(change) for change in rewritten.changed))
    lines = [_change_line(change, fixing) for change in rewritten.changed]
    lines += [f"{s.path}:{s.line}: {say(s.why)}" for s in rewritten.skipped]
    left = "".join(finding_line(f, colour) + "\n" for f in rewritten.left)
    return lines_of(lines) + left


def _change_line(change: PageRewrite, fixing: bool) -> str:
    done = ", ".join(f"{say(what)} ×{count}" for what, count in change.done)
    if change.before is None:
        said = _("created")
    elif fixing:
        fixed = sum(count for _what, count in change.done)
        said = _("fixed {count}").format(count=fixed)
    else:
        said = _("rewritten")
    return f"{change.path}: {said}" + (f" ({done})" if done else "")


def fix_summary(outcome: Outcome[Rewritten]) -> str:
    """`fixed 3 findings in 2 files; 5 left`, `would fix ...` with --diff."""
    rewritten = outcome.result
    files = len(rewritten.changed)
    count = sum(n for change in rewritten.changed for _what, n in change.done)
    template = (
        _("would fix {findings} in {files}") if rewritten.diff else _("fixed {findings} in {files}")
    )
    said = template.format(findings=findings_said(count), files=files_said(files))
    return said + _("; {left} left").format(left=len(rewritten.left)) + say(outcome.not_shown)


def rewrite_summary(outcome: Outcome[Rewritten], created: bool = False) -> str:
    """`changed 2 files`, `would change 2 files`; `created` (new-version):
    `created 2 pages (40 entries)`."""
    rewritten = outcome.result
    files = len(rewritten.changed)
    if created:
        template = _("created {pages} ({entries})")
    elif rewritten.diff:
        template = _("would change {files}")
    else:
        template = _("changed {files}")
    said = template.format(
        files=files_said(files), pages=pages_said(files), entries=entries_said(rewritten.entries)
    )
    if rewritten.skipped:
        said += _("; {count} left as they were").format(count=len(rewritten.skipped))
    return said + (f"; {say(rewritten.note)}" if rewritten.note else "")
