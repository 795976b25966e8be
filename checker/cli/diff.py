"""`docs-check diff A B [PATHS]...`: what changed between two docs versions,
two git refs or two languages."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of, usage_error
from checker.i18n import N_


@click.command()
@click.argument("a")
@click.argument("b")
@o.docs_paths
@o.format_option("diff")
@o.output_option
@o.scope_option
@o.config_option
@o.reading_options
@click.option(
    "--exit-code",
    "exit_code",
    is_flag=True,
    help="Exit 1 when there are differences (as `git diff --exit-code`).",
)
def diff(
    a: str, b: str, paths: tuple[str, ...], fmt: str, output: str | None, **values: Any
) -> int:
    """Report the APIs added and removed, and the statuses changed per product,
    from A to B: two docs versions (2.12.0 2.13.0), two languages (zh en,
    compared per version), or with --git REPO two refs (master~5 master).
    PATHS: docs roots, folders or files (with refs: paths inside the
    repository; default: the configuration's docs, else the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app import diff as diff_flow
    from checker.model.changes import Compared

    sides = diff_flow.sides_of(a, b, values["git_repo"])
    if sides.compared is Compared.REFS:
        if values["refs"]:
            raise usage_error(N_("diff {a} {b} compares two refs: give no --ref"), a=a, b=b)
        values = {**values, "refs": (a, b)}
    settings = settings_of(values)
    with progress_for(quiet=False) as progress:
        outcome = diff_flow.diff(
            sides, paths_of(paths, values["docs"]), settings, progress, values["exit_code"]
        )
    return finish(outcome, fmt, output, quiet=False)
