"""`--format gitlab`: a GitLab Code Quality report (`artifacts:reports:codequality`),
a JSON array with one object per problem (every finding and, for verify, every
verdict with a severity: checker.report.problems), each with the fields GitLab
reads: `description`, `check_name`, `fingerprint`, `severity`, `location.path`
and `location.lines.begin`.

GitLab compares the fingerprints of a merge request's report with those of its
target branch to tell new problems from fixed ones, so a fingerprint names the
problem, never its line: it hashes the baseline's key of the finding
(checker.gate.baseline.key_of: rule, path in the repository, API or message
without line numbers), so that an edit above it keeps it the same, and the
finding's place among the equal ones of its page (the first, the second, ...),
so that two equal findings are two problems. Paths are named from the folder
the job runs in (GitLab runs a job at the repository's root), a page read from
a git ref by its path in the repository."""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from checker.gate.baseline import BaselineKey, Project, key_of
from checker.i18n import say
from checker.model.finding import Severity
from checker.report.problems import problems

if TYPE_CHECKING:
    from checker.outcome import Outcome

# GitLab's scale is info, minor, major, critical, blocker: an error fails the
# run, so it outranks a warning, and neither says more than that.
SEVERITY = {Severity.ERROR: "major", Severity.WARNING: "minor"}


def render(outcome: Outcome[Any], verdicts: bool = False) -> str:
    project = Project(Path.cwd(), outcome.result.refs)
    seen: Counter[BaselineKey] = Counter()
    issues = []
    for f in problems(outcome, verdicts):
        key = key_of(f, project)
        issues.append(
            {
                "description": say(f.message),  # the fingerprint is of the English
                "check_name": f.rule,
                "fingerprint": fingerprint(key, seen[key]),
                "severity": SEVERITY[f.severity],
                "location": {"path": key[1], "lines": {"begin": max(f.line, 1)}},
            }
        )
        seen[key] += 1
    return json.dumps(issues, ensure_ascii=False, indent=2) + "\n"


def fingerprint(key: BaselineKey, repeat: int) -> str:
    """`repeat`: how many equal findings come before it on its page."""
    text = "\0".join((*key, str(repeat)))
    return hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()
