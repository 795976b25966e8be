"""The comparison of two sides of export records (checker.model.changes)."""

from __future__ import annotations

from checker.model.changes import Kind, changes
from checker.model.records import Record

A2 = "atlas-a2"


def record(api: str, product: str, status: str, path: str = "a.md", line: int = 1) -> Record:
    return Record(api, "2.12.0", "zh", product, status, "table", path, line, "", line)


def key(r: Record) -> tuple[str, ...]:
    return (r.api, r.lang)


def test_added_removed_and_changed_in_api_order() -> None:
    before = [
        record("torch.b", "atlas-a2", "supported"),
        record("torch.c", "atlas-a2", "unsupported"),
    ]
    after = [record("torch.a", "atlas-a2", "supported"), record("torch.c", "atlas-a2", "supported")]
    found = changes(before, after, key)
    assert [(c.kind, c.api, c.product, c.context) for c in found] == [
        (Kind.ADDED, "torch.a", None, ("zh",)),
        (Kind.REMOVED, "torch.b", None, ("zh",)),
        (Kind.CHANGED, "torch.c", "atlas-a2", ("zh",)),
    ]


def test_the_first_entry_of_an_api_is_compared() -> None:
    """A second entry of the API on a side (duplicate-api's finding) is not."""
    before = [record("torch.a", "atlas-a2", "supported")]
    after = [
        record("torch.a", "atlas-a2", "supported", "a.md", 3),
        record("torch.a", "atlas-a2", "unsupported", "b.md", 9),
    ]
    assert changes(before, after, key) == []
    assert len(changes(before, list(reversed(after)), key)) == 1


def test_a_product_one_side_does_not_speak_of_is_no_change() -> None:
    before = [record("torch.a", "atlas-a2", "supported")]
    after = [
        record("torch.a", "atlas-a2", "supported"),
        record("torch.a", "ascend-950", "supported"),
    ]
    assert changes(before, after, key) == []
