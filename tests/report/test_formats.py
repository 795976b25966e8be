"""The one registry of report formats, and each command's table of them."""

from __future__ import annotations

import dataclasses
import importlib
import re
from pathlib import Path

import checker.report
from checker.outcome import Command
from checker.report.formats import FORMATS, Format, formats_for, report_of

REPORT = Path(checker.report.__file__).parent


def _renderers() -> list[tuple[Command, str, str]]:
    """(command, format or `summary`/`statistics`, dotted function) of every table."""
    found = []
    for command in Command:
        report = report_of(command)
        named = {**report.renderers, "summary": report.summary, "statistics": report.statistics}
        found += [(command, name, r.function) for name, r in named.items() if r is not None]
    return found


def test_every_renderer_a_table_names_is_a_function() -> None:
    for command, name, function in _renderers():
        module, _, attribute = function.rpartition(".")
        assert callable(getattr(importlib.import_module(module), attribute)), (command, name)


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
    assert formats_for("tests") == ["text", "json", "markdown", "csv"]
    assert formats_for("baseline") == formats_for("report") == []


def test_every_format_serves_a_command() -> None:
    offered = {name for command in Command for name in formats_for(command)}
    assert offered == set(FORMATS)


def test_no_formatter_decides_an_exit_code() -> None:
    for _command, _name, function in _renderers():
        source = importlib.import_module(function.rpartition(".")[0]).__file__
        assert source is not None
        text = Path(source).read_text(encoding="utf-8")
        assert "EXIT_" not in text and "exit_code(" not in text, function


def test_no_report_asks_which_command_it_renders() -> None:
    """What a format does for a command is the command's table (its renderer
    and options), never a comparison of the command's name in a writer."""
    asked = re.compile(r"command\s*(==|!=|\bin\b|\bnot in\b)")
    for path in sorted(REPORT.rglob("*.py")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not asked.search(line), f"{path.relative_to(REPORT)}:{number}: {line}"


def test_a_format_is_what_the_command_line_needs_of_it_and_no_more() -> None:
    """No `summary` of a format that nothing reads, no module or commands of
    its own: those are the commands' tables'."""
    fields = {field.name for field in dataclasses.fields(Format)}
    assert not fields & {"summary", "module", "commands"}
