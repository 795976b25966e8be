"""`export [PATHS]`: the whole support model as data, one record per API x
version x language x product (checker.model.records), for tools and
spreadsheets. It judges nothing: only input errors change the exit code."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from checker.app.outcome import Outcome
from checker.app.setup import Settings, read_docs
from checker.model.records import Record
from checker.progress import Progress


@dataclass(frozen=True)
class Exported:
    records: tuple[Record, ...]
    pages: int  # pages read
    refs: tuple[str, ...] = ()  # the git refs read, which name their pages `ref:path`


def export(
    docs: Sequence[str], settings: Settings, progress: Progress | None = None
) -> Outcome[Exported]:
    from checker.model.records import records_of

    ready, corpus = read_docs(docs, settings, progress)
    records = tuple(records_of(corpus.pages, ready.catalogue))
    exported = Exported(records, len(corpus.pages), settings.reading.refs)
    return Outcome("export", exported, corpus.errors)
