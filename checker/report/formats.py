"""The one registry of report formats. Each format is a module whose
`render(outcome)` turns one command's Outcome into the report text; it is
imported only when asked for, so a lint run loads neither the verify nor the
resolve machinery, nor any format but its own. Formats never decide an exit
code: they read `outcome.exit_code`, which the app's exit policy sets."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from checker.app.outcome import Outcome

CHECKING = ("lint", "verify")  # the commands whose reports go to CI views


@dataclass(frozen=True)
class Format:
    name: str
    module: str  # holds `render(outcome) -> str`
    commands: tuple[str, ...]
    summary: str


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("text", "checker.report.text", ("lint", "show", "verify", "probe"), "for people"),
        Format("json", "checker.report.json", ("lint", "show", "verify"), "for tools"),
        Format("junit", "checker.report.junit", CHECKING, "JUnit XML for CI test views"),
        Format("sarif", "checker.report.sarif", CHECKING, "SARIF 2.1.0 for code scanning"),
        Format("markdown", "checker.report.markdown", CHECKING, "for a pull request"),
    )
}


def formats_for(command: str) -> list[str]:
    """The format names a command offers, text first."""
    return [name for name, f in FORMATS.items() if command in f.commands]


def render(name: str, outcome: Outcome[Any]) -> str:
    module = importlib.import_module(FORMATS[name].module)
    text: str = module.render(outcome)
    return text
