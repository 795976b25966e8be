"""The pieces of `verify --format pr` and the Markdown evidence section: the
commands a reviewer re-runs (checker.report.markdown.rerun), the evidence's notes in
the run's language (checker.report.notes), the products as the page names
them (checker.verify.docs_changes), and --base against the working tree or
a ref, without live runs."""

from __future__ import annotations

import dataclasses
import json
import shlex
from pathlib import Path

import pytest

from checker.i18n import chosen
from checker.model.catalogue import default_catalogue
from checker.model.evidence import Case, Run
from checker.report.markdown.rerun import framework, rerun
from checker.report.notes import note_said, summary_said
from checker.sources.corpus import read_corpus
from checker.verify.docs_changes import written_name
from tests.app.release_repo import build_release_repo
from tests.helpers import FIXTURES, git

from ..conftest import Invoke

TEST = "test/distributed/elastic/metrics/test_metrics_api.py"
HARNESS = (
    "/tmp/x/python",
    "/venv/lib/site-packages/checker/torch/scripts/harness.py",
    "--test",
    TEST,
)
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"


def repo_test(summary: str = "Ran 7 tests in 0.055s, OK", **changes: object) -> Run:
    run = Run(
        "torch.x", TEST, "repo-test", ("TORCH_DEVICE_BACKEND_AUTOLOAD=0", *HARNESS),
        (Case(f"{TEST}::T::test_a", True),), 0.1, 0, "passed", "", "origin/v2.12.0", summary,
    )  # fmt: skip
    return dataclasses.replace(run, **changes)  # type: ignore[arg-type]


def test_a_unittest_repository_test_as_a_person_runs_it() -> None:
    assert rerun(repo_test()) == (
        f"git checkout origin/v2.12.0 && TORCH_DEVICE_BACKEND_AUTOLOAD=0 python {TEST} -v"
    )
    one_class = repo_test(behaviour=f"{TEST}::ElasticMetricsApiTest")
    assert rerun(one_class).endswith(f"python {TEST} -v ElasticMetricsApiTest")


def test_the_variable_only_when_the_run_set_it_and_no_checkout_in_the_working_tree() -> None:
    run = repo_test(command=HARNESS, ref=None)
    assert rerun(run) == f"python {TEST} -v"
    spaced = repo_test(behaviour="test/a b.py", ref=None, command=HARNESS)
    assert rerun(spaced) == "python 'test/a b.py' -v"


def test_pytest_by_the_runs_framework_or_its_summary_line() -> None:
    by_summary = repo_test(summary="1 failed, 6 passed in 0.12s", behaviour=f"{TEST}::test_x")
    assert framework(by_summary) == "pytest"
    assert rerun(by_summary) == (
        "git checkout origin/v2.12.0 && TORCH_DEVICE_BACKEND_AUTOLOAD=0 "
        f"python -m pytest {TEST}::test_x -v"
    )
    assert framework(repo_test()) == "unittest"

    named = dataclasses.replace(repo_test(), framework="pytest")  # the run's own word
    assert framework(named) == "pytest"


def test_docs_checks_own_behaviour_is_rerun_with_docs_check_whatever_its_ref() -> None:
    own = repo_test(source="behaviour", behaviour="put_metric", api="torch.a.put_metric")
    assert framework(own) == ""
    assert rerun(own) == (
        "docs-check probe --api torch.a.put_metric --python python --output evidence.json"
    )


