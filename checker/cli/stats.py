"""`docs-check stats [PATHS]...`: the support statements counted."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of


@click.command()
@o.docs_paths
@o.format_option("stats")
@o.output_option
@o.scope_option
@o.config_option
@o.reading_options
def stats(paths: tuple[str, ...], fmt: str, output: str | None, **values: Any) -> int:
    """Count, per docs version and product, the entries that say it is
    supported, unsupported, leave it unstated or state it in conflict; each
    git ref and language apart. PATHS: docs roots, folders or files (default:
    the configuration's docs, else the current folder)."""
    from checker.app.stats import stats as run_stats  # start-up: --help reads none of it

    settings = settings_of(values)
    with progress_for(quiet=False) as progress:
        outcome = run_stats(paths_of(paths, values["docs"]), settings, progress)
    return finish(outcome, fmt, output, quiet=False)
