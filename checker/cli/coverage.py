"""`docs-check coverage [PATHS]...`: the public API of each docs version's
torch release that its docs leave out."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of
from checker.cli.torch_options import python_for_option, python_option, timeout_option


@click.command()
@o.docs_paths
@o.format_option("coverage")
@o.output_option
@o.config_option
@python_option
@python_for_option
@timeout_option
@o.reading_options
def coverage(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    python: str | None,
    python_for: tuple[tuple[str, str], ...],
    timeout: float,
    **values: Any,
) -> int:
    """List, for each docs version with an environment, the public callables of
    its torch release in the namespaces the docs cover that no entry
    documents, less the configuration's [coverage] exclude. PATHS: docs
    roots, folders or files (default: the configuration's docs, else the
    current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app import coverage as coverage_flow

    settings = settings_of(values)
    docs = paths_of(paths, values["docs"])
    options = coverage_flow.CoverageOptions(python, python_for, timeout)
    with progress_for(quiet=False) as progress:
        outcome = coverage_flow.coverage(docs, settings, options, progress)
    return finish(outcome, fmt, output, quiet=False)
