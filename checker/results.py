"""What each command's flow hands the reports (checker.report) inside its
`Outcome` (checker.outcome): the result types, apart from the flows that make
them (checker.app), so that a report imports no flow (verify's is
checker.verify.verify_report's `VerifyReport`; lint's, checker.linted's
`Linted`, in a module of its own, so that a lint run makes none of these;
show's, probe's and baseline's are read by no report by type, and stay with
their flows). What only annotates is
imported for type checking alone: a lint run loads none of verify's, the test
map's or torch's code for the types of other commands' results."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.model.finding import Severity
from checker.model.verdict import UNVERIFIED, Verdict
from checker.outcome import FailOn, fails

if TYPE_CHECKING:
    from checker.ids.examples import Example
    from checker.ids.registry import Check
    from checker.linted import Linted, TestLink
    from checker.model.changes import Change, Kind, Sides
    from checker.model.evidence import Evidence
    from checker.model.finding import Finding
    from checker.model.plan import Plan
    from checker.model.records import Record
    from checker.rewrite.source import Skipped
    from checker.rewrite.written import PageRewrite
    from checker.testmap.kept import VersionMap
    from checker.torch.docs_coverage import Covered
    from checker.verify.report_load import Verification


# fix, new-version, migrate


@dataclass(frozen=True)
class Rewritten:
    """What `fix`, `new-version` or `migrate` rewrote, skipped and left."""

    changes: tuple[PageRewrite, ...]
    diff: bool  # --diff: shown, nothing written
    skipped: tuple[Skipped, ...] = ()
    left: tuple[Finding, ...] = ()  # fix: the findings it did not fix
    pages: int = 0  # pages read
    entries: int = 0  # their entries
    note: str = ""  # what the summary adds (new-version: statuses are copied claims)

    @property
    def changed(self) -> tuple[PageRewrite, ...]:
        return tuple(change for change in self.changes if change.changed)


# diff


@dataclass(frozen=True)
class Diffed:
    """What `diff` found between two sides."""

    sides: Sides
    changes: tuple[Change, ...]
    refs: tuple[str, ...] = ()  # the git refs read, which name their pages `ref:path`
    # Between two refs: lint's findings (gated as lint gates them) at B that A
    # has not, and at A that B has not, matched as a baseline matches them.
    introduced: tuple[Finding, ...] = ()
    fixed: tuple[Finding, ...] = ()

    def count(self, kind: Kind) -> int:
        return Counter(change.kind for change in self.changes)[kind]


# coverage


@dataclass(frozen=True)
class CoverageReport:
    """What `coverage` found for each release."""

    versions: tuple[Covered, ...]  # in release order
    not_covered: tuple[tuple[str, str], ...] = ()  # (docs version, why), in release order


# export


@dataclass(frozen=True)
class Exported:
    """The records `export` writes."""

    records: tuple[Record, ...]
    pages: int  # pages read
    refs: tuple[str, ...] = ()  # the git refs read, which name their pages `ref:path`
    # with --tests: each (version, API)'s test links, by test; None without it
    tests: Mapping[tuple[str, str], tuple[TestLink, ...]] | None = None

    def links_of(self, record: Record) -> tuple[TestLink, ...]:
        return (self.tests or {}).get((record.version, record.api), ())


# rule, rules


@dataclass(frozen=True)
class Described:
    """An id described by `rule`, with its example."""

    check: Check
    example: Example


@dataclass(frozen=True)
class Rules:
    """Every id described, for `rules`."""

    described: tuple[Described, ...]  # in the registry's order


# tests


@dataclass(frozen=True)
class TestsReport:
    """What `tests` found: each version's map and the verdicts."""

    versions: tuple[VersionMap, ...]  # in release order
    verdicts: tuple[Verdict, ...]  # by path, line
    show_notes: bool = False  # --show-notes: the text lists each claim-unbacked note


# verify --backed


@dataclass(frozen=True)
class BackedReport:
    """What `verify --backed` established: plans, claims and evidence."""

    plans: tuple[Plan, ...]  # this run's, one per docs version it ran for
    claims: tuple[Verdict, ...]
    evidence: tuple[Evidence, ...]  # this run's, then the files' (merged)
    errors: tuple[str, ...]
    notes: tuple[str, ...] = ()
    fail_on: FailOn = FailOn.ERROR  # --fail-on warning: a warning claim fails the run too

    @property
    def failed(self) -> bool:
        return fails((c.severity for c in self.claims if c.verdict != UNVERIFIED), self.fail_on)

    @property
    def npu_unverified(self) -> bool:
        return any(c.verdict == UNVERIFIED and c.severity is Severity.ERROR for c in self.claims)


# report


@dataclass(frozen=True)
class Site:
    """What `report --html` shows: the pages linted as lint lints them (their
    findings gated), the model flattened to records, and what verify runs and
    the test map say of the claims, where given."""

    folder: str  # where the command writes it
    linted: Linted
    records: tuple[Record, ...]
    products: tuple[str, ...]  # those some page speaks of, in the catalogue's order
    names: Mapping[tuple[str, str], str]  # (product, lang) -> its name as pages write it
    verification: Verification | None = None  # --verify-report
