"""What the shared options' values turn into: the `Settings` of a run, its
`Reading`, the test map and --resolve-apis it asks for, each checked against
the options it needs (checker.cli.options declares them). As in the command
modules, what they turn into is imported where it is made: --help loads
this module, and needs none of it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from checker.i18n import N_, joined, message, say
from checker.report.formats import FORMATS, STATISTICS

if TYPE_CHECKING:
    from checker.app.setup import Reading, Settings
    from checker.app.version_trees import TestsRequest
    from checker.sources.gitdiff import Since
    from checker.sources.gitrefs import GitRef
    from checker.torch.resolve.resolution import ResolveOptions


def usage_error(template: str, **args: Any) -> click.UsageError:
    """click's usage error (the usage line, then this one) in the language of
    the run: `template`, marked with N_ where it is written, with `args`."""
    return click.UsageError(say(message(template, **args)))


def paths_of(paths: Sequence[str], docs: Sequence[str]) -> tuple[str, ...]:
    return (*docs, *paths)


def required_output(output: str | None, out: str | None = None) -> str:
    """The file a command must write: --output (or probe's older --out)."""
    if output and out and output != out:
        raise usage_error(N_("--out is --output: give one of them"))
    if not (output or out):
        raise usage_error(N_("Missing option '{option}'."), option="--output")
    return output or out or ""


def selected(values: dict[str, Any]) -> dict[str, tuple[str, ...]]:
    """The selection options as Settings fields, each selector checked."""
    # start-up: the ids and their selectors (4 ms) load when a command runs, not for --help
    from checker.config.selection import command_line_selectors

    return {
        name: command_line_selectors("--" + name.replace("_", "-"), values.get(name, ()))
        for name in ("select", "extend_select", "ignore")
    }


def lintrunner_code_of(fmt: str, values: dict[str, Any]) -> str | None:
    """--lintrunner-code, for the one format whose messages carry a code."""
    code = values.get("lintrunner_code")
    if code is not None and not FORMATS[fmt].coded:
        raise usage_error(
            N_("--lintrunner-code takes --format lintrunner, not --format {format}"), format=fmt
        )
    if code is not None and not code.strip():
        raise usage_error(N_("--lintrunner-code is empty"))
    return code


def statistics_of(fmt: str, values: dict[str, Any]) -> bool:
    """--statistics, which counts in text or JSON only: a CI format of counts
    would be a report of nothing."""
    statistics = bool(values.get("statistics"))
    if statistics and fmt not in STATISTICS:
        formats = joined(STATISTICS, N_("{first} or {then}"))
        raise usage_error(
            N_("--statistics takes --format {formats}, not --format {format}"),
            formats=formats,
            format=fmt,
        )
    return statistics


def _refs_resolved(repo: str, refs: tuple[str, ...], others: tuple[str, ...]) -> tuple[GitRef, ...]:
    """Every ref of the command line (--ref, then --test-ref and --base:
    `others`), each as given to the ref read with its commit, resolved once
    before anything is read: every unknown or ambiguous one is named in one
    error, and a branch that moves during the run is read at one commit
    throughout (checker.sources.gitrefs.resolve_refs). The run resolves the
    configuration's test refs with the given ones (checker.app.verify)."""
    if not refs and not others:
        return ()
    # start-up: git's modules load only for refs given
    from checker.sources.gitrefs import GitRef, resolve_refs

    wanted = [GitRef(repo, ref) for ref in (*refs, *others)]
    read = resolve_refs(wanted)
    return tuple(read[ref] for ref in wanted)


def reading_of(values: dict[str, Any]) -> Reading:
    # start-up: the flows' setup (configuration, gate, reading) loads when a command
    # runs, never for --help
    from checker.app.setup import Reading

    git_repo, refs = values.get("git_repo"), tuple(values.get("refs", ()))
    if git_repo and not refs and not values.get("test_refs") and not values.get("base"):
        # the tests at refs (verify, tests, lint --tests), and the docs of verify's --base
        named = [o for k, o in (("test_refs", "--test-ref"), ("base", "--base")) if k in values]
        needs = [
            N_("--git needs at least one --ref"),
            N_("--git needs at least one --ref or {then}"),
            N_("--git needs at least one --ref, {first} or {then}"),
        ][len(named)]
        raise usage_error(needs, first=(named or [""])[0], then=(named or [""])[-1])
    others = tuple(ref for _, ref in values.get("test_refs") or ())
    others += (values["base"],) if values.get("base") else ()
    resolved = _refs_resolved(git_repo or ".", refs, others)
    return Reading(
        git_repo=git_repo,
        refs=tuple(ref.ref for ref in resolved[: len(refs)]),
        resolved=tuple(zip((*refs, *others), resolved, strict=True)),
        no_cache=bool(values.get("no_cache")),
        cache_dir=values.get("cache_dir"),
        jobs=values.get("jobs"),
    )


def since_of(values: dict[str, Any]) -> Since | None:
    """What change lint judges (--changed-since REF, --staged); None: the
    files whole. REF is resolved up front, in the repository of the current
    folder, as every ref of the command line is. Both read the working tree,
    so neither goes with --ref."""
    base, staged = values.get("changed_since"), bool(values.get("staged"))
    if base is None and not staged:
        return None
    if base is not None and staged:
        said = N_("{first} and {then} go apart: give one")
        raise usage_error(said, first="--changed-since", then="--staged")
    if values.get("refs"):
        option = "--staged" if staged else "--changed-since"
        raise usage_error(N_("{option} judges the working tree: not with --ref"), option=option)
    # start-up: git's diff loads only for --changed-since and --staged
    from checker.sources.gitdiff import Since

    if base is None:
        return Since()
    return Since(_refs_resolved(".", (), (base,))[0])


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
                raise usage_error(N_("{option} needs --tests"), option=option)
        return None
    # Imported only here: the test map's modules are some 50 ms of a lint
    # run's start-up that, without --tests, never uses them.
    from checker.app.version_trees import TestsRequest

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
        raise usage_error(N_("{option} needs --resolve-apis"), option="--python")
    if not resolve_apis:
        resolving_only = ("python_for",) if not python_tests_too else ()
        for name in (*resolving_only, "require_all_versions"):
            if values.get(name):
                option = "--" + name.replace("_", "-")
                raise usage_error(N_("{option} needs --resolve-apis"), option=option)
        return None
    # start-up: torch's resolver loads only with --resolve-apis
    from checker.torch.resolve.resolution import ResolveOptions

    return ResolveOptions(
        python, tuple(values["python_for"]), bool(values.get("require_all_versions")), timeout
    )


def settings_of(
    values: dict[str, Any], python_tests_too: bool = False, timeout: float = 120
) -> Settings:
    """The settings of the options a command took (reading, configuration,
    scope, baseline, --resolve-apis, --exit-zero), checked."""
    # start-up: as in reading_of
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
