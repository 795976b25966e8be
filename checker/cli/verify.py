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
@o.test_ref_option
@o.checked_tests_option
@o.disabled_option
@click.option(
    "--evidence", "evidence_files", multiple=True, help="Evidence file from `probe` (repeatable)."
)
@click.option(
    "--base",
    metavar="REF",
    help="Compare the docs checked with the docs at REF of the --git repository "
    "(e.g. the pull request's target branch): `--format pr` lists what changed.",
)
@click.option("--no-live", is_flag=True, help="No live run here; judge by evidence files only.")
@click.option("--require-npu", is_flag=True, help="Unverified products fail (exit 3).")
@click.option("--strict", is_flag=True, help="Docs denying support the test shows are errors.")
@o.timeout_option
@o.checking_options("verify")
@o.reading_options
def verify(paths: tuple[str, ...], fmt: str, output: str | None, quiet: bool, **values: Any) -> int:
    """Check the docs against the rules and against behaviour tests run live
    (on the NPU where there is one) or recorded in evidence files. PATHS: docs
    roots or folders (default: the configuration's docs, else the current folder)."""
    from checker.app.verify import Request
    from checker.app.verify import verify as run_verify
    from checker.verify.crosscheck import Options

    timeout = values["timeout"]
    settings = o.settings_of(values, python_tests_too=True, timeout=timeout)
    statistics = o.statistics_of(fmt, values)
    code = o.lintrunner_code_of(fmt, values)
    request = Request(
        docs=o.paths_of(paths, values["docs"]),
        rule_files=values["rule_files"],
        api=values["api"],
        python=values["python"],
        evidence_files=values["evidence_files"],
        live=not values["no_live"],
        options=Options(strict=values["strict"], require_npu=values["require_npu"]),
        timeout=timeout,
        python_for=values["python_for"],
        test_refs=values["test_refs"],
        git_repo=values["git_repo"] or ".",
        base=values["base"],
        tests=o.tests_request_of(values, test_refs_alone=True),
    )
    with progress_for(quiet) as progress:
        outcome = run_verify(request, settings, progress)
    return finish(outcome, fmt, output, quiet, statistics, code)
