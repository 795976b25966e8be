"""What a verify run established: the expectations it checked, the verdicts
per expectation x version x product, the evidence they rest on, the static
findings on the entries concerned and, with --resolve-apis, the resolution.
How that turns into an exit code is the app's exit policy (checker.outcome)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.model.evidence import Evidence, Run
from checker.model.expectation import Expectation
from checker.model.finding import Finding, Severity
from checker.model.verdict import DIFFERS, UNVERIFIED, Verdict
from checker.verify.crosscheck import belongs

if TYPE_CHECKING:
    from checker.torch.resolve.resolution import Resolution
    from checker.verify.docs_changes import DocsChanges


@dataclass(frozen=True)
class VerifyReport:
    """What a verify run established: verdicts, evidence, findings and errors."""

    rules: tuple[Expectation, ...]
    results: tuple[Verdict, ...]
    evidence: tuple[Evidence, ...]
    findings: tuple[Finding, ...]  # the resolution's findings among them
    errors: tuple[str, ...]
    resolution: Resolution | None = None  # with --resolve-apis
    refs: tuple[str, ...] = ()  # the git refs read, whose pages are `ref:path`
    docs: DocsChanges | None = None  # --base's changes, and the products as pages name them
    # what the run did not do and the reader should know (checker.i18n messages):
    # a rule's test that no docs root holds, --test-ref unused by some rules
    notes: tuple[str, ...] = ()
    fail_on_warnings: bool = False  # --fail-on warning: a warning fails the run too

    @property
    def failed(self) -> bool:
        """An error verdict, an error finding (a warning too with --fail-on
        warning), or a reference run of a selected expectation that failed or
        could not run. Runs on a product's NPU are judged through the verdicts
        (a failure on a product the docs call unsupported is consistent)."""
        failed_runs = any(
            run.verdict != "passed" and self.selects(run)
            for e in self.evidence
            if not e.environment.verifies_npu
            for run in e.runs
        )
        failing = (Severity.ERROR, Severity.WARNING) if self.fail_on_warnings else (Severity.ERROR,)
        failed = any(r.severity in failing and r.verdict != UNVERIFIED for r in self.results)
        return failed or failed_runs or any(f.severity in failing for f in self.findings)

    def failed_runs(self) -> list[tuple[Evidence, Run]]:
        """The repository tests of the expectations checked that failed or
        could not run, with the environment each ran in, in report order."""
        return [
            (e, run)
            for e in self.evidence
            for run in e.runs
            if run.source == "repo-test" and run.verdict != "passed" and self.selects(run)
        ]

    def run_count(self) -> tuple[int, int]:
        """(runs of the expectations checked, those that did not pass)."""
        runs = [run for e in self.evidence for run in e.runs if self.selects(run)]
        return len(runs), sum(run.verdict != "passed" for run in runs)

    def selects(self, run: Run) -> bool:
        """The run speaks for one of the expectations checked."""
        return any(belongs(run, rule) for rule in self.rules)

    @property
    def npu_unverified(self) -> bool:
        """--require-npu, and a product no NPU run verified."""
        return any(r.verdict == UNVERIFIED and r.severity is Severity.ERROR for r in self.results)


def entry_groups(results: Sequence[Verdict]) -> list[list[Verdict]]:
    """The results of each entry (version, page, heading), in order."""
    groups: dict[tuple[str, str, int], list[Verdict]] = {}
    for r in results:
        groups.setdefault((r.version, r.path, r.entry_line), []).append(r)
    return list(groups.values())


def place(rows: Sequence[Verdict]) -> str:
    """Where to look: the first statement that differs from the rule, else the
    entry's heading."""
    differ = [r for r in rows if r.verdict == DIFFERS]
    return f"{rows[0].path}:{differ[0].line if differ else rows[0].entry_line}"
