"""`docs-check show API [PATHS]...`: what every version's docs say of one API."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for


@click.command()
@click.argument("api")
@o.docs_paths
@o.format_option("show")
@o.output_option
@o.scope_option
@o.config_option
@o.reading_options
def show(
    api: str,
    paths: tuple[str, ...],
    docs: tuple[str, ...],
    fmt: str,
    output: str | None,
    scope: str | None,
    config_file: str | None,
    **values: Any,
) -> int:
    """Print what every version's docs say of API, expanded over the product
    scope. PATHS: docs roots, folders or files (default: .)."""
    from checker.app.show import show as run_show

    reading = o.reading_of(values)
    with progress_for(quiet=False) as progress:
        outcome = run_show(
            api,
            o.paths_of(paths, docs),
            reading,
            config_file=config_file,
            scope=scope,
            progress=progress,
        )
    code = finish(outcome, fmt, output, quiet=False)
    if not outcome.result.entries:
        pages = outcome.result.pages
        click.echo(f"docs-check: no entry for {api} in {pages} pages", err=True)
    return code
