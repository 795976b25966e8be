"""What every text report is made of, below the reports that use it: lines
escaped for a terminal (checker.report.escape), a finding's line, the
resolution's lines, and the headline that says what the exit code means.
Every command's text report (and the Markdown ones, for the headline) takes
these from here, and imports no other report for them."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

import click

from checker.i18n import N_, _, message, say
from checker.model.finding import Finding, Severity
from checker.model.words import OBSERVED_WORDS, word
from checker.outcome import ExitCode, Unverified
from checker.report.escape import terminal
from checker.textwidth import padded

if TYPE_CHECKING:
    from checker.model.verdict import Verdict
    from checker.outcome import Outcome
    from checker.torch.resolve.resolution import Resolution


def lines_of(lines: Sequence[str]) -> str:
    return "".join(terminal(line) + "\n" for line in lines)


def findings_text(findings: Sequence[Finding]) -> list[str]:
    return [finding_line(f) for f in findings]


def verdict_line(r: Verdict) -> str:
    """A product's verdict, as verify's and --backed's text reports list them:
    `atlas-a3    documented supported  observed failed doc-claims-… (…)`."""
    detail = "  " + _("({detail})").format(detail=say(r.detail)) if r.detail else ""
    row = _("{product} documented {documented} observed {observed} {verdict}{detail}")
    return row.format(
        product=f"{r.product:<11}",
        documented=padded(word(OBSERVED_WORDS, r.documented), 11),
        observed=padded(word(OBSERVED_WORDS, r.observed), 6),
        verdict=r.verdict,
        detail=detail,
    )


SEVERITY_COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def finding_line(finding: Finding, colour: bool = False) -> str:
    """`path:line: rule message`, escaped (escaping it again changes nothing)."""
    return f"{_placed(finding, colour)} {terminal(say(finding.message))}"


def finding_lines(findings: Iterable[Finding], colour: bool = False) -> Iterator[str]:
    """Each finding's `finding_line` and a newline. Kept findings share their
    paths' and messages' objects (checker.sources.page_cache.model_rows), a
    history's 107,000 findings some 10,000 messages: each is escaped and
    translated once, by object (two Messages of one English text can be of
    two templates, and translate apart)."""
    said: dict[int, tuple[str, str]] = {}  # id -> (the message, held while its id is used)
    for f in findings:
        text = said.get(id(f.message))
        if text is None:
            text = said[id(f.message)] = (f.message, terminal(say(f.message)))
        yield f"{_placed(f, colour)} {text[1]}\n"


@functools.cache
def _placed_path(path: str, colour: bool) -> str:
    shown = terminal(path)
    return click.style(shown, bold=True) if colour else shown


@functools.cache
def _rule(rule: str, severity: Severity, colour: bool) -> str:
    shown = terminal(rule)
    return click.style(shown, fg=SEVERITY_COLOURS[severity], bold=True) if colour else shown


def _placed(finding: Finding, colour: bool) -> str:
    path = _placed_path(finding.path, colour)
    return f"{path}:{finding.line}: {_rule(finding.rule, finding.severity, colour)}"


def resolution_text(resolution: Resolution) -> list[str]:
    """The resolution section: counts per version (and why a version was not
    resolved), notes, then every name that does not simply resolve."""
    report = resolution.report
    lines = [
        say(
            message(N_("resolution ({environments}):"), environments=resolution.environments_line())
        )
    ]
    not_resolved = dict(report.not_resolved)
    for version, counts in report.counts().items():
        if version in not_resolved:
            why = resolution.why_not(version)
            said = message(
                N_("{version}: {count} not-resolved — {why}"),
                version=version,
                count=not_resolved[version],
                why=why,
            )
            lines.append(f"  {say(said)}")
        else:
            shown = ", ".join(f"{count} {outcome}" for outcome, count in counts.items())
            said = message(N_("{version}: {counts}"), version=version, counts=shown)
            lines.append(f"  {say(said)}")
    notes = [message(N_("note: {note}"), note=note) for note in resolution.notes]
    lines.extend(f"  {say(note)}" for note in notes)
    for r in resolution.non_resolving():
        detail = f" — {say(r.detail)}" if r.detail else ""
        lines.append(f"  {r.path}:{r.line}: {r.outcome.value} {r.api}{detail}")
    return lines


HEADLINES = {
    ExitCode.CLEAN: N_("✔ passed"),
    ExitCode.FAILED: N_("✘ failed"),
    ExitCode.INPUT: N_("✘ input errors"),
    ExitCode.UNVERIFIED: N_("✘ not verified on an NPU"),
}


NOT_ALL_RESOLVED = N_("✘ not every docs version resolved")
NOTHING_VERIFIED = N_("– not verified")  # exit 0, yet no NPU run verified anything


def headline(outcome: Outcome[Any]) -> str:
    """What the exit code means, in words: a 3 without an NPU left unverified
    is a docs version left unresolved (a verify run's passing headline is
    checker.report.verify's: it passes only where an NPU verified something)."""
    code = outcome.judged
    if code is ExitCode.UNVERIFIED and Unverified.NPU not in outcome.unverified:
        return _(NOT_ALL_RESOLVED)
    return _(HEADLINES[code])
