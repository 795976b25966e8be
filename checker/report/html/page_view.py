"""A docs page's view: its entries in order, each with its line, its marks
per product (linking to the line that states each), the status and notes as
written, the tests that reach it; its findings at their lines, under the
entry they are on; and the verify verdicts and runs of its APIs. Every line
the API table links to is an anchor here (`#L26`), and the row it is in is
highlighted when followed."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from urllib.parse import quote

from checker.i18n import _, say
from checker.model.finding import Finding
from checker.model.records import Record
from checker.model.support import Entry, Page
from checker.model.words import LEVEL_WORDS, word
from checker.report.escape import html as esc
from checker.report.html.elements import document, heading, mark_cell, status_word, table
from checker.report.html.verification_view import page_verification
from checker.results import Site
from checker.testmap.refs import NPU

Said = Mapping[str, Record]  # product -> the record of what an entry says of it


def page_view(site: Site, page: Page, found: Sequence[Finding], said: Mapping[int, Said]) -> str:
    """`found`: the page's findings, sorted; `said`: each entry's records, by its line."""
    entry_lines = {entry.line for entry in page.entries}
    on_entry: dict[int, list[Finding]] = {}
    loose: list[Finding] = []
    for finding in found:
        if finding.entry_line in entry_lines:
            on_entry.setdefault(finding.entry_line or 0, []).append(finding)
        else:
            loose.append(finding)
    anchors: set[int] = set()
    products = [p for p in site.products if any(p in s for s in said.values())]
    parts = [_about(page, len(found)), _loose(loose, anchors)]
    parts.append(_entries(site, page, products, said, on_entry, anchors))
    parts.append(page_verification(site, page))
    return document(page.path, "".join(parts), depth=1)


def _about(page: Page, findings: int) -> str:
    said = _("version {version}, {lang} page, {entries} entries, {findings} findings").format(
        version=page.version, lang=page.lang, entries=len(page.entries), findings=findings
    )
    if page.tree:
        said += "; " + _("read at {refs}").format(refs=page.tree)
    link = f"../apis.html#lang={quote(page.lang)}&version={quote(page.version)}"
    more = _("this version in the API table")
    return f'<p class="muted">{esc(said)} · <a href="{esc(link)}">{esc(more)}</a></p>\n'


def _anchor(line: int, anchors: set[int]) -> str:
    """An id for `line`, the first time it is named on the page."""
    if line <= 0 or line in anchors:
        return ""
    anchors.add(line)
    return f' id="L{line}"'


def _finding_cells(finding: Finding) -> str:
    level = finding.severity.value
    return (
        f'<td class="n">{finding.line}</td><td class="{level}">{esc(word(LEVEL_WORDS, level))}</td>'
        f"<td>{esc(finding.rule)}</td><td>{esc(say(finding.message))}</td>"
    )


def _loose(found: Sequence[Finding], anchors: set[int]) -> str:
    if not found:
        return ""
    rows = [f"<tr{_anchor(f.line, anchors)}>{_finding_cells(f)}</tr>" for f in found]
    head = [_("line"), _("level"), _("rule"), _("message")]
    return heading(_("Findings on no entry")) + table(head, rows, "findings")


def _entries(
    site: Site,
    page: Page,
    products: Sequence[str],
    said: Mapping[int, Said],
    on_entry: Mapping[int, list[Finding]],
    anchors: set[int],
) -> str:
    names = [site.names[(p, page.lang)] for p in products]
    tested = site.linted.tested
    head = [_("line"), _("API"), *names, _("status as written"), _("notes")]
    head += [_("tests"), _("NPU tests")] if tested is not None else []
    rows = []
    for entry in page.entries:
        records = said.get(entry.line, {})
        cells = "".join(
            _cell(entry, records.get(p), name) for p, name in zip(products, names, strict=True)
        )
        others = "".join(
            f"<span{_anchor(line, anchors)}></span>"
            for line in _lines_of(entry)
            if line != entry.line
        )
        tests = ""
        if tested is not None:
            reaching = tested.get((entry.version, entry.api), ())
            on_npu = sum(1 for link in reaching if link.device == NPU)
            tests = f'<td class="n">{len(reaching)}</td><td class="n">{on_npu}</td>'
        rows.append(
            f'<tr{_anchor(entry.line, anchors)} data-api="{esc(entry.api)}">'
            f'<td class="n">{entry.line}{others}</td><td class="api">{esc(entry.api)}</td>{cells}'
            f'<td class="raw">{esc(entry.raw)}</td>'
            f'<td class="raw">{esc(entry.notes)}</td>{tests}</tr>'
        )
        width, at_line = len(head), _("line {line}")
        for finding in on_entry.get(entry.line, ()):
            rows.append(
                f'<tr class="finding"><td colspan="{width}">'
                f"{esc(at_line.format(line=finding.line))} · "
                f'<span class="{finding.severity.value}">'
                f"{esc(word(LEVEL_WORDS, finding.severity.value))}</span> · "
                f"{esc(finding.rule)}: {esc(say(finding.message))}</td></tr>"
            )
    return heading(_("Entries")) + table(head, rows, "entries")


def _lines_of(entry: Entry) -> list[int]:
    """Every line a report names of the entry: its heading, its status, each
    product's, its native-doc link."""
    lines = [entry.line, entry.status_line, *(line for _p, line in entry.product_lines)]
    return sorted(set(lines + ([entry.link_line] if entry.link_line else [])))


def _cell(entry: Entry, record: Record | None, name: str) -> str:
    if record is None:  # a page of a release before the product: it says nothing of it
        return '<td class="out"></td>'
    title = _("{product}: {status} (line {line})").format(
        product=name, status=status_word(record.status), line=record.line
    )
    return mark_cell(record.status, f"#L{record.line}", title)
