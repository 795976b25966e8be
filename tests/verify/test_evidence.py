"""Evidence records: the JSON `probe --out` writes and `verify --evidence` reads.
A record that is not one, or is broken, is an InputError naming the file; a CPU
reference or fake-NPU record never verifies an NPU."""

from __future__ import annotations

import dataclasses
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checker.errors import InputError
from checker.model.catalogue import default_catalogue
from checker.verify.evidence import (
    SCHEMA,
    SCHEMA_VERSION,
    Case,
    Environment,
    Evidence,
    Run,
    load_evidence,
)
from tests.helpers import REPO

EVIDENCE = REPO / "tests" / "fixtures" / "verify" / "evidence"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
A3_PASS = EVIDENCE / "npu-a3-torch-2.13.0-pass.json"


def environment(**changes: Any) -> Environment:
    base = Environment(
        platform="Linux 5.10.0 aarch64",
        python="3.11.10",
        torch="2.13.0+cpu",
        torch_npu="2.13.0",
        cann="8.5.RC1",
        npu_name="Ascend910_9382",
        visible_npus=16,
        product="atlas-a3",
        device="npu",
        fake_npu=False,
        note="NPU run on Ascend910_9382: ones(2)*2 on npu:0 = [2.0, 2.0]",
    )
    return replace(base, **changes)


def evidence() -> Evidence:
    run = Run(
        api=PUT_METRIC,
        behaviour="put_metric",
        source="behaviour",
        command=("/usr/bin/python3", "harness.py", "--behaviour", "put_metric.py"),
        cases=(Case("default group is torchelastic", True), Case("zero value", False, "boom")),
        duration_s=0.25,
        exit_code=0,
        verdict="failed",
        note="",
    )
    return Evidence(environment(), (run,), "live")


def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(A3_PASS.read_text(encoding="utf-8"))
    return data


def write(tmp_path: Path, data: Any, name: str = "evidence.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return str(path)


def error_of(path: str) -> str:
    with pytest.raises(InputError) as caught:
        load_evidence(path)
    return str(caught.value)


# -- round trip ---------------------------------------------------------------------------


def test_to_json_then_load_is_the_same_evidence(tmp_path: Path) -> None:
    original = evidence()
    path = tmp_path / "out.json"
    path.write_text(original.to_json(), encoding="utf-8")
    loaded = load_evidence(str(path))
    assert loaded == replace(original, origin=str(path))
    assert loaded.runs[0].command == original.runs[0].command  # a tuple again, not a list


def test_to_object_carries_schema_and_docs_version() -> None:
    document = evidence().to_object()
    assert document["schema"] == SCHEMA == "docs-check/evidence"
    assert document["schema_version"] == SCHEMA_VERSION == 2
    assert (document["version"], document["docs_versions"]) == (None, ["2.13.0"])
    assert document["environment"]["device"] == "npu"
    assert document["runs"][0]["cases"][1] == {
        "name": "zero value",
        "passed": False,
        "detail": "boom",
    }


def test_no_torch_means_no_docs_version() -> None:
    env = environment(torch=None)
    assert env.release is None
    assert Evidence(env, (), "live").to_object()["docs_versions"] == []


def test_fixture_records_load_and_agree_with_the_catalogue() -> None:
    catalogue = default_catalogue()
    names = sorted(p.name for p in EVIDENCE.glob("*.json"))
    assert len(names) == 7
    for name in names:
        loaded = load_evidence(str(EVIDENCE / name))
        env = loaded.environment
        assert loaded.origin == str(EVIDENCE / name)
        assert env.release == name.split("torch-")[1].split("-")[0]
        if env.npu_name:
            assert env.product == catalogue.by_soc(env.npu_name)
        assert env.verifies_npu == name.startswith("npu-")


def test_release_drops_the_local_version() -> None:
    assert environment(torch="2.12.0+cpu").release == "2.12.0"
    assert environment(torch="2.13.0").release == "2.13.0"


# -- which records verify an NPU ----------------------------------------------------------


def test_npu_record_verifies_npu() -> None:
    assert environment().verifies_npu


def test_cpu_reference_record_does_not_verify_npu() -> None:
    env = load_evidence(str(EVIDENCE / "cpu-reference-torch-2.13.0-pass.json")).environment
    assert env.device == "cpu-reference"
    assert not env.verifies_npu


def test_fake_npu_record_does_not_verify_npu() -> None:
    env = load_evidence(str(EVIDENCE / "fake-npu-a3-torch-2.13.0-pass.json")).environment
    assert env.fake_npu and env.product == "atlas-a3"
    assert not env.verifies_npu
    # even one claiming the npu device
    assert not replace(env, device="npu").verifies_npu


def test_npu_record_of_an_unknown_product_does_not_verify() -> None:
    assert not environment(product=None).verifies_npu


# -- broken records -----------------------------------------------------------------------


def test_broken_json_names_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "broken.json"
    path.write_text('{\n  "schema": "docs-check/evidence",\n  "runs": [,]\n}\n', encoding="utf-8")
    message = error_of(str(path))
    assert message.startswith(f"{path}:3: not an evidence file: Expecting value")
    assert "\n" not in message


def test_truncated_record_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cut.json"
    path.write_text(A3_PASS.read_text(encoding="utf-8")[:300], encoding="utf-8")
    assert error_of(str(path)).startswith(f"{path}:")


def test_not_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"schema": "caf\xe9"}')
    assert error_of(str(path)).startswith(f"{path}: not an evidence file: ")


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    assert error_of(str(path)) == f"{path}: cannot read evidence: No such file or directory"


