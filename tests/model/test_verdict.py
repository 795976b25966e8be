"""The one vocabulary of verdicts (checker.model.verdict): verify's and
--backed's per product, `tests`' per entry, each a problem under a registry
id at that id's level, which verify's --strict and --require-npu raise."""

from __future__ import annotations

from checker.ids.registry import REGISTRY
from checker.model.finding import Severity, default_severity
from checker.model.verdict import (
    CHECK_OF,
    CONSISTENT,
    DENIES_PASSES,
    PER_ENTRY,
    PER_PRODUCT,
    UNVERIFIED,
    severity_of,
)


def test_every_verdict_but_consistent_is_reported_under_a_registry_id() -> None:
    assert {*PER_PRODUCT, *PER_ENTRY} == {CONSISTENT, *CHECK_OF}
    assert not set(PER_PRODUCT) & set(PER_ENTRY)
    assert all(check in REGISTRY for check in CHECK_OF.values())
    assert CONSISTENT not in CHECK_OF


def test_a_verdict_is_at_its_ids_level_unless_the_run_raises_it() -> None:
    assert severity_of(CONSISTENT) is None
    for verdict, check in CHECK_OF.items():
        assert severity_of(verdict) == default_severity(check)
    assert severity_of(DENIES_PASSES, strict=True) is Severity.ERROR
    assert severity_of(UNVERIFIED, require_npu=True) is Severity.ERROR
    assert severity_of(UNVERIFIED, strict=True) == default_severity(UNVERIFIED)
