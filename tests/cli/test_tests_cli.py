"""`docs-check tests`: the project's fixture test tree mapped, its disabled
list applied, the claims judged, in every format; a malformed list is one
error line; a test tree at a git ref; the map cached per blob."""

from __future__ import annotations

import csv
import io
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import checker
from tests.helpers import REPO, git

Invoke = Callable[..., tuple[int, str, str]]
FIXTURE = "tests/fixtures/testmap"
DOCS, TESTS = f"{FIXTURE}/docs", f"{FIXTURE}/test"
PAGE = f"{DOCS}/docs/zh/api/native_api/pytorch_2-12-0/torch.md"
LIST = f"{TESTS}/unsupported_test_cases/.pytorch-disabled-tests.json"
OPS, OBJECTS = f"{TESTS}/test_ops.py", f"{TESTS}/nn/test_objects.py"
SCHEMAS = Path(checker.__file__).parent / "schemas"

TEXT = f"""\
2.12.0: tests {TESTS} (2 modules, 7 cases); disabled list: {LIST}
  8 of 10 documented APIs reached (80.0%), 7 on the NPU (70.0%): call 4, method 2, opinfo 2
  ascend-950: 4 of 7 supported claims backed (57.1%): call 4
  atlas-a2: 4 of 9 supported claims backed (44.4%): call 3, method 1
  atlas-a3: 5 of 9 supported claims backed (55.6%): call 4, method 1
{PAGE}:39: claim-unbacked [note] 3 APIs marked supported that no test reaches on the NPU \
(--show-notes lists them)
{PAGE}:59: claim-tests-disabled [warning] torch.Tensor.exponential_ is marked supported on \
atlas-a2, atlas-a3, ascend-950 for 2.12.0, and every test that reaches it is disabled on NPU: \
{OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_float32 ({LIST}:2); \
{OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_float64 ({LIST}:3)
{PAGE}:69: claim-tests-disabled [warning] torch.cuda.synchronize is marked supported on atlas-a2 \
for 2.12.0, and every test that reaches it is disabled on NPU: \
{OBJECTS}::TestObjects::test_synchronize ({LIST}:4)
{PAGE}:99: unsupported-but-tested [note] torch.sort is marked unsupported on every product for \
2.12.0, and enabled tests reach it on the NPU: {OPS}::TestOpsPRIVATEUSE1::test_sort_npu
"""
# --show-notes: each claim-unbacked note, the one whose test runs on the CPU saying so
NOTES = f"""\
{PAGE}:39: claim-unbacked [note] torch.Tensor.add is marked supported on atlas-a2, atlas-a3, \
ascend-950 for 2.12.0, and only tests on the CPU reach it: {OBJECTS}::TestObjects::test_tensor_add
{PAGE}:79: claim-unbacked [note] torch.distributions.normal.Normal.log_prob is marked supported \
on atlas-a2, atlas-a3, ascend-950 for 2.12.0, and no test reaches it
{PAGE}:89: claim-unbacked [note] torch.distributed.elastic.metrics.put_metric is marked \
supported on atlas-a2, atlas-a3 for 2.12.0, and no test reaches it
"""
SUMMARY = (
    "1 version, 8 of 10 documented APIs reached by a test, 7 by an NPU test; "
    "2 claim-tests-disabled, 3 claim-unbacked, 1 unsupported-but-tested; exit 0\n"
)


def test_the_fixture_tree_is_mapped_and_its_claims_judged(cli_at_repo: Invoke) -> None:
    assert cli_at_repo("tests", DOCS, "--tests", TESTS) == (0, TEXT, SUMMARY)


