"""`docs-check show API [PATHS]...`: what every version's docs say of one API."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of
from checker.i18n import _, say


@click.command()
@click.argument("api")
@o.docs_paths
@o.format_option("show")
@o.output_option
@o.scope_option
@o.config_option
@o.reading_options
def show(api: str, paths: tuple[str, ...], fmt: str, output: str | None, **values: Any) -> int:
    """Print what every version's docs say of API, expanded over the product
    scope. PATHS: docs roots, folders or files (default: the configuration's
    docs, else the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.show import show as run_show

    settings = settings_of(values)
    with progress_for(quiet=False) as progress:
        outcome = run_show(api, paths_of(paths, values["docs"]), settings, progress)
    code = finish(outcome, fmt, output, quiet=False)
    if not outcome.result.entries:
        from checker.ids.suggest import hint  # start-up: difflib's, not --help's

        pages = outcome.result.pages
        said = _("docs-check: no entry for {api} in {pages} pages{hint}")
        click.echo(said.format(api=api, pages=pages, hint=say(hint(outcome.result.like))), err=True)
    return code
