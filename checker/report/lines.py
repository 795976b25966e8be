"""What every report's text is made of, below the reports that use it: a
line escaped (names come from files, and a control character in one would
forge or hide a line), a finding's line, the resolution's lines, and the
headline that says what the exit code means. The text, verify, rewrite,
backed, diff and Markdown reports all take these from here, and import no
other report for them."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import click

from checker.i18n import N_, _, message, say
from checker.model.finding import Finding, Severity
from checker.outcome import ExitCode, Unverified

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.torch.resolution import Resolution
    from checker.verify.verified import VerifyReport


def lines_of(lines: Sequence[str]) -> str:
    return "".join(escaped(line) + "\n" for line in lines)


# C0 controls, DEL and C1 controls (Unicode's Cc): ESC starts the terminal's
# escape sequences, as does CSI (\x9b) in some; BEL, a newline or a carriage
# return in a name would forge or hide a line.
_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f]")


def escaped(text: str) -> str:
    """`text` with each control character shown as its escape, `\\x1b`: the
    one way a text line shows a name (a file's, an API's, an evidence file's
    words) that carries one."""
    if _CONTROL.search(text) is None:
        return text
    return _CONTROL.sub(lambda control: f"\\x{ord(control.group()):02x}", text)


def escaped_lines(text: str) -> str:
    """`text` with every control character but its newlines shown as its
    escape (`escaped`, a line at a time): what a format that writes page text
    as it is (Markdown, GitHub's workflow commands) is written as."""
    return "\n".join(map(escaped, text.split("\n")))


def findings_text(findings: Sequence[Finding]) -> list[str]:
    return [finding_line(f) for f in findings]


SEVERITY_COLOURS = {Severity.ERROR: "red", Severity.WARNING: "yellow"}


def finding_line(finding: Finding, colour: bool = False) -> str:
    """`path:line: rule message`, escaped (escaping it again changes nothing)."""
    path, rule = escaped(finding.path), escaped(finding.rule)
    if colour:
        path = click.style(path, bold=True)
        rule = click.style(rule, fg=SEVERITY_COLOURS[finding.severity], bold=True)
    return f"{path}:{finding.line}: {rule} {escaped(say(finding.message))}"


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
    is a docs version left unresolved; a verify run passes only where an NPU
    verified something."""
    code = outcome.judged
    if code is ExitCode.UNVERIFIED and Unverified.NPU not in outcome.unverified:
        return _(NOT_ALL_RESOLVED)
    if (
        code is ExitCode.CLEAN
        and outcome.command == "verify"
        and not verified_results(outcome.result)
    ):
        return _(NOTHING_VERIFIED)
    return _(HEADLINES[code])


def verified_results(report: VerifyReport) -> int:
    """Results a run on that product's NPU observed (passed, failed or error)."""
    return sum(1 for r in report.results if r.observed != "none")
