"""`docs-check lint`: the static rules over docs pages and, with --resolve-apis,
every documented API looked up in its torch release."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import (
    lintrunner_code_of,
    settings_of,
    since_of,
    statistics_of,
    tests_request_of,
)
from checker.cli.torch_options import python_option, test_map_options
from checker.i18n import N_, message, say
from checker.report.formats import FORMATS


@click.command()
@o.paths_argument
@o.checking_options("lint")
@python_option
@test_map_options
@o.reading_options
@click.option(
    "--summary-by-ref",
    "by_ref",
    is_flag=True,
    help="With --ref: a summary line for each ref read, before the total.",
)
@click.option(
    "--changed-since",
    "changed_since",
    metavar="REF",
    help="Report only findings on entries that the working tree changed since the "
    "merge-base of REF and HEAD (for CI); the others are counted as not touched.",
)
@click.option(
    "--staged",
    is_flag=True,
    help="Report only findings on entries that the index changed against HEAD: "
    "the commit being made (the pre-commit hook's default).",
)
def lint(
    paths: tuple[str, ...], fmt: str, output: str | None, quiet: bool, by_ref: bool, **values: Any
) -> int:
    """Check docs pages against the static rules. PATHS: repo roots, docs or
    version folders, or single files (default: the configuration's docs, else
    the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.lint import lint as run_lint

    tests = tests_request_of(values)  # before the refs are resolved: needs --tests first
    settings = settings_of(values)
    statistics = statistics_of(fmt, values)
    code = lintrunner_code_of(fmt, values)
    since = since_of(values)
    if by_ref and not settings.reading.refs:
        raise click.UsageError(say(message(N_("--summary-by-ref needs --ref"))))

    with progress_for(quiet) as progress:
        outcome = run_lint(paths, settings, progress, FORMATS[fmt].fixes, tests, since)
    return finish(outcome, fmt, output, quiet, statistics, code, by_ref)
