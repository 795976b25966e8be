"""A docs file (its text) into a `Page` of entries, whatever format it is in."""

from __future__ import annotations

from checker.collector import collector_paused
from checker.model.catalogue import Catalogue
from checker.model.docfile import DocFile
from checker.model.placed import placed_page
from checker.model.support import Page
from checker.read.context import ReadContext
from checker.read.load import load_text, page_lines
from checker.read.mentions import read_mentions
from checker.read.namespace import complete_names
from checker.read.page import read_entries
from checker.read.suppressions import read_directives
from checker.read.tokens import line_of, parse


def read_text(text: str, doc: DocFile, catalogue: Catalogue, whole: bool = True) -> Page:
    """`whole` False for a part of a page (checker.read.split): short names are
    completed once the parts are joined, from what the whole page says."""
    ctx = ReadContext(doc.path, doc.version, doc.lang, catalogue, page_lines(text))
    with collector_paused():
        directives, tokens = read_directives(parse(text), ctx)
        entries = read_entries(tokens, ctx)
        titles = {line_of(t) for t in tokens if t.type == "heading_open" and t.tag == "h1"}
        mentions = read_mentions(ctx.lines, titles)
    findings = tuple(ctx.findings)
    page = Page(
        doc.path, doc.version, doc.lang, tuple(entries), findings, doc.tree, directives, mentions
    )
    # the findings placed once the names are complete: placing reads their APIs
    return placed_page(complete_names(page)) if whole else page


def read_file(doc: DocFile, catalogue: Catalogue) -> Page:
    """Raises InputError (one line, path[:line]) when the file is not readable text."""
    return read_text(load_text(doc.path), doc, catalogue)
