"""`docs-check probe --output FILE`: evidence from this machine for `verify`."""

from __future__ import annotations

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import required_output
from checker.cli.torch_options import python_option, test_ref_option, timeout_option


@click.command()
@o.output_option
@o.out_alias
@python_option
@o.api_option
@o.rules_option
@test_ref_option
@o.git_option
@timeout_option
@o.config_option
def probe(
    output: str | None,
    out: str | None,
    python: str | None,
    api: str | None,
    rule_files: tuple[str, ...],
    test_refs: tuple[tuple[str, str], ...],
    git_repo: str | None,
    timeout: float,
    config_file: str | None,
) -> int:
    """Probe this environment (torch, torch_npu, CANN, NPU), run the rules'
    behaviour tests here, and with --test-ref their repository tests for this
    torch release, and write the evidence for `verify --evidence`."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.probe import probe as run_probe
    from checker.app.verify_request import Request

    path = required_output(output, out)
    request = Request(
        docs=(),
        rule_files=rule_files,
        api=api,
        python=python,
        timeout=timeout,
        test_refs=test_refs,
        git_repo=git_repo or ".",
    )
    with progress_for(quiet=False) as progress:
        outcome = run_probe(path, request, config_file, progress)
    return finish(outcome, "text", None, quiet=False)