def test_the_behaviours_rerun_command_runs(
    cli: Invoke, npu_python: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command the reports print runs as printed, `python` being that
    environment's interpreter, and writes the evidence it names."""
    own = repo_test(source="behaviour", behaviour="put_metric", api=PUT_METRIC)
    argv = shlex.split(rerun(own))
    assert argv[0] == "docs-check"
    argv[argv.index("python")] = npu_python
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(*argv[1:])
    assert code == 0, err
    written = json.loads((tmp_path / "evidence.json").read_text(encoding="utf-8"))
    assert [run["behaviour"] for run in written["runs"]][:1] == ["put_metric"]


CAUSE = "RuntimeError: Failed to load the backend extension: torch_npu. (caused by ImportError: x)"


@pytest.mark.parametrize(
    ("note", "zh"),
    [
        (f"CPU reference run; NPU not available: {CAUSE}",
         "CPU 参考运行；NPU 不可用：RuntimeError: Failed to load the backend extension: torch_npu."
         "（起因：ImportError: x）"),
        ("FAKE torch release (test double): torch 2.13.0+cpu reports 2.7.1+cpu; "
         "CPU reference run; NPU not available: no NPU reported by torch_npu",
         "FAKE torch 版本（测试替身）：torch 2.13.0+cpu 报告为 2.7.1+cpu；"
         "CPU 参考运行；NPU 不可用：torch_npu 未报告任何 NPU"),
        ("FAKE torch_npu test double reporting Ascend910B3: not an NPU run",
         "FAKE torch_npu 测试替身，报告 Ascend910B3：不是 NPU 运行"),
        ("NPU run on Ascend910B3: ones(2)*2", "在 Ascend910B3 上的 NPU 运行：ones(2)*2"),
        ("something else: kept", "something else: kept"),
    ],
)  # fmt: skip
def test_the_evidence_notes_fixed_sentences_are_translated(note: str, zh: str) -> None:
    with chosen("zh"):
        assert note_said(note) == zh
    with chosen("en"):
        assert note_said(note) == note


def test_docs_checks_own_summaries_translated_a_frameworks_kept() -> None:
    with chosen("zh"):
        assert summary_said("passed 8/8 cases") == "通过 8/8 个用例"
        assert summary_said("Ran 7 tests in 0.055s, OK") == "Ran 7 tests in 0.055s, OK"


def test_products_are_named_as_the_page_writes_them() -> None:
    catalogue = default_catalogue()
    docs = FIXTURES / "release-repo" / "master" / "docs"
    (page,) = read_corpus([str(docs / PAGE.removeprefix("docs/"))], catalogue).pages
    (entry,) = page.entries
    assert written_name(entry, "ascend-950", catalogue) == "Ascend 950DT"
    assert written_name(entry, "atlas-a2", catalogue) == "Atlas A2 训练系列产品"
    inline = dataclasses.replace(entry, raw="是，暂不支持Ascend  950DT", product_lines=())
    assert written_name(inline, "ascend-950", catalogue) == "Ascend 950DT"  # as written, spaced
    assert written_name(inline, "atlas-a3", catalogue) == "Atlas A3 训练系列产品"  # the catalogue's


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return build_release_repo(tmp_path / "repo")


def test_base_against_the_working_tree(cli: Invoke, repo: Path) -> None:
    page = repo / PAGE
    page.write_text(
        page.read_text(encoding="utf-8").replace("950DT</term> | ✘", "950DT</term> | ✔")
    )
    argv = ("verify", "--git", str(repo), str(repo / "docs"), "--no-live", "--format", "pr")
    _, out, _ = cli(*argv, "--base", "master")
    assert "\n涉及：工作区 相对 `master` 有 1 处资料条目变更（变更前 → 变更后）：\n" in out
    assert f"\n- `{PAGE}:21`（2.12.0）：`torch.distributed.elastic.metrics.put_metric` " in out
    assert "Ascend 950DT：✘ → ✔\n" in out


def test_base_with_no_change_is_not_involved(cli: Invoke, repo: Path) -> None:
    git(repo, "branch", "target")
    argv = ("verify", "--git", str(repo), "--ref", "master", "docs", "--no-live")
    _, out, _ = cli(*argv, "--base", "target", "--format", "pr")
    assert "\n不涉及：master 的资料条目与 `target` 相同。\n" in out
    _, out, _ = cli(*argv, "--base", "target", "--format", "pr", "--lang", "en")
    assert "\nNot involved: the docs entries at master are those at `target`.\n" in out


def test_a_failed_tests_whole_text_is_in_details_in_the_pr_report() -> None:
    from checker.app.verify import outcome_of
    from checker.model.evidence import Environment, Evidence
    from checker.report.markdown.pr import render
    from checker.verify.verify_report import VerifyReport

    trace = (
        "Traceback (most recent call last):\n"
        '  File "test/distributed/elastic/metrics/test_metrics_api.py", line 40, in test_b\n'
        "    self.assertEqual(1, 2)\n"
        "AssertionError: 1 != 2"
    )
    cases = (Case(f"{TEST}::T::test_a", True), Case(f"{TEST}::T::test_b", False, trace))
    run = repo_test(summary="Ran 2 tests in 0.010s, FAILED (failures=1)", cases=cases)
    run = dataclasses.replace(run, verdict="failed", exit_code=1)
    note = "CPU reference run; NPU not available: torch_npu is not installed"
    env = Environment("L", "3.11", "2.12.0", "2.12.0", None, None, 0, None, "cpu-reference",
                      False, note)  # fmt: skip
    report = VerifyReport((), (), (Evidence(env, (run,), "live"),), (), (), refs=("master",))
    with chosen("zh"):
        out = render(outcome_of(report))
    assert f"\n  FAILED {TEST}::T::test_b: AssertionError: 1 != 2（全文见下）\n" in out
    assert (
        f"\n<details><summary><code>{TEST}::T::test_b</code> 的失败信息</summary>\n\n"
        f"```text\n{trace}\n```\n\n</details>\n"
    ) in out
    assert "RESULT=Ran 2 tests in 0.010s, FAILED (failures=1)（退出码 1）\n" in out


def test_the_pr_verdict_names_the_failed_test_and_details_hold_its_traceback() -> None:
    """A run of evidence schema 3 keeps the framework's whole failure text
    (`Case.traceback`) beside the one-line detail: the PR's 结论 names the
    test that failed, the block keeps the one line, and <details> the whole."""
    from checker.app.verify import outcome_of
    from checker.model.evidence import Environment, Evidence
    from checker.report.markdown.pr import render
    from checker.verify.verify_report import VerifyReport

    trace = (
        "Traceback (most recent call last):\n"
        '  File "test/distributed/elastic/metrics/test_metrics_api.py", line 61, in test_b\n'
        "    self.assertEqual(1, 2)\n"
        "AssertionError: 1 != 2\n"
        "\n"
        "?  ^"
    )
    failed = Case(f"{TEST}::T::test_b", False, "AssertionError: 1 != 2 at line 61", trace)
    cases = (Case(f"{TEST}::T::test_a", True), failed)
    run = repo_test(summary="Ran 2 tests in 0.010s, FAILED (failures=1)", cases=cases)
    run = dataclasses.replace(run, verdict="failed", exit_code=1)
    note = "CPU reference run; NPU not available: torch_npu is not installed"
    env = Environment("L", "3.11", "2.12.0", "2.12.0", None, None, 0, None, "cpu-reference",
                      False, note)  # fmt: skip
    from checker.model.expectation import Expectation
    from checker.model.support import Status

    rule = Expectation("r", "torch.x", "p.md", "是", Status(), (), None, TEST, "r.toml:1")
    evidence = (Evidence(env, (run,), "live"),)
    report = VerifyReport((rule,), (), evidence, (), (), refs=("master",))
    with chosen("zh"):
        out = render(outcome_of(report))
    (verdict,) = [line for line in out.splitlines() if line.startswith("结论：")]
    assert verdict.startswith("结论：✘ 失败（退出码 1）：")  # a test of the rule failed
    assert verdict.endswith(
        "）：test_metrics_api.py 在 origin/v2.12.0 上以 torch 2.12.0 "
        "运行失败（2 个测试中 1 个：test_b）。"
    )
    assert f"\n  FAILED {TEST}::T::test_b: AssertionError: 1 != 2 at line 61（全文见下）\n" in out
    assert f"\n```text\n{trace}\n```\n\n</details>\n" in out
