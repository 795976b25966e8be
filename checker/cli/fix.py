"""`docs-check fix`: make the certain fixes of what lint finds."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import settings_of


@click.command()
@o.paths_argument
@o.diff_option
@o.scope_option
@o.config_option
@o.quiet_option
@o.selection_options
@o.cache_options
def fix(paths: tuple[str, ...], diff: bool, quiet: bool, **values: Any) -> int:
    """Fix what lint finds where the fix is certain. `docs-check rule ID` says
    whether a rule has one; nothing else is changed, and each page is read back
    before it is written. Then what is left is reported. PATHS as for lint."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.fix import fix as run_fix

    settings = settings_of(values)
    with progress_for(quiet) as progress:
        outcome = run_fix(paths, settings, diff, progress)
    return finish(outcome, "text", None, quiet)
