"""Kept findings, compact (issue 49): a run's findings written as rows into
tables of paths, messages and fixes come back exactly as they were, each
distinct message decoded once and shared by the findings that say it, and
the text report translates and escapes a shared message once."""

from __future__ import annotations

import json
from typing import Any

import pytest

import checker.report.text
import checker.sources.page_cache.model_rows
from checker.i18n import Message, chosen
from checker.model.edit import Edit
from checker.model.finding import Finding, Severity
from checker.report.text import finding_line, finding_lines
from checker.sources.page_cache.model_rows import findings_data, findings_from

NESTED = Message("{api} contradicts {where}", {"api": "torch.x", "where": Message("{n}", {"n": 3})})
# one English text, two templates: kept apart (a Message is equal to its text)
SAME_TEXT = (Message("{a} b", {"a": "a"}), Message("a {b}", {"b": "b"}))


def history(refs: int) -> list[Finding]:
    """One page's findings at each of `refs` refs, as a history's run keeps them."""
    found = []
    for ref in range(refs):
        path = f"r{ref}:docs/p.md"
        found += [
            Finding(path, 3, "api-conflict", Severity.ERROR, NESTED, "torch.x", 3, "2.13.0"),
            Finding(path, 4, "x", Severity.WARNING, "plain", fix=(Edit(4, "✗", "✘"),)),
            Finding(path, 5, "y", Severity.WARNING, SAME_TEXT[0], entry_line=5),
            Finding(path, 5, "y", Severity.WARNING, SAME_TEXT[1], version="2.7.1"),
            Finding(path, 6, "z", Severity.ERROR, Message("{n} {none}", {"n": 2, "none": None})),
        ]
    return found


def round_trip(findings: list[Finding]) -> tuple[Finding, ...]:
    return findings_from(json.loads(json.dumps(findings_data(findings), ensure_ascii=False)))


def shape(said: Any) -> Any:
    """What a message is beyond its text: its type, template and arguments."""
    if isinstance(said, Message):
        return ("Message", said.template, {k: shape(v) for k, v in said.args.items()})
    return (type(said).__name__, said)


def test_findings_come_back_exactly() -> None:
    findings = history(3)
    back = round_trip(findings)
    assert back == tuple(findings)
    for before, after in zip(findings, back, strict=True):
        # every field, those the order ignores too, and the message's template and arguments
        assert [getattr(after, name) for name in Finding.__dataclass_fields__] == [
            getattr(before, name) for name in Finding.__dataclass_fields__
        ]
        assert shape(after.message) == shape(before.message)
        assert type(after.severity) is Severity
    assert round_trip([]) == ()


def test_a_message_is_written_and_decoded_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """28 refs of one page's five findings keep five messages, each decoded
    once and one object shared by its findings."""
    data = findings_data(history(28))
    assert len(data[1]) == 5 and len(data[2]) == 2  # messages; fixes (none, and one)
    decoded: list[object] = []
    real = checker.sources.page_cache.model_rows.message_from

    def counting(item: Any) -> str:
        decoded.append(item)
        return real(item)

    monkeypatch.setattr(checker.sources.page_cache.model_rows, "message_from", counting)
    back = findings_from(json.loads(json.dumps(data)))
    # five messages, one holding another (decoded inside it): not 140, nor 168
    assert len(back) == 140 and len(decoded) == 6
    assert back[0].message is back[5].message and back[1].fix is back[6].fix


def test_the_text_report_says_a_shared_message_once(monkeypatch: pytest.MonkeyPatch) -> None:
    back = round_trip(history(28))
    said: list[str] = []
    real = checker.report.text.say

    def counting(text: str) -> str:
        said.append(text)
        return real(text)

    monkeypatch.setattr(checker.report.text, "say", counting)
    with chosen("zh"):
        lines = list(finding_lines(back))
    assert len(said) == 5
    monkeypatch.setattr(checker.report.text, "say", real)
    with chosen("zh"):
        assert lines == [finding_line(f) + "\n" for f in back]


@pytest.mark.parametrize(
    "forged",
    [
        [["p"], ["m"], [[]], [[0, True, "r", "error", 0, None, None, None, 0]]],  # line a bool
        [["p"], ["m"], [[]], [[0, 1, "r", "error", 0, 7, None, None, 0]]],  # API a number
        [["p"], ["m"], [[]], [[0, 1, "r", "error", 0, None, None, None, True]]],  # fix a bool
        [["p"], ["m"], [[]], [[0, 1, "r", "fatal", 0, None, None, None, 0]]],  # no such severity
        [["p"], ["m"], [[]], [[0, 1, "r", "error", 1, None, None, None, 0]]],  # no such message
        [["p"], ["m"], [[]]],  # a table missing
    ],
)
def test_a_forged_row_is_refused(forged: Any) -> None:
    with pytest.raises((TypeError, ValueError, LookupError)):
        findings_from(forged)
