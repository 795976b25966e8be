"""`verify --backed` on a clone of a repository shaped like torch-npu's
(tests/fixtures/backed-repo: docs on master, the release's tests only as
`origin/v2.12.0`): the plan of the tests that back the metrics APIs, split
by `--shard 1/2` and `2/2` into disjoint parts whose merged evidence is the
unsharded run's, a case given twice refused, a shard missing reported.

The only torch here is 2.13.0: docs 2.12.0's environment is a FAKE wrapper
around this interpreter's torch (fake_torch_python), and every run is a CPU
reference run that counts for no product. The runs are made once per module."""

from __future__ import annotations

import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from checker.cli import run
from tests.app.release_repo import clone_release_repo
from tests.helpers import FIXTURES, fake_torch_python, git

API = "torch.distributed.elastic.metrics.*"
METRICS = "test/distributed/elastic/metrics"
MODULES = [f"{METRICS}/test_metrics_api.py", f"{METRICS}/test_prof.py"]


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path | str]:
    folder = tmp_path_factory.mktemp("backed")
    # the shipped rule's test on the branch is release-repo's, not a copy of it
    shape = folder / "shape"
    shutil.copytree(FIXTURES / "backed-repo", shape)
    shutil.copyfile(
        FIXTURES / "release-repo" / "master" / MODULES[0], shape / "v2.12.0" / MODULES[0]
    )
    repo = clone_release_repo(folder, shape, ("v2.12.0",))
    assert "v2.12.0" not in git(repo, "branch", "--list")  # only origin/v2.12.0
    python = fake_torch_python(folder, sys.executable, "2.12.0+cpu")
    return {"repo": repo, "python": python, "folder": folder}


def _backed(clone: dict[str, Any], name: str, *argv: str) -> tuple[int, dict[str, Any]]:
    """`verify . --backed --api API ARGV --format json` in the clone."""
    output = Path(clone["folder"]) / f"{name}.json"
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(clone["repo"])
        base = ["verify", ".", "--backed", "--api", API, "--format", "json", "-q"]
        code = run([*base, "--output", str(output), *argv])
    return code, json.loads(output.read_text("utf-8"))


def _live(clone: dict[str, Any], name: str, *argv: str) -> tuple[int, dict[str, Any], Path]:
    evidence = Path(clone["folder"]) / f"evidence-{name}.json"
    runs = [f"--python-for=2.12.0={clone['python']}", "--test-ref=2.12.0=origin/v2.12.0"]
    code, report = _backed(clone, name, *runs, "--write-evidence", str(evidence), *argv)
    return code, report, evidence


@pytest.fixture(scope="module")
def whole(clone: dict[str, Any]) -> tuple[int, dict[str, Any], Path]:
    return _live(clone, "whole")


@pytest.fixture(scope="module")
def shards(clone: dict[str, Any]) -> list[tuple[int, dict[str, Any], Path]]:
    return [_live(clone, f"shard-{i}", "--shard", f"{i}/2") for i in (1, 2)]


def _cases(evidence: dict[str, Any]) -> list[str]:
    return [case["name"] for run in evidence["runs"] for case in run["cases"]]


def _planned(plan: dict[str, Any], shard: int | None = None) -> list[str]:
    return [
        case["name"]
        for module in plan["modules"]
        if shard in (None, module["shard"])
        for case in module["cases"]
    ]


def _timeless(evidence: dict[str, Any]) -> dict[str, Any]:
    """A record without what differs between two runs of the same tests:
    where it was read from, the durations, the seconds unittest reports, and
    how the plan was split."""
    runs = [
        {**run, "duration_s": 0, "summary": re.sub(r" in [0-9.]+s", " in -s", run["summary"])}
        for run in evidence["runs"]
    ]
    plan = [(m["path"], m["cases"]) for m in evidence["plan"]["modules"]]
    kept = {k: v for k, v in evidence.items() if k not in ("origin", "runs", "plan")}
    return {**kept, "runs": runs, "plan": plan}


def test_the_plan_is_the_cases_that_back_the_metrics_apis(whole: Any) -> None:
    code, report, _ = whole
    assert code == 0  # nothing failed; no NPU verified anything either
    (plan,) = report["plans"]
    assert (plan["version"], plan["ref"], plan["shard"], plan["shards"]) == (
        "2.12.0",
        "origin/v2.12.0",
        0,
        1,
    )
    assert [m["path"] for m in plan["modules"]] == MODULES  # test_unrelated.py backs none
    names = _planned(plan)
    assert len(names) == 9
    # disabled on every product by the branch's list: it backs no claim, and is not run
    assert f"{MODULES[1]}::TestProf::test_prof_disabled_everywhere" not in names
    apis = {api for m in plan["modules"] for c in m["cases"] for api in c["apis"]}
    assert apis == {
        "torch.distributed.elastic.metrics.api.NullMetricHandler",
        "torch.distributed.elastic.metrics.configure",
        "torch.distributed.elastic.metrics.prof",
        "torch.distributed.elastic.metrics.put_metric",
    }  # events.record is documented too, and not selected


