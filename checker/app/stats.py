"""`stats [PATHS]`: the docs' statements counted per docs version, product
and status, each tree read in each language apart (checker.model.query's
`tally`). A report, not a check: only input errors change the exit code (2),
as `export`."""

from __future__ import annotations

from collections.abc import Sequence

from checker.app.setup import Settings, read_docs
from checker.model.query import Tally, tally
from checker.outcome import Command, Outcome
from checker.progress import Progress


def stats(
    docs: Sequence[str], settings: Settings, progress: Progress | None = None
) -> Outcome[Tally]:
    ready, corpus = read_docs(docs, settings, progress)
    counted = tally(corpus.pages, ready.catalogue, settings.reading.refs)
    return Outcome(Command.STATS, counted, corpus.errors)
