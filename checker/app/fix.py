"""`fix`: what lint finds and knows the one right fix for, fixed in the pages
(checker.rewrite.fixes: each page in passes, read back after each, kept only
when every finding fixed is gone and no new one came), and written only when
it changed. What is left is reported as lint reports it."""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Sequence

from checker.app.lint import checked, fixes_of
from checker.app.setup import Settings
from checker.model.finding import Finding
from checker.outcome import Command, Outcome
from checker.progress import Progress
from checker.results import Rewritten
from checker.rewrite.written import write_changes


def fix(
    paths: Sequence[str], settings: Settings, diff: bool, progress: Progress | None = None
) -> Outcome[Rewritten]:
    since = time.time_ns()  # a page changed after this is not the page lint read
    linted, ready = checked(paths, settings, progress)
    made = fixes_of(linted, ready, since)
    settled = write_changes(made.changes, write=not diff)
    kept = {change.path for change in settled.made}
    gone = Counter({key: n for key, n in made.gone.items() if key[0] in kept})
    rewritten = Rewritten(
        settled.made,
        diff,
        made.skipped,
        left=_left(linted.findings, gone),
        pages=len(linted.corpus.pages),
        entries=linted.corpus.entry_count,
    )
    failed = bool(rewritten.changed) if diff else bool(rewritten.left)
    errors = linted.corpus.errors + made.errors + settled.refused
    return Outcome(Command.FIX, rewritten, errors, failed=failed, not_shown=linted.gated.note)


def _left(findings: Sequence[Finding], gone: Counter[tuple[str, str, int]]) -> tuple[Finding, ...]:
    """The lint run's findings less those fixed."""
    gone = Counter(gone)  # counted down here; the caller's stays whole
    left = []
    for finding in findings:
        key = (finding.path, finding.rule, finding.line)
        if gone[key] > 0:
            gone[key] -= 1
        else:
            left.append(finding)
    return tuple(left)
