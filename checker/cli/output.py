"""What a command prints: the report on stdout (or written whole to --output),
then the summary line and the input errors on stderr; and the progress line
while it runs. The exit code is the outcome's."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

import click

if TYPE_CHECKING:
    from checker.app.outcome import Outcome
    from checker.progress import Progress


def finish(outcome: Outcome[Any], fmt: str | None, output: str | None, quiet: bool) -> int:
    """Prints the outcome; `fmt` None: the command has no report (baseline).
    JSON keeps stderr for errors only."""
    from checker.report.formats import render
    from checker.report.summary import summary

    if fmt is not None:
        emit(render(fmt, outcome), output)
    said = summary(outcome)
    if said is not None and fmt != "json" and not quiet:
        click.echo(said, err=True)
    for error in outcome.errors:
        click.echo(f"docs-check: error: {error}", err=True)
    return int(outcome.exit_code)


def emit(report: str, output: str | None) -> None:
    if output is None:
        click.echo(report, nl=False)
        return
    from checker.files import write_atomically

    write_atomically(output, report)


@contextmanager
def progress_for(quiet: bool) -> Iterator[Progress | None]:
    """The progress line on stderr, if it is a terminal and the run is not quiet."""
    from checker.progress import progress_on

    with progress_on(sys.stderr, quiet) as progress:
        yield progress
