"""What a command prints: the report on stdout (or written whole to --output),
then the summary line and the input errors on stderr; and the progress line
while it runs. The exit code is the outcome's. Names that are not UTF-8 are
written with the one escape of checker.files (`\\udcff`) everywhere; a stdout
that cannot be written (a full disk) is one error line and exit 2.

Whether the report is in colour is decided here, once (`colour_for`), and
only the formats the registry marks `colour` (text, concise) take it. What
printing needs is imported where it prints: --help loads this module too."""

from __future__ import annotations

import dataclasses
import os
import sys
from collections.abc import Iterable, Iterator
from contextlib import contextmanager, nullcontext
from typing import TYPE_CHECKING, Any

import click

from checker.cli.language import language_given
from checker.errors import UsageError
from checker.files import encodable, write_atomically
from checker.i18n import N_, _, chosen, say
from checker.progress import progress_on
from checker.report.escape import terminal as escaped
from checker.report.formats import FORMATS, rendered, summary

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.progress import Progress

# An error of the run that is no finding, on stderr (checker.cli.run's too).
ERROR_LINE = N_("docs-check: error: {error}")


def finish(
    outcome: Outcome[Any],
    fmt: str | None,
    output: str | None,
    quiet: bool,
    statistics: bool = False,
    code: str | None = None,
    by_ref: bool = False,
) -> int:
    """Prints the outcome; `fmt` None: the command has no report (baseline).
    JSON and concise keep stderr for errors only; a format that carries the
    input errors itself (lintrunner) tells the outcome so, which then exits 0,
    and leaves stderr empty. A format with a language of its own (pr) is
    written in it unless --lang was given. `statistics`: the counts per rule
    instead of the report (--statistics). `code`: --lintrunner-code. `by_ref`:
    a summary line for each git ref read, before the total (lint
    --summary-by-ref)."""
    f = FORMATS[fmt] if fmt is not None else None
    if f is not None and f.in_band:
        outcome = dataclasses.replace(outcome, in_band=True)
    if f is not None:
        colour = f.colour and colour_for(output)
        own_language = f.language is not None and not language_given()
        # written as it is made, in its language: the pieces are said as they are made
        with chosen(f.language) if own_language else nullcontext():
            report = rendered(f.name, outcome, colour, statistics, code)
            emit(report, output, colour)
    if f is not None and f.in_band:
        return int(outcome.exit_code)
    # the summary made only to be said: -q and JSON say none (a history's
    # counts go over its 107,000 findings)
    said = summary(outcome, by_ref) if (f is None or f.said) and not quiet else None
    if said is not None:  # a line per ref, each escaped; elsewhere a newline is a name's
        said = "\n".join(map(escaped, said.split("\n") if by_ref else [said]))
        click.echo(encodable(said), err=True)
    for error in outcome.errors:  # in the language of the run; escaped once said
        click.echo(encodable(_(ERROR_LINE).format(error=escaped(say(error)))), err=True)
    return int(outcome.exit_code)


def colour_for(output: str | None) -> bool:
    """Colour for stdout when it is a terminal; never in a file (--output);
    never with NO_COLOR set to anything (no-color.org), which wins; always
    with FORCE_COLOR set to anything (a CI log, a pager), otherwise."""
    if output is not None or os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return sys.stdout is not None and sys.stdout.isatty()


def emit(report: str | Iterable[str], output: str | None, colour: bool = False) -> None:
    """`report`: its text, or its pieces, written to stdout as they come, in
    blocks of some BLOCK characters (a file, --output, is written whole).
    `colour`: the report is styled, and its styles are kept even where stdout
    is no terminal (click strips them there otherwise)."""
    if output is not None:
        write_atomically(output, report if isinstance(report, str) else "".join(report))
        return
    try:
        for block in _blocks([report] if isinstance(report, str) else report):
            click.echo(encodable(block), nl=False, color=colour or None)  # flushes
    except OSError as error:
        _drop_stdout()
        raise UsageError.saying(
            N_("{path}: cannot write: {why}"), path="stdout", why=error.strerror or str(error)
        ) from None


# Characters of a report written at once: few writes, and little held.
BLOCK = 1 << 18


def _blocks(pieces: Iterable[str]) -> Iterator[str]:
    held: list[str] = []
    size = 0
    for piece in pieces:
        held.append(piece)
        size += len(piece)
        if size >= BLOCK:
            yield "".join(held)
            held, size = [], 0
    if held:
        yield "".join(held)


def _drop_stdout() -> None:
    """Points stdout at the null device, so that the report still buffered is
    not written again, and fails again, as the interpreter exits (which would
    print a second error and exit 120)."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
        os.close(null)
    except (OSError, ValueError, AttributeError):  # no file descriptor: nothing flushes it
        pass


@contextmanager
def progress_for(quiet: bool) -> Iterator[Progress | None]:
    """The progress line on stderr, if it is a terminal and the run is not quiet."""
    with progress_on(sys.stderr, quiet) as progress:
        yield progress
