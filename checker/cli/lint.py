"""`docs-check lint`: the static rules over docs pages."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_INPUT,
    echo_errors,
    output_format,
    reading_options,
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
@reading_options
def lint(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    scope: str | None,
    config_file: str | None,
    baseline_file: str | None,
    quiet: bool,
    **reading: Any,
) -> int:
    """Check docs pages against the static rules. PATHS: repo roots, docs or
    version folders, or single files (default: the current folder)."""
    from checker.report.render import lint_report
    from checker.report.text import summary

    linted = lint_gated(paths, scope, config_file, baseline_file, quiet, reading)
    corpus, findings = linted.corpus, list(linted.gated.findings)
    refs = [ref.ref for ref in linted.options.refs]
    emit(lint_report(fmt, corpus.pages, findings, corpus.errors, refs), output)
    if fmt != "json" and not quiet:  # json keeps stderr for errors only
        said = summary(findings, len(corpus.pages), corpus.entry_count)
        click.echo(said + linted.gated.note, err=True)
    echo_errors(corpus.errors)
    if corpus.errors:
        return EXIT_INPUT
    return EXIT_FINDINGS if findings else EXIT_CLEAN
