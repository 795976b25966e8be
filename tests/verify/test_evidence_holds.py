"""Issue 28, false verification: records that look consistent field by field
but must never count as NPU verification. A fake torch (or torch_npu) never
verifies; an NPU record's torch and torch_npu must pair by major.minor; a key
given twice in a versioned JSON file is refused at its line, never read with
its last value."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.errors import InputError
from checker.gate.baseline import load_baseline
from checker.verify.evidence_load import load_evidence
from tests.conftest import Invoke
from tests.helpers import REPO
from tests.verify.test_evidence import A3_PASS, environment, record, write

VERIFY_DOCS = str(REPO / "tests" / "fixtures" / "verify" / "docs")


def error_of(path: str) -> str:
    with pytest.raises(InputError) as caught:
        load_evidence(path)
    return str(caught.value)


# -- a fake torch never verifies ------------------------------------------------------------


def test_fake_torch_npu_record_never_verifies_an_npu() -> None:
    """Built in code, as a live run builds it: the property itself says no."""
    assert environment().verifies_npu
    assert not environment(fake_torch=True).verifies_npu


def test_fake_torch_npu_record_is_refused_naming_the_field(tmp_path: Path) -> None:
    data = record()
    data["environment"]["fake_torch"] = True
    path = write(tmp_path, data)
    assert error_of(path) == (
        f"{path}: broken evidence record: environment.device says npu, but fake_torch is true"
    )


def test_fake_torch_npu_record_does_not_pass_the_release_gate(cli: Invoke, tmp_path: Path) -> None:
    """The issue's case: `verify --require-npu --strict` exited 0 (or counted
    the run as verified on an NPU) while printing "(FAKE release)"."""
    data = record()
    data["environment"]["fake_torch"] = True
    path = write(tmp_path, data)
    code, out, err = cli(
        "verify", VERIFY_DOCS, "--no-live", "--require-npu", "--strict", "--evidence", path
    )
    assert code == 2
    assert "verified on an NPU" not in out
    assert err.splitlines()[-1] == (
        f"docs-check: error: {path}: broken evidence record: "
        "environment.device says npu, but fake_torch is true"
    )


def test_fake_torch_cpu_reference_record_still_loads_labelled_fake(tmp_path: Path) -> None:
    """The project's own live CPU reference runs with FAKE torch releases
    (tests/helpers.py fake_torch_python: torch 2.7.1+cpu over torch_npu 2.13.0)
    are read back, labelled fake, and verify nothing."""
    data = record()
    data["environment"].update(
        torch="2.7.1+cpu",
        torch_npu="2.13.0",
        device="cpu-reference",
        npu_name=None,
        product=None,
        visible_npus=0,
        fake_torch=True,
        note="FAKE torch release (test double): torch 2.13.0+cpu reports 2.7.1+cpu",
    )
    data["docs_versions"] = ["2.7.1"]
    loaded = load_evidence(write(tmp_path, data)).environment
    assert loaded.fake_torch and not loaded.verifies_npu
    assert (loaded.torch, loaded.torch_npu) == ("2.7.1+cpu", "2.13.0")


# -- torch and torch_npu must go together ---------------------------------------------------


def test_torch_and_torch_npu_that_cannot_pair_never_verify() -> None:
    assert not environment(torch="2.12.0", torch_npu="2.7.1.post2").verifies_npu
    assert not environment(torch="2.13.0+cpu", torch_npu="banana").verifies_npu
    assert environment(torch="2.7.1+cpu", torch_npu="2.7.1.post11").verifies_npu
    assert environment(torch="2.13.0a0+git1234", torch_npu="2.13.0rc1").verifies_npu


@pytest.mark.parametrize(
    ("torch", "torch_npu"),
    [("2.12.0", "2.7.1.post2"), ("2.13.0+cpu", "2.1.0.post8"), ("2.13.0", "banana")],
)
def test_torch_and_torch_npu_that_cannot_pair_are_refused(
    tmp_path: Path, torch: str, torch_npu: str
) -> None:
    data = record()
    data["environment"].update(torch=torch, torch_npu=torch_npu)
    data.pop("docs_versions")
    path = write(tmp_path, data)
    assert error_of(path) == (
        f"{path}: broken evidence record: environment.torch_npu is {torch_npu}, "
        f"which does not go with torch {torch} (an NPU run's torch_npu release "
        "pairs with its torch by major.minor)"
    )


def test_torch_and_torch_npu_that_pair_by_major_minor_load(tmp_path: Path) -> None:
    data = record()
    data["environment"].update(torch="2.7.1+cpu", torch_npu="2.7.1.post11")
    data.pop("docs_versions")
    assert load_evidence(write(tmp_path, data)).environment.verifies_npu


# -- a key given twice ----------------------------------------------------------------------


def duplicated_device(tmp_path: Path) -> Path:
    """The A3 record with `"device": "cpu-reference"` given before its `"device": "npu"`."""
    text = A3_PASS.read_text(encoding="utf-8")
    assert text.count('    "device": "npu",\n') == 1
    text = text.replace(
        '    "device": "npu",\n', '    "device": "cpu-reference",\n    "device": "npu",\n'
    )
    path = tmp_path / "twice.json"
    path.write_text(text, encoding="utf-8")
    return path


def test_duplicate_key_in_evidence_is_refused_at_its_line(tmp_path: Path) -> None:
    path = duplicated_device(tmp_path)
    second = path.read_text(encoding="utf-8").splitlines().index('    "device": "npu",') + 1
    assert error_of(str(path)) == (
        f"{path}:{second}: not an evidence file: key 'device' given twice "
        f"(first at line {second - 1})"
    )


def test_duplicate_key_in_evidence_does_not_reach_verify(cli: Invoke, tmp_path: Path) -> None:
    path = duplicated_device(tmp_path)
    code, _, err = cli("verify", VERIFY_DOCS, "--no-live", "--require-npu", "--evidence", str(path))
    assert code == 2
    assert "given twice" in err.splitlines()[-1]


def test_duplicate_key_written_with_an_escape_is_the_same_key(tmp_path: Path) -> None:
    data: dict[str, Any] = record()
    text = json.dumps(data, indent=1).replace(
        '"origin": "live"', '"origin": "live", "\\u006frigin": "x"'
    )
    path = tmp_path / "escaped.json"
    path.write_text(text, encoding="utf-8")
    assert "key 'origin' given twice" in error_of(str(path))


def test_the_same_key_in_different_objects_is_no_duplicate(tmp_path: Path) -> None:
    """Every case has a "name": only one object's own keys are compared."""
    assert len(load_evidence(str(A3_PASS)).runs[0].cases) == 8


