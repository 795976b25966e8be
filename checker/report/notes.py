"""An evidence record's note in the run's language. The record keeps its
note in English (checker.torch.runner writes it; evidence files are read on
other machines), made of a few fixed sentences around a cause; the reports
translate those sentences when they render them and keep the cause, a
Python exception's text, as it is:

    FAKE torch release (test double): torch 2.13.0+cpu reports 2.12.0+cpu; <note>
    CPU reference run; NPU not available: <cause>
    FAKE torch_npu test double reporting <NPU>: not an NPU run
    NPU run on <NPU>: <operation>
    torch does not import here: <cause>

A note of no known shape is shown as it is."""

from __future__ import annotations

import re

from checker.i18n import N_, _
from checker.torch.runs import NEEDS_EXTRA

# What the reports say of an NPU whose SoC is of no catalogue product, where
# they name its product (checker.model.evidence.Environment.of_no_product).
NO_PRODUCT = N_("no catalogue product: verifies nothing")

_RENAMED = re.compile(r"FAKE torch release \(test double\): torch (\S+) reports (\S+); (.*)", re.S)
# The sentences, each a template whose {0}, {1} are what the note names.
_SENTENCES = (
    N_("CPU reference run; NPU not available: {0}"),
    N_("FAKE torch_npu test double reporting {0}: not an NPU run"),
    N_("NPU run on {0}: {1}"),
    N_("torch does not import here: {0}"),
)


def _shape(template: str) -> re.Pattern[str]:
    """The template's English as a pattern, each placeholder a group."""
    pattern = re.escape(template).replace(r"\{0\}", "(.*?)").replace(r"\{1\}", "(.*?)")
    return re.compile(pattern, re.S)


_SHAPES = tuple((_shape(sentence), sentence) for sentence in _SENTENCES)
# causes of docs-check's own making, not an exception's text
_CAUSES = {
    "no NPU reported by torch_npu": N_("no NPU reported by torch_npu"),
    "torch_npu is not installed": N_("torch_npu is not installed"),
}
# checker.torch.runs: a repository test's note names the ref it was read at
_AT = re.compile(r"(.*) \(at ([^()]+)\)", re.S)


def note_said(note: str) -> str:
    """`note` with its fixed sentences in the run's language."""
    if note.endswith(f"; {NEEDS_EXTRA}"):  # a repository test's missing module: what to install
        said = _("{note}; {hint}")
        return said.format(note=note_said(note[: -len(NEEDS_EXTRA) - 2]), hint=_(NEEDS_EXTRA))
    at = _AT.fullmatch(note)
    if at:  # a repository test at a git ref
        return _("{note} (at {ref})").format(note=note_said(at.group(1)), ref=at.group(2))
    renamed = _RENAMED.fullmatch(note)
    if renamed:
        real, reported, rest = renamed.groups()
        said = _("FAKE torch release (test double): torch {real} reports {reported}; {note}")
        return said.format(real=real, reported=reported, note=note_said(rest))
    for shape, sentence in _SHAPES:
        found = shape.fullmatch(note)
        if found:
            return _(sentence).format(*(_cause(part) for part in found.groups()))
    return note


def _cause(cause: str) -> str:
    """A cause: an exception's text as it is, docs-check's words around it
    (`no NPU reported by torch_npu`, ` (caused by …)`) translated."""
    if cause in _CAUSES:
        return _(_CAUSES[cause])
    chained = _CHAINED.fullmatch(cause)
    if chained:
        error, by = chained.groups()
        return _("{error} (caused by {cause})").format(error=error, cause=by)
    return cause


# checker.torch.scripts.harness_runs: an exception and the one it was raised from
_CHAINED = re.compile(r"(.*) \(caused by (.*)\)", re.S)


def is_reference_note(note: str) -> bool:
    """A note that says itself what the run was (a CPU reference run, a FAKE)."""
    return note.startswith(("CPU reference run", "FAKE"))


_SUMMARIES = tuple(
    (_shape(sentence), sentence)
    for sentence in (
        N_("passed {0}/{1} cases"),
        N_("failed: {0} of {1} cases"),
        N_("not run: {0}"),
        N_("unittest printed no summary"),
    )
)


def summary_said(summary: str) -> str:
    """A run's summary: a framework's own line (`Ran 7 tests in 0.054s, OK`,
    `1 failed, 6 passed in 0.12s`) as it is, docs-check's own words for a
    behaviour test in the run's language."""
    for shape, sentence in _SUMMARIES:
        found = shape.fullmatch(summary)
        if found:
            return _(sentence).format(*found.groups())
    return summary
