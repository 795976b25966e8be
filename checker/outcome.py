"""What every command's flow returns, and the one exit policy.

A flow gathers what it found into one `Outcome`; the command line renders it
(checker.report), prints it and exits with `outcome.exit_code`. No formatter
and no other module decides an exit code.

`--fail-on` is part of it too: which findings and verdicts fail a run. By
default only errors do (a warning is reported and the run passes);
`--fail-on warning` (or the configuration's `fail-on`) fails it on warnings
as well. `fails` is that rule, which each flow applies to what it found.

`--exit-zero` is part of the policy: findings (and error verdicts, failed
reference runs) then do not fail the exit code, while input errors still
exit 2 and verification asked for that could not be done still exits 3.

A report that carries every problem itself, input errors included (lintrunner's
adapter protocol: the linter's own failures are messages too, and an exit code
other than 0 means the linter could not run), is `in_band`: the run then exits
0. The command line says so (checker.cli.output, from the format registry);
what cannot run at all (a usage error) never reaches an outcome, and exits 2."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Generic, TypeVar

R = TypeVar("R")


class ExitCode(IntEnum):
    CLEAN = 0
    FAILED = 1  # findings, an error verdict, a failed run
    INPUT = 2  # usage or input error: what was asked for could not be read
    UNVERIFIED = 3  # verification asked for could not be done
    CRASHED = 4  # an unexpected exception: a bug of docs-check (checker.cli.crashed)


class Stopped(IntEnum):
    """A run a signal stopped has no outcome; it exits as shells report a
    process the signal ended: 128 + the signal's number."""

    INTERRUPTED = 130  # SIGINT: Ctrl-C
    TERMINATED = 143  # SIGTERM: a CI runner or a supervisor ending the step


class FailOn(StrEnum):
    """The lowest level that fails a run (--fail-on, the configuration's `fail-on`)."""

    ERROR = "error"  # the default: a warning is reported, and the run passes
    WARNING = "warning"  # a warning fails the run too


def fails(levels: Iterable[str | None], fail_on: FailOn = FailOn.ERROR) -> bool:
    """Whether findings or verdicts of these levels (a Severity, or None for
    one turned off) fail a run."""
    failing = {"error", "warning"} if fail_on is FailOn.WARNING else {"error"}
    return any(level in failing for level in levels)


class Unverified(StrEnum):
    """Why verification asked for could not be done."""

    NPU = "npu"  # --require-npu: a product no NPU run verified
    VERSIONS = "versions"  # --require-all-versions: a docs version no interpreter resolved


class Command(StrEnum):
    """Every command whose flow returns an Outcome, by the name it is run as:
    the one list of them, which each command's report (checker.report)
    declares what it renders for."""

    LINT = "lint"
    SHOW = "show"
    VERIFY = "verify"
    BACKED = "backed"  # verify --backed
    PROBE = "probe"
    BASELINE = "baseline"
    RULE = "rule"
    RULES = "rules"
    FIX = "fix"
    NEW_VERSION = "new-version"
    MIGRATE = "migrate"
    EXPORT = "export"
    DIFF = "diff"
    COVERAGE = "coverage"
    TESTS = "tests"
    STATS = "stats"
    REPORT = "report"  # report --html: the site


@dataclass(frozen=True)
class Outcome(Generic[R]):
    """What every flow returns: the command, its result, errors, and how the run ends."""

    command: Command
    result: R  # what the reports render
    errors: tuple[str, ...] = ()  # one line each: "path[:line]: what is wrong"
    failed: bool = False
    unverified: tuple[Unverified, ...] = ()
    not_shown: str = ""  # what the gate left out, said: "; not shown: 3 in the baseline", or ""
    exit_zero: bool = False  # --exit-zero: what failed does not fail the exit code
    in_band: bool = False  # the report carries the errors and verdicts: exit 0 (lintrunner)

    @property
    def exit_code(self) -> ExitCode:
        """What the command exits with."""
        if self.in_band:
            return ExitCode.CLEAN
        return exit_code(self.errors, self.failed, self.unverified, self.exit_zero)

    @property
    def judged(self) -> ExitCode:
        """What the run found, as an exit code: the exit code but for
        --exit-zero, which changes what the command exits with, never what a
        report says of the run (a failing run does not read as passed)."""
        return exit_code(self.errors, self.failed, self.unverified)


def exit_code(
    errors: object, failed: bool, unverified: object, exit_zero: bool = False
) -> ExitCode:
    """Input errors first (a partial read proves nothing), then failures
    (unless --exit-zero), then verification that could not be done."""
    if errors:
        return ExitCode.INPUT
    if failed and not exit_zero:
        return ExitCode.FAILED
    return ExitCode.UNVERIFIED if unverified else ExitCode.CLEAN
