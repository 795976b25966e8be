"""`docs-check baseline [PATHS]... --output FILE`: today's lint findings, for
`lint --baseline FILE` and `verify --baseline FILE` to leave out."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import (
    EXIT_CLEAN,
    EXIT_INPUT,
    echo_errors,
    python_for_option,
    python_option,
    reading_options,
    resolving,
    scope_option,
)
from checker.cli.settings import config_option, lint_gated, quiet_option


@click.command()
@click.argument("paths", nargs=-1)
@click.option("--output", "output", required=True, metavar="FILE", help="Baseline file to write.")
@config_option
@scope_option
@quiet_option
@click.option(
    "--resolve-apis",
    is_flag=True,
    help="Record the findings of `lint --resolve-apis` too (api-missing, ...).",
)
@click.option(
    "--python-for",
    "python_for",
    multiple=True,
    metavar="VERSION=PATH",
    callback=python_for_option,
    help="With --resolve-apis: resolve docs version VERSION in the interpreter PATH (repeatable).",
)
@python_option
@reading_options
def baseline(
    paths: tuple[str, ...],
    output: str,
    config_file: str | None,
    scope: str | None,
    quiet: bool,
    resolve_apis: bool,
    python_for: tuple[tuple[str, str], ...],
    python: str | None,
    **reading: Any,
) -> int:
    """Record today's lint findings of PATHS in a baseline file. Commit it;
    `lint --baseline FILE` then fails only on new findings."""
    from checker.files import write_atomically
    from checker.gating.baseline import baseline_json

    if python and not resolve_apis:
        raise click.UsageError("--python needs --resolve-apis")
    asked = resolving(resolve_apis, python_for, False, python)
    linted = lint_gated(paths, scope, config_file, None, quiet, reading, asked)
    findings = linted.gated.findings
    write_atomically(output, baseline_json(findings, linted.gate.project))
    if not quiet:
        click.echo(f"wrote {len(findings)} findings to {output}{linted.gated.note}", err=True)
    echo_errors(linted.errors)
    return EXIT_INPUT if linted.errors else EXIT_CLEAN
