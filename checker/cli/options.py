"""Options shared by the commands, and what they turn into."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from checker.model.catalogue import Catalogue
    from checker.sources.corpus import ReadOptions
    from checker.sources.gitrefs import GitRef
    from checker.torch.resolver import ResolveOptions

EXIT_CLEAN, EXIT_FINDINGS, EXIT_INPUT = 0, 1, 2
F = TypeVar("F", bound=Callable[..., Any])


def output_format(*formats: str) -> Callable[[F], F]:
    return click.option(
        "--format",
        "fmt",
        type=click.Choice(list(formats)),
        default=formats[0],
        show_default=True,
        help="Report format.",
    )


def scope_option(function: F) -> F:
    return click.option(
        "--scope",
        metavar="IDS",
        help="Comma-separated product ids that a status naming no product speaks of "
        "(default: the catalogue's scope).",
    )(function)


def reading_options(function: F) -> F:
    """Where pages come from (working tree or git refs) and how they are read."""
    decorators = [
        click.option(
            "--git",
            "git_repo",
            metavar="REPO",
            help="Read the docs from this git "
            "repository's refs instead of the working tree (default with --ref: .).",
        ),
        click.option(
            "--ref",
            "refs",
            multiple=True,
            metavar="REF",
            help="A branch, tag or commit to read (repeatable).",
        ),
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
    ]
    for decorate in reversed(decorators):
        function = decorate(function)
    return function


def python_option(function: F) -> F:
    """`--python PATH` for the commands whose only interpreter is the resolver's."""
    return click.option(
        "--python",
        "python",
        metavar="PATH",
        help="With --resolve-apis: the interpreter whose torch release's docs it checks "
        "(default: this one).",
    )(function)


def resolve_options(function: F) -> F:
    """`--resolve-apis` and how versions find their interpreters."""
    decorators = [
        click.option(
            "--resolve-apis",
            is_flag=True,
            help="Look every documented API up in the torch release it is documented for.",
        ),
        click.option(
            "--python-for",
            "python_for",
            multiple=True,
            metavar="VERSION=PATH",
            callback=python_for_option,
            help="With --resolve-apis: resolve docs version VERSION in the interpreter PATH "
            "(repeatable).",
        ),
        click.option(
            "--require-all-versions",
            is_flag=True,
            help="With --resolve-apis: a docs version no interpreter resolved fails (exit 3).",
        ),
    ]
    for decorate in reversed(decorators):
        function = decorate(function)
    return function


def python_for_option(
    context: click.Context, parameter: click.Parameter, values: Sequence[str]
) -> tuple[tuple[str, str], ...]:
    import re

    mapped: dict[str, str] = {}
    for value in values:
        version, equals, path = value.partition("=")
        version, path = version.strip(), path.strip()
        if not equals or not re.fullmatch(r"\d+\.\d+\.\d+", version) or not path:
            raise click.BadParameter(
                f"{value!r} is not VERSION=PATH (for example 2.12.0=/venv-2.12/bin/python)",
                context,
                parameter,
            )
        if mapped.setdefault(version, path) != path:
            raise click.BadParameter(
                f"{version} is given two interpreters: {mapped[version]} and {path}",
                context,
                parameter,
            )
    return tuple(mapped.items())


def resolving(
    resolve_apis: bool,
    python_for: Sequence[tuple[str, str]],
    require_all_versions: bool,
    python: str | None = None,
    timeout: float = 120,
) -> ResolveOptions | None:
    """What --resolve-apis asks for; None without it. `--python` is not checked
    here: verify uses it for its live runs too."""
    if not resolve_apis:
        for given, name in (
            (python_for, "--python-for"),
            (require_all_versions, "--require-all-versions"),
        ):
            if given:
                raise click.UsageError(f"{name} needs --resolve-apis")
        return None
    from checker.torch.resolver import ResolveOptions  # a lint run without it never loads it

    return ResolveOptions(python, tuple(python_for), require_all_versions, timeout)


def read_options(
    git_repo: str | None,
    refs: Sequence[str],
    no_cache: bool,
    cache_dir: str | None,
    jobs: int | None,
) -> ReadOptions:
    from pathlib import Path

    from checker.sources.cache import PageCache, default_cache_dir
    from checker.sources.corpus import ReadOptions

    if git_repo and not refs:
        raise click.UsageError("--git needs at least one --ref")
    git_refs: tuple[GitRef, ...] = ()
    if refs:  # git machinery (subprocesses) only for a run that reads refs
        from checker.sources.gitrefs import GitRef

        git_refs = tuple(GitRef(git_repo or ".", ref) for ref in refs)
    cache = None if no_cache else PageCache(Path(cache_dir) if cache_dir else default_cache_dir())
    return ReadOptions(refs=git_refs, cache=cache, jobs=jobs)


def catalogue_for(scope: str | None) -> Catalogue:
    from checker.model.catalogue import default_catalogue

    catalogue = default_catalogue()
    if scope is None:
        return catalogue
    return catalogue.with_scope(tuple(part.strip() for part in scope.split(",") if part.strip()))


def echo_errors(errors: Sequence[str]) -> None:
    for error in errors:
        click.echo(f"docs-check: error: {error}", err=True)
