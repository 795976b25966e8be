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
from checker.model.records import records_of
from checker.outcome import Outcome
from checker.results import Site

if TYPE_CHECKING:
    from checker.app.version_trees import TestsRequest
    from checker.progress import Progress


def report(
    paths: Sequence[str],
    settings: Settings,
    folder: str,
    progress: Progress | None = None,
    tests: TestsRequest | None = None,
    verify_reports: Sequence[str] = (),
) -> Outcome[Site]:
    linted, ready = checked(paths, settings, progress, tests)
    catalogue = ready.catalogue
    verification = None
    if verify_reports:
        from checker.verify.report_load import load_verification

        verification = load_verification(verify_reports, catalogue)
    langs = sorted({page.lang for page in linted.corpus.pages})
    names = {(p, lang): catalogue.written_name(p, lang) for p in catalogue.ids for lang in langs}
    records = tuple(records_of(linted.corpus.pages, catalogue))
    spoken_of = {record.product for record in records}  # a product no page speaks of: no column
    products = tuple(product for product in catalogue.ids if product in spoken_of)
    site = Site(folder, linted, records, products, names, verification)
    errors = linted.corpus.errors + linted.mapping_errors
    return Outcome("report", site, errors)
