"""`docs-check report [PATHS]... --html DIR`: the support model as a site."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of, tests_request_of
from checker.cli.torch_options import test_map_options


@click.command()
@o.docs_paths
@click.option(
    "--html",
    "html_dir",
    metavar="DIR",
    required=True,
    help="Write the site into DIR: a new or empty folder, or one an earlier report wrote "
    "(its site is replaced whole; files docs-check did not write there are kept).",
)
@click.option(
    "--verify-report",
    "verify_reports",
    multiple=True,
    metavar="FILE",
    help="A `verify --format json` report: its verdicts and evidence on the pages (repeatable).",
)
@o.evidence_option
@o.scope_option
@o.config_option
@o.baseline_option
@o.selection_options
@test_map_options
@o.reading_options
def report(
    paths: tuple[str, ...],
    html_dir: str,
    verify_reports: tuple[str, ...],
    evidence_files: tuple[str, ...],
    **values: Any,
) -> int:
    """Write the support model as a static site that a browser opens from disk:
    an index of counts per version and product with a change chart, a
    filterable table of every API, and a view of every page with its findings.
    PATHS: docs roots, folders or files (default: the configuration's docs,
    else the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.report import report as run_report
    from checker.folder import replace_folder
    from checker.report.html import render_files

    tests = tests_request_of(values)  # before the refs are resolved: needs --tests first
    settings = settings_of(values)
    docs = paths_of(paths, values["docs"])
    with progress_for(quiet=False) as progress:
        outcome = run_report(
            docs, settings, html_dir, progress, tests, verify_reports, evidence_files
        )
    replace_folder(html_dir, render_files(outcome))
    return finish(outcome, None, None, quiet=False)
