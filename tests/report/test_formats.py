"""The one registry of report formats."""

from __future__ import annotations

import importlib
from pathlib import Path

from checker.report.formats import FORMATS, formats_for


def test_every_format_module_renders_an_outcome() -> None:
    for name, fmt in FORMATS.items():
        module = importlib.import_module(fmt.module)
        assert callable(module.render), name


def test_each_command_offers_its_formats_text_first() -> None:
    checking = [
        *("text", "json", "junit", "sarif", "markdown", "concise", "github", "gitlab"),
        "lintrunner",
    ]
    assert formats_for("lint") == checking
    assert formats_for("verify") == [*checking, "pr"]
    assert formats_for("show") == ["text", "json"]
    assert formats_for("probe") == ["text"]
    assert formats_for("export") == ["json", "jsonl", "csv"]
    assert formats_for("diff") == ["text", "json", "markdown"]
    assert formats_for("coverage") == ["text", "json", "markdown"]


def test_no_formatter_decides_an_exit_code() -> None:
    for fmt in FORMATS.values():
        source = importlib.import_module(fmt.module).__file__
        assert source is not None
        text = Path(source).read_text(encoding="utf-8")
        assert "EXIT_" not in text and "exit_code(" not in text, fmt.module
