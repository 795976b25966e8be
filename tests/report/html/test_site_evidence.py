"""What the site says of verification and tests: a claim verified on an NPU
of its product only where an NPU run of that product observed it; a CPU
reference run and a fake torch_npu named as what they are, never as an NPU;
the verdicts and runs on the page of their version; the tests that reach
each API with --tests."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from checker.model.evidence import Evidence
from checker.report.html.verification_view import environment_kind
from tests.cli.test_tests_cli import DOCS as MAPPED_DOCS
from tests.cli.test_tests_cli import TESTS
from tests.helpers import REPO
from tests.site import (
    EVIDENCE,
    PUT_METRIC,
    api_data,
    headings,
    muted,
    page_of,
    table,
    write_site,
)
from tests.verify.test_evidence import environment

VERIFIED = [
    "verified on NPU",
    "reference run only",
    "fake run only (test double, never counted)",
    "not verified",
]


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


def test_the_index_says_where_the_verification_comes_from_and_what_ran(
    verified_site: Path, verify_report: Path
) -> None:
    index = (verified_site / "index.html").read_text(encoding="utf-8")
    assert headings(index)[-2:] == ["Verification", "Pages"]  # no test map: no Tests
    assert muted(index)[1:] == [
        f"from {verify_report}",
        "No test map (report --tests DIR or --test-ref REF).",
    ]
    assert table(index, "verification").head == ["version", "product", *VERIFIED]
    environments = table(index, "environments")
    assert environments.head == [
        "environment",
        "torch",
        "torch_npu",
        "docs versions",
        "runs",
        "note",
    ]
    assert environments.rows == [
        [
            "NPU run: Ascend910B3 (atlas-a2)",
            "2.13.0+cpu",
            "2.13.0",
            "2.13.0",
            "1",
            "NPU run on Ascend910B3: ones(2)*2 on npu:0 = [2.0, 2.0]",
        ],
        [
            "CPU reference run, no NPU",
            "2.13.0+cpu",
            "-",
            "2.13.0",
            "1",
            "CPU reference run; NPU not available: torch_npu is not installed",
        ],
        [
            "FAKE run (test double, never counted)",
            "2.13.0+cpu",
            "0.0.0+fake",
            "2.13.0",
            "1",
            "FAKE torch_npu test double reporting Ascend910_9382: not an NPU run",
        ],
    ]


def test_with_a_verify_report_the_api_table_filters_by_verification(verified_site: Path) -> None:
    page = (verified_site / "apis.html").read_text(encoding="utf-8")
    options = re.search(r'<label>verification<select id="f-verified">(.*?)</select>', page)
    assert options is not None
    assert re.findall(r'<option value="([^"]*)">([^<]*)</option>', options.group(1)) == [
        ("", "all"),
        *zip(("npu", "reference", "fake", "none"), VERIFIED, strict=True),
    ]
    assert 'id="f-tests"' not in page
    assert api_data(verified_site)["verified"] is True


def test_reports_without_a_fake_run_are_named_in_order_and_warn_of_nothing(
    verify_report: Path, tmp_path: Path
) -> None:
    document = json.loads(verify_report.read_text(encoding="utf-8"))
    document["evidence"] = [e for e in document["evidence"] if e["environment"]["device"] == "npu"]
    npu, empty = tmp_path / "npu.json", tmp_path / "empty.json"
    npu.write_text(json.dumps(document), encoding="utf-8")
    empty.write_text(json.dumps({**document, "results": [], "evidence": []}), encoding="utf-8")
    site = write_site(tmp_path / "site", "--verify-report", str(npu), "--verify-report", str(empty))
    index = (site / "index.html").read_text(encoding="utf-8")
    assert f"from {npu}, {empty}" in muted(index)
    assert '<p class="fake">' not in index
    assert [row[0] for row in table(index, "environments").rows] == [
        "NPU run: Ascend910B3 (atlas-a2)"
    ]


def test_a_claim_only_a_fake_run_speaks_for_is_marked_fake(
    verify_report: Path, tmp_path: Path
) -> None:
    document = json.loads(verify_report.read_text(encoding="utf-8"))
    document["evidence"] = [e for e in document["evidence"] if e["environment"]["fake_npu"]]
    document["results"] = [r for r in document["results"] if r["observed"] == "none"]
    fake = tmp_path / "fake.json"
    fake.write_text(json.dumps(document), encoding="utf-8")
    site = write_site(tmp_path / "site", "--verify-report", str(fake))
    row = next(row for row in api_data(site)["rows"] if row[0] == PUT_METRIC)
    assert [cell[3] for cell in row[2]] == ["---", "FFF"]


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
    assert headings(view) == ["Entries", "Verify verdicts", "Evidence"]
    assert table(view, "verdicts").head == [
        "API",
        "product",
        "documented",
        "expected",
        "observed on NPU",
        "verdict",
        "detail",
    ]
    assert table(view, "runs").head == ["API", "environment", "torch", "result"]
    assert [row[1:] for row in table(view, "runs").rows] == [
        ["NPU run: Ascend910B3 (atlas-a2)", "2.13.0+cpu", "passed"],
        ["CPU reference run, no NPU", "2.13.0+cpu", "passed"],
        ["FAKE run (test double, never counted)", "2.13.0+cpu", "passed"],
    ]
    hostile = page_of(verified_site, "torch-hostile", "2.13.0").read_text("utf-8")
    assert headings(hostile) == ["Entries"]  # no verdict and no run of its APIs
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
    assert headings(index)[-3:] == ["Verification", "Tests", "Pages"]
    tests_table = table(index, "tests")
    assert tests_table.head == [
        "version",
        "APIs reached by a test",
        "APIs reached by an NPU test",
        "APIs documented",
    ]
    assert tests_table.rows == [["2.12.0", "8", "7", "10"]]  # torch.Tensor.add: on the CPU
    (page,) = (site / "pages").iterdir()
    entries = table(page.read_text(encoding="utf-8"), "entries")
    assert entries.head[-4:] == ["status as written", "notes", "tests", "NPU tests"]
    reached = [row[-2:] for row in entries.rows if len(row) > 1]  # not a finding's row
    assert [all_ for all_, _ in reached] == ["1", "1", "1", "1", "1", "2", "1", "0", "0", "1"]
    assert [npu for _, npu in reached] == ["1", "1", "1", "0", "1", "2", "1", "0", "0", "1"]
    filters = (site / "apis.html").read_text(encoding="utf-8")
    assert (
        '<label>tests<select id="f-tests"><option value="">all</option>'
        '<option value="+">reached by a test</option>'
        '<option value="-">reached by no test</option></select></label>'
    ) in filters
    assert 'id="f-verified"' not in filters


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


@pytest.mark.parametrize(
    ("soc", "product", "said"),
    [
        ("Ascend910_9382", "atlas-a3", "NPU run: Ascend910_9382 (atlas-a3)"),
        # a SoC of no catalogue product: an NPU run, which verifies nothing
        (
            "Ascend950XY_1",
            None,
            "NPU run: Ascend950XY_1 (no catalogue product: verifies nothing)",
        ),
    ],
)
def test_an_npu_run_is_named_with_what_it_verifies(
    soc: str, product: str | None, said: str
) -> None:
    record = Evidence(environment(npu_name=soc, product=product), (), "live")
    assert environment_kind(record) == said
