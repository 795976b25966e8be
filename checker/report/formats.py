"""The one registry of report formats. Each format is a module whose
`render(outcome)` turns one command's Outcome into the report text; it is
imported only when asked for, so a lint run loads neither the verify nor the
resolve machinery, nor any format but its own. Formats never decide an exit
code: they read `outcome.exit_code`, which the app's exit policy sets."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from checker.errors import UsageError

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
    """The report text. Names that are not UTF-8 (lone surrogates) are left
    as they are, for the writer to escape (checker.files.encodable); a format
    that must encode a name itself and cannot (SARIF's percent-encoded URIs)
    is one error line naming it, not a traceback."""
    module = importlib.import_module(FORMATS[name].module)
    try:
        text: str = module.render(outcome)
    except UnicodeEncodeError as error:
        from checker.files import encodable

        named = encodable(error.object) if isinstance(error.object, str) else "a name"
        raise UsageError(
            f"--format {name}: cannot write {named}, a name that is not UTF-8"
        ) from None
    return text
