"""`docs-check verify [PATHS]...`: docs against rules and against behaviour
tests, and with --resolve-apis every documented API looked up in its torch
release."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import click

from checker.cli import options as o
from checker.cli.output import finish, progress_for
from checker.cli.settings import (
    lintrunner_code_of,
    paths_of,
    settings_of,
    statistics_of,
    tests_request_of,
    usage_error,
)
from checker.cli.torch_options import (
    disabled_option,
    python_option,
    test_ref_option,
    timeout_callback,
    timeout_option,
    verify_tests_option,
)
from checker.i18n import N_
from checker.report.formats import formats_for

if TYPE_CHECKING:
    from checker.verify.crosscheck import Options


@click.command()
@o.docs_paths
@o.rules_option
@o.api_option
@python_option
@test_ref_option
@verify_tests_option
@disabled_option
@o.evidence_option
@click.option(
    "--base",
    metavar="REF",
    help="Compare the docs checked with the docs at REF of the --git repository "
    "(e.g. the pull request's target branch): `--format pr` lists what changed.",
)
@click.option("--no-live", is_flag=True, help="No live run here; judge by evidence files only.")
@click.option("--require-npu", is_flag=True, help="Unverified products fail (exit 3).")
@click.option("--strict", is_flag=True, help="Docs denying support the test shows are errors.")
@timeout_option
@click.option(
    "--backed",
    is_flag=True,
    help="Run the repository's own test cases that back the docs' claims (see `docs-check "
    "tests`) and judge each claim per product by them; text and json reports.",
)
@click.option(
    "--shard",
    metavar="I/N",
    help="With --backed: run only part I of N of the plan, split by module the same way on "
    "every machine.",
)
@click.option(
    "--module-timeout",
    type=float,
    default=1800,
    show_default=True,
    callback=timeout_callback,
    help="With --backed: seconds for one test module's process.",
)
@click.option(
    "--budget",
    type=float,
    default=18000,
    show_default=True,
    callback=timeout_callback,
    help="With --backed: seconds for the whole run; modules left then are not run.",
)
@click.option(
    "--write-evidence",
    metavar="FILE",
    help="With --backed: write this run's evidence to FILE (one environment), for the "
    "gate's `verify --backed --no-live --evidence FILE...`.",
)
@o.checking_options("verify")
@o.reading_options
def verify(paths: tuple[str, ...], fmt: str, output: str | None, quiet: bool, **values: Any) -> int:
    """Check the docs against the rules and against behaviour tests run live
    (on the NPU where there is one) or recorded in evidence files. PATHS: docs
    roots or folders (default: the configuration's docs, else the current folder)."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.verify import verify as run_verify
    from checker.app.verify_request import Request

    timeout = values["timeout"]
    settings = settings_of(values, python_tests_too=True, timeout=timeout)
    if values["backed"]:
        return _backed(paths, fmt, output, quiet, settings, values)
    for name in ("shard", "write_evidence"):
        if values[name] is not None:
            said = N_("{option} is an option of --backed, which was not given")
            raise usage_error(said, option="--" + name.replace("_", "-"))
    statistics = statistics_of(fmt, values)
    code = lintrunner_code_of(fmt, values)
    request = Request(
        docs=paths_of(paths, values["docs"]),
        rule_files=values["rule_files"],
        api=values["api"],
        python=values["python"],
        evidence_files=values["evidence_files"],
        live=not values["no_live"],
        options=_options(values),
        timeout=timeout,
        python_for=values["python_for"],
        test_refs=values["test_refs"],
        git_repo=values["git_repo"] or ".",
        base=values["base"],
        tests=tests_request_of(values, test_refs_alone=True),
    )
    with progress_for(quiet) as progress:
        outcome = run_verify(request, settings, progress)
    return finish(outcome, fmt, output, quiet, statistics, code)


def _backed(
    paths: tuple[str, ...],
    fmt: str,
    output: str | None,
    quiet: bool,
    settings: Any,
    values: dict[str, Any],
) -> int:
    """verify --backed: its own flow (checker.app.backed) and reports."""
    # start-up: the command's flow and all it reads load when it runs, never for --help
    from checker.app.backed import BackedRequest, backed
    from checker.model.plan import shard_option
    from checker.verify.backed.run import Limits

    if fmt not in formats_for("backed"):
        offered = ", ".join(formats_for("backed"))
        said = N_("--backed writes its report as {offered}, not {format}")
        raise usage_error(said, offered=offered, format=fmt)
    request = BackedRequest(
        docs=paths_of(paths, values["docs"]),
        api=values["api"],
        shard=shard_option(values["shard"]),
        python=values["python"],
        python_for=values["python_for"],
        test_refs=values["test_refs"],
        git_repo=values["git_repo"] or ".",
        tests=values["tests_folder"] or "test",
        evidence_files=values["evidence_files"],
        live=not values["no_live"],
        limits=Limits(values["module_timeout"], values["budget"]),
        write_evidence=values["write_evidence"],
        options=_options(values),
    )
    with progress_for(quiet) as progress:
        outcome = backed(request, settings, progress)
    return finish(outcome, fmt, output, quiet)


def _options(values: dict[str, Any]) -> Options:
    """The cross-check's options, of verify and --backed alike."""
    from checker.verify.crosscheck import Options  # start-up: verify's code, as the flows above

    return Options(strict=values["strict"], require_npu=values["require_npu"])
