"""`docs-check baseline [PATHS]... --output FILE`: today's lint findings, for
`lint --baseline FILE` and `verify --baseline FILE` to leave out."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import required_output, settings_of, tests_request_of
from checker.cli.torch_options import python_option, resolve_names_options, test_map_options


@click.command()
@o.paths_argument
@o.output_option
@o.config_option
@o.scope_option
@o.quiet_option
@o.selection_options
@resolve_names_options
@python_option
@test_map_options
@click.option(
    "--verify-report",
    metavar="FILE",
    help="Also record the verdicts of this `verify --format json` report, "
    "for `verify --baseline FILE` to leave out.",
)
@o.reading_options
def baseline(
    paths: tuple[str, ...],
    output: str | None,
    quiet: bool,
    verify_report: str | None,
    **values: Any,
) -> int:
    """Record today's lint findings of PATHS in a baseline file (with
    --verify-report, a verify run's verdicts too). Commit it; `lint --baseline
    FILE` and `verify --baseline FILE` then fail only on new ones."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.baseline import baseline as run_baseline

    path = required_output(output)
    tests = tests_request_of(values)  # before the refs are resolved: needs --tests first
    settings = settings_of(values)
    with progress_for(quiet) as progress:
        outcome = run_baseline(paths, settings, path, progress, tests, verify_report)
    return finish(outcome, None, None, quiet)
