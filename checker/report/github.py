"""`--format github`: GitHub Actions workflow commands, one a problem (every
finding and, for verify, every verdict with a severity: checker.report.problems),
which the runner turns into annotations on the files of a pull request:

    ::error file=docs/x.md,line=64,title=link-version::torch.x: native-doc link ...

Syntax as GitHub's "Workflow commands for GitHub Actions" documents it
(`::error file={name},line={line},title={title}::{message}`, `::warning` alike).
The escaping is the one GitHub's own toolkit applies (actions/toolkit,
packages/core/src/command.ts), which the runner undoes: in the message `%`,
CR and LF are `%25`, `%0D` and `%0A`; in a property value `:` and `,` are
`%3A` and `%2C` as well, since they end a value. A page read from a git ref
is annotated at its path in the repository (checker.report.located). Input
errors are not annotations: they go to stderr, as with every format."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.i18n import say
from checker.report.located import located
from checker.report.problems import problems

if TYPE_CHECKING:
    from checker.model.finding import Finding
    from checker.outcome import Outcome


def render(outcome: Outcome[Any], verdicts: bool = False) -> str:
    refs = outcome.result.refs
    return "".join(command(f, refs) + "\n" for f in problems(outcome, verdicts))


def command(finding: Finding, refs: tuple[str, ...] = ()) -> str:
    _, path = located(finding.path, refs)
    properties = {"file": path, "line": str(max(finding.line, 1)), "title": finding.rule}
    shown = ",".join(f"{name}={escape_property(value)}" for name, value in properties.items())
    return f"::{finding.severity.value} {shown}::{escape_data(say(finding.message))}"


def escape_data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def escape_property(text: str) -> str:
    return escape_data(text).replace(":", "%3A").replace(",", "%2C")
