"""The index: how many entries each version says each product supports,
does not support, leaves unstated or states in conflict; what changed from
version to version (checker.report.html.chart); the findings by rule and the
pages that carry the most; what verify runs and the test map say of the
claims; and every page. Counts link to the API table filtered to them."""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from urllib.parse import quote

from checker.i18n import _, say
from checker.ids.registry import REGISTRY
from checker.model.changes import Kind, changes
from checker.model.query import counted, grouped
from checker.model.words import STATUS_WORDS, side_said
from checker.report.escape import html as esc
from checker.report.html.chart import Group, bar_chart
from checker.report.html.elements import (
    MARKS,
    document,
    heading,
    muted,
    page_file,
    status_word,
    table,
)
from checker.report.html.shape import Shape
from checker.report.html.verification_view import verification_summary
from checker.results import Site

_STATUSES = tuple(STATUS_WORDS)


def index_file(site: Site, shape: Shape, errors: Sequence[str]) -> str:
    parts = [_read_line(site), _errors(errors)]
    for side in shape.sides:
        parts.append(_support(site, shape, side))
    parts.append(_changes(site, shape))
    parts.append(_findings(site, shape))
    parts.append(verification_summary(site, shape))
    parts.append(_pages(site, shape))
    return document(_("API support in the docs"), "".join(parts))


def _read_line(site: Site) -> str:
    corpus = site.linted.corpus
    apis = len({r.api for r in site.records})
    said = _("{pages} pages, {entries} entries, {apis} APIs, {findings} findings").format(
        pages=len(corpus.pages),
        entries=corpus.entry_count,
        apis=apis,
        findings=len(site.linted.findings),
    )
    refs = site.linted.refs
    read_at = _("read at {refs}").format(refs=", ".join(refs)) if refs else ""
    return f'<p class="muted" id="read">{esc(said)}{esc("; " + read_at if read_at else "")}</p>\n'


def _errors(errors: Sequence[str]) -> str:
    if not errors:
        return ""
    items = "".join(f"<li>{esc(say(error))}</li>" for error in errors)
    title = _("Input errors: what could not be read is missing below")
    return f'<div class="errors"><strong>{esc(title)}</strong><ul>{items}</ul></div>\n'


def _apis_link(**asked: str) -> str:
    return "apis.html#" + "&".join(f"{key}={quote(value, safe='')}" for key, value in asked.items())


def _support(site: Site, shape: Shape, side: tuple[str, str]) -> str:
    tree, lang = side
    # a statement in dispute counted in conflict, as the API table marks it
    counts = counted((r for r in site.records if (r.tree, r.lang) == side), shape.disputes)
    at = {"ref": tree} if tree else {}
    top = "".join(
        f'<th colspan="{len(_STATUSES)}">{esc(site.names[(p, lang)])}</th>' for p in site.products
    )
    marks = "".join(
        f'<th class="n" title="{esc(status_word(s))}">{MARKS[s]}</th>' for s in _STATUSES
    )
    version = esc(_("version"))
    head = (
        f'<thead><tr><th rowspan="2">{version}</th>{top}</tr>'
        f"<tr>{marks * len(site.products)}</tr></thead>"
    )
    rows = []
    for version in shape.versions:
        cells = []
        for product in site.products:
            for status in _STATUSES:
                count = counts[(version, product, status)]
                asked = {"lang": lang, **at, "version": version, "product": product}
                link = _apis_link(**asked, status=status)
                shown = f'<a href="{esc(link)}">{count}</a>' if count else "0"
                cells.append(f'<td class="n {status}" data-count="{count}">{shown}</td>')
        rows.append(
            f'<tr data-version="{esc(version)}"><th>{esc(version)}</th>{"".join(cells)}</tr>'
        )
    title = _("Support by version and product ({side})").format(side=side_said(side))
    return (
        f"<h2>{esc(title)}</h2>\n"
        f'<table class="support" data-lang="{esc(lang)}" data-ref="{esc(tree)}">{head}'
        f"<tbody>{''.join(rows)}</tbody></table>\n"
    )


def _changes(site: Site, shape: Shape) -> str:
    parts = [heading(_("Changes from version to version"))]
    series = [_("APIs added"), _("APIs removed")]
    for side in shape.sides:
        names = [site.names[(p, side[1])] for p in site.products]
        labels = [*series, *(_("status flips: {product}").format(product=n) for n in names)]
        groups = _change_groups(site, shape, side)
        if not groups:
            parts.append(muted(_("One version only: nothing to compare.")))
            continue
        title = _("Changes between neighbouring versions ({side})").format(side=side_said(side))
        parts.append(bar_chart(groups, labels, title))
        head = [_("versions"), *labels]
        rows = [
            f"<tr><td>{esc(g.label)}</td>{''.join(f'<td class=n>{v}</td>' for v in g.values)}</tr>"
            for g in groups
        ]
        parts.append(table(head, rows, "changes"))
    return "".join(parts)


def _change_groups(site: Site, shape: Shape, side: tuple[str, str]) -> list[Group]:
    of_side = (record for record in site.records if (record.tree, record.lang) == side)
    by_version = grouped(of_side, lambda record: record.version)
    versions = [v for v in shape.versions if v in by_version]
    groups = []
    for before, after in itertools.pairwise(versions):
        found = changes(by_version[before], by_version[after], lambda r: (r.api,))
        kinds = Counter(change.kind for change in found)
        flips = Counter(change.product for change in found if change.kind is Kind.CHANGED)
        values = (kinds[Kind.ADDED], kinds[Kind.REMOVED], *(flips[p] for p in site.products))
        groups.append(Group(f"{before} → {after}", values))
    return groups


def _findings(site: Site, shape: Shape) -> str:
    by_rule = Counter(f.rule for f in site.linted.findings)
    parts = [heading(_("Findings by rule"))]
    if not by_rule:
        return parts[0] + muted(_("No findings."))
    rows = []
    for rule, count in sorted(by_rule.items(), key=lambda item: (-item[1], item[0])):
        check = REGISTRY.get(rule)
        level = check.level if check else ""
        summary = say(check.summary) if check else ""
        link = esc(_apis_link(finding=rule))
        rows.append(
            f'<tr data-rule="{esc(rule)}"><td><a href="{link}">{esc(rule)}</a></td>'
            f'<td class="{esc(level)}">{esc(level)}</td><td class="n">{count}</td>'
            f"<td>{esc(summary)}</td></tr>"
        )
    parts.append(table([_("rule"), _("level"), _("findings"), _("what it means")], rows))
    busiest = sorted(shape.findings_by_page.items(), key=lambda item: (-len(item[1]), item[0]))
    rows = [
        f'<tr><td><a href="{esc(page_file(path))}">{esc(path)}</a></td>'
        f'<td class="n">{len(found)}</td></tr>'
        for path, found in busiest[:10]
    ]
    parts.append(heading(_("Pages with the most findings")))
    parts.append(table([_("page"), _("findings")], rows))
    return "".join(parts)


def _pages(site: Site, shape: Shape) -> str:
    rows = []
    for page in site.linted.corpus.pages:
        found = len(shape.findings_by_page.get(page.path, ()))
        rows.append(
            f'<tr><td><a href="{esc(page_file(page.path))}">{esc(page.path)}</a></td>'
            f"<td>{esc(page.version)}</td><td>{esc(page.lang)}</td>"
            f'<td class="n">{len(page.entries)}</td><td class="n">{found}</td></tr>'
        )
    head = [_("page"), _("version"), _("language"), _("entries"), _("findings")]
    return heading(_("Pages")) + table(head, rows, "pages")
