"""The site of `report --html` in the tests: the fixture docs
(tests/fixtures/site: two versions of a page and a hostile page), the site
written by the command itself, and what its files hold; and a small site of
what those docs lack (tests/fixtures/site-small: zh and en pages, a page of
the 7.3.0 release branch that knows no Ascend 950, a status in conflict, an
API twice in one version, findings on no entry and on no page). The fixtures
`site`, `small_site` and `verify_report` are tests/conftest.py's."""

from __future__ import annotations

import html
import json
import os
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from tests.helpers import REPO

SITE_DOCS = REPO / "tests" / "fixtures" / "site" / "docs"
EVIDENCE = REPO / "tests" / "fixtures" / "verify" / "evidence"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
SMALL = REPO / "tests" / "fixtures" / "site-small"
# its pages, as the site names them (read from SMALL)
SMALL_ZH = "docs/zh/api/native_api/pytorch_2-13-0/torch-small.md"
SMALL_EN = "docs/en/native_apis/pytorch_2-13-0/torch-small.md"
SMALL_OLD = "docs/v2.7.1-7.3.0/zh/native_apis/pytorch_2-7-1/torch-small.md"


def write_site(into: Path, *arguments: str) -> Path:
    """`docs-check report SITE_DOCS --html into ...`, in this process; its exit code must be 0."""
    from checker.cli import run

    code = run(["report", str(SITE_DOCS), "--html", str(into), "--no-cache", *arguments])
    assert code == 0
    return into


FLATTEN_ENTRY = (
    "# {title}\n\n### torch.Tensor.flatten\n\n**支持情况**：\n\n| 硬件 | 是否支持 |\n"
    "| ---- | :----: |\n| <term>Atlas A2 训练系列产品</term> | ✔ |\n"
    "| <term>Ascend 950DT</term> | {mark} |\n"
)


def write_flatten_site(into: Path, docs: Path) -> Path:
    """Tensor.flatten as the real docs state it at 2.7.1 to 2.12.0, in two
    pages of `docs` (2.13.0 here): Ascend 950DT ✘ on Named-Tensors.md (read
    first), ✔ on torch-Tensor.md; each page's status on line 10. The site
    of them is written `into`; its exit code must be 0."""
    from checker.cli import run

    version = docs / "zh" / "api" / "native_api" / "pytorch_2-13-0"
    version.mkdir(parents=True)
    (version / "Named-Tensors.md").write_text(FLATTEN_ENTRY.format(title="N", mark="✘"), "utf-8")
    (version / "torch-Tensor.md").write_text(FLATTEN_ENTRY.format(title="T", mark="✔"), "utf-8")
    assert run(["report", str(docs), "--html", str(into), "--no-cache"]) == 0
    return into


def write_small_site(into: Path) -> Path:
    """`docs-check report --html into` run in SMALL, whose configuration names
    the docs (so that it judges its [[ignore]]); its exit code must be 0."""
    from checker.cli import run

    here = Path.cwd()
    os.chdir(SMALL)
    try:
        code = run(["report", "--html", str(into), "--no-cache"])
    finally:
        os.chdir(here)
    assert code == 0
    return into


def api_data(site: Path) -> dict[str, Any]:
    """What apis-data.js gives the API table."""
    text = (site / "apis-data.js").read_text(encoding="utf-8")
    prefix = "window.DOCS_CHECK_APIS="
    assert text.startswith(prefix) and text.endswith(";\n")
    data: dict[str, Any] = json.loads(text[len(prefix) : -2])
    return data


def page_of(site: Path, name: str, version: str) -> Path:
    """The view of the page `name` of `version` (pytorch_2-13-0 for 2.13.0)."""
    folder = "pytorch_" + version.replace(".", "-")
    found = [p for p in (site / "pages").iterdir() if re.match(f"{folder}_{name}-", p.name)]
    assert len(found) == 1, found
    return found[0]


@dataclass
class Table:
    """A table of a site's file as a reader sees it: its class, the texts of
    its head's cells (every head row in turn) and of each body row's cells."""

    css: str
    head: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)


class _Tables(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.found: list[Table] = []
        self._in_head = False
        self._cell: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self.found.append(Table(dict(attrs).get("class") or ""))
        elif tag in ("thead", "tbody"):
            self._in_head = tag == "thead"
        elif tag == "tr" and not self._in_head:
            self.found[-1].rows.append([])
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            table = self.found[-1]
            (table.head if self._in_head else table.rows[-1]).append("".join(self._cell))
            self._cell = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)


def tables(text: str) -> list[Table]:
    """The tables of an HTML file, in order."""
    parser = _Tables()
    parser.feed(text)
    return parser.found


def table(text: str, css: str) -> Table:
    """The one table of class `css` ("" for one without a class: the first)."""
    found = [t for t in tables(text) if t.css == css]
    assert found, css
    return found[0]


def headings(text: str) -> list[str]:
    """The texts of the sections' headings (h2), in order."""
    return [html.unescape(h) for h in re.findall(r"<h2>(.*?)</h2>", text)]


def muted(text: str) -> list[str]:
    """The texts of the lines said in passing (p.muted), in order, without markup."""
    found = re.findall(r'<p class="muted"[^>]*>(.*?)</p>', text, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", line)) for line in found]
