"""What every file of the site is made of: text escaped for HTML, data for a
script, the page around a body (one inline style sheet: a page opened alone
from an artefact store looks as it does in the site), where a docs page's
view lives, and the marks of a status. Every text that comes from a page, a
report or a file name goes through `esc` (checker.report.escape's `html`): a
page's `<script>` or `</td>` stays text."""

from __future__ import annotations

import hashlib
import json
import re
from functools import cache
from pathlib import Path, PurePosixPath

from checker.i18n import N_, _, shown_language
from checker.model.words import STATUS_WORDS, word
from checker.report.escape import html as esc

# A status as a cell shows it, and its word (translated where shown).
MARKS = {"supported": "✔", "unsupported": "✘", "unstated": "–", "conflict": "!"}
VERIFIED_WORDS = {
    "npu": N_("verified on NPU"),
    "reference": N_("reference run only"),
    "fake": N_("fake run only (test double, never counted)"),
    "none": N_("not verified"),
}
_UNSAFE_IN_NAME = re.compile(r"[^A-Za-z0-9._-]+")
# What would end a <script> or change how it is read, written as JSON escapes.
_IN_SCRIPT = {
    "<": "\\u003c",
    ">": "\\u003e",
    "&": "\\u0026",
    "\u2028": "\\u2028",
    "\u2029": "\\u2029",
}


def script_json(value: object) -> str:
    """`value` as JSON that a <script> holds as it is: no `</script>` or
    `<!--` can appear in it. Keys keep their order: the caller's is fixed."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"))
    for raw, safe in _IN_SCRIPT.items():
        text = text.replace(raw, safe)
    return text


def page_file(path: str) -> str:
    """Where the view of the docs page named `path` is, from the site's root:
    its last folder and name (readable in a link), then a digest of the whole
    name (two versions' pages of one name stay apart)."""
    tail = "_".join(PurePosixPath(path.replace("\\", "/").replace(":", "/")).parts[-2:])
    readable = _UNSAFE_IN_NAME.sub("_", tail.removesuffix(".md"))[-80:]
    digest = hashlib.sha256(path.encode("utf-8", "surrogateescape")).hexdigest()[:10]
    return f"pages/{readable}-{digest}.html"


@cache
def _style() -> str:
    return (Path(__file__).parent / "site.css").read_text(encoding="utf-8")


def document(title: str, body: str, *, depth: int = 0, script: str = "") -> str:
    """A whole HTML file: `depth` is how far below the site's root it is
    (its links to the index and the API table climb that far); `script`, the
    script elements it ends with."""
    up = "../" * depth
    lang = "zh-CN" if shown_language() == "zh" else "en"
    overview, apis = esc(_("Overview")), esc(_("APIs"))
    nav = f'<nav><a href="{up}index.html">{overview}</a><a href="{up}apis.html">{apis}</a></nav>'
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="generator" content="docs-check">\n'
        f"<title>{esc(title)}</title>\n<style>{_style()}</style>\n</head>\n"
        f"<body>\n<header>{nav}</header>\n<main>\n<h1>{esc(title)}</h1>\n{body}</main>\n"
        f"{script}</body>\n</html>\n"
    )


def heading(text: str) -> str:
    """A section's heading. (Texts are translated before they go into an
    f-string: gettext's extraction does not look inside one.)"""
    return f"<h2>{esc(text)}</h2>\n"


def muted(text: str) -> str:
    """A line said in passing: what is missing, and why."""
    return f'<p class="muted">{esc(text)}</p>\n'


def status_word(status: str) -> str:
    return word(STATUS_WORDS, status)


def mark_cell(status: str, href: str, title: str) -> str:
    """A table cell with the status's mark, linking to where the page says it."""
    mark = MARKS.get(status, "?")
    return f'<td class="st {status}"><a href="{esc(href)}" title="{esc(title)}">{mark}</a></td>'


def table(head: list[str], rows: list[str], css: str = "") -> str:
    """A table of `head` (texts, escaped here) and rows already made."""
    cls = f' class="{css}"' if css else ""
    heads = "".join(f"<th>{esc(text)}</th>" for text in head)
    return f"<table{cls}><thead><tr>{heads}</tr></thead><tbody>{''.join(rows)}</tbody></table>\n"
