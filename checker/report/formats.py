"""The one registry of report formats. Each format is a module whose
`render(outcome)` turns one command's Outcome into the report text (those
marked `colour` take `colour=` too, for a terminal: checker.cli.output
decides; the one marked `coded`, lintrunner, takes `code=`); it is imported
only when asked for, so a lint run loads neither the verify nor the resolve
machinery, nor any format but its own. Formats never decide an exit code:
they read `outcome.exit_code`, which the app's exit policy sets."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from checker.errors import UsageError
from checker.i18n import N_, message

if TYPE_CHECKING:
    from checker.outcome import Outcome

CHECKING = ("lint", "verify")  # the commands whose reports go to CI views
REWRITING = ("fix", "new-version", "migrate")  # the commands that rewrite pages (text only)


@dataclass(frozen=True)
class Format:
    name: str
    module: str  # holds `render(outcome) -> str`
    commands: tuple[str, ...]
    summary: str
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
        Format(
            "text",
            "checker.report.text",
            (
                "lint",
                "show",
                "verify",
                "probe",
                "fix",
                "new-version",
                "migrate",
                "diff",
                "coverage",
                "tests",
                "backed",
                "stats",
            ),
            "for people",
            colour=True,
        ),
        Format(
            "json",
            "checker.report.json",
            ("lint", "show", "verify", "export", "diff", "coverage", "tests", "backed", "stats"),
            "for tools",
            said=False,
        ),
        Format("junit", "checker.report.junit", CHECKING, "JUnit XML for CI test views"),
        Format("sarif", "checker.report.sarif", CHECKING, "SARIF 2.1.0 for code scanning"),
        Format(
            "markdown",
            "checker.report.markdown",
            (*CHECKING, "diff", "coverage", "tests"),
            "for a pull request (diff: for release notes)",
            plain=True,
        ),
        Format(
            "concise",
            "checker.report.concise",
            CHECKING,
            "one `path:line: rule message` line per problem",
            colour=True,
            said=False,
        ),
        Format(
            "github", "checker.report.github", CHECKING, "GitHub Actions annotations", plain=True
        ),
        Format("gitlab", "checker.report.gitlab", CHECKING, "GitLab Code Quality report"),
        Format(
            "lintrunner",
            "checker.report.lintrunner",
            CHECKING,
            "lintrunner LintMessages, one JSON object a line",
            said=False,
            in_band=True,
            coded=True,
            fixes=True,
        ),
        Format(
            "pr",
            "checker.report.pr",
            ("verify",),
            "the two sections of the torch-npu pull-request template",
            language="zh",
            plain=True,
        ),
        # export's records, one a line: each an object (JSON Lines) or a row
        Format("jsonl", "checker.report.jsonl", ("export",), "JSON Lines", said=False),
        Format(
            "csv",
            "checker.report.csv_rows",
            ("export", "tests"),
            "for spreadsheets",
            said=False,
            plain=True,
        ),
    )
}
# the commands whose report module renders every format it offers itself: its
# `RENDERERS`, by format name (`render(outcome) -> str` each)
OWNED = {"stats": "checker.report.stats"}
STATISTICS = ("text", "json")  # the formats --statistics is written in (checker.report.statistics)

# `rule` and `rules` describe the registry's checks, not what a run found: the
# same format names, for the same readers, each rendered by a module of its own.
DESCRIBED = ("rule", "rules")
DESCRIBING: dict[str, Format] = {
    f.name: f
    for f in (
        Format("text", "checker.report.rule_text", DESCRIBED, "for people"),
        Format("json", "checker.report.rule_json", DESCRIBED, "for tools", said=False),
    )
}


def _registry(command: str) -> dict[str, Format]:
    """The formats `command` is rendered in: DESCRIBING's or FORMATS'."""
    return DESCRIBING if command in DESCRIBED else FORMATS


def formats_for(command: str) -> list[str]:
    """The format names a command offers, text first."""
    return [name for name, f in _registry(command).items() if command in f.commands]


def render(
    name: str,
    outcome: Outcome[Any],
    colour: bool = False,
    statistics: bool = False,
    code: str | None = None,
) -> str:
    """The report text; with `statistics`, the counts per rule instead of the
    problems (in text or json). No format writes a control character but a
    newline: text escapes each line (checker.report.escape.terminal), JSON, XML
    and SARIF encode them, and a `plain` format's text is escaped here. Names
    that are not UTF-8 (lone surrogates) are left as they are, for the writer
    to escape (checker.files.encodable); a format that must encode a name
    itself and cannot (SARIF's percent-encoded URIs) is one error line naming
    it, not a traceback."""
    f = _registry(outcome.command)[name]
    owner = OWNED.get(outcome.command)
    module = importlib.import_module(
        "checker.report.statistics" if statistics else owner or f.module
    )
    try:
        if owner is not None:
            text: str = module.RENDERERS[name](outcome)
        elif statistics:
            text = module.render(outcome, as_json=name == "json", colour=colour)
        elif f.colour:
            text = module.render(outcome, colour=colour)
        elif f.coded and code is not None:
            text = module.render(outcome, code=code)
        else:
            text = module.render(outcome)
        if f.plain and not statistics:  # one escaping of control characters: text's
            # not at the top: --help loads this registry, for the format choices
            from checker.report.escape import terminal_lines

            text = terminal_lines(text)
    except UnicodeEncodeError as error:
        from checker.files import encodable

        named = encodable(error.object) if isinstance(error.object, str) else message(N_("a name"))
        raise UsageError(
            message(
                N_("--format {format}: cannot write {named}, a name that is not UTF-8"),
                format=name,
                named=named,
            )
        ) from None
    return text
