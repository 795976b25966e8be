"""`verify --format pr --base REF` on a user's clone of the release-shaped
repository (tests/app/release_repo.py), as the engineer pastes it into the
torch-npu pull-request template: a commit on master flips put_metric's
Ascend 950DT ✘ → ✔ on the 2.12.0 page, and the report of that commit against
the one before says 涉及 with the change before → after at the page's line,
products named as the page writes them, and per docs version the commands a
reviewer re-runs from a checkout, never a temporary or installed path.

The environments of 2.7.1, 2.11.0 and 2.12.0 are FAKE wrappers around the real
torch_npu 2.13.0 environment (tests/helpers.py:fake_torch_python). One live
run, shared by the tests of this module: its report in Chinese, and in English."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from tests.app.release_repo import TEST, clone_release_repo
from tests.helpers import fake_torch_python, git, outcomes_of

PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
FLIPPED = 21  # the page's `| <term>Ascend 950DT</term> | ✘ |` row
REFS = {"2.7.1": "origin/v2.7.1", "2.11.0": "origin/v2.11.0", "2.12.0": "origin/v2.12.0"}
REFS["2.13.0"] = "master"
RAN = {"2.7.1": 5, "2.11.0": 6, "2.12.0": 7, "2.13.0": 7}
# What the Chinese report must not say in English: docs-check's own sentences.
ENGLISH = (
    "CPU reference run", "NPU not available", "test double", "FAKE torch release", "reports",
    "exit ", "passed", "cases", "working tree", "behaviour", "command to re-run", "Involved",
    "change", "live run", "docs 2.", "no NPU", "caused by", "target branch", "result",
)  # fmt: skip


@pytest.fixture(scope="module")
def flipped(tmp_path_factory: pytest.TempPathFactory, npu_python: str) -> dict[str, Any]:
    """The clone with the flip committed on master, the commit before it, and
    an interpreter per docs version."""
    folder = tmp_path_factory.mktemp("pr")
    clone = clone_release_repo(folder)
    page = clone / PAGE
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[FLIPPED - 1] == "| <term>Ascend 950DT</term> | ✘ |\n"
    lines[FLIPPED - 1] = "| <term>Ascend 950DT</term> | ✔ |\n"
    page.write_text("".join(lines), encoding="utf-8")
    git(clone, "commit", "-qam", "2.12.0: put_metric on Ascend 950DT")
    base = git(clone, "rev-parse", "HEAD~1").strip()
    pythons = {v: fake_torch_python(folder, npu_python, f"{v}+cpu") for v in RAN}
    pythons["2.13.0"] = npu_python
    return {"clone": clone, "base": base, "pythons": pythons, "folder": folder}


def argv_of(flipped: dict[str, Any], *more: str) -> list[str]:
    argv = ["verify", "--git", str(flipped["clone"]), "--ref", "master", "docs"]
    for version, python in flipped["pythons"].items():
        argv += ["--python-for", f"{version}={python}", "--test-ref", f"{version}={REFS[version]}"]
    return argv + list(more)


def pr_report(flipped: dict[str, Any], name: str, *more: str) -> tuple[int, str, Any]:
    """The report `verify --format pr` writes, its exit code and its outcome."""
    from checker.cli import run

    output = Path(flipped["folder"], name)
    with outcomes_of("verify") as outcomes:
        code = run(argv_of(flipped, "--format", "pr", "--output", str(output), "-q", *more))
    (outcome,) = outcomes
    return code, output.read_text(encoding="utf-8"), outcome


@pytest.fixture(scope="module")
def live(flipped: dict[str, Any]) -> tuple[int, str, Any]:
    """The module's one live run: the report in the format's own language (Chinese)."""
    return pr_report(flipped, "pr.zh.md", "--base", flipped["base"])


@pytest.fixture(scope="module")
def chinese(live: tuple[int, str, Any]) -> tuple[int, str]:
    return live[0], live[1]


@pytest.fixture(scope="module")
def english(live: tuple[int, str, Any]) -> tuple[int, str]:
    """The same outcome rendered as `--lang en` renders it (`--format pr --lang
    en` on the command line is tests/report/test_pr.py's): a second live run
    would import torch four times again. The render is the CLI's: in Chinese it
    is the file the run wrote."""
    from checker.i18n import chosen
    from checker.report.formats import render

    code, written, outcome = live
    with chosen("zh"):
        assert render("pr", outcome) == written
    with chosen("en"):
        return code, render("pr", outcome)


def test_the_change_is_named_before_to_after_at_the_pages_line(
    chinese: tuple[int, str], flipped: dict[str, Any]
) -> None:
    code, out = chinese
    assert code == 1  # the flip contradicts the rule: verify fails, as every format says
    changes = out.split("\n# 【功能验证】\n")[0]
    base = flipped["base"]
    assert changes.startswith(
        "# 【资料变更】\n\n"
        f"涉及：master 相对 `{base}` 有 1 处资料条目变更（变更前 → 变更后）：\n\n"
        f"- `{PAGE}:{FLIPPED}`（2.12.0）：`torch.distributed.elastic.metrics.put_metric` "
        "Ascend 950DT：✘ → ✔\n"
    )
    assert "ascend-950" not in out and "atlas-a2" not in out  # the page's names, not ids
    assert "Atlas A2 训练系列产品 ✔，Atlas A3 训练系列产品 ✔，Ascend 950DT ✔" in changes


def test_each_version_has_the_commands_a_reviewer_reruns(chinese: tuple[int, str]) -> None:
    out = chinese[1]
    assert "/tmp" not in out and "site-packages" not in out and "harness.py" not in out
    blocks = re.findall(r"```text\n(VALIDATION EVIDENCE\n.*?)```", out, re.DOTALL)
    assert len(blocks) == 4  # one per environment
    headings = re.findall(r"^#### \d\. `本机现场运行`：资料版本 (\S+)，", out, re.MULTILINE)
    assert headings == list(RAN)  # each environment's line names the version it served
    for (version, ref), block in zip(REFS.items(), blocks, strict=True):
        values = [line.split("=", 1) for line in block.splitlines()[1:]]
        assert dict(values)["TARGET_BRANCH"] == ref  # the ref its repository test came from
        commands = [value for key, value in values if key == "COMMAND"]
        assert commands == [
            "docs-check probe --api torch.distributed.elastic.metrics.put_metric"
            " --python python --output evidence.json",
            f"git checkout {ref} && TORCH_DEVICE_BACKEND_AUTOLOAD=0 python {TEST} -v",
        ]
        results = [value for key, value in values if key == "RESULT"]
        assert re.fullmatch(
            rf"Ran {RAN[version]} tests in \d+\.\d{{3}}s, OK（退出码 0）", results[-1]
        )
    rows = re.findall(r"^\| `origin/v2\.12\.0` \| (.*) \|$", out, re.MULTILINE)
    assert len(rows) == 1
    cells = rows[0].split(" | ")
    assert cells[:4] == ["2.12.0+cpu（FAKE：测试替身报告的版本）", "2.13.0", "-", "-"]
    assert (
        cells[4]
        == f"`git checkout origin/v2.12.0 && TORCH_DEVICE_BACKEND_AUTOLOAD=0 python {TEST} -v`"
    )


def test_every_line_without_an_npu_names_its_version_in_chinese(chinese: tuple[int, str]) -> None:
    out = chinese[1]
    listed = re.findall(r"^- (资料版本 \S+)（`本机现场运行`）：(.*)$", out, re.MULTILINE)
    assert [version for version, _ in listed] == [f"资料版本 {v}" for v in RAN]
    for version, note in listed:
        fake = (
            ""
            if version.endswith("2.13.0")
            else f"FAKE torch 版本（测试替身）：torch 2.13.0+cpu 报告为 {version.split()[1]}+cpu；"
        )
        assert note.startswith(fake + "CPU 参考运行；NPU 不可用：RuntimeError: ")
    # the exception's own text stays as Python wrote it; docs-check's words do not
    prose = re.sub(r"RuntimeError: Failed to load .*?No such file or directory\)", "", out)
    prose = re.sub(r"Ran \d+ tests in \S+, OK", "", prose)
    found = [word for word in ENGLISH if word in prose]
    assert found == []


def test_english_under_lang_en(english: tuple[int, str], flipped: dict[str, Any]) -> None:
    code, out = english
    assert code == 1
    assert out.startswith(
        "# 【资料变更】\n\n"
        f"Involved: 1 change to docs entries at master against `{flipped['base']}` "
        "(before → after):\n\n"
        f"- `{PAGE}:{FLIPPED}` (2.12.0): `torch.distributed.elastic.metrics.put_metric` "
        "Ascend 950DT: ✘ → ✔\n"
    )
    assert "#### 3. `live run on this machine`: docs 2.12.0, CPU reference run, no NPU" in out
    assert (
        "- docs 2.13.0 (`live run on this machine`): CPU reference run; NPU not available: " in out
    )
    assert re.search(r"\nRESULT=Ran 7 tests in \d+\.\d{3}s, OK, exit 0\n", out)
    chinese_words = (
        "资料版本",
        "本机现场运行",
        "退出码",
        "涉及",
        "复现命令",
        "参考运行",
        "测试替身",
    )
    assert [word for word in chinese_words if word in out] == []
