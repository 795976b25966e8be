"""`docs-check export [PATHS]...`: the support model as data."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of, tests_request_of
from checker.cli.torch_options import test_map_options


@click.command()
@o.docs_paths
@o.format_option("export")
@o.output_option
@o.scope_option
@o.config_option
@test_map_options
@o.reading_options
def export(paths: tuple[str, ...], fmt: str, output: str | None, **values: Any) -> int:
    """Write one record per API, version, language and product: what the docs
    say of it, and where. PATHS: docs roots, folders or files (default: the
    configuration's docs, else the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.export import export as run_export

    tests = tests_request_of(values)  # before the refs are resolved: needs --tests first
    settings = settings_of(values)
    with progress_for(quiet=False) as progress:
        outcome = run_export(paths_of(paths, values["docs"]), settings, progress, tests)
    return finish(outcome, fmt, output, quiet=False)
