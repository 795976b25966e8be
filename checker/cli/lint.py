"""`docs-check lint`: the static rules over docs pages and, with --resolve-apis,
every documented API looked up in its torch release."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for


@click.command()
@click.argument("paths", nargs=-1)
@o.format_option("lint")
@o.output_option
@o.scope_option
@o.config_option
@o.baseline_option
@o.quiet_option
@o.resolve_options
@o.python_option
@o.reading_options
def lint(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    scope: str | None,
    config_file: str | None,
    baseline_file: str | None,
    quiet: bool,
    **values: Any,
) -> int:
    """Check docs pages against the static rules. PATHS: repo roots, docs or
    version folders, or single files (default: the current folder)."""
    from checker.app.lint import lint as run_lint

    resolve = o.resolving(values)
    reading = o.reading_of(values)
    with progress_for(quiet) as progress:
        outcome = run_lint(
            paths,
            reading,
            config_file=config_file,
            scope=scope,
            baseline_file=baseline_file,
            resolve=resolve,
            progress=progress,
        )
    return finish(outcome, fmt, output, quiet)
