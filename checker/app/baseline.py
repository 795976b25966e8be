"""`baseline PATHS... --output FILE`: today's lint findings written down, for
`lint --baseline FILE` and `verify --baseline FILE` to leave out. Findings do
not fail it. Input errors do (exit 2), and then nothing is written: a page that
could not be read has findings a baseline written without them would lose
(the old file is kept as it was).

`--verify-report FILE` (a `verify --format json` report) records the verdicts
that run reported too, for `verify --baseline FILE` to leave out: verify's
runs (evidence, NPUs, interpreters) are verify's, and baseline takes what it
found rather than running it again."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.app.lint import lint
from checker.app.setup import Settings, setup
from checker.files import write_atomically
from checker.gate.baseline import baseline_json, verdict_records
from checker.i18n import N_, message
from checker.linted import Linted
from checker.outcome import Command, Outcome
from checker.verify.report_load import load_report

if TYPE_CHECKING:
    from checker.app.version_trees import TestsRequest
    from checker.progress import Progress


@dataclass(frozen=True)
class Baselined:
    """A baseline file written: where, and how many findings and verdicts it records."""

    findings: int  # how many the file records
    path: str
    verdicts: int = 0  # the verify verdicts it records (--verify-report)


def baseline(
    paths: Sequence[str],
    settings: Settings,
    output: str,
    progress: Progress | None = None,
    tests: TestsRequest | None = None,
    verify_report: str | None = None,
) -> Outcome[Baselined] | Outcome[Linted]:
    """The file written, or, after input errors, the lint's outcome (its
    summary is what was read and found) with one more error: not written.
    `tests`: lint's --tests, whose verdicts are findings to record too."""
    verdicts = []
    if verify_report:  # read before the lint: a broken report writes nothing
        judged, _evidence = load_report(verify_report, setup(paths, settings).catalogue)
        verdicts = verdict_records(judged)
    linted = lint(paths, settings, progress, tests=tests)
    if linted.errors:
        count = len(linted.errors)
        said = message(
            N_("{path}: baseline not written: {count} input errors")
            if count > 1
            else N_("{path}: baseline not written: {count} input error"),
            path=output,
            count=count,
        )
        return dataclasses.replace(linted, errors=(*linted.errors, said))
    findings = linted.result.findings
    project = linted.result.project
    for record in verdicts:  # named from the project root, as the findings are
        record["path"] = project.path(record["path"])
    write_atomically(output, baseline_json(findings, project, verdicts))
    done = Baselined(len(findings), output, len(verdicts))
    return Outcome(Command.BASELINE, done, linted.errors, not_shown=linted.not_shown)
