"""What the site says of verification and tests: a claim verified on an NPU
of its product only where an NPU run of that product observed it; a CPU
reference run and a fake torch_npu named as what they are, never as an NPU;
the verdicts and runs on the page of their version; the tests that reach
each API with --tests."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli.test_tests_cli import DOCS as MAPPED_DOCS
from tests.cli.test_tests_cli import TESTS
from tests.helpers import REPO
from tests.site import EVIDENCE, PUT_METRIC, api_data, page_of, write_site


@pytest.fixture(scope="module")
def verified_site(tmp_path_factory: pytest.TempPathFactory, verify_report: Path) -> Path:
    into = tmp_path_factory.mktemp("verified") / "site"
    return write_site(into, "--verify-report", str(verify_report))


def test_only_the_npu_of_a_product_verifies_its_claim(verified_site: Path) -> None:
    row = next(row for row in api_data(verified_site)["rows"] if row[0] == PUT_METRIC)
    # 2.12.0: no run speaks for it. 2.13.0: an Atlas A2 NPU passed; Atlas A3 only
    # under a fake torch_npu, and a CPU reference run for all (which outranks the fake).
    assert [cell[3] for cell in row[2]] == ["---", "NRR"]


def test_the_index_counts_claims_by_how_they_were_verified(verified_site: Path) -> None:
    index = (verified_site / "index.html").read_text(encoding="utf-8")
    table = re.search(r'<table class="verification">(.*?)</table>', index, re.S)
    assert table is not None
    rows = re.findall(r"<tr><td>([^<]*)</td><td>([^<]*)</td>(.*?)</tr>", table.group(1))
    counts = {
        (version, product): [int(n) for n in re.findall(r">(\d+)</td>", cells)]
        for version, product, cells in rows
    }
    # npu, reference, fake, none; 2.13.0 has six APIs over two pages
    assert counts["2.13.0", "Atlas A2 训练系列产品"] == [1, 0, 0, 5]
    assert counts["2.13.0", "Atlas A3 训练系列产品"] == [0, 1, 0, 5]
    assert counts["2.12.0", "Ascend 950DT"] == [0, 0, 0, 3]
    assert '<p class="fake">FAKE: some runs used a test double' in index
    assert "CPU reference run, no NPU" in index


def test_the_page_of_a_version_shows_its_verdicts_and_runs(verified_site: Path) -> None:
    view = page_of(verified_site, "torch-distributed-elastic", "2.13.0").read_text("utf-8")
    verdicts = re.search(r'<table class="verdicts">(.*?)</table>', view, re.S)
    assert verdicts is not None
    assert verdicts.group(1).count(f'<td class="api">{PUT_METRIC}</td>') == 3
    assert "<td>passed</td><td>consistent</td>" in verdicts.group(1)
    runs = re.search(r'<table class="runs">(.*?)</table>', view, re.S)
    assert runs is not None
    assert "FAKE run (test double, never counted)" in runs.group(1)
    assert "NPU run: Ascend910B" in runs.group(1)
    older = page_of(verified_site, "torch-distributed-elastic", "2.12.0").read_text("utf-8")
    assert '<table class="verdicts">' in older and '<table class="runs">' in older
    assert "NPU run" not in older  # no run speaks for 2.12.0


def test_with_tests_each_api_shows_the_tests_that_reach_it(tmp_path: Path) -> None:
    from checker.cli import run

    site = tmp_path / "site"
    docs, tests = str(REPO / MAPPED_DOCS), str(REPO / TESTS)
    assert run(["report", docs, "--tests", tests, "--html", str(site), "--no-cache"]) == 0
    data = api_data(site)
    assert data["tested"] is True
    reached = {row[0]: max(cell[4] for cell in row[2] if cell) for row in data["rows"]}
    assert reached["torch.Tensor.exponential_"] == 2
    assert reached["torch.cuda.synchronize"] == 1
    index = (site / "index.html").read_text(encoding="utf-8")
    assert "<th>APIs reached by a test</th>" in index


def test_evidence_files_are_judged_as_verify_judges_them(
    verified_site: Path, tmp_path: Path
) -> None:
    """`report --evidence` runs verify's own cross-check (no live run): the
    same records give the same verification as verify's report of them."""
    names = ("npu-a2-torch-2.13.0-pass", "cpu-reference-torch-2.13.0-pass")
    names += ("fake-npu-a3-torch-2.13.0-pass",)
    evidence = [arg for name in names for arg in ("--evidence", str(EVIDENCE / f"{name}.json"))]
    site = write_site(tmp_path / "site", *evidence)
    assert [row[2] for row in api_data(site)["rows"]] == [
        row[2] for row in api_data(verified_site)["rows"]
    ]

    def verification(folder: Path) -> str:
        index = (folder / "index.html").read_text(encoding="utf-8")
        found = re.search(r'<table class="verification">.*?</table>', index, re.S)
        assert found is not None
        return found.group(0)

    assert verification(site) == verification(verified_site)
