"""report/rule.py: the formats of `rule` and `rules`, in the same registry
as the formats of a run (report/formats.py)."""

from __future__ import annotations

import importlib
import json
import re
from pathlib import Path

from checker.app.rules import rule, rules
from checker.report.formats import formats_for, render, report_of


def test_rule_and_rules_offer_text_and_json_only() -> None:
    assert formats_for("rule") == ["text", "json"]
    assert formats_for("rules") == ["text", "json"]


def test_their_modules_render_and_decide_no_exit_code() -> None:
    for command in ("rule", "rules"):
        for renderer in report_of(command).renderers.values():
            module = importlib.import_module(renderer.function.rpartition(".")[0])
            source = module.__file__
            assert source is not None
            text = Path(source).read_text(encoding="utf-8")
            assert "EXIT_" not in text and "exit_code(" not in text, renderer.function


def test_the_format_of_a_name_is_the_command_s() -> None:
    described = rule("link-version")
    assert render("text", described).startswith("link-version: a native-doc link")
    assert json.loads(render("json", described))["rules"][0]["id"] == "link-version"
    assert render("text", rules()).startswith("rule  ")


def test_a_long_explanation_is_wrapped_and_a_block_kept_as_written() -> None:
    text = render("text", rule("api-outside-torch"))
    prose = text.split("\n\n")[1]
    assert max(map(len, prose.splitlines())) <= 79
    assert "\n    ### trch.add\n" in text


def test_a_chinese_explanation_is_wrapped_by_display_width() -> None:
    """A line of Chinese has no spaces to break at, and each character takes
    two columns: textwrap would print it whole, 90 columns and more."""
    import textwrap

    from checker import i18n
    from checker.i18n import say
    from checker.ids.registry import REGISTRY
    from checker.textwidth import width_of

    with i18n.chosen("zh"):
        explanation = say(REGISTRY["status-unreadable"].explanation)
        text = render("text", rule("status-unreadable"))
    assert width_of(explanation) > 79
    assert max(map(width_of, textwrap.wrap(explanation, 79))) > 79
    assert text.split("\n\n")[1].splitlines() == [
        "“是否支持 / 支持情况”之后的文字、表格标记或块中的“支持 / 不支持”不是状态规范化",
        "器认识的任何写法，因此无法从中得到任何产品的支持情况。",
    ]


def test_rule_s_labels_in_chinese() -> None:
    from checker import i18n
    from checker.textwidth import width_of

    with i18n.chosen("zh"):
        text = render("text", rule("link-version"))
        listing = render("text", rules())
    lines = text.splitlines()
    assert lines[1:4] == [
        "默认级别：error",
        "阶段：lint",
        "自动修复：总是：链接采用页面的文档版本（docs-check fix）",
    ]
    page = "docs/zh/api/native_api/pytorch_2-12-0/torch-example.md"
    assert f"错误（{page}）：" in lines and f"正确（{page}）：" in lines
    assert lines[-1] == "修正：在链接中使用页面对应的 PyTorch 版本。"
    header, first = listing.splitlines()[:2]
    assert header.split() == ["规则", "级别", "阶段", "摘要"]

    # aligned by display width: each column starts at the same column as its heading
    def columns(line: str) -> list[int]:
        return [width_of(line[: word.start()]) for word in re.finditer(r"\S+", line)][:4]

    assert columns(header) == columns(first)
