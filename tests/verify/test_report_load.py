"""A verify report read back (`report --verify-report`, `baseline
--verify-report`): its results as they were written, and each evidence record
in it checked as an evidence file is, so that a record that claims an NPU run
it cannot be is refused, naming where in the report it is."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.errors import InputError
from checker.model.catalogue import default_catalogue
from checker.verify.report_load import Verified, load_report, load_verification
from tests.site import PUT_METRIC


def _written(tmp_path: Path, document: dict[str, Any]) -> str:
    path = tmp_path / "verify.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def _document(verify_report: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(verify_report.read_text(encoding="utf-8"))
    return loaded


def test_results_and_evidence_read_as_verify_wrote_them(verify_report: Path) -> None:
    judged, evidence = load_report(str(verify_report), default_catalogue())
    written = _document(verify_report)["results"]
    assert [(j.api, j.version, j.product, j.observed, j.verdict) for j in judged] == [
        (r["api"], r["version"], r["product"], r["observed"], r["verdict"]) for r in written
    ]
    assert [e.environment.device for e in evidence] == ["npu", "cpu-reference", "cpu-reference"]
    assert [e.environment.fake_npu for e in evidence] == [False, False, True]


def test_how_each_claim_was_verified(verify_report: Path) -> None:
    verification = load_verification([str(verify_report)], default_catalogue())
    assert verification.of(PUT_METRIC, "2.13.0", "atlas-a2") is Verified.NPU
    # a fake torch_npu "on" A3 is no NPU run; the CPU reference run is what ran
    assert verification.of(PUT_METRIC, "2.13.0", "atlas-a3") is Verified.REFERENCE
    assert verification.of(PUT_METRIC, "2.12.0", "atlas-a2") is Verified.NONE
    assert verification.of("torch.other", "2.13.0", "atlas-a2") is Verified.NONE


def test_a_fake_run_alone_is_fake(verify_report: Path, tmp_path: Path) -> None:
    document = _document(verify_report)
    document["evidence"] = [e for e in document["evidence"] if e["environment"]["fake_npu"]]
    document["results"] = [r for r in document["results"] if r["observed"] == "none"]
    verification = load_verification([_written(tmp_path, document)], default_catalogue())
    assert verification.of(PUT_METRIC, "2.13.0", "atlas-a3") is Verified.FAKE


def test_an_evidence_record_that_claims_an_impossible_npu_run_is_refused(
    verify_report: Path, tmp_path: Path
) -> None:
    document = _document(verify_report)
    document["evidence"][1]["environment"]["device"] = "npu"  # the CPU reference run
    path = _written(tmp_path, document)
    with pytest.raises(InputError) as raised:
        load_report(path, default_catalogue())
    assert str(raised.value) == (
        f"{path}: evidence[1]: broken evidence record: "
        "environment.device says npu, but there is no torch_npu"
    )


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(results={}), "broken report: 'results' is not a list"),
        (lambda d: d.pop("evidence"), "broken report: 'evidence' is not a list"),
        (lambda d: d["results"][0].pop("observed"), "broken report: results[0]"),
        (lambda d: d["results"][2].update(severity=1), "broken report: results[2]: severity"),
        (lambda d: d["results"][1].update(line=True), "broken report: results[1]: line"),
        (
            lambda d: d.update(schema_version=2),
            "verify report schema version 2 is newer than this docs-check reads (1); "
            "upgrade docs-check",
        ),
        (lambda d: d.update(schema_version="1"), "broken report: schema_version '1'"),
        (
            lambda d: d["evidence"][2].update(schema_version=True),
            "evidence[2]: broken report: schema_version True",
        ),
    ],
)
def test_a_broken_report_or_one_of_no_version_this_reads_is_one_line(
    verify_report: Path, tmp_path: Path, change: Any, said: str
) -> None:
    document = _document(verify_report)
    change(document)
    path = _written(tmp_path, document)
    with pytest.raises(InputError) as raised:
        load_report(path, default_catalogue())
    assert str(raised.value) == f"{path}: {said}"


def test_an_evidence_record_of_another_schema_is_refused(
    verify_report: Path, tmp_path: Path
) -> None:
    document = _document(verify_report)
    document["evidence"][0]["schema_version"] = 99
    path = _written(tmp_path, document)
    with pytest.raises(InputError, match=r"evidence\[0\]: evidence schema version 99 is newer"):
        load_report(path, default_catalogue())


def test_an_npu_run_verifies_its_own_product_only(verify_report: Path, tmp_path: Path) -> None:
    document = _document(verify_report)
    document["evidence"] = [e for e in document["evidence"] if e["environment"]["device"] == "npu"]
    verification = load_verification([_written(tmp_path, document)], default_catalogue())
    assert verification.of(PUT_METRIC, "2.13.0", "atlas-a2") is Verified.NPU
    # the Atlas A2 run is no reference run for the other products: nothing ran for them
    assert verification.of(PUT_METRIC, "2.13.0", "atlas-a3") is Verified.NONE
    assert verification.of(PUT_METRIC, "2.13.0", "ascend-950") is Verified.NONE


def test_a_run_is_said_by_its_summary_else_by_its_verdict(
    verify_report: Path, tmp_path: Path
) -> None:
    document = _document(verify_report)
    document["evidence"][1]["runs"][0]["summary"] = "Ran 8 cases in 0.004s, OK"
    verification = load_verification([_written(tmp_path, document)], default_catalogue())
    runs = verification.runs_at("2.13.0", {PUT_METRIC})
    assert [(e.environment.device, api, said) for e, api, said in runs] == [
        ("npu", PUT_METRIC, "passed"),
        ("cpu-reference", PUT_METRIC, "Ran 8 cases in 0.004s, OK"),
        ("cpu-reference", PUT_METRIC, "passed"),
    ]
    assert verification.runs_at("2.12.0", {PUT_METRIC}) == []
    assert verification.runs_at("2.13.0", {"torch.other"}) == []


def test_asking_a_verification_leaves_it_equal_to_one_never_asked(verify_report: Path) -> None:
    asked = load_verification([str(verify_report)], default_catalogue())
    fresh = load_verification([str(verify_report)], default_catalogue())
    assert asked.of(PUT_METRIC, "2.13.0", "atlas-a2") is Verified.NPU  # fills its index
    assert asked == fresh
    assert hash(asked) == hash(fresh)
    assert repr(asked) == repr(fresh)
