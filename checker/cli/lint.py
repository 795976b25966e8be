"""`docs-check lint`: the static rules over docs pages."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_INPUT,
    catalogue_for,
    echo_errors,
    output_format,
    read_options,
    reading_options,
    scope_option,
)


@click.command()
@click.argument("paths", nargs=-1)
@output_format("text", "json")
@scope_option
@reading_options
def lint(paths: tuple[str, ...], fmt: str, scope: str | None, **reading: Any) -> int:
    """Check docs pages against the static rules. PATHS: repo roots, docs or
    version folders, or single files (default: the current folder)."""
    from checker.lint import lint as lint_pages
    from checker.pipeline import read_corpus
    from checker.report.json import lint_json
    from checker.report.text import findings_text, summary

    catalogue = catalogue_for(scope)
    corpus = read_corpus(paths or (".",), catalogue, options=read_options(**reading))
    findings = lint_pages(corpus.pages, catalogue)
    if fmt == "json":
        click.echo(lint_json(findings, len(corpus.pages), corpus.entry_count, corpus.errors))
    else:
        for line in findings_text(findings):
            click.echo(line)
        click.echo(summary(findings, len(corpus.pages), corpus.entry_count), err=True)
    echo_errors(corpus.errors)
    if corpus.errors:
        return EXIT_INPUT
    return EXIT_FINDINGS if findings else EXIT_CLEAN
