"""A Deferred tuple: counted without being made, made once, and equal to,
hashed and pickled as the tuple it makes."""

from __future__ import annotations

import operator
import pickle

import pytest

from checker.model.deferred import Deferred


def counted(items: tuple[int, ...]) -> tuple[Deferred[int], list[int]]:
    made: list[int] = []

    def make() -> tuple[int, ...]:
        made.append(1)
        return items

    return Deferred(len(items), make), made


def test_counted_without_being_made() -> None:
    deferred, made = counted((1, 2, 3))
    assert len(deferred) == 3
    assert made == []


def test_made_once_when_first_looked_at() -> None:
    deferred, made = counted((1, 2, 3))
    assert deferred[1] == 2
    assert list(deferred) == [1, 2, 3]
    assert deferred[1:] == (2, 3)
    assert made == [1]


def test_equal_hashed_and_pickled_as_its_tuple() -> None:
    deferred, _ = counted((1, 2))
    assert deferred == (1, 2) and operator.eq((1, 2), deferred)  # the tuple asks the Deferred
    assert deferred != (1, 3) and deferred != [1, 2]
    assert (deferred == [1, 2]) is False  # not a tuple: not equal, as a tuple would say
    assert repr(deferred) == "(1, 2)"
    assert hash(deferred) == hash((1, 2))
    assert pickle.loads(pickle.dumps(deferred)) == (1, 2)
    assert type(pickle.loads(pickle.dumps(deferred))) is tuple


def test_making_other_than_was_counted_is_an_error() -> None:
    deferred = Deferred(2, lambda: (1,))
    with pytest.raises(ValueError, match="made 1 items where 2 were counted"):
        list(deferred)


def test_released_items_are_made_again_and_forgotten_with_them() -> None:
    made: list[int] = []
    forgotten: list[int] = []

    def make() -> tuple[int, ...]:
        made.append(1)
        return (1, 2)

    deferred = Deferred(2, make, lambda: forgotten.append(1))
    assert tuple(deferred) == (1, 2)
    deferred.release()
    assert forgotten == [1]
    assert tuple(deferred) == (1, 2)
    assert made == [1, 1]


def test_release_without_forget_keeps_the_items() -> None:
    deferred, made = counted((1, 2))
    assert tuple(deferred) == (1, 2)
    deferred.release()  # nothing to make them again with
    assert tuple(deferred) == (1, 2)
    assert made == [1]
