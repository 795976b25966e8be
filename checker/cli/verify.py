"""`docs-check verify`: docs against rules and against behaviour tests, and with
--resolve-apis every documented API looked up in its torch release."""

from __future__ import annotations

from typing import Any

import click

from checker.cli.options import (
    echo_errors,
    output_format,
    read_options,
    reading_options,
    resolve_options,
    resolving,
    scope_option,
)
from checker.cli.output import emit, output_option
from checker.cli.settings import (
    baseline_option,
    catalogue_with,
    config_for,
    config_option,
    gate_for,
    progress_for,
    quiet_option,
)


@click.command()
@click.option("--docs", "docs", multiple=True, help="Docs root or folder (repeatable; default: .).")
@click.option("--rules", "rule_files", multiple=True, help="Extra rule file (repeatable).")
@click.option("--api", help="Only the rules of this API.")
@click.option(
    "--python",
    "python",
    metavar="PATH",
    help="Interpreter of the environment to test, and with --resolve-apis to resolve "
    "its torch release's docs in (default: this one).",
)
@click.option(
    "--evidence", "evidence_files", multiple=True, help="Evidence file from `probe` (repeatable)."
)
@click.option("--no-live", is_flag=True, help="No live run here; judge by evidence files only.")
@click.option("--require-npu", is_flag=True, help="Unverified products fail (exit 3).")
@click.option("--strict", is_flag=True, help="Docs denying support the test shows are errors.")
@click.option("--timeout", type=float, default=120, show_default=True, help="Seconds per live run.")
@output_format("text", "json", "junit", "sarif", "markdown")
@output_option
@scope_option
@config_option
@baseline_option
@quiet_option
@resolve_options
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
    output: str | None,
    scope: str | None,
    config_file: str | None,
    baseline_file: str | None,
    quiet: bool,
    resolve_apis: bool,
    python_for: tuple[tuple[str, str], ...],
    require_all_versions: bool,
    **reading: Any,
) -> int:
    """Check the docs against the rules and against behaviour tests run live
    (on the NPU where there is one) or recorded in evidence files."""
    import dataclasses

    from checker.app.verify import Request
    from checker.app.verify import verify as run_verify
    from checker.report.render import verify_report
    from checker.report.verify_text import verify_summary
    from checker.verify.crosscheck import Options

    asked = resolving(resolve_apis, python_for, require_all_versions, python, timeout)
    config = config_for(config_file, docs, reading)
    catalogue = catalogue_with(scope, config)
    options = read_options(**reading)
    gate = gate_for(config, baseline_file, options.refs)
    with progress_for(quiet) as progress:
        request = Request(
            docs=config.docs_or(docs),
            rule_files=config.rule_files(rule_files),
            api=api,
            python=python,
            evidence_files=evidence_files,
            live=not no_live,
            options=Options(strict=strict, require_npu=require_npu),
            timeout=timeout,
            reading=dataclasses.replace(options, progress=progress),
            resolve=asked,
        )
        report = run_verify(request, catalogue)
    gated = gate.apply(report.findings)
    report = dataclasses.replace(report, findings=gated.findings)
    refs = [ref.ref for ref in request.reading.refs]
    emit(verify_report(fmt, report, refs), output)
    if fmt != "json" and not quiet:  # json keeps stderr for errors only
        click.echo(verify_summary(report) + gated.note, err=True)
    echo_errors(report.errors)
    return report.exit_code