def test_every_planned_case_ran_and_is_a_cpu_reference_run_that_counts_for_no_product(
    whole: Any,
) -> None:
    _, report, _ = whole
    (evidence,) = report["evidence"]
    assert sorted(_cases(evidence)) == sorted(_planned(evidence["plan"]))
    assert all(case["passed"] for run in evidence["runs"] for case in run["cases"])
    assert {run["source"] for run in evidence["runs"]} == {"backing-test"}
    assert {run["framework"] for run in evidence["runs"]} == {"unittest"}
    environment = evidence["environment"]
    assert environment["device"] == "cpu-reference"
    assert "CPU reference run; NPU not available:" in environment["note"]
    assert {claim["verdict"] for claim in report["claims"]} == {"unverified"}
    assert {claim["cases"] for claim in report["claims"]} == {0}
    put = [c for c in report["claims"] if c["api"].endswith("put_metric")]
    assert [c["product"] for c in put] == ["atlas-a2", "atlas-a3", "ascend-950"]
    assert "fake run (test double, never counted): 8 of 8 cases passed" in put[0]["detail"]


def test_the_two_shards_are_disjoint_and_together_the_plan(whole: Any, shards: Any) -> None:
    _, report, _ = whole
    plan = report["plans"][0]
    ran = []
    for number, (code, part, _) in enumerate(shards, 1):
        assert code == 0
        (evidence,) = part["evidence"]
        assert (evidence["plan"]["shard"], evidence["plan"]["shards"]) == (number, 2)
        assert _cases(evidence)  # neither shard is empty
        assert sorted(_cases(evidence)) == sorted(_planned(evidence["plan"], number))
        ran.append(set(_cases(evidence)))
    assert not ran[0] & ran[1]
    assert ran[0] | ran[1] == set(_planned(plan))


def test_the_merged_shards_are_the_unsharded_run(clone: Any, whole: Any, shards: Any) -> None:
    files = [f"--evidence={path}" for _, _, path in shards]
    code, gate = _backed(clone, "gate", "--no-live", *files)
    assert code == 0
    (merged,) = gate["evidence"]
    (unsharded,) = whole[1]["evidence"]
    assert merged["origin"] == ", ".join(str(path) for _, _, path in shards)
    assert merged["plan"]["shard"] == 0  # the whole plan
    assert _timeless(merged) == _timeless(unsharded)
    assert gate["claims"] == whole[1]["claims"]


def test_a_case_in_two_files_is_refused(
    clone: Any, shards: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    first = shards[0][2]
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(clone["repo"])
        capsys.readouterr()
        code = run(
            ["verify", ".", "--backed", "--no-live", f"--evidence={first}", f"--evidence={first}"]
        )
    out, err = capsys.readouterr()
    assert code == 2
    assert out == ""
    assert err == (
        f"docs-check: error: {first}: case {MODULES[0]}::TestMetricsApi::test_default_group "
        f"is also in {first}: each case of a plan runs in one shard only\n"
    )


def test_a_missing_shard_is_reported(clone: Any, shards: Any) -> None:
    code, gate = _backed(clone, "one-shard", "--no-live", f"--evidence={shards[0][2]}")
    assert code == 2
    assert gate["errors"] == [
        f"docs 2.12.0 (--api {API}): shard 2/2 is missing: no evidence file given holds its "
        f"cases (modules: 1, cases: 2, first: {MODULES[1]})"
    ]


@pytest.mark.parametrize(
    ("shard", "said"),
    [
        ("3/2", "--shard 3/2: I must be from 1 to N, and N at least 1"),
        ("0/2", "--shard 0/2: I must be from 1 to N, and N at least 1"),
        ("1/0", "--shard 1/0: I must be from 1 to N, and N at least 1"),
        ("half", "--shard half: not I/N (e.g. 1/4)"),
    ],
)
def test_a_bad_shard_is_one_line_and_exit_2(cli: Any, shard: str, said: str) -> None:
    code, out, err = cli("verify", "--backed", "--shard", shard)
    assert (code, out, err) == (2, "", f"docs-check: error: {said}\n")


def test_each_shards_evidence_file_is_valid_against_the_evidence_schema(shards: Any) -> None:
    from tests.report.test_json_schema import valid

    for _, _, path in shards:
        document = valid("evidence", path.read_text("utf-8"))
        assert document["schema_version"] == 4
        assert all(case["apis"] for run in document["runs"] for case in run["cases"])


def test_the_rules_test_at_a_test_ref_backs_its_api(
    clone: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    """`tests` (and so the plan) finds the shipped rule's test in a ref's tree,
    whose modules it names `origin/v2.12.0:test/…`."""
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(clone["repo"])
        capsys.readouterr()
        argv = ["tests", ".", "--git", ".", "--test-ref", "2.12.0=origin/v2.12.0"]
        run([*argv, "--format", "json"])
    (version,) = json.loads(capsys.readouterr().out)["versions"]
    rules = [(link["api"], link["test"]) for link in version["links"] if link["kind"] == "rule"]
    assert rules == [("torch.distributed.elastic.metrics.put_metric", MODULES[0])]
