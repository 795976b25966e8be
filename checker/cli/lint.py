"""`docs-check lint`: the static rules over docs pages and, with --resolve-apis,
every documented API looked up in its torch release."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import (
    echo_errors,
    output_format,
    python_option,
    reading_options,
    resolve_options,
    resolving,
    scope_option,
)
from checker.cli.output import emit, output_option
from checker.cli.settings import baseline_option, config_option, lint_gated, quiet_option


@click.command()
@click.argument("paths", nargs=-1)
@output_format("text", "json", "junit", "sarif", "markdown")
@output_option
@scope_option
@config_option
@baseline_option
@quiet_option
@resolve_options
@python_option
@reading_options
def lint(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    scope: str | None,
    config_file: str | None,
    baseline_file: str | None,
    quiet: bool,
    resolve_apis: bool,
    python_for: tuple[tuple[str, str], ...],
    require_all_versions: bool,
    python: str | None,
    **reading: Any,
) -> int:
    """Check docs pages against the static rules. PATHS: repo roots, docs or
    version folders, or single files (default: the current folder)."""
    from checker.report.render import lint_report
    from checker.report.text import lint_exit_code, summary

    if python and not resolve_apis:
        raise click.UsageError("--python needs --resolve-apis")
    asked = resolving(resolve_apis, python_for, require_all_versions, python)
    linted = lint_gated(paths, scope, config_file, baseline_file, quiet, reading, asked)
    corpus, findings, errors = linted.corpus, list(linted.gated.findings), linted.errors
    refs = [ref.ref for ref in linted.options.refs]
    resolution = linted.resolution
    emit(lint_report(fmt, corpus.pages, findings, errors, refs, resolution), output)
    if fmt != "json" and not quiet:  # json keeps stderr for errors only
        said = summary(findings, len(corpus.pages), corpus.entry_count)
        said += resolution.summary() if resolution else ""
        click.echo(said + linted.gated.note, err=True)
    echo_errors(errors)
    return lint_exit_code(findings, errors, resolution)
