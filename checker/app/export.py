"""`export [PATHS]`: the whole support model as data, one record per API x
version x language x product (checker.model.records), for tools and
spreadsheets; with `--tests`, each record with the repository's test cases
that reach its API at its version (checker.app.tests' map). It judges
nothing: only input errors change the exit code."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.app.setup import Settings, read_docs
from checker.model.records import records_of
from checker.outcome import Command, Outcome
from checker.progress import Progress
from checker.results import Exported

if TYPE_CHECKING:
    from checker.app.version_trees import TestsRequest


def export(
    docs: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    tests: TestsRequest | None = None,
) -> Outcome[Exported]:
    ready, corpus = read_docs(docs, settings, progress)
    records = tuple(records_of(corpus.pages, ready.catalogue))
    errors = corpus.errors
    linked = None
    if tests is not None:
        # start-up: the test map's modules (some 50 ms) load only with --tests
        from checker.app.tests import test_map
        from checker.app.tests_links import map_rules

        options = settings.reading.options(progress)
        mapped = test_map(corpus.pages, ready.catalogue, map_rules(ready), tests, options)
        errors += mapped.errors
        linked = mapped.tested()
    exported = Exported(records, len(corpus.pages), settings.reading.refs, linked)
    return Outcome(Command.EXPORT, exported, errors)
