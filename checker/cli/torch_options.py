"""The options of torch environments and test trees, each declared once:
which interpreter runs or resolves which docs version (--python,
--python-for, --resolve-apis, --require-all-versions, --timeout), and which
test folder, refs and disabled lists the test map reads (--tests,
--test-ref, --disabled). Apart from checker.cli.options, the report and
reading options every command shares."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from checker.i18n import N_, message, say
from checker.model.version import is_version

F = TypeVar("F", bound=Callable[..., Any])


python_option = click.option(
    "--python",
    "python",
    metavar="PATH",
    help="Interpreter of the environment to test (verify, probe) or whose torch release's "
    "docs to resolve (--resolve-apis) or to measure the coverage of (coverage; "
    "default: this one).",
)
# A day: longer is no timeout anyone means, and the subprocess's wait, in
# milliseconds, overflows at about 24 days.
MAX_TIMEOUT = 86400


def _timeout(context: click.Context, parameter: click.Parameter, value: float) -> float:
    """click parses nan, inf, 0 and negatives as floats too: none is a time a run can wait."""
    if not 0 < value <= MAX_TIMEOUT:  # false for nan too
        raise click.BadParameter(
            say(
                message(
                    N_("{value} is not a number of seconds above 0 and at most {most}"),
                    value=f"{value:g}",
                    most=MAX_TIMEOUT,
                )
            ),
            context,
            parameter,
        )
    return value


timeout_callback = _timeout  # for the other options in seconds (verify --module-timeout, --budget)
timeout_option = click.option(
    "--timeout",
    type=float,
    default=120,
    show_default=True,
    callback=_timeout,
    help="Seconds per run.",
)


def resolve_options(function: F) -> F:
    """`--resolve-apis`, how versions find their interpreters, and
    --require-all-versions."""
    return _resolving(_require_all_versions(function))  # as listed: --resolve-apis first


def resolve_names_options(function: F) -> F:
    """`--resolve-apis` and how versions find their interpreters (baseline,
    which records findings and has no versions to require)."""
    return _resolving(function)


def _resolving(function: F) -> F:
    resolve_apis = click.option(
        "--resolve-apis",
        is_flag=True,
        help="Look every documented API up in the torch release it is documented for.",
    )
    return resolve_apis(python_for_option(function))


_require_all_versions = click.option(
    "--require-all-versions",
    is_flag=True,
    help="With --resolve-apis: a docs version no interpreter resolved fails (exit 3).",
)


def _mapping(what: str, plural: str, example: str) -> Callable[..., tuple[tuple[str, str], ...]]:
    """The callback of a repeatable VERSION=VALUE option: each version once."""

    def parse(
        context: click.Context, parameter: click.Parameter, values: Sequence[str]
    ) -> tuple[tuple[str, str], ...]:
        mapped: dict[str, str] = {}
        for value in values:
            version, equals, given = value.partition("=")
            version, given = version.strip(), given.strip()
            if not equals or not is_version(version) or not given:
                said = message(
                    N_("{value!r} is not VERSION={what} (for example {example})"),
                    value=value,
                    what=what,
                    example=example,
                )
                raise click.BadParameter(say(said), context, parameter)
            if mapped.setdefault(version, given) != given:
                raise click.BadParameter(
                    say(
                        message(
                            N_("{version} is given two {plural}: {first} and {then}"),
                            version=version,
                            plural=message(plural),
                            first=mapped[version],
                            then=given,
                        )
                    ),
                    context,
                    parameter,
                )
        return tuple(mapped.items())

    return parse


_python_for = _mapping("PATH", N_("interpreters"), "2.12.0=/venv-2.12/bin/python")
python_for_option = click.option(
    "--python-for",
    "python_for",
    multiple=True,
    metavar="VERSION=PATH",
    callback=_python_for,
    help="Run (verify), resolve (--resolve-apis) or list the public API (coverage) of "
    "docs version VERSION in the interpreter PATH (repeatable).",
)


def _test_ref_option(help: str) -> Callable[[F], F]:
    """--test-ref VERSION=REF, declared once: `verify`/`probe` run the tests at
    REF, `tests` reads them there and runs nothing, so each has its own help."""
    return click.option(
        "--test-ref",
        "test_refs",
        multiple=True,
        metavar="VERSION=REF",
        callback=_mapping("REF", N_("refs"), "2.7.1=v2.7.1"),
        help=help,
    )


test_ref_option = _test_ref_option(
    "Run the rules' repository tests for docs version VERSION as they are at REF of "
    "the --git repository (default: .), in VERSION's environment (repeatable)."
)
mapped_test_ref_option = _test_ref_option(
    "Read docs version VERSION's test tree (and disabled lists) as it is at REF of "
    "the --git repository (default: .) (repeatable)."
)


def _tests_folder_option(help: str, default: str | None) -> Callable[[F], F]:
    """--tests DIR, declared once: `tests` always maps (its default is
    `test`), lint and verify only when it is given."""
    return click.option(
        "--tests",
        "tests_folder",
        default=default,
        show_default=default is not None,
        metavar="DIR",
        help=help,
    )


_TESTS_WHERE = "in the working tree, and inside the --git repository at each --test-ref"
tests_option = _tests_folder_option(f"The test folder: {_TESTS_WHERE}.", "test")
checked_tests_option = _tests_folder_option(
    "Also judge the docs' claims against the repository's tests in DIR, as `docs-check "
    f"tests` does (claim-unbacked, claim-tests-disabled, unsupported-but-tested): {_TESTS_WHERE}.",
    None,
)
verify_tests_option = _tests_folder_option(
    "Also judge the docs' claims against the repository's tests in DIR, as `docs-check "
    "tests` does; with --backed, the test folder whose cases back the claims (default: "
    f"test): {_TESTS_WHERE}.",
    None,
)
disabled_option = click.option(
    "--disabled",
    "disabled",
    multiple=True,
    metavar="VERSION=PATH",
    callback=_mapping("PATH", N_("disabled lists"), "2.12.0=v2.12.0/test"),
    help="Take docs version VERSION's NPU disabled-test list from PATH, a "
    ".pytorch-disabled-tests*.json file or a folder holding them (repeatable).",
)


def test_map_options(function: F) -> F:
    """lint's (and baseline's) --tests, --test-ref and --disabled: the test
    map of `docs-check tests`, added to its findings when --tests is given."""
    return checked_tests_option(mapped_test_ref_option(disabled_option(function)))
