"""Options for release gating (`--config`, `--baseline`, `--quiet`) and what
they turn into: the configuration (the command line wins over it), the gate
every command's findings pass through, and the progress line."""

from __future__ import annotations

import dataclasses
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

import click

if TYPE_CHECKING:
    from checker.gating.config import Config
    from checker.gating.gate import Gate, Gated
    from checker.model.catalogue import Catalogue
    from checker.process import Started
    from checker.progress import Progress
    from checker.sources.corpus import Corpus, ReadOptions
    from checker.sources.gitrefs import GitRef
    from checker.torch.resolver import Resolution, ResolveOptions

F = TypeVar("F", bound=Callable[..., Any])


def config_option(function: F) -> F:
    return click.option(
        "--config",
        "config_file",
        metavar="FILE",
        help="Configuration file (default: the nearest .docs-check.toml, or pyproject.toml "
        "with [tool.docs-check], above the current folder or the first docs path).",
    )(function)


def baseline_option(function: F) -> F:
    return click.option(
        "--baseline",
        "baseline_file",
        metavar="FILE",
        help="Report only findings that are not in this baseline (from `docs-check baseline`).",
    )(function)


def quiet_option(function: F) -> F:
    return click.option(
        "--quiet", "-q", is_flag=True, help="No summary and no progress; findings only."
    )(function)


def config_for(config_file: str | None, paths: Sequence[str], reading: Mapping[str, Any]) -> Config:
    """The --config file, else the nearest one above the current folder, else
    above the first docs path (the git repository with --git)."""
    from pathlib import Path

    from checker.gating.config import Config, find_config, load_config
    from checker.model.catalogue import default_catalogue

    if config_file:
        return load_config(Path(config_file), default_catalogue())
    first = reading.get("git_repo") or (paths[0] if paths and not reading.get("refs") else None)
    found = find_config(["."] + ([first] if first else []))
    return load_config(found, default_catalogue()) if found else Config()


def catalogue_with(scope: str | None, config: Config) -> Catalogue:
    from checker.cli.options import catalogue_for

    if scope is None and config.scope is not None:
        scope = ",".join(config.scope)
    return catalogue_for(scope)


def gate_for(config: Config, baseline_file: str | None, refs: Sequence[GitRef] = ()) -> Gate:
    from checker.gating.baseline import Project, load_baseline
    from checker.gating.gate import Gate

    project = Project(config.root, tuple(ref.ref for ref in refs))
    baseline = load_baseline(baseline_file) if baseline_file else None
    return Gate(project, config.severity, config.ignore, baseline)


@dataclass(frozen=True)
class Linted:
    """Pages read and linted under the configuration, findings gated."""

    corpus: Corpus
    gated: Gated
    options: ReadOptions
    gate: Gate
    resolution: Resolution | None = None

    @property
    def errors(self) -> tuple[str, ...]:
        """Input errors: pages that could not be read, interpreters that could not be used."""
        return self.corpus.errors + (self.resolution.errors if self.resolution else ())


def lint_gated(
    paths: Sequence[str],
    scope: str | None,
    config_file: str | None,
    baseline_file: str | None,
    quiet: bool,
    reading: Mapping[str, Any],
    resolving: ResolveOptions | None = None,
) -> Linted:
    """What `lint` and `baseline` share: configuration, reading (with progress),
    the static rules and, with --resolve-apis, the names looked up in torch
    (checker.torch.resolver), then the gate over all their findings."""
    from checker.checks.lint import lint
    from checker.cli.options import read_options
    from checker.sources.corpus import read_corpus

    config = config_for(config_file, paths, reading)
    catalogue = catalogue_with(scope, config)
    options = read_options(**reading)
    gate = gate_for(config, baseline_file, options.refs)
    resolution = None
    with progress_for(quiet) as progress, _resolvers(resolving) as started:
        reading_with = dataclasses.replace(options, progress=progress)
        corpus = read_corpus(config.docs_or(paths), catalogue, options=reading_with)
        if resolving is not None:
            from checker.torch.resolver import resolve_for

            resolution = resolve_for(corpus.pages, resolving, progress, started)
    findings = lint(corpus.pages, catalogue)
    if resolution is not None:
        findings = sorted(findings + resolution.report.findings())
    return Linted(corpus, gate.apply(findings), options, gate, resolution)


@contextmanager
def _resolvers(resolving: ResolveOptions | None) -> Iterator[dict[str, Started] | None]:
    """The resolver interpreters, started before the pages are read."""
    if resolving is None:
        yield None
        return
    from checker.torch.resolver import resolvers_started

    with resolvers_started(resolving) as started:
        yield started


@contextmanager
def progress_for(quiet: bool) -> Iterator[Progress | None]:
    """The progress line on stderr, if it is a terminal and the run is not quiet."""
    from checker.progress import progress_on

    with progress_on(sys.stderr, quiet) as progress:
        yield progress
