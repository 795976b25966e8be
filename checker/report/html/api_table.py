"""The API view: `apis.html`, a filterable table of every API with a cell per
version and product, and `apis-data.js`, the rows it shows. The rows are data
and the script (apis.js) puts one page of them into the DOM at a time, so
that a docs tree of thousands of APIs opens as fast as a small one."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from checker.i18n import _
from checker.model.changes import first_entries
from checker.model.records import Record
from checker.model.words import STATUS_WORDS
from checker.report.escape import html as esc
from checker.report.html.elements import (
    VERIFIED_WORDS,
    document,
    page_file,
    script_json,
)
from checker.report.html.shape import Shape
from checker.results import Site
from checker.verify.report_load import Verified

_STATUS_CHAR = {"supported": "s", "unsupported": "u", "unstated": "n", "conflict": "c"}
_VERIFIED_CHAR = {
    Verified.NPU: "N",
    Verified.REFERENCE: "R",
    Verified.FAKE: "F",
    Verified.NONE: "-",
}


@cache
def _script() -> str:
    return (Path(__file__).parent / "apis.js").read_text(encoding="utf-8")


def api_files(site: Site, shape: Shape) -> dict[str, str]:
    data = {
        "versions": list(shape.versions),
        "products": list(site.products),
        "langs": list(shape.langs),
        "refs": list(shape.trees),
        "names": {lang: [site.names[(p, lang)] for p in site.products] for lang in shape.langs},
        "pages": [page_file(page.path) for page in site.linted.corpus.pages],
        "rules": sorted({f.rule for f in site.linted.findings if f.api}),
        "verified": site.verification is not None,
        "tested": site.linted.tested is not None,
        "words": _words(),
        "rows": _rows(site, shape),
    }
    script = f"window.DOCS_CHECK_APIS={script_json(data)};\n"
    return {"apis.html": _page(site), "apis-data.js": script}


def _rows(site: Site, shape: Shape) -> list[list[Any]]:
    """[api, language, cells by version, rules of its findings, finding
    count, ref], by API, language and ref; a cell is [page, statuses, lines,
    verified, tests] of the API's first entry at that version (and ref), a
    character per product, and, where another entry (on this page or
    another) states a product otherwise, [product, page, line, status] of
    each statement of it, the first entry's first; that product's status is
    then `c` (conflict)."""
    page_index = {page.path: i for i, page in enumerate(site.linted.corpus.pages)}
    first = first_entries(site.records, lambda r: (r.api, r.lang, r.tree, r.version))
    versions = {version: i for i, version in enumerate(shape.versions)}
    langs = {lang: i for i, lang in enumerate(shape.langs)}
    trees = {tree: i for i, tree in enumerate(shape.trees)}
    rows: dict[tuple[str, str, str], list[Any]] = {}
    for (api, lang, tree, version), records in first.items():
        empty: list[Any] = [None] * len(versions)
        row = rows.setdefault((api, lang, tree), [api, langs[lang], empty, [], 0, trees[tree]])
        disputes = [shape.disputes.get((api, lang, tree, version, p), ()) for p in site.products]
        row[2][versions[version]] = _cell(site, records, disputes, page_index)
    for found_on, (rules, count) in shape.findings_by_api.items():
        if found_on in rows:
            rows[found_on][3], rows[found_on][4] = sorted(rules), count
    return [rows[key] for key in sorted(rows, key=lambda k: (k[0], k[1], trees[k[2]]))]


def _cell(
    site: Site,
    records: list[Record],
    disputes: list[tuple[Record, ...]],
    page_index: Mapping[str, int],
) -> list[Any]:
    said = {record.product: record for record in records}
    statuses, lines, verified = "", [], ""
    elsewhere: list[list[Any]] = []
    for p, product in enumerate(site.products):
        record = said.get(product)
        sides = disputes[p]
        elsewhere += [[p, page_index[r.path], r.line, _STATUS_CHAR[r.status]] for r in sides]
        conflict = "c" if sides else ""
        statuses += conflict or (_STATUS_CHAR[record.status] if record else ".")
        lines.append(record.line if record else 0)
        if site.verification is not None and record is not None:
            how = site.verification.of(record.api, record.version, product)
            verified += _VERIFIED_CHAR[how]
        else:
            verified += "-"
    one = records[0]
    tests = -1
    if site.linted.tested is not None:
        tests = len(site.linted.tested.get((one.version, one.api), ()))
    return [
        page_index[one.path],
        statuses,
        lines,
        verified,
        tests,
        *([elsewhere] * bool(elsewhere)),
    ]


def _words() -> dict[str, Any]:
    return {
        "api": _("API"),
        "findings": _("findings"),
        "tests": _("tests"),
        "shown": _("{shown} of {total} APIs"),
        "nothing": _("no API matches the filter"),
        "page": _("page {page} of {pages}"),
        "cell": _("{version} · {product}: {status} (line {line})"),
        "status": {status: _(word) for status, word in STATUS_WORDS.items()},
        "verified": {how: _(word) for how, word in VERIFIED_WORDS.items()},
    }


def _page(site: Site) -> str:
    everything, name, example = _("all"), esc(_("API name")), esc(_("e.g. put_metric"))
    previous, following = esc(_("previous")), esc(_("next"))
    needs_script = esc(_("The API table needs JavaScript; the pages list every entry."))
    controls = [
        f'<label>{name}<input id="f-q" type="search" placeholder="{example}"></label>',
        _select("lang", _("docs language"), everything),
        *([_select("ref", _("git ref"), everything)] if len(site.linted.refs) > 1 else []),
        _select("version", _("version"), everything),
        _select("product", _("product"), everything),
        _select("status", _("status"), everything, {s: _(w) for s, w in STATUS_WORDS.items()}),
        _select(
            "finding",
            _("findings"),
            everything,
            {"+": _("with findings"), "-": _("without findings")},
        ),
    ]
    if site.verification is not None:
        words = {how: _(word) for how, word in VERIFIED_WORDS.items()}
        controls.append(_select("verified", _("verification"), everything, words))
    if site.linted.tested is not None:
        words = {"+": _("reached by a test"), "-": _("reached by no test")}
        controls.append(_select("tests", _("tests"), everything, words))
    body = (
        f'<div class="controls">{"".join(controls)}</div>\n'
        '<div class="pager"><button id="api-prev" type="button">'
        f'{previous}</button><span id="api-page"></span>'
        f'<button id="api-next" type="button">{following}</button>'
        '<span id="api-count" class="muted"></span></div>\n'
        '<table id="api-table"><thead id="api-head"></thead><tbody id="api-rows"></tbody></table>\n'
        f"<noscript>{needs_script}</noscript>\n"
    )
    script = f'<script src="apis-data.js"></script>\n<script>{_script()}</script>\n'
    return document(_("API support"), body, script=script)


def _select(key: str, label: str, everything: str, options: Mapping[str, str] | None = None) -> str:
    """A filter's select: "all" first, then `options` (value -> label); the
    script adds the versions, products and rules that the data holds."""
    made = "".join(
        f'<option value="{esc(v)}">{esc(text)}</option>' for v, text in (options or {}).items()
    )
    return (
        f'<label>{esc(label)}<select id="f-{key}"><option value="">{esc(everything)}</option>'
        f"{made}</select></label>"
    )
