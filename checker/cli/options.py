"""Every option the commands share, declared once, and what their values turn
into. A command module attaches the ones it takes; the checks of which options
go together live here, each written once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

from checker.model.version import is_version
from checker.report.formats import STATISTICS, formats_for

if TYPE_CHECKING:
    from checker.app.setup import Reading, Settings
    from checker.app.tests import TestsRequest
    from checker.torch.resolution import ResolveOptions

F = TypeVar("F", bound=Callable[..., Any])


def _stack(*decorators: Callable[[F], F]) -> Callable[[F], F]:
    def apply(function: F) -> F:
        for decorate in reversed(decorators):
            function = decorate(function)
        return function

    return apply


def _listed_paths(
    context: click.Context, parameter: click.Parameter, values: Sequence[str]
) -> tuple[str, ...]:
    """PATHS with each `@FILE` replaced by the paths FILE lists, one a line
    (lintrunner's `@{{PATHSFILE}}`). A path that begins with `@` is given as
    `./@name`. A list that cannot be read, or lists nothing, is a usage error:
    an empty one would otherwise check the default docs."""
    from checker.errors import UsageError

    paths: list[str] = []
    for value in values:
        if not value.startswith("@"):
            paths.append(value)
            continue
        try:
            with open(value[1:], encoding="utf-8", errors="surrogateescape") as listing:
                listed = [line.rstrip("\r\n") for line in listing]
        except OSError as error:
            raise UsageError(f"{value}: cannot read the list of paths: {error.strerror}") from None
        listed = [line for line in listed if line.strip()]
        if not listed:
            raise UsageError(f"{value}: the list of paths is empty")
        paths += listed
    return tuple(paths)


# PATHS of every command that reads docs: `@FILE` names a file listing them.
paths_argument = click.argument("paths", nargs=-1, callback=_listed_paths)


def docs_paths(function: F) -> F:
    """PATHS, and `--docs`, the older spelling of show and verify (hidden)."""
    return _stack(
        paths_argument,
        click.option("--docs", "docs", multiple=True, hidden=True, help="Same as PATHS."),
    )(function)


def paths_of(paths: Sequence[str], docs: Sequence[str]) -> tuple[str, ...]:
    return (*docs, *paths)


def format_option(command: str) -> Callable[[F], F]:
    formats = formats_for(command)
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(formats),
        default=formats[0],
        show_default=True,
        help="Report format.",
    )


output_option = click.option(
    "--output",
    "-o",
    "output",
    metavar="FILE",
    help="Write the report to FILE (atomically) instead of stdout.",
)
out_alias = click.option("--out", "out", metavar="FILE", hidden=True, help="Same as --output.")


# Where --lang records that it was given, in the click contexts' shared `meta`
# (given to the group or the command alike).
_LANG_GIVEN = "docs_check.lang_given"


def _language(context: click.Context, parameter: click.Parameter, value: str | None) -> None:
    """Eager, so that the help it comes before is shown in it too."""
    if value is not None:
        from checker.i18n import use

        context.meta[_LANG_GIVEN] = True
        use(value)


def language_given() -> bool:
    """--lang was given: a format with a language of its own (pr) then follows it."""
    context = click.get_current_context(silent=True)
    return context is not None and bool(context.meta.get(_LANG_GIVEN))


# One object, which the group (checker.cli.translated.TranslatedGroup) takes
# and gives every command: `docs-check --lang zh lint` and `docs-check lint --lang zh`.
lang_option = click.Option(
    ["--lang"],
    type=click.Choice(["zh", "en"]),
    is_eager=True,
    expose_value=False,
    callback=_language,
    help="Language of messages and help (default: the locale's, from LANGUAGE, LC_ALL, "
    "LC_MESSAGES or LANG: zh for zh_*, else en).",
)


def required_output(output: str | None, out: str | None = None) -> str:
    """The file a command must write: --output (or probe's older --out)."""
    if output and out and output != out:
        raise click.UsageError("--out is --output: give one of them")
    if not (output or out):
        raise click.UsageError("Missing option '--output'.")
    return output or out or ""


scope_option = click.option(
    "--scope",
    metavar="IDS",
    help="Comma-separated product ids that a status naming no product speaks of "
    "(default: the catalogue's scope).",
)
config_option = click.option(
    "--config",
    "config_file",
    metavar="FILE",
    help="Configuration file (default: the nearest .docs-check.toml, or pyproject.toml "
    "with [tool.docs-check], above the current folder or the first docs path).",
)
baseline_option = click.option(
    "--baseline",
    "baseline_file",
    metavar="FILE",
    help="Report only findings that are not in this baseline (from `docs-check baseline`).",
)
quiet_option = click.option(
    "--quiet", "-q", is_flag=True, help="No summary and no progress; findings only."
)


def selection_options(function: F) -> F:
    """--select, --extend-select and --ignore: rule ids or prefixes (`block-`),
    comma-separated or repeated, as ruff takes them (checker.gating.selection)."""
    what = "Rule ids or prefixes (`block-`), comma-separated (repeatable)"
    return _stack(
        click.option(
            "--select",
            "select",
            multiple=True,
            metavar="RULES",
            help=f"Report only these rules, instead of the configuration's select. {what}.",
        ),
        click.option(
            "--extend-select",
            "extend_select",
            multiple=True,
            metavar="RULES",
            help=f"Report these rules as well. {what}.",
        ),
        click.option(
            "--ignore",
            "ignore",
            multiple=True,
            metavar="RULES",
            help=f"Do not report these rules. {what}.",
        ),
    )(function)


def selected(values: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The selection options as Settings fields, each selector checked."""
    from checker.gating.selection import command_line_selectors

    return {
        name: command_line_selectors("--" + name.replace("_", "-"), values.get(name, ()))
        for name in ("select", "extend_select", "ignore")
    }


exit_zero_option = click.option(
    "--exit-zero",
    is_flag=True,
    help="Exit 0 even when findings fail the run (input errors still exit 2; "
    "--require-npu and --require-all-versions still exit 3).",
)
fail_on_option = click.option(
    "--fail-on",
    type=click.Choice(["error", "warning"]),
    default=None,
    help="The lowest level that fails the run: error (the default, or the "
    "configuration's fail-on) or warning.",
)
statistics_option = click.option(
    "--statistics",
    is_flag=True,
    help="Count the findings per rule instead of listing them (--format text or json).",
)


lintrunner_code_option = click.option(
    "--lintrunner-code",
    "lintrunner_code",
    metavar="CODE",
    help="With --format lintrunner: the code its messages carry, the `code` of the "
    "linter's entry in .lintrunner.toml (default: DOCS_CHECK).",
)


def lintrunner_code_of(fmt: str, values: dict[str, Any]) -> str | None:
    """--lintrunner-code, for the one format whose messages carry a code."""
    from checker.report.formats import FORMATS

    code = values.get("lintrunner_code")
    if code is not None and not FORMATS[fmt].coded:
        raise click.UsageError(f"--lintrunner-code takes --format lintrunner, not --format {fmt}")
    if code is not None and not code.strip():
        raise click.UsageError("--lintrunner-code is empty")
    return code


def statistics_of(fmt: str, values: dict[str, Any]) -> bool:
    """--statistics, which counts in text or JSON only: a CI format of counts
    would be a report of nothing."""
    statistics = bool(values.get("statistics"))
    if statistics and fmt not in STATISTICS:
        formats = " or ".join(STATISTICS)
        raise click.UsageError(f"--statistics takes --format {formats}, not --format {fmt}")
    return statistics


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
            f"{value:g} is not a number of seconds above 0 and at most {MAX_TIMEOUT}",
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
rules_option = click.option(
    "--rules", "rule_files", multiple=True, metavar="FILE", help="Extra rule file (repeatable)."
)
api_option = click.option("--api", help="Only the rules of this API.")


git_option = click.option(
    "--git",
    "git_repo",
    metavar="REPO",
    help="The git repository whose refs --ref (the docs) and --test-ref (the tests) name "
    "(default: .).",
)


def reading_options(function: F) -> F:
    """Where pages come from (working tree or git refs) and how they are read."""
    return _stack(
        git_option,
        click.option(
            "--ref",
            "refs",
            multiple=True,
            metavar="REF",
            help="A branch, tag or commit to read (repeatable).",
        ),
        cache_options,
    )(function)


def cache_options(function: F) -> F:
    """How pages are read: the page cache and the worker processes (the
    commands that rewrite the working tree take these, and no refs)."""
    return _stack(
        click.option("--no-cache", is_flag=True, help="Read every page afresh."),
        click.option(
            "--cache-dir",
            metavar="DIR",
            help="Page cache folder (default: $DOCS_CHECK_CACHE_DIR or the user cache).",
        ),
        click.option(
            "--jobs",
            type=click.IntRange(min=1),
            metavar="N",
            help="Worker processes for reading (default: one per core when worth it).",
        ),
    )(function)


diff_option = click.option(
    "--diff", is_flag=True, help="Print a unified diff of the changes and write nothing."
)


def _refs_read(
    repo: str, refs: tuple[str, ...], test_refs: tuple[tuple[str, str], ...]
) -> tuple[str, ...]:
    """The --ref refs as read (`origin/v2.7.1` for `v2.7.1` in a clone). The
    --test-ref refs are resolved with them, so that every unknown ref of the
    command line is named in one error; the run resolves those again with the
    configuration's (checker.app.verify)."""
    if not refs and not test_refs:
        return refs
    from checker.sources.gitrefs import GitRef, resolve_refs

    wanted = [GitRef(repo, ref) for ref in (*refs, *(ref for _, ref in test_refs))]
    read = resolve_refs(wanted)
    return tuple(read[GitRef(repo, ref)].ref for ref in refs)


def reading_of(values: dict[str, Any]) -> Reading:
    from checker.app.setup import Reading

    git_repo, refs = values.get("git_repo"), tuple(values.get("refs", ()))
    if git_repo and not refs and not values.get("test_refs") and not values.get("base"):
        # the tests at refs (verify, tests, lint --tests), and the docs of verify's --base
        named = [o for k, o in (("test_refs", "--test-ref"), ("base", "--base")) if k in values]
        others = "".join(f", {o}" for o in named[:-1]) + (f" or {named[-1]}" if named else "")
        raise click.UsageError(f"--git needs at least one --ref{others}")
    return Reading(
        git_repo=git_repo,
        refs=_refs_read(git_repo or ".", refs, values.get("test_refs") or ()),
        no_cache=bool(values.get("no_cache")),
        cache_dir=values.get("cache_dir"),
        jobs=values.get("jobs"),
    )


def resolve_options(function: F) -> F:
    """`--resolve-apis`, how versions find their interpreters, and
    --require-all-versions."""
    return _stack(_resolving, _require_all_versions)(function)


def resolve_names_options(function: F) -> F:
    """`--resolve-apis` and how versions find their interpreters (baseline,
    which records findings and has no versions to require)."""
    return _resolving(function)


def _resolving(function: F) -> F:
    return _stack(
        click.option(
            "--resolve-apis",
            is_flag=True,
            help="Look every documented API up in the torch release it is documented for.",
        ),
        python_for_option,
    )(function)


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
                raise click.BadParameter(
                    f"{value!r} is not VERSION={what} (for example {example})", context, parameter
                )
            if mapped.setdefault(version, given) != given:
                raise click.BadParameter(
                    f"{version} is given two {plural}: {mapped[version]} and {given}",
                    context,
                    parameter,
                )
        return tuple(mapped.items())

    return parse


_python_for = _mapping("PATH", "interpreters", "2.12.0=/venv-2.12/bin/python")
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
        callback=_mapping("REF", "refs", "2.7.1=v2.7.1"),
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
    callback=_mapping("PATH", "disabled lists", "2.12.0=v2.12.0/test"),
    help="Take docs version VERSION's NPU disabled-test list from PATH, a "
    ".pytorch-disabled-tests*.json file or a folder holding them (repeatable).",
)


def test_map_options(function: F) -> F:
    """lint's (and baseline's) --tests, --test-ref and --disabled: the test
    map of `docs-check tests`, added to its findings when --tests is given."""
    return _stack(checked_tests_option, mapped_test_ref_option, disabled_option)(function)


def tests_request_of(values: dict[str, Any], test_refs_alone: bool = False) -> TestsRequest | None:
    """The test map the options ask for; None without --tests. `test_refs_alone`:
    --test-ref has a use of its own without --tests (verify runs the rules'
    tests there); else it needs --tests, as --disabled does."""
    folder = values.get("tests_folder")
    if folder is None:
        needing = (("disabled", "--disabled"),) + (
            () if test_refs_alone else (("test_refs", "--test-ref"),)
        )
        for name, option in needing:
            if values.get(name):
                raise click.UsageError(f"{option} needs --tests")
        return None
    # Imported only here: the test map's modules are some 50 ms of a lint
    # run's start-up that, without --tests, never uses them.
    from checker.app.tests import TestsRequest

    return TestsRequest(
        tests=folder,
        test_refs=tuple(values.get("test_refs") or ()),
        git_repo=values.get("git_repo") or ".",
        disabled=tuple(values.get("disabled") or ()),
    )


def resolving(
    values: dict[str, Any], python_tests_too: bool = False, timeout: float = 120
) -> ResolveOptions | None:
    """What --resolve-apis asks for; None without it. `python_tests_too`: the
    command runs tests with --python and --python-for as well (verify), so they
    are fine without it."""
    resolve_apis, python = values.get("resolve_apis"), values.get("python")
    if python and not resolve_apis and not python_tests_too:
        raise click.UsageError("--python needs --resolve-apis")
    if not resolve_apis:
        resolving_only = ("python_for",) if not python_tests_too else ()
        for name in (*resolving_only, "require_all_versions"):
            if values.get(name):
                raise click.UsageError(f"--{name.replace('_', '-')} needs --resolve-apis")
        return None
    from checker.torch.resolution import ResolveOptions  # a lint run without it never loads it

    return ResolveOptions(
        python, tuple(values["python_for"]), bool(values.get("require_all_versions")), timeout
    )


def settings_of(
    values: dict[str, Any], python_tests_too: bool = False, timeout: float = 120
) -> Settings:
    """The settings of the options a command took (reading, configuration,
    scope, baseline, --resolve-apis, --exit-zero), checked."""
    from checker.app.setup import Settings

    return Settings(
        reading=reading_of(values),
        config_file=values.get("config_file"),
        scope=values.get("scope"),
        baseline_file=values.get("baseline_file"),
        resolve=resolving(values, python_tests_too, timeout),
        exit_zero=bool(values.get("exit_zero")),
        fail_on=values.get("fail_on"),
        **selected(values),
    )


def checking_options(command: str) -> Callable[[F], F]:
    """What lint and verify both take: the report, the configuration, the
    baseline, --quiet, --statistics, --fail-on, --exit-zero and --resolve-apis."""
    return _stack(
        format_option(command),
        output_option,
        scope_option,
        config_option,
        baseline_option,
        quiet_option,
        selection_options,
        statistics_option,
        fail_on_option,
        exit_zero_option,
        lintrunner_code_option,
        resolve_options,
    )