def test_duplicate_key_in_a_baseline_is_refused_at_its_line(tmp_path: Path) -> None:
    """Baselines are versioned JSON too, read by the same loader."""
    path = tmp_path / "baseline.json"
    path.write_text(
        '{\n  "schema": "docs-check/baseline",\n  "schema_version": 1,\n'
        '  "findings": [],\n  "findings": []\n}\n',
        encoding="utf-8",
    )
    with pytest.raises(InputError) as caught:
        load_baseline(str(path))
    assert str(caught.value) == (
        f"{path}:5: not a baseline file: key 'findings' given twice (first at line 4)"
    )


# -- what a live run writes, it can read back -----------------------------------------------


def harness_report(**changes: Any) -> dict[str, Any]:
    """The harness's environment line of a real NPU run (checker.torch.scripts.harness)."""
    report = {
        "platform": "Linux 5.10.0 aarch64", "python": "3.11.10", "torch": "2.13.0+cpu",
        "torch_npu": "2.13.0", "cann": "8.5.RC1", "npu_name": "Ascend910_9382",
        "visible_npus": 16, "npu_available": True, "npu_op_ok": True,
        "npu_op": "ones(2)*2 on npu:0 = [2.0, 2.0]", "fake_npu": False, "fake_torch": None,
    }  # fmt: skip
    return {**report, **changes}


@pytest.mark.parametrize(
    ("changes", "note"),
    [
        ({"fake_torch": "2.13.0+cpu", "torch": "2.12.0+cpu"}, "FAKE torch release"),
        ({"torch": "2.12.0", "torch_npu": "2.7.1.post2"}, "torch_npu 2.7.1.post2 does not go"),
    ],
    ids=["fake-torch", "unpaired"],
)
def test_a_live_run_under_a_fake_or_unpaired_torch_is_no_npu_run(
    tmp_path: Path, changes: dict[str, Any], note: str
) -> None:
    from checker.model.catalogue import default_catalogue
    from checker.model.evidence import Evidence
    from checker.torch.runs import environment_of

    assert environment_of(harness_report(), default_catalogue(), "").verifies_npu
    env = environment_of(harness_report(**changes), default_catalogue(), "")
    assert (env.device, env.verifies_npu) == ("cpu-reference", False)
    assert note in env.note
    written = write(tmp_path, json.loads(Evidence(env, (), "live").to_json()))
    assert load_evidence(written).environment == env  # read back, not refused
