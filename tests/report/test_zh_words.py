"""Under `--lang zh` every word docs-check writes itself is Chinese, with
Chinese punctuation; ids (rule ids, verdict ids, product ids), paths, code
and an exception's text stay as they are. The verify report on the examples
with a failing NPU run and a passing CPU reference run, and the tests
report's levels."""

from __future__ import annotations

import re
from pathlib import Path

from .conftest import VERIFY_FAILING, Invoke

# docs-check's own English words that the zh verify report showed as they are
ENGLISH = re.compile(
    r"\b(supported|unsupported|unstated|none|passed|failed|live|FAILED|"
    r"is not installed|at [a-z])\b"
)


def test_the_verify_report_says_its_own_words_in_chinese(cli: Invoke) -> None:
    _, out, err = cli("--lang", "zh", *VERIFY_FAILING)
    rows = [line for line in out.splitlines() if re.match(r"    (atlas|ascend)", line)]
    assert rows and all("文档为 " in row and "观察到 " in row for row in rows)
    assert all(not ENGLISH.search(row.split("（", 1)[0]) for row in rows), rows[:3]
    assert "    CPU 参考运行；NPU 不可用：未安装 torch_npu" in out
    assert "[behaviour put_metric]：通过，8/8 个用例" in out
    assert "[behaviour put_metric]：失败，7/8 个用例" in out
    assert "      未通过 zero value：AssertionError: value 0.0, expected 0 at line 52" in out
    live = [line for line in out.splitlines() if line.startswith("  live")]
    assert live == []
    # verdict ids stay ids; the list between them is Chinese
    assert "（1 doc-claims-support-test-fails，3 doc-differs-from-rule，11 unverified）" in err


def test_a_note_at_a_ref_and_its_hint_are_chinese() -> None:
    from checker.i18n import chosen
    from checker.report.notes import note_said
    from checker.torch.runs import NEEDS_EXTRA

    note = f"ModuleNotFoundError: No module named 'expecttest' (at master); {NEEDS_EXTRA}"
    with chosen("zh"):
        said = note_said(note)
    assert said == (
        "ModuleNotFoundError: No module named 'expecttest'（在 master）；仓库的测试需要它："
        '请在运行测试的解释器中 pip install "docs-check[verify]"'
    )


def test_the_tests_report_s_levels_and_lists_are_chinese(cli: Invoke) -> None:
    fixture = "tests/fixtures/testmap"
    _, out, err = cli(
        "--lang", "zh", "tests", f"{fixture}/docs", "--tests", f"{fixture}/test", "--show-notes"
    )
    assert "  atlas-a2：9 个支持声明中有 4 个有测试支撑（44.4%）：call 3，method 1" in out
    assert " claim-tests-disabled [警告] " in out and " claim-unbacked [说明] " in out
    assert "标为 atlas-a2，atlas-a3，ascend-950 支持" in out
    assert "；2 claim-tests-disabled，3 claim-unbacked，1 unsupported-but-tested；" in err
    assert not re.search(r"\[(warning|note|error)\]", out)


def test_the_markdown_report_says_statuses_in_chinese(cli: Invoke) -> None:
    _, out, _ = cli("--lang", "zh", *VERIFY_FAILING, "--format", "markdown")
    assert "✘ 否：ascend-950 为 支持，期望 不支持" in out
    assert "| atlas-a3 | 支持 | 失败 | ✘ doc-claims-support-test-fails：未通过：zero value |" in out
    rows = [line for line in out.splitlines() if line.startswith("| 2.")]
    assert rows and not any(ENGLISH.search(row.split("`")[-1]) for row in rows), rows


def test_the_site_s_levels_are_chinese(tmp_path: Path) -> None:
    from checker.cli import run
    from tests.site import SITE_DOCS

    site = tmp_path / "site"
    assert run(["--lang", "zh", "report", str(SITE_DOCS), "--html", str(site), "--no-cache"]) == 0
    view = next((site / "pages").glob("pytorch_2-13-0_torch-hostile-*.html"))
    text = view.read_text(encoding="utf-8")
    assert '<span class="error">出错</span>' in text or '<td class="error">出错</td>' in text
    assert not re.search(r'class="(error|warning|note)">(error|warning|note)<', text)
