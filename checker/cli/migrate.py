"""`docs-check migrate --to blocks|table`: entries rewritten into another status format."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import settings_of
from checker.model.support import PageFormat


@click.command()
@o.paths_argument
@click.option(
    "--to",
    "form",
    type=click.Choice([PageFormat.BLOCKS.value, PageFormat.TABLE.value]),
    required=True,
    help="The status format to write: the house blocks, or the per-product table.",
)
@o.diff_option
@o.scope_option
@o.config_option
@o.quiet_option
@o.cache_options
def migrate(paths: tuple[str, ...], form: str, diff: bool, quiet: bool, **values: Any) -> int:
    """Rewrite entries into the house block format, or back. Entries of the
    table, inline and row formats go to blocks (--to blocks) or to tables
    (--to table), and the rest of each page is kept. Every migrated page is
    read back and must say the same; an entry that cannot be migrated without
    loss is left as it is and reported. PATHS as for lint."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.migrate import migrate as run_migrate

    settings = settings_of(values)
    with progress_for(quiet) as progress:
        outcome = run_migrate(paths, form, settings, diff, progress)
    return finish(outcome, "text", None, quiet)