@pytest.mark.parametrize(
    "data",
    [{"name": "docs-check", "version": "0.1.0"}, [1, 2, 3], "evidence", {"schema": "other/x"}],
)
def test_foreign_json_is_not_evidence(tmp_path: Path, data: Any) -> None:
    path = write(tmp_path, data)
    assert error_of(path) == (
        f"{path}: not a docs-check evidence file (no schema 'docs-check/evidence')"
    )


def test_newer_schema_says_upgrade(tmp_path: Path) -> None:
    path = write(tmp_path, {**record(), "schema_version": 3})
    assert error_of(path) == (
        f"{path}: evidence schema version 3 is newer than this docs-check reads (2); "
        "upgrade docs-check"
    )


def test_a_schema_1_record_is_read_without_what_schema_2_added(tmp_path: Path) -> None:
    """The fixture records are schema 1: no version, ref, summary or fake_torch."""
    assert record()["schema_version"] == 1
    loaded = load_evidence(write(tmp_path, record()))
    assert (loaded.version, loaded.environment.fake_torch) == (None, False)
    assert {(run.ref, run.summary) for run in loaded.runs} == {(None, "")}
    written = loaded.to_object()  # what it is written back as: schema 2, whole
    assert load_evidence(write(tmp_path, json.loads(json.dumps(written)), "again.json")) == (
        dataclasses.replace(loaded, origin=str(tmp_path / "again.json"))
    )


@pytest.mark.parametrize(
    ("where", "key"),
    [("run", "ref"), ("run", "summary"), ("environment", "fake_torch"), ("top", "version")],
)
def test_a_schema_2_record_must_have_what_schema_2_added(
    tmp_path: Path, where: str, key: str
) -> None:
    data = json.loads(json.dumps(load_evidence(write(tmp_path, record())).to_object()))
    holder = {"run": data["runs"][0], "environment": data["environment"], "top": data}[where]
    del holder[key]
    assert "broken evidence record" in error_of(write(tmp_path, data, "v2.json"))


@pytest.mark.parametrize("version", [None, "1", 0, True])
def test_missing_or_bad_schema_version_is_broken_not_newer(tmp_path: Path, version: Any) -> None:
    data = record()
    if version is None:
        del data["schema_version"]
    else:
        data["schema_version"] = version
    message = error_of(write(tmp_path, data))
    assert message.endswith(f"broken evidence record: schema_version {version!r}")
    assert "upgrade" not in message


@pytest.mark.parametrize(
    ("where", "key", "expected"),
    [
        ("environment", "torch", "Environment: missing ['torch'], unknown []"),
        ("environment", "device", "Environment: missing ['device'], unknown []"),
        ("run", "verdict", "Run: missing ['verdict'], unknown []"),
        ("run", "command", "Run.command is not a list of strings: None"),
        ("case", "detail", "Case: missing ['detail'], unknown []"),
        ("top", "environment", "'environment'"),
        ("top", "runs", "'runs'"),
    ],
)
def test_missing_field_names_the_file(tmp_path: Path, where: str, key: str, expected: str) -> None:
    data = record()
    target = {
        "top": data,
        "environment": data["environment"],
        "run": data["runs"][0],
        "case": data["runs"][0]["cases"][0],
    }[where]
    del target[key]
    path = write(tmp_path, data)
    assert error_of(path) == f"{path}: broken evidence record: {expected}"


@pytest.mark.parametrize(
    ("where", "key", "value", "expected"),
    [
        (
            "environment",
            "visible_npus",
            "two",
            "Environment.visible_npus has the wrong type: 'two'",
        ),
        ("environment", "visible_npus", True, "Environment.visible_npus has the wrong type: True"),
        ("environment", "fake_npu", "no", "Environment.fake_npu has the wrong type: 'no'"),
        ("environment", "torch", 2.13, "Environment.torch has the wrong type: 2.13"),
        ("run", "duration_s", "fast", "Run.duration_s has the wrong type: 'fast'"),
        ("run", "exit_code", 0.5, "Run.exit_code has the wrong type: 0.5"),
        (
            "run",
            "command",
            "python harness.py",
            "Run.command is not a list of strings: 'python harness.py'",
        ),
        ("run", "command", ["python", 3], "Run.command is not a list of strings: ['python', 3]"),
        ("run", "cases", {"a": 1}, "a run without a list of cases"),
        ("case", "passed", "yes", "Case.passed has the wrong type: 'yes'"),
        ("top", "runs", {"api": "x"}, "runs is not a list"),
        ("top", "environment", [], "Environment is not an object"),
    ],
)
def test_wrong_type_names_the_file(
    tmp_path: Path, where: str, key: str, value: Any, expected: str
) -> None:
    data = record()
    target = {
        "top": data,
        "environment": data["environment"],
        "run": data["runs"][0],
        "case": data["runs"][0]["cases"][0],
    }[where]
    target[key] = value
    path = write(tmp_path, data)
    assert error_of(path) == f"{path}: broken evidence record: {expected}"


def test_unknown_field_is_refused(tmp_path: Path) -> None:
    data = record()
    data["environment"]["gpu"] = "none"
    path = write(tmp_path, data)
    assert error_of(path) == (
        f"{path}: broken evidence record: Environment: missing [], unknown ['gpu']"
    )


def test_the_file_is_the_origin_whatever_the_record_says(tmp_path: Path) -> None:
    path = write(tmp_path, {**record(), "origin": "somewhere else"})
    assert load_evidence(path).origin == path
