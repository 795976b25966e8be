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
from checker.model.evidence import SCHEMA, SCHEMA_VERSION, Case, Environment, Evidence, Run
from checker.model.product import Product
from checker.verify.evidence_load import load_evidence
from tests.conftest import Invoke
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
    assert document["schema_version"] == SCHEMA_VERSION == 4
    assert (document["version"], document["docs_versions"]) == (None, ["2.13.0"])
    assert document["environment"]["device"] == "npu"
    assert document["runs"][0]["cases"][1] == {
        "name": "zero value",
        "passed": False,
        "detail": "boom",
        "traceback": "",
        "apis": (),  # a backing test's case names the APIs it backs
    }
    assert document["runs"][0]["framework"] == ""  # a behaviour: the harness's exit code


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
    path = write(tmp_path, {**record(), "schema_version": 5})
    assert error_of(path) == (
        f"{path}: evidence schema version 5 is newer than this docs-check reads (4); "
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


def test_a_schema_2_record_is_read_without_what_schema_3_added(tmp_path: Path) -> None:
    """Each run's framework and each case's traceback came with schema 3."""
    data = json.loads(json.dumps(load_evidence(write(tmp_path, record())).to_object()))
    data["schema_version"] = 2
    for run in data["runs"]:
        del run["framework"]
        for case in run["cases"]:
            del case["traceback"]
    loaded = load_evidence(write(tmp_path, data, "v2.json"))
    assert {run.framework for run in loaded.runs} == {""}
    assert {case.traceback for run in loaded.runs for case in run.cases} == {""}
    data["schema_version"] = 3  # a schema 3 record without them is broken
    assert "missing ['traceback']" in error_of(write(tmp_path, data, "v3.json"))


def test_a_schema_3_record_is_read_without_what_schema_4_added(tmp_path: Path) -> None:
    """The plan and each case's APIs came with schema 4 (verify --backed)."""
    data = json.loads(json.dumps(load_evidence(write(tmp_path, record())).to_object()))
    data["schema_version"] = 3
    del data["plan"]
    for run in data["runs"]:
        for case in run["cases"]:
            del case["apis"]
    loaded = load_evidence(write(tmp_path, data, "v3.json"))
    assert loaded.plan is None
    assert {case.apis for run in loaded.runs for case in run.cases} == {()}
    data["schema_version"] = 4  # a schema 4 record without them is broken
    assert "missing ['apis']" in error_of(write(tmp_path, data, "v4.json"))


@pytest.mark.parametrize(
    ("source", "framework"), [("behaviour", "unittest"), ("repo-test", "nose")]
)
def test_a_framework_is_a_repository_tests_and_one_docs_check_knows(
    tmp_path: Path, source: str, framework: str
) -> None:
    data = json.loads(json.dumps(load_evidence(write(tmp_path, record())).to_object()))
    data["runs"][0] |= {"source": source, "framework": framework}
    assert error_of(write(tmp_path, data, "v3.json")).endswith(
        f"runs[0].framework is {framework!r}, not unittest or pytest of a repo-test run"
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


# -- records that contradict themselves ---------------------------------------------------
# What a record implies (a run's verdict from its cases and exit code, the product
# from the SoC name, an NPU run from the NPU it names) is derived; a record that
# says otherwise is refused, naming the field, never taken at its word.

BAD = REPO / "tests" / "fixtures" / "verify" / "evidence-bad"
VERIFY_DOCS = str(REPO / "tests" / "fixtures" / "verify" / "docs")


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("verdict-banana.json", "runs[0].verdict is 'banana', not passed, failed or error"),
        (
            "passed-with-a-failed-case-exit-1.json",
            "runs[0].verdict says passed, but 1 of 8 cases failed and the harness exited 1",
        ),
        ("npu-without-an-npu.json", "environment.device says npu, but there is no npu_name"),
        (
            "a3-soc-says-atlas-a2.json",
            "environment.product says atlas-a2, but npu_name Ascend910_9391 is atlas-a3",
        ),
    ],
)
def test_a_record_that_contradicts_itself_is_refused(name: str, expected: str) -> None:
    path = str(BAD / name)
    assert error_of(path) == f"{path}: broken evidence record: {expected}"


