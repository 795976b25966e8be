"""An evidence record's note and a run's summary in the run's language
(checker.model.run_notes reads a note's fixed sentences)."""

from __future__ import annotations

from checker.i18n import N_, _, say
from checker.model.run_notes import note_message, shape

# What the reports say of an NPU whose SoC is of no catalogue product, where
# they name its product (checker.model.evidence.Environment.of_no_product).
NO_PRODUCT = N_("no catalogue product: verifies nothing")


def note_said(note: str) -> str:
    """`note` with its fixed sentences in the run's language."""
    return say(note_message(note))


def is_reference_note(note: str) -> bool:
    """A note that says itself what the run was (a CPU reference run, a FAKE)."""
    return note.startswith(("CPU reference run", "FAKE"))


_SUMMARIES = tuple(
    (shape(sentence), sentence)
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
    for pattern, sentence in _SUMMARIES:
        found = pattern.fullmatch(summary)
        if found:
            return _(sentence).format(*found.groups())
    return summary
