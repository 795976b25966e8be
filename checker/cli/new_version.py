"""`docs-check new-version NEW --from OLD`: a new PyTorch version's docs folders."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish
from checker.cli.settings import settings_of


@click.command("new-version")
@click.argument("new")
@click.option("--from", "old", required=True, metavar="OLD", help="The version to copy.")
@click.option(
    "--docs", "root", default=".", show_default=True, metavar="ROOT", help="The docs root."
)
@o.scope_option
@o.config_option
@o.quiet_option
def new_version(new: str, old: str, root: str, quiet: bool, **values: Any) -> int:
    """Make a new version's docs folders from an old one's. Each pytorch_OLD
    folder under ROOT, in every layout and language, is copied to pytorch_NEW
    with every pytorch.org docs link and the version's name rewritten for NEW,
    and statuses copied unchanged (claims still to verify). An existing folder
    is never overwritten."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.new_version import new_version as run_new_version

    outcome = run_new_version(new, old, root, settings_of(values))
    return finish(outcome, "text", None, quiet)