@pytest.mark.parametrize(
    ("soc", "product", "expected"),
    [
        # the 950PR is a product of its own: a record that calls it the 950DT lies
        ("Ascend950PR_9579", "ascend-950", "Ascend950PR_9579 is ascend-950pr"),
        ("Ascend950DT_9591", "ascend-950pr", "Ascend950DT_9591 is ascend-950"),
        ("Ascend950", "ascend-950", "Ascend950 is no product of the catalogue"),
    ],
)
def test_a_record_whose_product_is_not_its_socs_is_refused(
    tmp_path: Path, soc: str, product: str, expected: str
) -> None:
    data = record()
    data["environment"].update(npu_name=soc, product=product)
    path = write(tmp_path, data)
    said = f"environment.product says {product}, but npu_name {expected}"
    assert error_of(path) == f"{path}: broken evidence record: {said}"


@pytest.mark.parametrize(
    ("soc", "product"), [("Ascend950PR_9579", "ascend-950pr"), ("Ascend950XY_1", None)]
)
def test_a_record_of_its_socs_product_or_of_none_loads(
    tmp_path: Path, soc: str, product: str | None
) -> None:
    data = record()
    data["environment"].update(npu_name=soc, product=product)
    env = load_evidence(write(tmp_path, data)).environment
    assert (env.product, env.verifies_npu, env.of_no_product) == (
        product,
        product is not None,
        product is None,
    )


def failing_case(data: dict[str, Any]) -> None:
    data["runs"][0]["cases"][5]["passed"] = False


@pytest.mark.parametrize(
    ("where", "changes", "expected"),
    [
        ("case", failing_case, "runs[0].verdict says passed, but 1 of 8 cases failed"),
        ("run", {"exit_code": 1}, "runs[0].verdict says passed, but the harness exited 1"),
        (
            "run",
            {"exit_code": None},
            "runs[0].verdict says passed, but the harness has no exit code",
        ),
        ("run", {"cases": []}, "runs[0].verdict says passed, but it has no cases"),
        (
            "run",
            {"verdict": "failed"},
            "runs[0].verdict says failed, but all 8 cases passed and the harness exited 0",
        ),
        ("run", {"verdict": "PASSED"}, "runs[0].verdict is 'PASSED', not passed, failed or error"),
        ("run", {"source": "shipped"}, "runs[0].source is 'shipped', not behaviour or repo-test"),
        ("run", {"duration_s": -1}, "runs[0].duration_s is -1, not a duration"),
        ("run", {"duration_s": float("nan")}, "runs[0].duration_s is nan, not a duration"),
        ("environment", {"device": "gpu"}, "environment.device is 'gpu', not npu or cpu-reference"),
        ("environment", {"visible_npus": -1}, "environment.visible_npus is -1, not a count"),
        (
            "environment",
            {"visible_npus": 0},
            "environment.device says npu, but visible_npus is 0",
        ),
        (
            "environment",
            {"torch_npu": None},
            "environment.device says npu, but there is no torch_npu",
        ),
        ("environment", {"npu_name": ""}, "environment.device says npu, but there is no npu_name"),
        ("environment", {"fake_npu": True}, "environment.device says npu, but fake_npu is true"),
        (
            "environment",
            {"product": "atlas-a2"},
            "environment.product says atlas-a2, but npu_name Ascend910_9382 is atlas-a3",
        ),
        (
            "environment",
            {"product": None},
            "environment.product says null, but npu_name Ascend910_9382 is atlas-a3",
        ),
        (
            "environment",
            {"npu_name": "Ascend999"},
            "environment.product says atlas-a3, but npu_name Ascend999 is no product of the "
            "catalogue",
        ),
        (
            "environment",
            {"device": "cpu-reference", "npu_name": None},
            "environment.product says atlas-a3, but there is no npu_name",
        ),
        (
            "top",
            {"docs_versions": ["2.12.0"]},
            "docs_versions says ['2.12.0'], but the record speaks for ['2.13.0']",
        ),
        ("top", {"verified": True}, "unknown top-level keys ['verified']"),
    ],
)
def test_what_is_derived_must_agree_with_what_is_written(
    tmp_path: Path, where: str, changes: Any, expected: str
) -> None:
    data = record()
    if callable(changes):
        changes(data)
    else:
        {"top": data, "environment": data["environment"], "run": data["runs"][0]}[where].update(
            changes
        )
    path = write(tmp_path, data)
    assert error_of(path) == f"{path}: broken evidence record: {expected}"


