"""The site of `report --html` in the tests: the fixture docs
(tests/fixtures/site: two versions of a page and a hostile page), the site
written by the command itself, and what its files hold. The fixtures `site`
and `verify_report` are tests/conftest.py's."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from tests.helpers import REPO

SITE_DOCS = REPO / "tests" / "fixtures" / "site" / "docs"
EVIDENCE = REPO / "tests" / "fixtures" / "verify" / "evidence"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"


def write_site(into: Path, *arguments: str) -> Path:
    """`docs-check report SITE_DOCS --html into ...`, in this process; its exit code must be 0."""
    from checker.cli import run

    code = run(["report", str(SITE_DOCS), "--html", str(into), "--no-cache", *arguments])
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
