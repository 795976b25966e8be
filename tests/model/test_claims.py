"""What one entry states of each product (checker/model/claims.py): a repeat is
a warning, a different value an error and a `conflict` status, and each product
keeps the line of its statement."""

from __future__ import annotations

import dataclasses

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.claims import Claim, Claims
from checker.model.status import read_status
from checker.model.support import Status, Support

YES, NO, CONFLICT = Support.SUPPORTED, Support.UNSUPPORTED, Support.CONFLICT
CATALOGUE = default_catalogue()


def test_one_statement_each_is_no_problem_and_keeps_its_line() -> None:
    claims = Claims()
    assert claims.add(Claim("atlas-a2", YES, "Atlas A2"), 10) is None
    assert claims.add(Claim("ascend-950", NO, "Ascend 950DT"), 12) is None
    assert claims.status() == Status((("atlas-a2", YES), ("ascend-950", NO)))
    assert claims.lines() == (("atlas-a2", 10), ("ascend-950", 12))


def test_nothing_stated_is_no_status_unless_a_rest_is() -> None:
    assert Claims().status() is None
    assert Claims().status(YES) == Status((), YES)


def test_the_same_value_again_is_a_warning_that_names_the_first() -> None:
    claims = Claims()
    claims.add(Claim("ascend-950", NO, "Ascend 950DT"), 12)
    problem = claims.add(Claim("ascend-950", NO, "Ascend 950"), 14)
    assert problem is not None
    assert (problem.rule, problem.message) == (
        "duplicate-status",
        "Ascend 950 is stated unsupported again (at line 12 as Ascend 950DT)",
    )
    assert claims.status() == Status((("ascend-950", NO),))


def test_another_value_is_a_conflict_at_the_later_line() -> None:
    claims = Claims()
    claims.add(Claim("ascend-950", NO, "Ascend 950DT"), 12)
    problem = claims.add(Claim("ascend-950", YES, "Ascend 950DT"), 14)
    assert problem is not None
    assert (problem.rule, problem.message) == (
        "status-conflict",
        "Ascend 950DT is stated supported here, but unsupported at line 12",
    )
    assert claims.status() == Status((("ascend-950", CONFLICT),))
    assert claims.lines() == (("ascend-950", 14),)
    third = claims.add(Claim("ascend-950", NO, "Ascend 950DT"), 16)
    assert third is not None and third.rule == "status-conflict"
    assert third.message == "Ascend 950DT is stated a third time, unsupported (at line 14)"
    assert claims.status() == Status((("ascend-950", CONFLICT),))


def test_a_status_line_that_contradicts_itself() -> None:
    """The family name is the 950DT's (rules/catalogue.toml): said otherwise of
    it on the same line is a conflict."""
    reading = read_status(
        "是，暂不支持<term>Ascend 950DT</term>；<term>Ascend 950</term>：是", CATALOGUE
    )
    assert reading.status == Status((("ascend-950", CONFLICT),), YES)
    assert [(p.rule, p.message) for p in reading.problems] == [
        (
            "status-conflict",
            "Ascend 950 is stated supported here, but unsupported earlier on this line "
            "as Ascend 950DT",
        )
    ]
    assert reading.claims == (Claim("ascend-950", CONFLICT, "Ascend 950"),)


@pytest.mark.parametrize("term", [True, False], ids=["term", "plain"])
def test_the_950dt_and_the_950pr_are_two_products(term: bool) -> None:
    """Two things of two products, no conflict: the 950DT unsupported, the
    950PR supported."""
    dt, pr = "Ascend 950DT", "Ascend 950PR"
    if term:
        dt, pr = f"<term>{dt}</term>", f"<term>{pr}</term>"
    reading = read_status(f"是，暂不支持 {dt}；{pr}：是", CATALOGUE)
    assert reading.problems == ()
    assert reading.status == Status((("ascend-950", NO), ("ascend-950pr", YES)), YES)


def test_a_status_line_that_repeats_itself() -> None:
    reading = read_status("是，暂不支持<term>Ascend 950DT</term>、Ascend 950DT", CATALOGUE)
    assert reading.status == Status((("ascend-950", NO),), YES)
    assert [p.rule for p in reading.problems] == ["duplicate-status"]


def test_a_claim_is_immutable() -> None:
    claim = Claim("atlas-a2", YES, "Atlas A2")
    with pytest.raises(dataclasses.FrozenInstanceError):
        claim.support = NO  # type: ignore[misc]
