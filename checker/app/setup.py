"""What every command sets up before it reads a page: the configuration (the
command line wins over it), the catalogue with its product scope, where pages
come from and the gate findings pass through. Nothing here is printed."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from checker.config.config import Config, find_config, load_config
from checker.errors import UsageError
from checker.gate.baseline import Project, load_baseline, load_verdicts
from checker.gate.gate import Gate
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue, default_catalogue
from checker.outcome import FailOn
from checker.sources.corpus import Corpus, ReadOptions, read_corpus
from checker.sources.page_cache.store import PageCache, default_cache_dir

if TYPE_CHECKING:
    from checker.gate.gate import Gate
    from checker.progress import Progress
    from checker.sources.gitrefs import GitRef
    from checker.torch.resolve.resolution import Ahead, ResolveOptions


@dataclass(frozen=True)
class Reading:
    """Where pages come from and how they are read, as the command line says."""

    git_repo: str | None = None  # read the refs of this repository (default with refs: .)
    refs: tuple[str, ...] = ()  # as read (`origin/v2.7.1` for `v2.7.1`)
    # Every ref of the command line (--ref, --test-ref, --base) as given, to
    # the ref read with its commit: resolved once, before anything is read.
    resolved: tuple[tuple[str, GitRef], ...] = ()
    no_cache: bool = False
    cache_dir: str | None = None
    jobs: int | None = None

    def options(self, progress: Progress | None = None) -> ReadOptions:
        git_refs: tuple[GitRef, ...] = ()
        if self.refs:  # git machinery (subprocesses) only for a run that reads refs
            git_refs = tuple(self.git_ref(ref) for ref in self.refs)
        folder = Path(self.cache_dir) if self.cache_dir else default_cache_dir()
        cache = None if self.no_cache else PageCache(folder)
        return ReadOptions(refs=git_refs, cache=cache, jobs=self.jobs, progress=progress)

    def git_ref(self, name: str) -> GitRef:
        """A ref of the run, by its name as given or as read, with the commit
        it was resolved to up front; a ref the command line did not give
        (one of the configuration's) without one."""
        for given, read in self.resolved:
            if name in (given, read.ref):
                return read
        # start-up: git's modules load only for refs given
        from checker.sources.gitrefs import GitRef

        return GitRef(self.git_repo or ".", name)


@dataclass(frozen=True)
class Settings:
    """What the command line tells every command before it reads a page."""

    reading: Reading = field(default_factory=Reading)
    config_file: str | None = None
    scope: str | None = None  # comma-separated product ids
    baseline_file: str | None = None
    resolve: ResolveOptions | None = None  # --resolve-apis
    select: tuple[str, ...] = ()  # --select: replaces the configuration's
    extend_select: tuple[str, ...] = ()  # --extend-select: adds to it
    ignore: tuple[str, ...] = ()  # --ignore: adds to the configuration's
    exit_zero: bool = False  # --exit-zero, for the flow's Outcome (checker.outcome)
    fail_on: str | None = None  # --fail-on error|warning; None: the configuration's, else error


@dataclass(frozen=True)
class Prepared:
    """What a run is set up with, prepared from the `Settings` the command
    line gave: the configuration, the catalogue, the gate, the docs paths."""

    config: Config
    catalogue: Catalogue
    gate: Gate
    docs: tuple[str, ...]  # the docs paths: those given, else the configuration's, else .
    fail_on: FailOn = FailOn.ERROR  # --fail-on, else the configuration's `fail-on`


def config_for(config_file: str | None, paths: Sequence[str], reading: Reading) -> Config:
    """The --config file, else with git refs the one at the first ref (the
    docs ref), else the nearest one above the current folder, else above the
    first docs path."""
    if config_file:
        return load_config(Path(config_file), default_catalogue())
    if reading.refs:
        # start-up: git's modules load only for refs given
        from checker.config.ref_config import config_at_ref

        return config_at_ref(reading.git_ref(reading.refs[0]), default_catalogue()) or Config()
    found = find_config(["."] + ([paths[0]] if paths else []))
    return load_config(found, default_catalogue()) if found else Config()


def catalogue_for(scope: str | None, config: Config) -> Catalogue:
    """The catalogue, its scope narrowed by --scope, else by the configuration.
    A scope of no product is refused: it would check nothing, and pass."""
    catalogue = default_catalogue().with_products(config.products)
    if scope is not None:
        products = tuple(p.strip() for p in scope.split(",") if p.strip())
        if not products:
            known = ", ".join(catalogue.ids)
            raise UsageError(
                message(
                    N_(
                        "--scope {scope!r} names no product: give comma-separated product ids "
                        "({known})"
                    ),
                    scope=scope,
                    known=known,
                )
            )
        return catalogue.with_scope(products)
    return catalogue if config.scope is None else catalogue.with_scope(config.scope)


def setup(
    paths: Sequence[str], settings: Settings, severity: dict[str, str] | None = None
) -> Prepared:
    """`severity`: levels the command line sets, which win over the configuration's."""
    reading, baseline_file = settings.reading, settings.baseline_file
    config = config_for(settings.config_file, paths, reading)
    project = Project(config.root, reading.refs)
    baseline = load_baseline(baseline_file) if baseline_file else None
    verdicts = load_verdicts(baseline_file) if baseline_file else None
    levels = {**config.severity, **(severity or {})}
    selection = config.selection.overridden(
        settings.select, settings.extend_select, settings.ignore
    )
    gate = Gate(project, levels, config.ignore, baseline, selection, baseline_file, verdicts)
    fail_on = FailOn(settings.fail_on or config.fail_on or FailOn.ERROR)
    catalogue = catalogue_for(settings.scope, config)
    return Prepared(config, catalogue, gate, config.docs_or(paths), fail_on)


def read_docs(
    paths: Sequence[str], settings: Settings, progress: Progress | None = None
) -> tuple[Prepared, Corpus]:
    """The setup, and the docs it names read into a corpus: what every flow
    that only reads pages (show, export, diff, coverage, migrate) starts with."""
    ready = setup(paths, settings)
    return ready, read_corpus(
        ready.docs, ready.catalogue, options=settings.reading.options(progress)
    )


@contextmanager
def resolvers(resolve: ResolveOptions | None) -> Iterator[Ahead | None]:
    """The resolver interpreters, to start once the pages to read are known
    and before any is read (torch imports while they are): read_corpus's
    `gathered`."""
    if resolve is None:
        yield None
        return
    # start-up: torch's resolver loads only with --resolve-apis
    from checker.torch.resolve.resolution import resolvers_ahead

    with resolvers_ahead(resolve) as ahead:
        yield ahead
