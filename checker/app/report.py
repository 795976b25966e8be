"""`report --html DIR`: the pages read and linted as `lint` reads and lints
them (with --tests, their claims judged against the repository's tests too),
the support model flattened to records, and the verify reports given read
back: one Outcome whose result the site is made of (checker.report.html),
which the command writes to `folder`. It judges nothing: only input errors
change the exit code, as `export`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.app.lint import checked
from checker.app.setup import Settings
from checker.app.verify import verify
from checker.app.verify_request import Request
from checker.model.query import spoken_of
from checker.model.records import records_of
from checker.outcome import Command, Outcome
from checker.results import Site
from checker.verify.report_load import Verification, load_verification

if TYPE_CHECKING:
    from checker.app.version_trees import TestsRequest
    from checker.progress import Progress
    from checker.verify.report_load import Verification


def report(
    paths: Sequence[str],
    settings: Settings,
    folder: str,
    progress: Progress | None = None,
    tests: TestsRequest | None = None,
    verify_reports: Sequence[str] = (),
    evidence: Sequence[str] = (),
) -> Outcome[Site]:
    """`verify_reports`: verify runs' JSON reports, read back; `evidence`:
    evidence files, judged here as `verify --no-live --evidence` judges them."""
    linted, ready = checked(paths, settings, progress, tests)
    catalogue = ready.catalogue
    errors = linted.corpus.errors + linted.mapping_errors
    verification = None
    if verify_reports or evidence:
        verification = load_verification(verify_reports, catalogue)
    if evidence and verification is not None:
        verification, judging_errors = _judged(paths, settings, evidence, verification, progress)
        errors += judging_errors
    langs = sorted({page.lang for page in linted.corpus.pages})
    names = {(p, lang): catalogue.written_name(p, lang) for p in catalogue.ids for lang in langs}
    records = tuple(records_of(linted.corpus.pages, catalogue))
    products = spoken_of(records, catalogue.ids)
    site = Site(folder, linted, records, products, names, verification)
    return Outcome(Command.REPORT, site, errors)


def _judged(
    paths: Sequence[str],
    settings: Settings,
    evidence: Sequence[str],
    read: Verification,
    progress: Progress | None,
) -> tuple[Verification, tuple[str, ...]]:
    """The evidence files judged by verify's own flow, with no live run (the
    rules of the docs, the configuration's too), added to the reports read."""
    request = Request(tuple(paths), evidence_files=tuple(evidence), live=False)
    judged = verify(request, settings, progress)
    files = (*read.files, *evidence)
    results = (*read.results, *judged.result.results)
    return Verification(files, results, (*read.evidence, *judged.result.evidence)), judged.errors
