"""The site of the fixture docs (tests/fixtures/site: two versions of a page
and a hostile page), written once per test file by the command itself."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

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


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return write_site(tmp_path_factory.mktemp("site") / "site")


@pytest.fixture(scope="module")
def verify_report(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """verify's JSON report of the fixture docs on recorded evidence: an NPU
    run on Atlas A2, a CPU reference run and a fake torch_npu run, all under
    torch 2.13.0 (no live run)."""
    from checker.cli import run

    report = tmp_path_factory.mktemp("verify") / "verify.json"
    names = ("npu-a2-torch-2.13.0-pass", "cpu-reference-torch-2.13.0-pass")
    names += ("fake-npu-a3-torch-2.13.0-pass",)
    evidence = [arg for name in names for arg in ("--evidence", str(EVIDENCE / f"{name}.json"))]
    arguments = ["verify", str(SITE_DOCS), "--no-live", *evidence, "--format", "json"]
    run([*arguments, "-o", str(report)])  # exits 1: the rule's API is unverified elsewhere
    assert report.is_file()
    return report