def test_the_refusal_names_the_run_by_its_index(tmp_path: Path) -> None:
    data = record()
    second = json.loads(json.dumps(data["runs"][0]))
    second["cases"][0]["passed"] = False
    data["runs"].append(second)
    path = write(tmp_path, data)
    assert error_of(path) == (
        f"{path}: broken evidence record: runs[1].verdict says passed, but 1 of 8 cases failed"
    )


def test_an_npu_run_needs_an_npu_that_it_names_and_sees() -> None:
    """Built in code (a live run), not read: the property itself asks for both."""
    assert not environment(visible_npus=0).verifies_npu
    assert not environment(npu_name=None).verifies_npu


def test_the_product_comes_from_the_catalogue_verify_runs_with(tmp_path: Path) -> None:
    """A docs repository's own product is the SoC's product, when its catalogue is given."""
    a5 = Product("atlas-a5", ("Atlas A5",), (), ("Ascend910_95",))
    catalogue = default_catalogue().with_products((a5,))
    data = record()
    data["environment"].update(npu_name="Ascend910_9591", product="atlas-a3")
    path = write(tmp_path, data)
    with pytest.raises(InputError) as caught:
        load_evidence(path, catalogue)
    assert str(caught.value) == (
        f"{path}: broken evidence record: "
        "environment.product says atlas-a3, but npu_name Ascend910_9591 is atlas-a5"
    )
    data["environment"]["product"] = "atlas-a5"
    assert load_evidence(write(tmp_path, data), catalogue).environment.product == "atlas-a5"


def test_verify_refuses_a_contradicting_record_with_exit_2(cli: Invoke) -> None:
    path = str(BAD / "verdict-banana.json")
    code, _, err = cli("verify", VERIFY_DOCS, "--no-live", "--require-npu", "--evidence", path)
    assert code == 2
    assert err.splitlines()[-1] == (
        f"docs-check: error: {path}: broken evidence record: "
        "runs[0].verdict is 'banana', not passed, failed or error"
    )


def test_verify_derives_the_product_with_its_configurations_products(
    cli: Invoke, tmp_path: Path
) -> None:
    config = tmp_path / "docs-check.toml"
    config.write_text(
        '[[product]]\nid = "atlas-a5"\nnames = ["Atlas A5"]\nsoc = ["Ascend910_95"]\n',
        encoding="utf-8",
    )
    data = record()
    data["environment"].update(npu_name="Ascend910_9591", product="atlas-a3")
    path = write(tmp_path, data)
    argv = ("verify", VERIFY_DOCS, "--no-live", "--config", str(config), "--evidence", path)
    code, _, err = cli(*argv)
    assert code == 2
    assert err.splitlines()[-1] == (
        f"docs-check: error: {path}: broken evidence record: "
        "environment.product says atlas-a3, but npu_name Ascend910_9591 is atlas-a5"
    )


def test_a_large_record_works_out_each_field_type_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """100,000 cases load with each dataclass's field types worked out once,
    not for each case (get_type_hints per case took some 40 times the JSON
    parse). Counted, not timed: the speed is the benchmark's to measure."""
    from checker.verify import evidence_load as module

    data = record()
    data["runs"][0]["cases"] = [
        {"name": f"case {i}", "passed": True, "detail": "x" * 100} for i in range(100_000)
    ]
    path = write(tmp_path, data)
    asked: list[type] = []
    hints = module.get_type_hints

    def counted(cls: type) -> dict[str, object]:
        asked.append(cls)
        return hints(cls)

    monkeypatch.setattr(module, "get_type_hints", counted)
    monkeypatch.setattr(module, "_SCHEMAS", {})
    loaded = load_evidence(path)
    assert len(loaded.runs[0].cases) == 100_000
    assert len(asked) == len(set(asked)) and module.Case in asked


# -- exactly what is written and read back: frozen parts, the JSON text, numbers, version


