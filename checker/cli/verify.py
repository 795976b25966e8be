"""`docs-check verify`: docs against rules and against behaviour tests."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import (
    catalogue_for,
    echo_errors,
    output_format,
    read_options,
    reading_options,
    scope_option,
)


@click.command()
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
@output_format("text", "json")
@scope_option
@reading_options
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
    **reading: Any,
) -> int:
    """Check the docs against the rules and against behaviour tests run live
    (on the NPU where there is one) or recorded in evidence files."""
    from checker.crosscheck import Options
    from checker.report.json import verify_json
    from checker.report.verify_text import verify_summary, verify_text
    from checker.verify import Request
    from checker.verify import verify as run_verify

    catalogue = catalogue_for(scope)
    request = Request(
        docs=docs or (".",),
        rule_files=rule_files,
        api=api,
        python=python,
        evidence_files=evidence_files,
        live=not no_live,
        options=Options(strict=strict, require_npu=require_npu),
        timeout=timeout,
        reading=read_options(**reading),
    )
    report = run_verify(request, catalogue)
    if fmt == "json":
        click.echo(verify_json(report))
    else:
        for line in verify_text(report):
            click.echo(line)
        click.echo(verify_summary(report), err=True)
    echo_errors(report.errors)
    return report.exit_code
