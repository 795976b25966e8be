"""The block-style house rules (`<!-- npu="910b" id1 -->` ... `<!-- end id1 -->`).

Every bad case is tests/fixtures/lint/blocks-ok's torch-distributed-elastic.md
with one to three lines changed; each test first checks that the case differs
from the clean page exactly on the lines it names, so the expected findings sit
where the edits are."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.checks.lint import lint_pages
from checker.ids.registry import REGISTRY
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES

LINT = FIXTURES / "lint"
CATALOGUE = default_catalogue()
PAGE = Path("docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md")


def run(case: str) -> list[Finding]:
    corpus = read_corpus([str(LINT / case)], CATALOGUE)
    assert corpus.errors == ()
    return lint_pages(corpus.pages, CATALOGUE)


def changed_lines(case: str) -> set[int]:
    clean = (LINT / "blocks-ok" / PAGE).read_text(encoding="utf-8").splitlines()
    edited = (LINT / case / PAGE).read_text(encoding="utf-8").splitlines()
    assert len(clean) == len(edited), "the cases keep line numbers: edits replace lines"
    return {number for number, (a, b) in enumerate(zip(clean, edited, strict=True), 1) if a != b}


def rules_at(findings: list[Finding]) -> list[tuple[int, str]]:
    return [(f.line, f.rule) for f in findings]


def line(case: str, number: int) -> str:
    return (LINT / case / PAGE).read_text(encoding="utf-8").splitlines()[number - 1]


def test_clean_blocks_have_no_findings_and_read_fully() -> None:
    corpus = read_corpus([str(LINT / "blocks-ok")], CATALOGUE)
    assert lint_pages(corpus.pages, CATALOGUE) == []
    entries = {entry.api: entry for page in corpus.pages for entry in page.entries}
    assert {entry.format for entry in entries.values()} == {"blocks"}
    assert entries["torch.distributed.elastic.metrics.put_metric"].expanded(CATALOGUE.scope) == {
        "atlas-a2": "supported",
        "atlas-a3": "supported",
        "ascend-950": "unsupported",
    }
    # The second file reuses id1..id3: ids need only be unique within one file.
    saver = entries["torch.distributed.checkpoint.state_dict_saver.save"]
    assert set(saver.expanded(CATALOGUE.scope).values()) == {"supported"}
    assert '<!-- npu="910b" id1 -->' in saver.raw


def test_block_id_mismatch() -> None:
    assert changed_lines("block-id-mismatch") == {18}
    findings = run("block-id-mismatch")
    assert rules_at(findings) == [(18, "block-id-mismatch")]
    assert line("block-id-mismatch", 18) == "<!-- end id20 -->"
    assert findings[0].message == "block opened as id2 at line 16 ends as id20"


def test_block_id_duplicate() -> None:
    assert changed_lines("block-id-duplicate") == {36, 38}
    findings = run("block-id-duplicate")
    # the second use is the finding; its end comment matches its start, so no mismatch
    assert rules_at(findings) == [(36, "block-id-duplicate")]
    assert line("block-id-duplicate", 16) == '<!-- npu="A3" id2 -->'
    assert findings[0].message == "block id2 already used at line 16"


def test_block_unclosed_before_next_block_and_at_section_end() -> None:
    assert changed_lines("block-unclosed") == {15, 41}
    findings = run("block-unclosed")
    assert rules_at(findings) == [(13, "block-unclosed"), (39, "block-unclosed")]
    assert line("block-unclosed", 13) == '<!-- npu="910b" id1 -->'
    assert line("block-unclosed", 39) == '<!-- npu="950" id6 -->'
    assert [f.message for f in findings] == [
        "block id1 is never closed",
        "block id6 is never closed",
    ]


def test_block_npu_unknown_is_case_sensitive() -> None:
    assert changed_lines("block-npu-unknown") == {16, 33}
    findings = run("block-npu-unknown")
    assert rules_at(findings) == [(16, "block-npu-unknown"), (33, "block-npu-unknown")]
    assert [f.message for f in findings] == [
        'unknown npu code "a3"',
        'unknown npu code "910B"',
    ]


def test_block_npu_product_disagrees() -> None:
    assert changed_lines("block-npu-product") == {13, 16}
    findings = run("block-npu-product")
    assert rules_at(findings) == [(13, "block-npu-product"), (16, "block-npu-product")]
    assert [f.message for f in findings] == [
        'block npu="A3" is atlas-a3, but names atlas-a2',
        'block npu="910b" is atlas-a2, but names atlas-a3',
    ]


def test_block_products_not_exactly_one() -> None:
    assert changed_lines("block-products") == {20, 34, 40}
    findings = run("block-products")
    assert rules_at(findings) == [
        (19, "block-products"),  # id3 is left naming no product ...
        (20, "block-products"),  # ... because its item "- 不支持" names none
        (33, "block-npu-product"),  # id4 (npu 910b) also names Atlas A3
        (33, "block-products"),  # id4 names two products
        (37, "duplicate-status"),  # id5 says again what id4 said of Atlas A3
        (39, "block-products"),  # id6 has no item at all
    ]
    messages = {(f.line, f.rule): f.message for f in findings}
    assert messages[(19, "block-products")] == "block id3 names 0 products; house style is one"
    assert messages[(20, "block-products")] == "block item names no product: '不支持'"
    assert messages[(33, "block-products")] == "block id4 names 2 products; house style is one"
    assert messages[(39, "block-products")] == "block id6 names 0 products; house style is one"
    assert messages[(37, "duplicate-status")] == (
        "Atlas A3训练系列产品 is stated supported again (at line 34)"
    )


@pytest.mark.parametrize(
    "case",
    [
        "block-id-mismatch",
        "block-id-duplicate",
        "block-unclosed",
        "block-npu-unknown",
        "block-npu-product",
        "block-products",
    ],
)
def test_house_rule_findings_are_errors_and_entries_survive(case: str) -> None:
    corpus = read_corpus([str(LINT / case)], CATALOGUE)
    findings = lint_pages(corpus.pages, CATALOGUE)
    assert findings
    house = [f for f in findings if f.rule.startswith("block-")]
    assert {f.rule for f in house} <= {rule for rule in REGISTRY if rule.startswith("block-")}
    assert all(f.severity == "error" for f in house)
    # Beside the house rules, at most a restated product (block-products' id5).
    assert {f.rule for f in findings} - {f.rule for f in house} <= {"duplicate-status"}
    # A house-rule slip does not lose the entries.
    assert sorted(entry.api for page in corpus.pages for entry in page.entries) == [
        "torch.distributed.elastic.events.record",
        "torch.distributed.elastic.metrics.put_metric",
    ]
