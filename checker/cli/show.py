"""`docs-check show API`: what every version's docs say of one API."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from checker.cli.options import (
    EXIT_CLEAN,
    EXIT_FINDINGS,
    EXIT_INPUT,
    echo_errors,
    output_format,
    read_options,
    reading_options,
    scope_option,
)
from checker.cli.output import emit, output_option
from checker.cli.settings import catalogue_with, config_for, config_option, progress_for

if TYPE_CHECKING:
    from checker.model.support import Entry


@click.command()
@click.argument("api")
@click.option(
    "--docs", "docs", multiple=True, help="Docs root, folder or file (repeatable; default: .)."
)
@output_format("text", "json")
@output_option
@scope_option
@config_option
@reading_options
def show(
    api: str,
    docs: tuple[str, ...],
    fmt: str,
    output: str | None,
    scope: str | None,
    config_file: str | None,
    **reading: Any,
) -> int:
    """Print what every version's docs say of API, expanded over the product scope."""
    import dataclasses

    from checker.report.render import show_report
    from checker.sources.corpus import read_corpus

    config = config_for(config_file, docs, reading)
    catalogue = catalogue_with(scope, config)
    with progress_for(quiet=False) as progress:
        options = dataclasses.replace(read_options(**reading), progress=progress)
        corpus = read_corpus(config.docs_or(docs), catalogue, options=options)
    entries = matching(api, [entry for page in corpus.pages for entry in page.entries])
    emit(show_report(fmt, entries, catalogue.scope), output)
    echo_errors(corpus.errors)
    if not entries:
        click.echo(f"docs-check: no entry for {api} in {len(corpus.pages)} pages", err=True)
    if corpus.errors:
        return EXIT_INPUT
    return EXIT_CLEAN if entries else EXIT_FINDINGS


def matching(api: str, entries: list[Entry]) -> list[Entry]:
    """The full name; failing that, entries whose name ends with it (`put_metric`)."""
    from checker.sources.discover import version_key

    exact = [entry for entry in entries if entry.api == api]
    found = exact or [entry for entry in entries if entry.api.endswith("." + api)]
    return sorted(found, key=lambda e: (e.api, version_key(e.version), e.path, e.line))
