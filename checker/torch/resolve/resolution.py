"""What `--resolve-apis` asks for and what became of it: the interpreters of
`--python` (or this one) and `--python-for VERSION=PATH`, those that a version
read is given to started ahead so that torch imports while the pages are read,
each asked for the versions it is given for (checker.torch.resolve.resolver
does the asking), and one `Resolution` for the reports."""

from __future__ import annotations

import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass

from checker.i18n import N_, joined, message, say
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.model.version import version_key
from checker.process import Started
from checker.progress import Progress
from checker.torch.resolve.resolved import Lookup, NameResult, ResolveReport
from checker.torch.resolve.resolver import documented_names, resolve_apis, start_resolver


@dataclass(frozen=True)
class ResolveOptions:
    """`--resolve-apis` and the options that go with it."""

    python: str | None = None  # --python; None: this interpreter, which is only tried
    python_for: tuple[tuple[str, str], ...] = ()  # --python-for VERSION=PATH, in order given
    require_all_versions: bool = False  # a version not resolved fails the run (exit 3)
    timeout: float = 120  # seconds per interpreter

    @property
    def main(self) -> str:
        return self.python or sys.executable

    @property
    def named(self) -> frozenset[str]:
        """The interpreters the command line names; one that cannot be used is
        an input error, while this interpreter, when not named, is only tried."""
        given = {path for _, path in self.python_for}
        return frozenset(given | ({self.python} if self.python else set()))


@dataclass(frozen=True)
class Resolution:
    """A ResolveReport with the options it answers, for the reports to print."""

    report: ResolveReport
    options: ResolveOptions
    errors: tuple[str, ...] = ()  # one line per named interpreter that could not be used
    notes: tuple[str, ...] = ()  # one line each: what else a reader should know

    @property
    def incomplete(self) -> bool:
        """--require-all-versions, and a version was not resolved: exit 3."""
        return self.options.require_all_versions and bool(self.report.not_resolved)

    def non_resolving(self) -> tuple[NameResult, ...]:
        """Every name that does not simply resolve, in report order."""
        return tuple(r for r in self.report.results if r.outcome is not Lookup.RESOLVES)

    def environments_line(self) -> str:
        """`torch 2.13.0+cpu via /venv/bin/python; ...`, the interpreters whose torch imported."""
        parts = []
        for env in self.report.environments:
            if env.torch is None or env.error:
                continue
            npu = ""
            if env.torch_npu_imported:
                npu = f" + torch_npu {env.torch_npu}" + (" (FAKE)" if env.torch_npu_fake else "")
            parts.append(
                message(
                    N_("torch {torch}{npu} via {python}"),
                    torch=env.torch,
                    npu=npu,
                    python=env.python,
                )
            )
        return joined(parts, N_("{first}; {then}")) or message(N_("no interpreter with torch"))

    def why_not(self, version: str) -> str:
        """Why a version was not resolved, in one line."""
        mapped = dict(self.options.python_for)
        if version in mapped:
            python = mapped[version]
            env = next((e for e in self.report.environments if e.python == python), None)
            if env is None or env.error:
                return message(N_("{python} could not be used"), python=python)
            return message(N_("the torch of {python} is {torch}"), python=python, torch=env.torch)
        return message(
            N_("no interpreter with torch {version} (give one with --python-for {version}=PATH)"),
            version=version,
        )

    def summary(self) -> str:
        """`; resolution: 2.13.0 looked up (3249 names), 2.12.0 not resolved (15 names)`."""
        looked_up = sorted({r.version for r in self.report.results}, key=version_key)
        parts = []
        if looked_up:
            names = len(self.report.results)
            parts.append(
                message(
                    N_("{versions} looked up ({names} names)"),
                    versions=", ".join(looked_up),
                    names=names,
                )
            )
        if self.report.not_resolved:
            versions = ", ".join(version for version, _ in self.report.not_resolved)
            names = sum(count for _, count in self.report.not_resolved)
            parts.append(
                message(
                    N_("{versions} not resolved ({names} names)"), versions=versions, names=names
                )
            )
        said = joined(parts, N_("{first}, {then}")) or message(N_("no documented names"))
        return say(message(N_("; resolution: {said}"), said=said))


class Ahead:
    """The interpreters of a run started ahead, for resolve_for: once the
    pages to read are known, and before any is read, so that they import torch
    while the pages are read (the script imports torch before it reads its
    names)."""

    def __init__(self, options: ResolveOptions) -> None:
        self.options = options
        self.started: dict[str, Started] = {}

    def start(self, docs: Iterable[DocFile]) -> None:
        """Starts, one process each, the interpreters that the versions of
        `docs` are given to (their folders say which, before a page is read);
        one given no version read is not started: it would import torch for
        nothing (`--python-for` of a version not read, or this interpreter
        when every version read has its own)."""
        mapped = dict(self.options.python_for)
        given = {mapped.get(doc.version, self.options.main) for doc in docs}
        for python in dict.fromkeys([self.options.main, *mapped.values()]):
            if python in given and python not in self.started:
                self.started[python] = start_resolver(python)


@contextmanager
def resolvers_ahead(options: ResolveOptions) -> Iterator[Ahead]:
    """The interpreters to start ahead (Ahead.start); any that was not used
    is ended on exit."""
    ahead = Ahead(options)
    try:
        yield ahead
    finally:
        for process in ahead.started.values():
            process.cancel()


def resolve_for(
    pages: Sequence[Page],
    options: ResolveOptions,
    progress: Progress | None = None,
    started: Mapping[str, Started] | None = None,
) -> Resolution:
    """Each version is asked of one interpreter: the one `--python-for` gives
    it, or else the main one (`--python`, or this interpreter). An interpreter
    resolves only the version equal to its own torch release. `started`: the
    interpreters started ahead (Ahead.started)."""
    wanted = documented_names(pages)
    main = options.main
    mapped = dict(options.python_for)
    assigned: dict[str, set[str]] = {}
    for version, python in mapped.items():
        assigned.setdefault(python, set()).add(version)
    assigned.setdefault(main, set()).update(v for v in wanted if mapped.get(v, main) == main)
    pythons = [main, *mapped.values()]
    report = resolve_apis(pages, pythons, options.timeout, progress, assigned, started)
    named = options.named
    errors = tuple(
        message(N_("{path}: {error}"), path=e.python, error=e.error)
        for e in report.environments
        if e.error and e.python in named
    )
    notes = [
        message(N_("{path}: {error}"), path=e.python, error=e.error)
        for e in report.environments
        if e.error and e.python not in named
    ]
    notes += [
        message(N_("{path}: {error}"), path=e.python, error=e.note)
        for e in report.environments
        if e.note
    ]
    notes += [
        message(
            N_("--python-for {version}={python}: no docs of {version} were read"),
            version=version,
            python=python,
        )
        for version, python in mapped.items()
        if version not in wanted
    ]
    return Resolution(report, options, errors, tuple(notes))
