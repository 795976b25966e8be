"""`verify --format pr`: the two sections of the torch-npu pull-request
template. Stored snapshots (Chinese by default, English with --lang en), then
what the template's reader relies on: every page checked is listed, each one
that differs from the rule is named at path:line, a run without an NPU says so
and never reads as an NPU result, and nothing in it depends on the machine."""

from __future__ import annotations

import pytest

from checker.app.verify import outcome_of
from checker.i18n import chosen
from checker.model.evidence import Case, Environment, Evidence, Run
from checker.report.markdown.pr import render, repo_path
from checker.verify.verify_report import VerifyReport
from tests.helpers import REPO

from ..conftest import VERIFY_EVIDENCE, VERIFY_FAILING, Invoke, snapshot

ELASTIC = "docs/zh/api/native_api/pytorch_2-{}-0/torch-distributed-elastic.md:{}"


def test_verify_pr_matches_snapshots(cli: Invoke) -> None:
    code, out, err = cli(*VERIFY_FAILING, "--format", "pr")
    assert code == 1  # the same exit code as every other format
    assert out == snapshot("verify.pr.md")
    assert err.endswith("; exit 1\n")  # the summary line, in the run's language
    code, out, _ = cli(*VERIFY_FAILING, "--format", "pr", "--lang", "en")
    assert code == 1
    assert out == snapshot("verify.pr.en.md")
    code, out, _ = cli(*VERIFY_EVIDENCE, "--format", "pr")
    assert code == 1
    assert out == snapshot("verify-evidence.pr.md")


def test_chinese_unless_lang_says_otherwise(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    chinese = snapshot("verify.pr.md")
    english = snapshot("verify.pr.en.md")
    # the tests' locale is C.UTF-8, whose other formats are English
    assert cli(*VERIFY_FAILING, "--format", "pr")[1] == chinese
    assert cli("--lang", "en", *VERIFY_FAILING, "--format", "pr")[1] == english
    assert cli(*VERIFY_FAILING, "--format", "pr", "--lang", "zh")[1] == chinese
    monkeypatch.setenv("LANG", "en_US.UTF-8")
    assert cli(*VERIFY_FAILING, "--format", "pr")[1] == chinese
    # and the language stays the run's for what follows: markdown is still English
    assert "Validation evidence" in cli(*VERIFY_FAILING, "--format", "markdown")[1]


def test_the_two_template_sections(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_FAILING, "--format", "pr")
    assert out.startswith(
        "# 【资料变更】\n\n"
        "是否涉及资料变更：未判断：没有给出 --base REF（例如拉取请求的目标分支），无从比较。\n\n"
        "已检查工作区下以下资料条目：\n"
    )  # without --base nothing was compared: neither 涉及 nor 不涉及 is claimed
    assert "不涉及" not in out
    assert out.count("\n# 【功能验证】\n") == 1
    changes, validation = out.split("\n# 【功能验证】\n")
    # every page checked, with what it states; the three that differ, at the line
    assert (
        f"- `{ELASTIC.format(12, 26)}`（2.12.0）："
        "Atlas A2 训练系列产品 ✔，Atlas A3 训练系列产品 ✔，Ascend 950DT ✘" in changes
    )
    assert "4 个条目中有 3 个与规则预期的“是，暂不支持 Ascend 950DT”" in changes
    assert (
        f"- `{ELASTIC.format(11, 32)}`（2.11.0）：Ascend 950DT 为未说明，规则预期为不支持"
        in changes
    )
    assert "以下版本未找到条目：2.13.0。" in changes
    assert validation.startswith("\n结论：✘ 失败（退出码 1）。\n")


def test_a_cpu_reference_run_never_reads_as_an_npu_result(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "pr", "--lang", "en")
    validation = out.split("\n# 【功能验证】\n")[1]
    observed, without = validation.split("Runs without NPU verification")
    cpu = "tests/fixtures/verify/evidence/cpu-reference-torch-2.13.0-pass.json"
    fake = "tests/fixtures/verify/evidence/fake-npu-a3-torch-2.13.0-pass.json"
    assert cpu not in observed and fake not in observed
    # each line names the docs version it served, and says what the run was
    said = "CPU reference run; NPU not available: torch_npu is not installed"
    assert f"- docs 2.13.0 (`{cpu}`): {said}" in without
    said = "FAKE torch_npu test double reporting Ascend910_9382: not an NPU run"
    assert f"- docs 2.13.0 (`{fake}`): {said}" in without


def test_no_evidence_says_no_product_was_verified() -> None:
    with chosen("en"):
        out = render(outcome_of(VerifyReport((), (), (), (), ())))
    assert "Observed on an NPU" not in out
    assert out.endswith(
        "\nNo evidence: no live run and no evidence file; no product was verified.\n"
    )


def test_a_live_cpu_run_names_its_cause() -> None:
    note = "CPU reference run; NPU not available: torch_npu is not installed"
    env = Environment(
        "L", "3.11", "2.13.0", None, None, None, 0, None, "cpu-reference", False, note
    )
    run = Run("torch.x", "b", "behaviour", ("py",), (Case("c", True),), 0.1, 0, "passed")
    report = VerifyReport((), (), (Evidence(env, (run,), "live"),), (), (), refs=("master",))
    with chosen("zh"):
        out = render(outcome_of(report))
    assert "\n已检查 master 下以下资料条目：\n" in out
    said = "CPU 参考运行；NPU 不可用：未安装 torch_npu"  # docs-check's own words for the cause
    assert f"\n- 资料版本 2.13.0（`本机现场运行`）：{said}\n" in out
    assert "NPU 上的观察结果" not in out


def test_nothing_depends_on_the_machine(cli: Invoke) -> None:
    for argv in (VERIFY_FAILING, VERIFY_EVIDENCE):
        out = cli(*argv, "--format", "pr")[1]
        assert str(REPO) not in out


@pytest.mark.parametrize(
    ("path", "refs", "named"),
    [
        ("/home/x/torch-npu/docs/zh/pytorch_2-7-1/a.md", (), "docs/zh/pytorch_2-7-1/a.md"),
        ("examples/docs/docs/en/pytorch_2-7-1/a.md", (), "docs/en/pytorch_2-7-1/a.md"),
        ("master:docs/zh/pytorch_2-7-1/a.md", ("master",), "docs/zh/pytorch_2-7-1/a.md"),
        ("pages/pytorch_2-7-1/a.md", (), "pages/pytorch_2-7-1/a.md"),
        ("rules/docs.toml", (), "rules/docs.toml"),  # a file named docs is no docs folder
    ],
)
def test_pages_are_named_by_their_path_in_the_repository(
    path: str, refs: tuple[str, ...], named: str
) -> None:
    assert repo_path(path, refs) == named


def test_lint_has_no_pr_format(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "pr")
    assert (code, out) == (2, "")
    assert "'pr' is not one of" in err
