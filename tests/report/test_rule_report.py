"""report/rule_text.py and report/rule_json.py: the formats of `rule` and
`rules`, registered beside the formats of a run (report/formats.py)."""

from __future__ import annotations

import importlib
import json
from pathlib import Path

from checker.app.rules import rule, rules
from checker.report.formats import DESCRIBING, formats_for, render


def test_rule_and_rules_offer_text_and_json_only() -> None:
    assert formats_for("rule") == ["text", "json"]
    assert formats_for("rules") == ["text", "json"]


def test_their_modules_render_and_decide_no_exit_code() -> None:
    for fmt in DESCRIBING.values():
        module = importlib.import_module(fmt.module)
        source = module.__file__
        assert source is not None
        text = Path(source).read_text(encoding="utf-8")
        assert "EXIT_" not in text and "exit_code(" not in text, fmt.module


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
