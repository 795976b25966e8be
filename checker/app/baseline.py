"""`baseline PATHS... --output FILE`: today's lint findings written down, for
`lint --baseline FILE` and `verify --baseline FILE` to leave out. Findings do
not fail it; pages it could not read do (exit 2), after the file is written."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.app.lint import lint
from checker.app.outcome import Outcome
from checker.app.setup import Settings

if TYPE_CHECKING:
    from checker.progress import Progress


@dataclass(frozen=True)
class Baselined:
    findings: int  # how many the file records
    path: str


def baseline(
    paths: Sequence[str], settings: Settings, output: str, progress: Progress | None = None
) -> Outcome[Baselined]:
    from checker.files import write_atomically
    from checker.gating.baseline import baseline_json

    linted = lint(paths, settings, progress)
    findings = linted.result.findings
    write_atomically(output, baseline_json(findings, linted.result.project))
    done = Baselined(len(findings), output)
    return Outcome("baseline", done, linted.errors, hidden=linted.hidden)
