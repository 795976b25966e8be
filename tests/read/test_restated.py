"""A product stated twice in one entry, in each format that can: two table
rows (also under two names of one product), two blocks, two clauses of one
status line. tests/fixtures/lint/status-conflict states it differently,
duplicate-status the same way, and their clean twin once."""

from __future__ import annotations

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.support import Entry
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES, heading_of, source_line

LINT = FIXTURES / "lint"
CATALOGUE = default_catalogue()
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
ELAPSED = "torch.distributed.elastic.metrics.get_elapsed_time_ms"
RECORD = "torch.distributed.elastic.events.record"
RDZV = "torch.distributed.elastic.events.construct_and_record_rdzv_event"


def run(case: str) -> tuple[dict[str, Entry], list[Finding]]:
    corpus = read_corpus([str(LINT / case)], CATALOGUE)
    entries = {entry.api: entry for page in corpus.pages for entry in page.entries}
    return entries, lint_pages(corpus.pages, CATALOGUE)


def test_stated_differently_is_a_conflict_at_the_later_statement() -> None:
    entries, findings = run("status-conflict")
    assert [(f.line, f.rule, f.severity) for f in findings] == [
        (16, "status-conflict", "error"),  # table: 950DT ✘ (15) then ✔
        (33, "status-conflict", "error"),  # table: 950DT ✘ (32) then Ascend 950 ✔
        (55, "status-conflict", "error"),  # blocks: A2 支持 (46) then 不支持
        (66, "status-conflict", "error"),  # one status line: 暂不支持 950DT, then 950：是
    ]
    assert [source_line(f) for f in findings] == [
        "| <term>Ascend 950DT</term> | ✔ |",
        "| <term>Ascend 950</term> | ✔ |",
        "- <term>Atlas A2训练系列产品</term>：不支持",
        "**是否支持**：是，暂不支持<term>Ascend 950DT</term>；<term>Ascend 950</term>：是",
    ]
    assert [heading_of(f) for f in findings] == [
        f"### {api}" for api in (PUT_METRIC, ELAPSED, RECORD, RDZV)
    ]
    assert [f.message for f in findings] == [
        "Ascend 950DT is stated supported here, but unsupported at line 15",
        "Ascend 950 is stated supported here, but unsupported at line 32 as Ascend 950DT",
        "Atlas A2训练系列产品 is stated unsupported here, but supported at line 46",
        "Ascend 950 is stated supported here, but unsupported earlier on this line as Ascend 950DT",
    ]
    # neither statement wins: the product's status is conflict, at the later line
    assert entries[PUT_METRIC].expanded(CATALOGUE.scope)["ascend-950"] == "conflict"
    assert entries[PUT_METRIC].line_of("ascend-950") == 16
    assert entries[ELAPSED].expanded(CATALOGUE.scope)["ascend-950"] == "conflict"
    assert entries[RECORD].expanded(CATALOGUE.scope)["atlas-a2"] == "conflict"
    assert entries[RECORD].line_of("atlas-a2") == 55
    assert entries[RDZV].expanded(CATALOGUE.scope) == {
        "atlas-a2": "supported",
        "atlas-a3": "supported",
        "ascend-950": "conflict",
    }


def test_stated_alike_is_a_warning_and_the_status_stands() -> None:
    entries, findings = run("duplicate-status")
    assert [(f.line, f.rule, f.severity) for f in findings] == [
        (16, "duplicate-status", "warning"),
        (33, "duplicate-status", "warning"),
        (55, "duplicate-status", "warning"),
        (66, "duplicate-status", "warning"),
    ]
    assert findings[1].message == (
        "Ascend 950 系列产品 is stated supported again (at line 32 as Ascend 950DT)"
    )
    assert entries[PUT_METRIC].expanded(CATALOGUE.scope)["ascend-950"] == "unsupported"
    assert entries[RECORD].expanded(CATALOGUE.scope)["atlas-a2"] == "supported"


def test_stated_once_is_clean() -> None:
    for case in ("status-conflict-ok", "duplicate-status-ok"):
        entries, findings = run(case)
        assert findings == [], case
        assert "conflict" not in entries[PUT_METRIC].expanded(CATALOGUE.scope).values()
