"""`docs-check tests [PATHS]...`: each documented API mapped to the
repository's own tests, and the docs' claims judged against them and the NPU
disabled-test lists."""

from __future__ import annotations

from typing import Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import paths_of, settings_of, tests_request_of
from checker.cli.torch_options import disabled_option, mapped_test_ref_option, tests_option


@click.command()
@o.docs_paths
@tests_option
@mapped_test_ref_option
@disabled_option
@click.option(
    "--show-notes",
    is_flag=True,
    help="List every claim-unbacked note in the text report, not one line per page.",
)
@o.format_option("tests")
@o.output_option
@o.scope_option
@o.config_option
@o.quiet_option
@o.selection_options
@o.fail_on_option
@o.exit_zero_option
@o.reading_options
def tests(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    quiet: bool,
    show_notes: bool,
    **values: Any,
) -> int:
    """Map every documented API of each docs version to the test cases that
    reach it (read statically, never imported), at the version's --test-ref
    or in the working tree's test folder, and judge the docs' claims against
    them and the NPU disabled-test lists: claim-unbacked, claim-tests-disabled,
    unsupported-but-tested. PATHS: docs roots, folders or files (default: the
    configuration's docs, else the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.tests import tests as run_tests

    settings = settings_of(values)
    request = tests_request_of(values)
    assert request is not None, "--tests has a default"
    with progress_for(quiet) as progress:
        outcome = run_tests(
            paths_of(paths, values["docs"]), settings, request, progress, show_notes
        )
    return finish(outcome, fmt, output, quiet)
