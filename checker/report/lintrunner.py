"""`--format lintrunner`: the adapter protocol of lintrunner, the tool the
torch-npu repository runs its linters through (`.lintrunner.toml`, see
docs/lintrunner.md). One JSON object a line, a LintMessage with lintrunner's
fields: `path`, `line`, `char`, `code`, `severity` (`error`, `warning`,
`advice` or `disabled`), `name`, `original`, `replacement` and `description`.

Every finding and every verdict with a severity (checker.report.problems) is a
message named by its rule id; a verdict at the registry's `note` level
(`unverified`) is `advice`. docs-check places problems at lines, never at
columns, so `char` is null. An adapter's own failures are messages as well:
each input error (`path[:line]: what`) is one named `input-error`, and the run
exits 0 all the same (checker.outcome's `in_band`, which the command line
sets from the format registry; this module decides no exit code).

lintrunner applies a message's `replacement` (the whole new text of its file,
beside the `original`) with `lintrunner -a`: a page of the working tree with
certain fixes (those `docs-check fix` makes, which lint made unwritten for
this format, checker.rewrite.fixes) gets one message named `fix` carrying both. The
others carry null for both."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import N_, message, say
from checker.ids.registry import NOTE, REGISTRY
from checker.model.finding import Finding, Severity
from checker.report.located import located
from checker.report.problems import problems, verdict_finding

if TYPE_CHECKING:
    from checker.outcome import Outcome

CODE = "DOCS_CHECK"  # the linter's `code` in .lintrunner.toml, unless --lintrunner-code
INPUT_ERROR = "input-error"
_PLACED = re.compile(r"(?P<path>.+):(?P<line>[1-9]\d*)")


def render(
    outcome: Outcome[Any], code: str = CODE, verdicts: bool = False, fixes: bool = False
) -> str:
    """`verdicts`: the command's verdicts are messages too, those at the
    `note` level advice (verify); `fixes`: the outcome carries certain fixes,
    unwritten (lint)."""
    refs = outcome.result.refs
    found = problems(outcome, verdicts)
    messages = [_message(f, f.severity.value, code, refs) for f in found]
    messages += [_message(f, "advice", code, refs) for f in _notes(outcome)] if verdicts else []
    messages += _fixes(outcome, code) if fixes else []
    messages += [_input_error(error, code, refs) for error in outcome.errors]
    return "".join(json.dumps(m, ensure_ascii=False) + "\n" for m in messages)


def _notes(outcome: Outcome[Any]) -> list[Finding]:
    """verify's verdicts at the `note` level, which fail nothing (`unverified`
    without --require-npu): advice, so that lintrunner still shows them. A
    verdict keeps its row without a severity when the configuration turns it
    off too (checker.gate.gate), so such a one is advice as well."""
    noted = [
        r
        for r in outcome.result.results
        if r.severity is None and r.check is not None and REGISTRY[r.check].level == NOTE
    ]
    # a Finding only to carry the place, rule and message: _message shows `advice`
    return [verdict_finding(r, Severity.WARNING) for r in noted]


def _message(finding: Finding, severity: str, code: str, refs: Sequence[str]) -> dict[str, Any]:
    _, path = located(finding.path, refs)
    return lint_message(
        path, finding.line or None, code, severity, finding.rule, say(finding.message)
    )


def lint_message(
    path: str | None,
    line: int | None,
    code: str,
    severity: str,
    name: str,
    description: str,
    patch: tuple[str, str] | None = None,
) -> dict[str, Any]:
    """One LintMessage, its fields in lintrunner's order; `patch`: the file's
    original and replacement text."""
    original, replacement = patch if patch is not None else (None, None)
    return {
        "path": path,
        "line": line,
        "char": None,
        "code": code,
        "severity": severity,
        "name": name,
        "original": original,
        "replacement": replacement,
        "description": description,
    }


def _fixes(outcome: Outcome[Any], code: str) -> list[dict[str, Any]]:
    """One message per page lint fixed (unwritten), carrying the page's whole
    text before and after, for `lintrunner -a` to write (lint's only: verify's
    findings are on the rules' entries)."""
    said = say(message(N_("docs-check can fix this page: run `lintrunner -a`")))
    fixes = []
    for change in outcome.result.fixes:
        if change.changed and change.before is not None:
            patch = (change.before.written, change.before.with_text(change.after).written)
            fixes.append(lint_message(change.path, None, code, "warning", "fix", said, patch))
    return fixes


def _input_error(error: str, code: str, refs: Sequence[str]) -> dict[str, Any]:
    """`path[:line]: what` as a message at that path and line; an error that
    names no path is a message on no file. The path is found in the English
    text; `what` is said in the run's language, where the path (an argument,
    shown as it is) begins it too."""
    head, colon, what = error.partition(": ")
    said = say(error)
    if not colon:
        return lint_message(None, None, code, "error", INPUT_ERROR, said)
    if said != error and said.startswith(head):
        rest = said[len(head) :]
        what = rest.removeprefix("：") if rest.startswith("：") else rest.removeprefix(": ")
    placed = _PLACED.fullmatch(head)
    path, line = (placed["path"], int(placed["line"])) if placed else (head, None)
    return lint_message(located(path, refs)[1], line, code, "error", INPUT_ERROR, what)
