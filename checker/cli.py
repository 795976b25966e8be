"""The command line. `run` returns an exit code; only `main` exits.

Exit codes: 0 clean, 1 findings (or an error verdict), 2 usage or input error,
3 verification that --require-npu asked for could not be done."""

from __future__ import annotations

import sys
from collections.abc import Sequence

import click

from checker import __version__
from checker.catalogue import Catalogue, default_catalogue
from checker.crosscheck import Options
from checker.errors import DocsCheckError
from checker.files import write_atomically
from checker.lint import lint as lint_pages
from checker.live.runner import live_evidence
from checker.model import Entry
from checker.pipeline import Corpus, read_corpus
from checker.report.json import entries_json, lint_json, verify_json
from checker.report.text import entries_text, findings_text, summary
from checker.report.verify_text import evidence_lines, verify_summary, verify_text
from checker.verify import Request, jobs_for, select_rules
from checker.verify import verify as run_verify

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


@cli.command()
@click.option("--docs", "docs", multiple=True, help="Docs root or folder (repeatable; default: .).")
@click.option("--rules", "rule_files", multiple=True, help="Extra rule file (repeatable).")
@click.option("--api", help="Only the rules of this API.")
@click.option(
    "--python", "python", help="Interpreter of the environment to test (default: this one)."
)
@click.option(
    "--evidence", "evidence_files", multiple=True, help="Evidence file from `probe` (repeatable)."
)
@click.option("--no-live", is_flag=True, help="No live run here; judge by evidence files only.")
@click.option("--require-npu", is_flag=True, help="Unverified products fail (exit 3).")
@click.option("--strict", is_flag=True, help="Docs denying support the test shows are errors.")
@click.option("--timeout", type=float, default=120, show_default=True, help="Seconds per live run.")
@_format
@_scope
def verify(
    docs: tuple[str, ...],
    rule_files: tuple[str, ...],
    api: str | None,
    python: str | None,
    evidence_files: tuple[str, ...],
    no_live: bool,
    require_npu: bool,
    strict: bool,
    timeout: float,
    fmt: str,
    scope: str | None,
) -> int:
    """Check the docs against the rules and against behaviour tests run live
    (on the NPU where there is one) or recorded in evidence files."""
    catalogue = _catalogue(scope)
    request = Request(
        docs=docs or (".",),
        rule_files=rule_files,
        api=api,
        python=python,
        evidence_files=evidence_files,
        live=not no_live,
        options=Options(strict=strict, require_npu=require_npu),
        timeout=timeout,
    )
    report = run_verify(request, catalogue)
    if fmt == "json":
        click.echo(verify_json(report))
    else:
        for line in verify_text(report):
            click.echo(line)
        click.echo(verify_summary(report), err=True)
    for error in report.errors:
        click.echo(f"docs-check: error: {error}", err=True)
    return report.exit_code


@cli.command()
@click.option("--out", "out", required=True, help="Evidence file to write.")
@click.option(
    "--python", "python", help="Interpreter of the environment to test (default: this one)."
)
@click.option("--api", help="Only the rules of this API.")
@click.option("--rules", "rule_files", multiple=True, help="Extra rule file (repeatable).")
@click.option("--timeout", type=float, default=120, show_default=True, help="Seconds per run.")
def probe(
    out: str, python: str | None, api: str | None, rule_files: tuple[str, ...], timeout: float
) -> int:
    """Probe this environment (torch, torch_npu, CANN, NPU), run the rules'
    behaviour tests here and write the evidence for `verify --evidence`."""
    catalogue = default_catalogue()
    request = Request(docs=(), rule_files=rule_files, api=api, python=python, timeout=timeout)
    rules = select_rules(request, catalogue)
    evidence = live_evidence(jobs_for(rules, ()), catalogue, python, timeout)
    write_atomically(out, evidence.to_json() + "\n")
    for line in evidence_lines(evidence):
        click.echo(line)
    failed = any(run.verdict != "passed" for run in evidence.runs)
    return EXIT_FINDINGS if failed else EXIT_CLEAN


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
