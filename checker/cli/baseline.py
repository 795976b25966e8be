"""`docs-check baseline [PATHS]... --output FILE`: today's lint findings, for
`lint --baseline FILE` and `verify --baseline FILE` to leave out."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import EXIT_CLEAN, EXIT_INPUT, echo_errors, reading_options, scope_option
from checker.cli.settings import config_option, lint_gated, quiet_option


@click.command()
@click.argument("paths", nargs=-1)
@click.option("--output", "output", required=True, metavar="FILE", help="Baseline file to write.")
@config_option
@scope_option
@quiet_option
@reading_options
def baseline(
    paths: tuple[str, ...],
    output: str,
    config_file: str | None,
    scope: str | None,
    quiet: bool,
    **reading: Any,
) -> int:
    """Record today's lint findings of PATHS in a baseline file. Commit it;
    `lint --baseline FILE` then fails only on new findings."""
    from checker.baseline import baseline_json
    from checker.files import write_atomically

    linted = lint_gated(paths, scope, config_file, None, quiet, reading)
    findings = linted.gated.findings
    write_atomically(output, baseline_json(findings, linted.gate.project))
    if not quiet:
        click.echo(f"wrote {len(findings)} findings to {output}{linted.gated.note}", err=True)
    echo_errors(linted.corpus.errors)
    return EXIT_INPUT if linted.corpus.errors else EXIT_CLEAN