def test_show_notes_lists_each_unbacked_claim(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo("tests", DOCS, "--tests", TESTS, "--show-notes")
    assert (code, err) == (0, SUMMARY)
    shown = [line for line in out.splitlines() if "claim-unbacked" in line]
    assert shown == NOTES.splitlines()


def test_the_summary_of_several_versions_counts_api_version_pairs(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(REPO / DOCS, docs)
    versions = docs / "docs/zh/api/native_api"
    shutil.copytree(versions / "pytorch_2-12-0", versions / "pytorch_2-11-0")
    code, _, err = cli_at_repo("tests", str(docs), "--tests", TESTS)
    assert code == 0
    assert err.startswith(
        "2 versions, 16 of 20 documented API × version pairs reached by a test, 14 by an NPU test; "
    )


def test_the_notes_alone_do_not_fail_the_run(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo(
        "tests", DOCS, "--tests", TESTS, "--ignore", "claim-tests-disabled"
    )
    assert code == 0
    assert "claim-tests-disabled" not in out
    assert err.endswith("3 claim-unbacked, 1 unsupported-but-tested; exit 0\n")


def test_a_verdicts_level_is_configurable(cli_at_repo: Invoke, tmp_path: Path) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[severity]\n"claim-unbacked" = "error"\n', encoding="utf-8")
    code, out, _ = cli_at_repo("tests", DOCS, "--tests", TESTS, "--config", str(config))
    assert code == 1
    assert f"{PAGE}:79: claim-unbacked [error] " in out  # a level: each shown, never folded


def schema_validator() -> Draft202012Validator:
    loaded = {
        name: json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
        for name in ("lint", "tests")
    }
    registry: Registry[Any] = Registry().with_resources(
        (document["$id"], Resource.from_contents(document)) for document in loaded.values()
    )
    return Draft202012Validator(loaded["tests"], registry=registry)


def test_the_json_report_is_valid_against_its_schema(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo("tests", DOCS, "--tests", TESTS, "--format", "json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert [e.message for e in schema_validator().iter_errors(document)] == []
    (version,) = document["versions"]
    assert version["linked"] == {"call": 4, "method": 2, "opinfo": 2}
    assert (version["reached"], version["reached_npu"]) == (8, 7)
    links = {
        (link["api"], link["kind"], link["exact"], link["device"]) for link in version["links"]
    }
    assert ("torch.optim.SGD.step", "method", True, "npu") in links  # `.npu()` in the test
    # by name: its object is unknown; and a plain test on CPU tensors
    assert ("torch.Tensor.add", "method", False, "cpu") in links
    disabled = [v for v in document["verdicts"] if v["rule"] == "claim-tests-disabled"]
    assert disabled[0]["disabled"] == [
        {
            "test": f"{OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_{dtype}",
            "path": LIST,
            "line": n,
        }
        for dtype, n in (("float32", 2), ("float64", 3))
    ]
    assert {v["severity"] for v in document["verdicts"]} == {"warning", None}


def test_the_schema_refuses_an_unknown_kind() -> None:
    document = {
        "schema": "docs-check/tests",
        "schema_version": 1,
        "versions": [],
        "verdicts": [
            {
                "rule": "claim-unknown",
                "severity": None,
                "path": "p.md",
                "line": 1,
                "entry_line": 1,
                "api": "torch.abs",
                "version": "2.12.0",
                "products": ["atlas-a2"],
                "message": "m",
                "disabled": [],
            }
        ],
        "errors": [],
    }
    assert not schema_validator().is_valid(document)


def test_the_csv_report_is_one_row_per_version_and_api(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo("tests", DOCS, "--tests", TESTS, "--format", "csv")
    assert (code, err) == (0, "")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert len(rows) == 10
    unbacked = sorted(row["api"] for row in rows if row["backed"] == "no")
    assert unbacked == [
        "torch.Tensor.add",  # its one test runs on the CPU
        "torch.Tensor.exponential_",
        "torch.distributed.elastic.metrics.put_metric",
        "torch.distributions.normal.Normal.log_prob",
    ]
    add = next(row for row in rows if row["api"] == "torch.Tensor.add")
    assert (add["tests"], add["npu_tests"]) == ("1", "0")
    sort = next(row for row in rows if row["api"] == "torch.sort")
    said = (sort["supported"], sort["opinfo"], sort["verdicts"])
    assert said == ("", "1", "unsupported-but-tested")


def test_the_markdown_report_has_the_shares_and_the_unbacked_list(cli_at_repo: Invoke) -> None:
    code, out, _ = cli_at_repo("tests", DOCS, "--tests", TESTS, "--format", "markdown")
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    assert "| atlas-a2 | 9 | 4 | 44.4% | 3 | 1 | 0 | 0 |" in out
    assert "<details><summary>3 supported APIs no test reaches on the NPU</summary>" in out
    assert "- `torch.Tensor.add`" in out
    assert "- `torch.distributions.normal.Normal.log_prob`" in out


def test_a_malformed_disabled_list_is_one_error_line_at_its_line(cli_at_repo: Invoke) -> None:
    code, _, err = cli_at_repo(
        "tests", DOCS, "--tests", TESTS, "--disabled", f"2.12.0={FIXTURE}/broken"
    )
    assert code == 2
    assert err.splitlines()[-1] == (
        f"docs-check: error: {FIXTURE}/broken/.pytorch-disabled-tests.json:3: "
        "not JSON: Expecting ':' delimiter"
    )


def test_a_disabled_list_given_for_a_version_replaces_the_trees(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    (tmp_path / ".pytorch-disabled-tests.json").write_text("{}\n", encoding="utf-8")
    code, out, _ = cli_at_repo("tests", DOCS, "--tests", TESTS, "--disabled", f"2.12.0={tmp_path}")
    assert code == 0
    assert "claim-tests-disabled" not in out
    assert f"disabled list: {tmp_path}/.pytorch-disabled-tests.json" in out


def test_a_missing_test_folder_is_a_usage_error(cli_at_repo: Invoke) -> None:
    code, _, err = cli_at_repo("tests", DOCS, "--tests", "no/such/test")
    assert code == 2
    assert err.splitlines()[-1] == "docs-check: error: no/such/test: no such test folder"


def test_the_tests_at_a_git_ref_are_read_as_the_working_trees(cli: Invoke, tmp_path: Path) -> None:
    repo = repo_with_tests_on_a_branch(tmp_path)
    code, out, _ = cli(
        "tests", str(repo / "docs"), "--git", str(repo), "--test-ref", "2.12.0=v2.12.0"
    )
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    assert out.splitlines()[0] == (
        "2.12.0: tests v2.12.0:test (2 modules, 7 cases); disabled list: "
        "v2.12.0:test/unsupported_test_cases/.pytorch-disabled-tests.json"
    )
    assert "v2.12.0:test/test_ops.py::TestOpsPRIVATEUSE1::test_exponential_npu_float32 (" in out


def test_a_warm_run_takes_every_module_from_the_cache(
    cli_at_repo: Invoke, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path))
    cold = cli_at_repo("tests", DOCS, "--tests", TESTS, "--format", "json")
    assert len(list((tmp_path / "test-map").rglob("*.json"))) == 2  # one per module blob
    import checker.testmap.tree as tree

    def refuse(data: bytes | str, path: str = "") -> Any:
        raise AssertionError(f"{path} parsed again")

    monkeypatch.setattr(tree, "scan", refuse)
    assert cli_at_repo("tests", DOCS, "--tests", TESTS, "--format", "json") == cold


def test_a_rules_test_backs_its_api_only_where_the_tree_holds_it(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    """The shipped rule names test/distributed/elastic/metrics/test_metrics_api.py
    from the repository's root: a tree holding that file links put_metric to it
    (kind `rule`); the fixture tree, which lacks it, leaves put_metric unbacked."""
    put_metric = "torch.distributed.elastic.metrics.put_metric"
    held = tmp_path / "test"
    shutil.copytree(REPO / TESTS, held)
    metrics = "distributed/elastic/metrics/test_metrics_api.py"
    (held / metrics).parent.mkdir(parents=True)
    shutil.copy(REPO / "tests/fixtures/release-repo/master/test" / metrics, held / metrics)

    def rule_links(tree: str) -> list[str]:
        code, out, _ = cli_at_repo("tests", DOCS, "--tests", tree, "--format", "json")
        assert code in (0, 1)
        (version,) = json.loads(out)["versions"]
        return [
            link["test"]
            for link in version["links"]
            if link["api"] == put_metric and link["kind"] == "rule"
        ]

    assert rule_links(str(held)) == [f"test/{metrics}"]
    assert rule_links(TESTS) == []


def repo_with_tests_on_a_branch(tmp_path: Path) -> Path:
    """The fixture as torch-npu keeps it: docs on master, the tests only on
    the release branch `v2.12.0`, so the working tree has none."""
    repo = tmp_path / "repo"
    shutil.copytree(REPO / DOCS, repo / "docs")
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "docs")
    git(repo, "checkout", "-qb", "v2.12.0")
    shutil.copytree(REPO / TESTS, repo / "test")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "tests")
    git(repo, "checkout", "-q", "master")
    return repo
