"""An evidence record's note as a message. The record keeps its note in
English (checker.torch.runner writes it; evidence files are read on other
machines), made of a few fixed sentences around a cause; `note_message` reads
those sentences back into a Message, so that every report, and a verdict
that quotes the note, says them in the run's language and keeps the cause, a
Python exception's text, as it is:

    FAKE torch release (test double): torch 2.13.0+cpu reports 2.12.0+cpu; <note>
    CPU reference run; NPU not available: <cause>
    FAKE torch_npu test double reporting <NPU>: not an NPU run
    NPU run on <NPU>: <operation>
    torch does not import here: <cause>
    torch does not import: <cause>
    timed out after <seconds> s

A note of no known shape is kept as it is."""

from __future__ import annotations

import re

from checker.i18n import N_, message

# checker.torch.runs: where one of the repository tests' own imports is
# missing, the note says what to install
NEEDS_EXTRA = N_(
    "the repository's tests need it: "
    'pip install "docs-check[verify]" in the interpreter that runs them'
)
_RENAMED = re.compile(r"FAKE torch release \(test double\): torch (\S+) reports (\S+); (.*)", re.S)
# The sentences, each a template whose {a}, {b} are what the note names.
_SENTENCES = (
    N_("CPU reference run; NPU not available: {a}"),
    N_("FAKE torch_npu test double reporting {a}: not an NPU run"),
    N_("NPU run on {a}: {b}"),
    N_("torch does not import here: {a}"),
    N_("torch does not import: {a}"),  # checker.torch.runs: a test that never ran
    N_("timed out after {a} s"),  # checker.process, checker.torch.child
)


def shape(template: str) -> re.Pattern[str]:
    """The template's English as a pattern, each placeholder a group."""
    return re.compile(re.sub(r"\\\{\w+\\\}", "(.*?)", re.escape(template)), re.S)


_SHAPES = tuple((shape(sentence), sentence) for sentence in _SENTENCES)
# causes of docs-check's own making, not an exception's text
_CAUSES = {
    "no NPU reported by torch_npu": N_("no NPU reported by torch_npu"),
    "torch_npu is not installed": N_("torch_npu is not installed"),
}
# checker.torch.runs: a repository test's note names the ref it was read at
_AT = re.compile(r"(.*) \(at ([^()]+)\)", re.S)
# checker.torch.scripts.harness_runs: an exception and the one it was raised from
_CHAINED = re.compile(r"(.*) \(caused by (.*)\)", re.S)


def note_message(note: str) -> str:
    """`note` as a Message of its fixed sentences (equal to `note`), or `note`
    itself where it has no known shape."""
    if note.endswith(f"; {NEEDS_EXTRA}"):  # a repository test's missing module: what to install
        cause = note_message(note[: -len(NEEDS_EXTRA) - 2])
        return message(N_("{note}; {hint}"), note=cause, hint=message(NEEDS_EXTRA))
    at = _AT.fullmatch(note)
    if at:  # a repository test at a git ref
        return message(N_("{note} (at {ref})"), note=note_message(at.group(1)), ref=at.group(2))
    renamed = _RENAMED.fullmatch(note)
    if renamed:
        real, reported, rest = renamed.groups()
        said = N_("FAKE torch release (test double): torch {real} reports {reported}; {note}")
        return message(said, real=real, reported=reported, note=note_message(rest))
    for pattern, sentence in _SHAPES:
        found = pattern.fullmatch(note)
        if found:
            return message(sentence, **dict(zip("ab", map(_cause, found.groups()), strict=False)))
    return note


def _cause(cause: str) -> str:
    """A cause: an exception's text as it is, docs-check's words around it
    (`no NPU reported by torch_npu`, ` (caused by …)`) translated."""
    if cause in _CAUSES:
        return message(_CAUSES[cause])
    chained = _CHAINED.fullmatch(cause)
    if chained:
        error, by = chained.groups()
        return message(N_("{error} (caused by {cause})"), error=error, cause=by)
    return cause
