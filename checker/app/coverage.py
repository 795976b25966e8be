"""`coverage --python PATH [--python-for VERSION=PATH]`: for each docs version
with an environment, the public callables of its torch release in the
namespaces its docs cover that no entry documents, less the configuration's
exclusions (checker.torch.docs_coverage). A report, not a check: only input errors
and an interpreter named that cannot be used change the exit code (2)."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from dataclasses import dataclass

from checker.app.setup import Settings, read_docs
from checker.i18n import N_, message
from checker.model.query import documented
from checker.model.version import version_key
from checker.outcome import Command, Outcome
from checker.progress import Progress
from checker.results import CoverageReport
from checker.torch.docs_coverage import Covered, ask, covered, namespaces_of, speaks_for

LISTING = N_("listing public APIs")


@dataclass(frozen=True)
class CoverageOptions:
    """The interpreters `coverage` lists each release's public API in."""

    python: str | None = None  # --python; None: this interpreter, which is only tried
    python_for: tuple[tuple[str, str], ...] = ()  # --python-for VERSION=PATH
    timeout: float = 120  # seconds per interpreter


def coverage(
    docs: Sequence[str],
    settings: Settings,
    options: CoverageOptions,
    progress: Progress | None = None,
) -> Outcome[CoverageReport]:
    ready, corpus = read_docs(docs, settings, progress)
    apis = documented(corpus.pages)
    mapped = dict(options.python_for)
    main = options.python or sys.executable
    asked: dict[str, list[str]] = {}  # interpreter -> the docs versions it may speak for
    for version in sorted(apis, key=version_key):
        asked.setdefault(mapped.get(version, main), []).append(version)
    named = {*mapped.values(), *([options.python] if options.python else [])}
    versions: list[Covered] = []
    missed: list[tuple[str, str]] = []
    errors: list[str] = []
    for done, (python, wanted) in enumerate(asked.items()):
        if progress:
            progress(LISTING, done, len(asked))
        namespaces = sorted({n for v in wanted for n in namespaces_of(sorted(apis[v]))})
        answer = ask(python, namespaces, options.timeout)
        if answer.error is not None and python in named:
            errors.append(f"{python}: {answer.error}")
        release = speaks_for(answer)
        for version in wanted:
            if version == release:
                versions.append(
                    covered(version, sorted(apis[version]), answer, ready.config.exclude)
                )
            elif answer.error is not None:
                said = N_("{python} could not be used: {error}")
                missed.append((version, message(said, python=python, error=answer.error)))
            else:
                said = N_("the torch of {python} is {torch}")
                missed.append((version, message(said, python=python, torch=answer.torch)))
    by_release = sorted(versions, key=lambda c: version_key(c.version))
    report = CoverageReport(
        tuple(by_release), tuple(sorted(missed, key=lambda m: version_key(m[0])))
    )
    return Outcome(Command.COVERAGE, report, corpus.errors + tuple(errors))
