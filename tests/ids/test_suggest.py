"""ids/suggest.py: the one "did you mean" of every refused name."""

from __future__ import annotations

from checker.ids.registry import REGISTRY
from checker.ids.suggest import closest, did_you_mean, unknown_said


def test_a_misspelling_finds_the_id_it_misspells() -> None:
    assert closest("link-versoin", REGISTRY) == "link-version"
    assert closest("nonstandard-mrak", REGISTRY) == "nonstandard-mark"
    assert closest("unused-supression", REGISTRY) == "unused-suppression"


def test_case_is_ignored_and_the_known_spelling_returned() -> None:
    assert closest("LINK-VERSION", REGISTRY) == "link-version"
    assert closest("put_metric", ["torch.Put_Metric", "Put_Metric"]) == "Put_Metric"


def test_nothing_close_is_none() -> None:
    assert closest("no-such-rule", REGISTRY) is None
    assert closest("x", []) is None


def test_the_suggestion_ends_a_message_or_adds_nothing() -> None:
    assert did_you_mean("link-versoin", REGISTRY) == "; did you mean 'link-version'?"
    assert did_you_mean("zzz", REGISTRY) == ""


def test_product_ids_of_a_scope_are_suggested_for() -> None:
    from checker.model.catalogue import default_catalogue

    ids = default_catalogue().ids
    assert unknown_said(["ascend950"], ids) == "ascend950; did you mean 'ascend-950'?"
    assert (
        unknown_said(["atlasa3", "zzz"], ids)
        == "atlasa3, zzz; did you mean 'atlas-a3' for atlasa3?"
    )
    assert unknown_said(["zzz"], ["a-1", "b-2"]) == "zzz (known: a-1, b-2)"