@pytest.mark.parametrize("name", ["case", "run", "environment", "evidence"])
def test_records_are_frozen(name: str) -> None:
    """Evidence is what it was when read: none of its parts can be changed after."""
    whole = evidence()
    part = {
        "case": whole.runs[0].cases[0],
        "run": whole.runs[0],
        "environment": whole.environment,
        "evidence": whole,
    }[name]
    field = dataclasses.fields(part)[0].name
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(part, field, None)


def test_to_object_writes_every_top_level_key_in_order() -> None:
    document = evidence().to_object()
    assert list(document) == [
        "schema",
        "schema_version",
        "origin",
        "version",
        "docs_versions",
        "environment",
        "runs",
        "plan",
    ]
    assert document["origin"] == "live"


def test_to_json_keeps_non_ascii_text_and_indents_by_two() -> None:
    run = replace(evidence().runs[0], note="在 NPU 上失败")
    text = replace(evidence(), runs=(run,)).to_json()
    assert '"note": "在 NPU 上失败"' in text  # as written, not as \u escapes
    assert text.splitlines()[:3] == [
        "{",
        '  "schema": "docs-check/evidence",',
        '  "schema_version": 4,',
    ]


def test_the_version_a_record_was_made_for_is_read_back(tmp_path: Path) -> None:
    made = replace(evidence(), version=("2.12.0",))  # a torch 2.13.0 run made for 2.12.0
    loaded = load_evidence(write(tmp_path, made.to_object()))
    assert (loaded.version, loaded.speaks_for) == (("2.12.0",), None)
    mine = replace(evidence(), version=("2.13.0",))
    assert load_evidence(write(tmp_path, mine.to_object(), "mine.json")).speaks_for == "2.13.0"


@pytest.mark.parametrize(
    ("written", "versions"),
    [
        (None, None),
        ("2.12.0", ("2.12.0",)),
        ("2.7.1, 2.12.0", ("2.7.1", "2.12.0")),
        ("no version", ()),
    ],
)
def test_versions_are_a_tuple_written_as_before(
    tmp_path: Path, written: str | None, versions: tuple[str, ...] | None
) -> None:
    """Evidence.version is a tuple of versions; the file keeps its one string
    ("2.7.1, 2.12.0", "no version"), so records written before still load and
    records written now load in an older docs-check."""
    data = {**record(), "version": written}
    data.pop("docs_versions", None)  # it says what the version makes of the record
    loaded = load_evidence(write(tmp_path, data))
    assert loaded.version == versions
    assert loaded.to_object()["version"] == written
    assert loaded.run_for == (written or "")


def test_a_version_that_is_no_string_is_refused(tmp_path: Path) -> None:
    path = write(tmp_path, {**record(), "version": 5})
    assert error_of(path) == f"{path}: broken evidence record: version is not a string: 5"


def test_a_repository_tests_run_is_read(tmp_path: Path) -> None:
    data = record()
    data["runs"][0]["source"] = "repo-test"
    assert load_evidence(write(tmp_path, data)).runs[0].source == "repo-test"


def test_one_npu_seen_is_enough_to_verify() -> None:
    assert environment(visible_npus=1).verifies_npu


@pytest.mark.parametrize(
    ("key", "value", "expected"),
    [
        ("duration_s", 2, None),  # a whole number of seconds is a float's value
        ("duration_s", True, "Run.duration_s has the wrong type: True"),
        ("exit_code", True, "Run.exit_code has the wrong type: True"),
    ],
)
def test_numbers_are_numbers_and_never_booleans(
    tmp_path: Path, key: str, value: Any, expected: str | None
) -> None:
    data = record()
    data["runs"][0][key] = value
    path = write(tmp_path, data)
    if expected is None:
        assert getattr(load_evidence(path).runs[0], key) == value
    else:
        assert error_of(path) == f"{path}: broken evidence record: {expected}"


def test_a_schema_2_record_without_its_version_names_the_key(tmp_path: Path) -> None:
    data = json.loads(json.dumps(evidence().to_object()))
    del data["version"]
    path = write(tmp_path, data)
    assert error_of(path) == f"{path}: broken evidence record: 'version'"
