"""The words of docs-check's own fixed values as a report says them: a
status, what a run observed, a run's verdict, a finding's level. Each value
is an id in JSON, SARIF and the files a machine reads; a report for a person
says it in the run's language (`supported` is 支持 under --lang zh)."""

from __future__ import annotations

from checker.i18n import N_, Message, _, message

STATUS_WORDS = {
    "supported": N_("supported"),
    "unsupported": N_("unsupported"),
    "unstated": N_("unstated"),
    "conflict": N_("conflict"),
}
# a run's verdict (checker.model.evidence.derived_verdict), and a finding's level
RUN_WORDS = {"passed": N_("passed"), "failed": N_("failed"), "error": N_("error")}
# what a product was observed to do (checker.verify.crosscheck): a status, a
# run's verdict, or none
OBSERVED_WORDS = {**STATUS_WORDS, **RUN_WORDS, "none": N_("none")}
LEVEL_WORDS = {"error": N_("error"), "warning": N_("warning"), "note": N_("note")}


def word(words: dict[str, str], value: str) -> str:
    """`value` in the run's language; a value of no known word as it is."""
    return _(words[value]) if value in words else value


def word_message(words: dict[str, str], value: str) -> Message | str:
    """`value` as an argument of a message, translated with it."""
    return message(words[value]) if value in words else value


def side_said(side: tuple[str, str]) -> str:
    """A side of a read (checker.model.query's: a tree in one language) as a
    report names it: `zh pages`, or `zh pages at v2.12.0` for a git ref's."""
    tree, lang = side
    if tree:
        return _("{lang} pages at {ref}").format(lang=lang, ref=tree)
    return _("{lang} pages").format(lang=lang)
