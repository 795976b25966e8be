"""`docs-check verify [PATHS]...`: docs against rules and against behaviour
tests, and with --resolve-apis every documented API looked up in its torch
release."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for


@click.command()
@o.docs_paths
@o.rules_option
@o.api_option
@o.python_option
@click.option(
    "--evidence", "evidence_files", multiple=True, help="Evidence file from `probe` (repeatable)."
)
@click.option("--no-live", is_flag=True, help="No live run here; judge by evidence files only.")
@click.option("--require-npu", is_flag=True, help="Unverified products fail (exit 3).")
@click.option("--strict", is_flag=True, help="Docs denying support the test shows are errors.")
@o.timeout_option
@o.format_option("verify")
@o.output_option
@o.scope_option
@o.config_option
@o.baseline_option
@o.quiet_option
@o.resolve_options
@o.reading_options
def verify(
    paths: tuple[str, ...],
    docs: tuple[str, ...],
    rule_files: tuple[str, ...],
    api: str | None,
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
    **values: Any,
) -> int:
    """Check the docs against the rules and against behaviour tests run live
    (on the NPU where there is one) or recorded in evidence files. PATHS: docs
    roots or folders (default: .)."""
    from checker.app.verify import verify as run_verify

    resolve = o.resolving(values, python_tests_too=True, timeout=timeout)
    reading = o.reading_of(values)
    with progress_for(quiet) as progress:
        outcome = run_verify(
            o.paths_of(paths, docs),
            reading,
            rule_files=rule_files,
            api=api,
            python=values["python"],
            evidence_files=evidence_files,
            live=not no_live,
            strict=strict,
            require_npu=require_npu,
            timeout=timeout,
            config_file=config_file,
            scope=scope,
            baseline_file=baseline_file,
            resolve=resolve,
            progress=progress,
        )
    return finish(outcome, fmt, output, quiet)
