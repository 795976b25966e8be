"""--lang and the locale: the same findings in Chinese and in English, rule ids
and paths as they are; the help in Chinese; and a baseline that is the same
file whatever the language. The Chinese lines come from the catalogue the
build compiled (checker/locale/zh): a checkout that never built it shows
English, and these tests fail."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

Invoke = Callable[..., tuple[int, str, str]]

DOCS = "tests/fixtures/i18n"
PAGE = f"{DOCS}/docs/zh/api/native_api/pytorch_2-12-0/torch-i18n.md"
ENGLISH = [
    f"{PAGE}:13: nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘",
    f"{PAGE}:14: unknown-product unknown product 'Atlas Z9 训练系列产品'",
    f"{PAGE}:24: status-conflict Atlas A2 训练系列产品 is stated unsupported here, "
    "but supported earlier on this line",
]
CHINESE = [
    f"{PAGE}:13: nonstandard-mark 标记 '✗'（读作不支持），而不是 ✔ / ✘",
    f"{PAGE}:14: unknown-product 未知产品 'Atlas Z9 训练系列产品'",
    f"{PAGE}:24: status-conflict Atlas A2 训练系列产品 在此被声明为 unsupported，"
    "但在本行前面，为 supported",
]
ENGLISH_SUMMARY = "3 findings (2 errors, 1 warning) in 1 file, 2 entries\n"
CHINESE_SUMMARY = "3 个问题（2 个错误，1 个警告），共 1 个文件、2 个条目\n"
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")


@pytest.fixture
def locale(monkeypatch: pytest.MonkeyPatch) -> Callable[[str], None]:
    """Sets LANG alone (the other locale variables unset)."""

    def set_lang(value: str) -> None:
        for variable in LOCALE_VARIABLES:
            monkeypatch.delenv(variable, raising=False)
        monkeypatch.setenv("LANG", value)

    return set_lang


def lines(text: str) -> list[str]:
    return text.splitlines()


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "zh", "lint", DOCS),
        ("lint", "--lang", "zh", DOCS),
        ("lint", DOCS, "--lang", "zh"),
    ],
)
def test_lint_in_chinese(
    cli_at_repo: Invoke, locale: Callable[[str], None], argv: tuple[str, ...]
) -> None:
    locale("C.UTF-8")
    code, out, err = cli_at_repo(*argv)
    assert (code, lines(out), err) == (1, CHINESE, CHINESE_SUMMARY)


def test_lint_in_english(cli_at_repo: Invoke, locale: Callable[[str], None]) -> None:
    locale("zh_CN.UTF-8")  # --lang wins over the locale
    code, out, err = cli_at_repo("--lang", "en", "lint", DOCS)
    assert (code, lines(out), err) == (1, ENGLISH, ENGLISH_SUMMARY)


@pytest.mark.parametrize(("lang", "expected"), [("zh_CN.UTF-8", CHINESE), ("en_US.UTF-8", ENGLISH)])
def test_the_locale_chooses_without_lang(
    cli_at_repo: Invoke, locale: Callable[[str], None], lang: str, expected: list[str]
) -> None:
    locale(lang)
    code, out, _ = cli_at_repo("lint", DOCS)
    assert (code, lines(out)) == (1, expected)


def test_language_keeps_rule_ids_and_paths(
    cli_at_repo: Invoke, locale: Callable[[str], None]
) -> None:
    locale("C.UTF-8")
    _, zh, _ = cli_at_repo("--lang", "zh", "lint", DOCS)
    _, en, _ = cli_at_repo("--lang", "en", "lint", DOCS)

    def places(text: str) -> list[tuple[str, str]]:
        return [(line.split(": ")[0], line.split(" ")[1]) for line in lines(text)]

    assert (
        places(zh)
        == places(en)
        == [
            (f"{PAGE}:13", "nonstandard-mark"),
            (f"{PAGE}:14", "unknown-product"),
            (f"{PAGE}:24", "status-conflict"),
        ]
    )
    assert zh != en


def test_a_run_leaves_no_language_behind(
    cli_at_repo: Invoke, locale: Callable[[str], None]
) -> None:
    locale("C.UTF-8")
    cli_at_repo("--lang", "zh", "lint", DOCS)
    code, out, err = cli_at_repo("lint", DOCS)
    assert (code, lines(out), err) == (1, ENGLISH, ENGLISH_SUMMARY)


def test_help_in_chinese(cli: Invoke, locale: Callable[[str], None]) -> None:
    locale("zh_CN.UTF-8")
    code, out, err = cli("--help")
    assert (code, err) == (0, "")
    assert lines(out)[:3] == [
        "用法: docs-check [OPTIONS] COMMAND [ARGS]...",
        "",
        "  检查 torch-npu API 支持文档：所有页面格式，同一个支持模型。",
    ]
    assert "  lint         按静态规则检查文档页面。" in lines(out)
    assert "  -h, --help      显示此帮助并退出。" in lines(out)


def test_command_help_in_chinese(cli: Invoke, locale: Callable[[str], None]) -> None:
    locale("C.UTF-8")
    code, out, _ = cli("lint", "--lang", "zh", "--help")
    assert code == 0
    assert out.startswith(
        "用法: docs-check lint [OPTIONS] [PATHS]...\n\n  按静态规则检查文档页面。"
    )
    assert "\n选项:\n" in out
    assert "  -q, --quiet                     不输出汇总和进度；只输出问题。\n" in out
    # click's extras are translated apart from the help they follow
    assert "报告格式。 [默认：text]" in out


def test_help_in_english_is_click_s(cli: Invoke, locale: Callable[[str], None]) -> None:
    locale("zh_CN.UTF-8")
    code, out, _ = cli("--lang", "en", "--help")
    assert code == 0
    assert lines(out)[:3] == [
        "Usage: docs-check [OPTIONS] COMMAND [ARGS]...",
        "",
        "  Check the torch-npu API support docs: every page format, one support model.",
    ]
    assert "  lint         Check docs pages against the static rules." in lines(out)


def test_sarif_rules_are_described_in_chinese(
    cli_at_repo: Invoke, locale: Callable[[str], None]
) -> None:
    locale("C.UTF-8")
    _, out, _ = cli_at_repo("--lang", "zh", "lint", DOCS, "--format", "sarif")
    run = json.loads(out)["runs"][0]
    rules = {rule["id"]: rule for rule in run["tool"]["driver"]["rules"]}
    assert rules["unknown-product"]["shortDescription"]["text"] == "目录中不存在的产品名"
    results = [(r["ruleId"], r["message"]["text"]) for r in run["results"]]
    assert results[1] == ("unknown-product", "未知产品 'Atlas Z9 训练系列产品'")


def test_a_baseline_is_the_same_in_every_language(
    cli_at_repo: Invoke, locale: Callable[[str], None], tmp_path: Path
) -> None:
    locale("C.UTF-8")
    zh, en = tmp_path / "zh.json", tmp_path / "en.json"
    code_zh, _, said_zh = cli_at_repo("--lang", "zh", "baseline", DOCS, "--output", str(zh))
    code_en, _, said_en = cli_at_repo("--lang", "en", "baseline", DOCS, "--output", str(en))
    assert (code_zh, code_en) == (0, 0)
    assert (said_zh, said_en) == (f"已将 3 个问题写入 {zh}\n", f"wrote 3 findings to {en}\n")
    assert zh.read_text(encoding="utf-8") == en.read_text(encoding="utf-8")
    messages = [f["message"] for f in json.loads(en.read_text(encoding="utf-8"))["findings"]]
    assert messages == [line.split(" ", 2)[2] for line in ENGLISH]
    # and a baseline written in one language gates a run in the other
    code, out, _ = cli_at_repo("--lang", "zh", "lint", DOCS, "--baseline", str(en))
    assert (code, out) == (0, "")


NO_SUCH_OPTION_ZH = (
    "用法: docs-check lint [OPTIONS] [PATHS]...\n"
    "运行 'docs-check lint --help' 查看帮助。\n"
    "\n"
    "错误：没有选项 '--no-such-option'。\n"
)


@pytest.mark.parametrize(
    "argv",
    [
        ("--lang", "zh", "lint", "--no-such-option"),  # --lang chosen before click's error
        ("lint", "--no-such-option", "--lang", "zh"),  # click's error before --lang is read
        ("lint", "--no-such-option", "--lang=zh"),
    ],
)
def test_a_usage_error_in_chinese(
    cli: Invoke, locale: Callable[[str], None], argv: tuple[str, ...]
) -> None:
    locale("C.UTF-8")
    assert cli(*argv) == (2, "", NO_SUCH_OPTION_ZH)


def test_the_locale_chooses_a_usage_error_s_language(
    cli: Invoke, locale: Callable[[str], None]
) -> None:
    locale("zh_CN.UTF-8")
    assert cli("lint", "--no-such-option") == (2, "", NO_SUCH_OPTION_ZH)
    code, _, err = cli("lint", "--no-such-option", "--lang", "en")
    assert (code, err.splitlines()[-1]) == (2, "Error: No such option '--no-such-option'.")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("rule",), "错误：缺少参数 'ID'."),
        (("lint", "--format", "nope"), "错误：'--format' 的值无效：'nope' 不是 "),
        (("nosuch",), "错误：没有命令 'nosuch'。"),
        (("lint", "--format"), "错误：选项 '--format' 需要一个值。"),
        (("lint", "--jobs", "0"), "错误：'--jobs' 的值无效：0 不在范围 x>=1 内。"),
        (("lint", "--quiet=yes"), "错误：选项 '--quiet' 不接受值。"),
        (("rule", "a", "b"), "错误：多余的参数（b）"),
        (("lint", "--jobz", "1"), "错误：没有选项 '--jobz'。 是否指 '--jobs'？"),
    ],
)
def test_click_s_errors_in_chinese(
    cli: Invoke, locale: Callable[[str], None], argv: tuple[str, ...], said: str
) -> None:
    locale("C.UTF-8")
    code, out, err = cli("--lang", "zh", *argv)
    assert (code, out) == (2, "")
    assert err.splitlines()[-1].startswith(said), err


def test_click_speaks_english_again_after_a_run(cli: Invoke) -> None:
    import click

    cli("--lang", "zh", "lint", "--no-such-option")
    with pytest.raises(click.NoSuchOption, match=r"^No such option '--x'\.$"):
        click.Command("c").main(["--x"], standalone_mode=False)


def test_input_errors_in_chinese(
    cli: Invoke, locale: Callable[[str], None], tmp_path: Path
) -> None:
    """The one line of a page that cannot be read, paths as they are."""
    locale("C.UTF-8")
    folder = tmp_path / "docs" / "zh" / "pytorch_2-12-0"
    folder.mkdir(parents=True)
    (folder / "a.md").write_bytes(b"")
    (folder / "b.md").write_bytes(b"\x00\x01")
    (folder / "c.md").write_bytes(b"# t\n\n\xff\n")
    code, out, err = cli("lint", "--lang", "zh", str(tmp_path), "no/such/docs")
    assert (code, out) == (2, "")
    assert [line for line in lines(err) if line.startswith("docs-check")] == [
        "docs-check：错误：no/such/docs：没有这个文件或文件夹",
        f"docs-check：错误：{folder / 'a.md'}：空文件",
        f"docs-check：错误：{folder / 'b.md'}：二进制文件，不是 Markdown 页面",
        f"docs-check：错误：{folder / 'c.md'}:3：字节偏移 5 处的 UTF-8 无效；已跳过该文件",
    ]
    code, _, err = cli("--lang", "zh", "lint", str(tmp_path / "nowhere.md"))
    assert (code, err) == (
        2,
        f"docs-check：错误：{tmp_path / 'nowhere.md'}：没有这个文件或文件夹\n",
    )


def test_the_gate_s_note_in_chinese() -> None:
    from checker import i18n
    from checker.gate.gate import Gated
    from checker.i18n import say

    gated = Gated(findings=(), ignored=1, known=28, suppressed=2)
    assert gated.note == "; not shown: 28 in the baseline, 1 ignored, 2 suppressed"
    with i18n.chosen("zh"):
        assert say(gated.note) == "；未显示：基线中 28 个，已忽略 1 个，已屏蔽 2 个"
    assert Gated(findings=()).note == ""


def test_show_s_no_entry_line_in_chinese(
    cli_at_repo: Invoke, locale: Callable[[str], None]
) -> None:
    locale("C.UTF-8")
    _, _, err = cli_at_repo("--lang", "zh", "show", "put_metrc", "--docs", "examples/docs")
    assert err == (
        "docs-check：6 个页面中没有 put_metrc 的条目；"
        "是否指 'torch.distributed.elastic.metrics.put_metric'？\n"
    )


VERIFY = (
    *("verify", "--docs", "examples/docs", "--no-live"),
    *("--rules", "tests/fixtures/verify/rules/extra-record.toml"),
    *("--evidence", "tests/fixtures/verify/evidence/npu-a3-torch-2.12.0-fail.json"),
)


def test_verify_s_text_report_in_chinese(
    cli_at_repo: Invoke, locale: Callable[[str], None]
) -> None:
    locale("C.UTF-8")
    code, out, _ = cli_at_repo("--lang", "zh", *VERIFY)
    assert code == 1
    said = lines(out)
    assert said[0].startswith("✘ 失败（退出码 1）：")
    assert said[2] == "  期望：是，暂不支持 Ascend 950DT  （rules/put_metric.toml:19）"
    assert said[3].startswith("  2.7.1：文档与规则不一致  ")
    assert (
        "    atlas-a3    文档为 支持        观察到 失败   doc-claims-support-test-fails  "
        "（未通过：zero value）" in said
    )
    assert "问题：" in said


def test_verify_s_markdown_in_chinese(cli_at_repo: Invoke, locale: Callable[[str], None]) -> None:
    locale("C.UTF-8")
    _, out, _ = cli_at_repo("--lang", "zh", *VERIFY, "--format", "markdown")
    said = lines(out)
    assert said[2].startswith("**✘ 失败**（退出码 1）：")
    assert "规则期望 `是，暂不支持 Ascend 950DT`（`rules/put_metric.toml:19`）。" in said
    assert "| 版本 | 页面：行 | atlas-a2 | atlas-a3 | ascend-950 | 与规则一致？ |" in said
    assert "| 版本 | 产品 | 已记录 | NPU 上的观察结果 | 判定 |" in said
    assert "| 2.13.0 | – | – | – | – | ✘ 没有找到条目 |" in said
    assert "| 页面：行 | 规则 | 严重级别 | 说明 |" in said


def test_verify_backed_s_summary_in_chinese() -> None:
    """Its counts are Messages: an f-string around them said them in English."""
    from types import SimpleNamespace

    from checker import i18n
    from checker.report.backed import summary

    outcome: Any = SimpleNamespace(result=SimpleNamespace(claims=[], evidence=[]), exit_code=0)
    english = "0 claims (-); 0 of 0 backing cases passed (0 modules); exit 0"
    assert summary(outcome) == english
    with i18n.chosen("zh"):
        assert summary(outcome) == "0 项声明 (-); 0 个支撑用例中 0 个通过（0 个模块）；退出码 0"


@pytest.mark.parametrize(
    ("argv", "english", "chinese"),
    [
        (
            ("rule", ""),
            "docs-check: error: rule: the id is empty (`docs-check rules` lists every id)",
            "docs-check：错误：rule：id 为空（`docs-check rules` 列出所有 id）",
        ),
        (
            ("rule", "unknown-produt"),
            "docs-check: error: unknown rule 'unknown-produt'; did you mean 'unknown-product'?",
            "docs-check：错误：未知规则 'unknown-produt'；是否指 'unknown-product'？",
        ),
        (
            ("lint", "examples/docs", "--scope", "ascend95,atlas-a"),
            "docs-check: error: unknown product id in scope: ascend95, atlas-a; "
            "did you mean 'ascend-950' for ascend95, 'atlas-a3' for atlas-a?",
            "docs-check：错误：scope 中有未知的产品 id：ascend95, atlas-a；"
            "是否指 'ascend-950'（对应 ascend95），'atlas-a3'（对应 atlas-a）？",
        ),
        (
            ("new-version", "2.01", "--from", "2.12.0", "--docs", "examples/docs"),
            "docs-check: error: '2.01' is not a PyTorch version X.Y.Z "
            "(numbers without leading zeros)",
            "docs-check：错误：'2.01' 不是 PyTorch 版本 X.Y.Z（数字不带前导零）",
        ),
        (
            ("diff", "2.12.0", "zh", "--docs", "examples/docs"),
            "docs-check: error: diff 2.12.0 zh: give two versions (2.12.0 2.13.0), "
            "two languages (zh en), or with --git REPO two refs",
            "docs-check：错误：diff 2.12.0 zh：请给出两个版本（2.12.0 2.13.0）、"
            "两种语言（zh en），或配合 --git REPO 给出两个 ref",
        ),
        (  # click's usage errors of ours, translated before click shows them
            ("lint", "examples/docs", "--statistics", "--format", "sarif"),
            "Error: --statistics takes --format text or json, not --format sarif",
            "错误：--statistics 需要 --format text 或 json，而不是 --format sarif",
        ),
        (
            ("lint", "--git", ".", "examples/docs"),
            "Error: --git needs at least one --ref or --test-ref",
            "错误：--git 需要至少一个 --ref 或 --test-ref",
        ),
        (  # a parameter's error, inside click's own words
            ("lint", "examples/docs", "--resolve-apis", "--python-for", "2.12"),
            "Error: Invalid value for '--python-for': '2.12' is not VERSION=PATH "
            "(for example 2.12.0=/venv-2.12/bin/python)",
            "错误：'--python-for' 的值无效：'2.12' 不是 VERSION=PATH 形式"
            "（例如 2.12.0=/venv-2.12/bin/python）",
        ),
        (
            ("verify", "--backed", "--shard", "half"),
            "docs-check: error: --shard half: not I/N (e.g. 1/4)",
            "docs-check：错误：--shard half：不是 I/N 形式（如 1/4）",
        ),
        (
            ("lint", "--git", ".", "--ref", "no-such-refx", "examples/docs"),
            "docs-check: error: .: no such ref 'no-such-refx'",
            "docs-check：错误：.：没有这个 ref：'no-such-refx'",
        ),
        (
            ("verify", "--docs", "examples/docs", "--shard", "1/2"),
            "Error: --shard is an option of --backed, which was not given",
            "错误：--shard 是 --backed 的选项，但没有给出 --backed",
        ),
        (
            ("lint", "examples/docs", "--select", "link-versio"),
            "docs-check: error: --select: unknown rule 'link-versio'; did you mean 'link-version'?",
            "docs-check：错误：--select：未知规则 'link-versio'；是否指 'link-version'？",
        ),
    ],
)
def test_the_errors_of_a_command_in_chinese(
    cli_at_repo: Invoke,
    locale: Callable[[str], None],
    argv: tuple[str, ...],
    english: str,
    chinese: str,
) -> None:
    locale("C.UTF-8")
    for language, said in (("en", english), ("zh", chinese)):
        code, _, err = cli_at_repo("--lang", language, *argv)
        assert (code, err.splitlines()[-1]) == (2, said)


def test_the_errors_of_the_checker_s_files_in_chinese(
    cli_at_repo: Invoke, locale: Callable[[str], None], tmp_path: Path
) -> None:
    """A list of paths, an evidence file: the path as it is, the rest translated."""
    locale("C.UTF-8")
    (tmp_path / "paths.txt").write_text("\n\n", encoding="utf-8")
    (tmp_path / "none.json").write_text("[]", encoding="utf-8")
    (tmp_path / "twice.json").write_text('{"a": 1,\n "a": 2}', encoding="utf-8")
    listed, none, twice = (
        str(tmp_path / name) for name in ("paths.txt", "none.json", "twice.json")
    )
    runs = {
        ("lint", f"@{listed}"): (
            f"@{listed}: the list of paths is empty",
            f"@{listed}：路径列表为空",
        ),
        ("verify", "--docs", "examples/docs", "--no-live", "--evidence", none): (
            f"{none}: not a docs-check evidence file (no schema 'docs-check/evidence')",
            f"{none}：不是 docs-check 证据文件（没有 schema 'docs-check/evidence'）",
        ),
        ("verify", "--docs", "examples/docs", "--no-live", "--evidence", twice): (
            f"{twice}:2: not an evidence file: key 'a' given twice (first at line 1)",
            f"{twice}:2：不是证据文件：键 'a' 出现了两次（首次出现在第 1 行）",
        ),
    }
    for argv, (english, chinese) in runs.items():
        code, _, err = cli_at_repo("--lang", "en", *argv)
        assert (code, err.splitlines()[-1]) == (2, f"docs-check: error: {english}")
        code, _, err = cli_at_repo("--lang", "zh", *argv)
        assert (code, err.splitlines()[-1]) == (2, f"docs-check：错误：{chinese}")


def test_the_evidence_block_in_chinese(cli_at_repo: Invoke, locale: Callable[[str], None]) -> None:
    """verify's (and probe's) evidence lines: their few words translated, the
    record's values, the test's own words and the command as they are."""
    locale("C.UTF-8")
    record = "tests/fixtures/verify/evidence/npu-a3-torch-2.12.0-fail.json"
    harness = (
        "/usr/local/python3.11.10/bin/python3 /opt/docs-check/checker/live/harness.py "
        "--behaviour /opt/docs-check/checker/live/behaviours/put_metric.py"
    )
    said = {}
    for language in ("en", "zh"):
        _, out, _ = cli_at_repo("--lang", language, *VERIFY)
        block = lines(out)
        start = block.index({"en": "evidence:", "zh": "证据："}[language])
        said[language] = block[start + 1 : start + 6]
    environment = (
        "Linux 5.10.0-182.0.0.95.oe2203sp3.aarch64 aarch64 | Python 3.11.10 | "
        "torch 2.12.0+cpu | torch_npu 2.12.0 | CANN 8.5.RC1 | "
    )
    assert said["en"] == [
        f"  {record}: {environment}NPU Ascend910_9382 (atlas-a3) | visible NPUs 16",
        "    NPU run on Ascend910_9382: ones(2)*2 on npu:0 = [2.0, 2.0]",
        "    torch.distributed.elastic.metrics.put_metric [behaviour put_metric]: "
        "failed 7/8 cases in 0.0041 s, exit 0",
        f"      command: {harness}",
        "      FAILED zero value: AssertionError: value 0.0, expected 0 at line 52",
    ]
    assert said["zh"] == [
        f"  {record}：{environment}NPU Ascend910_9382（atlas-a3）| 可见 NPU 16",
        "    在 Ascend910_9382 上的 NPU 运行：ones(2)*2 on npu:0 = [2.0, 2.0]",
        "    torch.distributed.elastic.metrics.put_metric [behaviour put_metric]："
        "失败，7/8 个用例，用时 0.0041 秒，退出码 0",
        f"      命令：{harness}",
        "      未通过 zero value：AssertionError: value 0.0, expected 0 at line 52",
    ]


def test_a_baseline_s_and_verify_s_errors_in_chinese(
    cli_at_repo: Invoke, locale: Callable[[str], None], tmp_path: Path
) -> None:
    locale("C.UTF-8")
    broken = tmp_path / "broken.json"
    broken.write_text(
        '{"schema": "docs-check/baseline", "schema_version": 1, "findings": [3]}', encoding="utf-8"
    )
    evidence = tmp_path / "evidence.json"
    record = json.loads(
        Path("tests/fixtures/verify/evidence/npu-a3-torch-2.12.0-fail.json").read_text("utf-8")
    )
    evidence.write_text(json.dumps({**record, "x": 1}), encoding="utf-8")
    runs = {
        ("lint", "examples/docs", "--baseline", str(broken)): (
            f"{broken}: broken baseline: findings[0]: not an object",
            f"{broken}：损坏的基线：findings[0]：不是对象",
        ),
        ("verify", "--docs", "examples/docs", "--no-live", "--evidence", str(evidence)): (
            f"{evidence}: broken evidence record: unknown top-level keys ['x']",
            f"{evidence}：损坏的证据记录：unknown top-level keys ['x']",
        ),
        ("verify", "--docs", "examples/docs", "--no-live", "--api", "put_metrc"): (
            "no rule for API put_metrc; "
            "did you mean 'torch.distributed.elastic.metrics.put_metric'?",
            "没有 API put_metrc 的规则；是否指 'torch.distributed.elastic.metrics.put_metric'？",
        ),
    }
    for argv, (english, chinese) in runs.items():  # verify reports what it read, then the error
        code, _, err = cli_at_repo("--lang", "en", *argv)
        assert (code, err.splitlines()[-1]) == (2, f"docs-check: error: {english}")
        code, _, err = cli_at_repo("--lang", "zh", *argv)
        assert (code, err.splitlines()[-1]) == (2, f"docs-check：错误：{chinese}")
