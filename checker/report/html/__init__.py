"""`report --html DIR`: the support model, its findings and what verify runs
and the test map say of it, as a folder of static pages a person browses
from disk or a CI artefact store: index.html (checker.report.html.overview),
apis.html with its data (apis), and a view of every docs page under pages/
(page_view). Nothing is fetched from anywhere: the style sheet and script
are in the pages. The same run makes the same bytes: no clock, no random
name, every list in a fixed order."""

from __future__ import annotations

from typing import Any

from checker.model.records import Record
from checker.outcome import Outcome
from checker.report.html.api_table import api_files
from checker.report.html.elements import page_file
from checker.report.html.overview import index_file
from checker.report.html.page_view import page_view
from checker.report.html.shape import shape_of
from checker.results import Site


def render_files(outcome: Outcome[Any]) -> dict[str, bytes]:
    """The site's files, by their path in it."""
    site: Site = outcome.result
    shape = shape_of(site)
    said: dict[str, dict[int, dict[str, Record]]] = {}
    for record in site.records:
        said.setdefault(record.path, {}).setdefault(record.entry_line, {})[record.product] = record
    texts = {"index.html": index_file(site, shape, outcome.errors), **api_files(site, shape)}
    for page in site.linted.corpus.pages:
        found = shape.findings_by_page.get(page.path, ())
        texts[page_file(page.path)] = page_view(site, page, found, said.get(page.path, {}))
    return {name: text.encode("utf-8", "surrogateescape") for name, text in sorted(texts.items())}
