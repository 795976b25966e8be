"""The command line. `run` returns an exit code; only `main` exits.

Exit codes: 0 clean, 1 findings, 2 usage or input error."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from checker import __version__
from checker.catalogue import Catalogue, default_catalogue
from checker.errors import DocsCheckError
from checker.lint import lint as lint_pages
from checker.model import Entry
from checker.pipeline import Corpus, read_corpus
from checker.report.json import entries_json, lint_json
from checker.report.text import entries_text, findings_text, summary

EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2

_format = click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True
)
_scope = click.option(
    "--scope",
    metavar="IDS",
    help="Comma-separated product ids that a status naming no product speaks of "
    "(default: the catalogue's scope).",
)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="docs-check")
def cli() -> None:
    """Check the torch-npu API support docs: every page format, one support model."""


@cli.command()
@click.argument("paths", nargs=-1)
@_format
@_scope
def lint(paths: tuple[str, ...], fmt: str, scope: str | None) -> int:
    """Check docs pages against the static rules. PATHS: repo roots, docs or
    version folders, or single files (default: the current folder)."""
    catalogue = _catalogue(scope)
    corpus = read_corpus(paths or (".",), catalogue)
    findings = lint_pages(corpus.pages, catalogue)
    if fmt == "json":
        click.echo(lint_json(findings, len(corpus.pages), corpus.entry_count, corpus.errors))
    else:
        for line in findings_text(findings):
            click.echo(line)
        click.echo(summary(findings, len(corpus.pages), corpus.entry_count), err=True)
    _echo_errors(corpus)
    if corpus.errors:
        return EXIT_INPUT
    return EXIT_FINDINGS if findings else EXIT_CLEAN


@cli.command()
@click.argument("api")
@click.option(
    "--docs", "docs", multiple=True, help="Docs root, folder or file (repeatable; default: .)."
)
@_format
@_scope
def show(api: str, docs: tuple[str, ...], fmt: str, scope: str | None) -> int:
    """Print what every version's docs say of API, expanded over the product scope."""
    catalogue = _catalogue(scope)
    corpus = read_corpus(docs or (".",), catalogue)
    entries = _matching(api, [entry for page in corpus.pages for entry in page.entries])
    if fmt == "json":
        click.echo(entries_json(entries, catalogue.scope))
    else:
        for line in entries_text(entries, catalogue.scope):
            click.echo(line)
    _echo_errors(corpus)
    if not entries:
        click.echo(f"docs-check: no entry for {api} in {len(corpus.pages)} pages", err=True)
    if corpus.errors:
        return EXIT_INPUT
    return EXIT_CLEAN if entries else EXIT_FINDINGS


def _matching(api: str, entries: list[Entry]) -> list[Entry]:
    """The full name; failing that, entries whose name ends with it (`put_metric`)."""
    exact = [entry for entry in entries if entry.api == api]
    found = exact or [entry for entry in entries if entry.api.endswith("." + api)]
    return sorted(found, key=lambda e: (e.api, _version_key(e.version), e.path, e.line))


def _version_key(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("."))


def _catalogue(scope: str | None) -> Catalogue:
    catalogue = default_catalogue()
    if scope is None:
        return catalogue
    return catalogue.with_scope(tuple(part.strip() for part in scope.split(",") if part.strip()))


def _echo_errors(corpus: Corpus) -> None:
    for error in corpus.errors:
        click.echo(f"docs-check: error: {error}", err=True)


def run(argv: Sequence[str] | None = None) -> int:
    """Runs the command line and maps every outcome to an exit code."""
    try:
        result = cli.main(
            args=list(argv) if argv is not None else None,
            prog_name="docs-check",
            standalone_mode=False,
        )
    except click.exceptions.Exit as done:  # --help, --version
        return int(done.exit_code)
    except click.ClickException as error:
        error.show()
        return EXIT_INPUT
    except click.Abort:
        click.echo("docs-check: aborted", err=True)
        return EXIT_INPUT
    except DocsCheckError as error:
        click.echo(f"docs-check: error: {error}", err=True)
        return error.exit_code
    return int(result) if isinstance(result, int) else EXIT_CLEAN


def main() -> None:
    sys.exit(run())
