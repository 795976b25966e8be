"""The one registry of report formats, and the lookup of a command's report.

`FORMATS` says what each format is to the command line (styled on a
terminal, a summary line on stderr, a language of its own, ...). What a
command writes in a format is its own report module's: each names in its
`REPORTS` table, for the commands it renders, the function that renders
each format it offers (`render(outcome, **options)`, by dotted name) and the
one that says its summary line. A command's report is the module
`checker.report.<command>` (`-` as `_`), or the one `SHARED` names; the
formats a command offers are those its table names, in `FORMATS`' order.

A command's table is read when its --format is parsed or shown
(checker.cli.options), and a renderer is imported only when asked for, so a
lint run loads neither the verify nor the resolve machinery, nor any
command's report but its own. Formats never decide an exit code: they read
`outcome.exit_code`, which the app's exit policy sets."""

from __future__ import annotations

import importlib
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from checker.errors import UsageError
from checker.files import encodable
from checker.i18n import N_, message
from checker.outcome import Command
from checker.report.escape import terminal_lines

if TYPE_CHECKING:
    from checker.outcome import Outcome


@dataclass(frozen=True)
class Format:
    """What a format is to the command line."""

    name: str
    colour: bool = False  # styled on a terminal: `render(outcome, colour=...)`
    said: bool = True  # the summary line follows on stderr (else stderr is for errors only)
    # the report carries the input errors itself, and the run exits 0 unless it
    # cannot run (lintrunner's protocol): checker.outcome's `in_band`
    in_band: bool = False
    coded: bool = False  # `render(outcome, code=...)`: the code its messages carry
    # lint makes the certain fixes for it, unwritten (checker.app.lint's `fixes`)
    fixes: bool = False
    # written in this language unless --lang says otherwise (pr: the Chinese template's)
    language: str | None = None
    # writes names and page text as they are (no JSON, XML or per-line escaping of
    # its own): `render` escapes its control characters but newlines, as text does
    plain: bool = False


FORMATS: dict[str, Format] = {
    f.name: f
    for f in (
        Format("text", colour=True),  # for people
        Format("json", said=False),  # for tools
        Format("junit"),  # JUnit XML for CI test views
        Format("sarif"),  # SARIF 2.1.0 for code scanning
        Format("markdown", plain=True),  # for a pull request (diff: for release notes)
        Format("concise", colour=True, said=False),  # `path:line: rule message` a problem
        Format("github", plain=True),  # GitHub Actions annotations
        Format("gitlab"),  # GitLab Code Quality report
        # lintrunner LintMessages, one JSON object a line
        Format("lintrunner", said=False, in_band=True, coded=True, fixes=True),
        # the two sections of the torch-npu pull-request template
        Format("pr", language="zh", plain=True),
        Format("jsonl", said=False),  # JSON Lines: export's records, one object a line
        Format("csv", said=False, plain=True),  # for spreadsheets
    )
}
STATISTICS = ("text", "json")  # the formats --statistics is written in (checker.report.rule_counts)


@dataclass(frozen=True)
class Renderer:
    """A function by its dotted name (imported when called), and the options
    it is called with for this command: what a format shared by several
    commands does for this one."""

    function: str
    options: Mapping[str, Any] = field(default_factory=dict)

    def __call__(self, outcome: Outcome[Any], **given: Any) -> Any:
        module, _, name = self.function.rpartition(".")
        return getattr(importlib.import_module(module), name)(outcome, **self.options, **given)


def renderer(function: str, **options: Any) -> Renderer:
    return Renderer(function, options)


@dataclass(frozen=True)
class Report:
    """One command's report: its renderer in each format it offers, its
    summary line (none: the command prints none) and, where it counts
    problems per rule, the renderer of --statistics."""

    renderers: Mapping[str, Renderer] = field(default_factory=dict)
    summary: Renderer | None = None
    statistics: Renderer | None = None


def own_report(module: str, *formats: str, summary: bool = False) -> Report:
    """The report of a command whose module renders each of `formats` by its
    own `as_<format>` and, with `summary`, says its summary line by its own
    `summary`: what most REPORTS tables hold."""
    said = renderer(f"{module}.summary") if summary else None
    return Report({name: renderer(f"{module}.as_{name}") for name in formats}, said)


# the commands that share a report module, and the module's name in checker.report
SHARED = {
    Command.FIX: "rewrite",
    Command.NEW_VERSION: "rewrite",
    Command.MIGRATE: "rewrite",
    Command.RULES: "rule",
    Command.REPORT: "site",
}


def report_of(name: str) -> Report:
    """The table of the command `name` (an Outcome's, or a command line's),
    from its report module."""
    command = Command(name)
    module = SHARED.get(command, command.value.replace("-", "_"))
    reports: Mapping[Command, Report] = importlib.import_module(f"checker.report.{module}").REPORTS
    return reports[command]


def formats_for(command: str) -> list[str]:
    """The format names a command offers, text first."""
    offered = report_of(command).renderers
    return [name for name in FORMATS if name in offered]


def summary(outcome: Outcome[Any], by_ref: bool = False) -> str | None:
    """The line on stderr after the report; None for a command that prints
    none. `by_ref` (lint --summary-by-ref): a line for each git ref first."""
    said = report_of(outcome.command).summary
    if said is None:
        return None
    line: str = said(outcome, by_ref=by_ref) if by_ref else said(outcome)
    return line


def render(
    name: str,
    outcome: Outcome[Any],
    colour: bool = False,
    statistics: bool = False,
    code: str | None = None,
) -> str:
    """The report text; see `rendered`."""
    return "".join(rendered(name, outcome, colour, statistics, code))


def rendered(
    name: str,
    outcome: Outcome[Any],
    colour: bool = False,
    statistics: bool = False,
    code: str | None = None,
) -> Iterator[str]:
    """The report text, in the pieces its renderer makes: one that gives an
    iterable of them (lint's text, a line a finding) is written as it is
    made, never held whole (a history's is 16 MB: issue 49). No format writes
    a control character but a newline: text escapes each line
    (checker.report.escape.terminal), JSON, XML and SARIF encode them, and a
    `plain` format's text is escaped here. Names that are not UTF-8 (lone
    surrogates) are left as they are, for the writer to escape
    (checker.files.encodable); a format that must encode a name itself and
    cannot (SARIF's percent-encoded URIs) is one error line naming it, not a
    traceback."""
    f, report = FORMATS[name], report_of(outcome.command)
    counted = report.statistics
    try:
        made: str | Iterable[str]
        if statistics and counted is not None:
            made = counted(outcome, as_json=name == "json", colour=colour)
        elif f.colour:
            made = report.renderers[name](outcome, colour=colour)
        elif f.coded and code is not None:
            made = report.renderers[name](outcome, code=code)
        else:
            made = report.renderers[name](outcome)
        if isinstance(made, str):
            if f.plain and not statistics:  # one escaping of control characters: text's
                made = terminal_lines(made)
            yield made
            return
        assert not f.plain, "a plain format's text is escaped whole"
        yield from made
    except UnicodeEncodeError as error:
        named = encodable(error.object) if isinstance(error.object, str) else message(N_("a name"))
        raise UsageError.saying(
            N_("--format {format}: cannot write {named}, a name that is not UTF-8"),
            format=name,
            named=named,
        ) from None
