"""Every option the commands share, declared once (those of torch
environments and test trees: checker.cli.torch_options; --lang, which the
group gives every command: checker.cli.language). A command module
attaches the ones it takes; what their values turn into, and the checks of
which go together, are checker.cli.settings."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from checker.cli.torch_options import resolve_options
from checker.errors import UsageError
from checker.i18n import N_
from checker.report.formats import formats_for

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
    paths: list[str] = []
    for value in values:
        if not value.startswith("@"):
            paths.append(value)
            continue
        try:
            with open(value[1:], encoding="utf-8", errors="surrogateescape") as listing:
                listed = [line.rstrip("\r\n") for line in listing]
        except OSError as error:
            raise UsageError.saying(
                N_("{path}: cannot read the list of paths: {why}"), path=value, why=error.strerror
            ) from None
        listed = [line for line in listed if line.strip()]
        if not listed:
            raise UsageError.saying(N_("{path}: the list of paths is empty"), path=value)
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


class _Formats(click.Choice[str]):
    """A command's --format choices: those its report's table offers
    (checker.report.formats), read when click first needs them. A run parses
    its own command's options alone, so start-up imports no report table, and
    a run no table but its own command's."""

    def __init__(self, command: str) -> None:
        self.command = command
        super().__init__(())

    @property
    def choices(self) -> tuple[str, ...]:
        return tuple(formats_for(self.command))

    @choices.setter
    def choices(self, _given: Any) -> None:
        """click.Choice sets its choices on creation: these are read, not set."""


class _FormatOption(click.Option):
    """--format, whose default is the first of its choices (text, where the
    command offers it), read when click needs it."""

    @property
    def default(self) -> str:
        return str(self.type.choices[0])  # type: ignore[attr-defined]

    @default.setter
    def default(self, _given: Any) -> None:
        """click.Option sets its default on creation: this one is read, not set."""


def format_option(command: str) -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        cls=_FormatOption,
        type=_Formats(command),
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
    comma-separated or repeated, as ruff takes them (checker.config.selection)."""
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


evidence_option = click.option(
    "--evidence", "evidence_files", multiple=True, help="Evidence file from `probe` (repeatable)."
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


no_cache_option = click.option("--no-cache", is_flag=True, help="Read every page afresh.")
cache_dir_option = click.option(
    "--cache-dir",
    metavar="DIR",
    help="Page cache folder (default: $DOCS_CHECK_CACHE_DIR or the user cache).",
)


def cache_options(function: F) -> F:
    """How pages are read: the page cache and the worker processes (the
    commands that rewrite the working tree take these, and no refs)."""
    return _stack(
        no_cache_option,
        cache_dir_option,
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
