"""Behaviour test of torch.distributed.elastic.metrics.put_metric, run by the
harness in the target interpreter. Each case restores the module's global
handler state, whatever happens, and the last case checks that it did.

Upstream put_metric does no type checking, so no case expects a TypeError."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from torch.distributed.elastic.metrics import api as metrics_api
from torch.distributed.elastic.metrics import put_metric

DEFAULT_GROUP = "torchelastic"


class Recorder(metrics_api.MetricHandler):  # type: ignore[misc]  # torch is not analysed
    def __init__(self) -> None:
        self.received: list[Any] = []

    def emit(self, metric_data: Any) -> None:
        self.received.append(metric_data)


_original = (metrics_api._default_metrics_handler, dict(metrics_api._metrics_map))


@contextmanager
def recording(group: str | None = None) -> Iterator[Recorder]:
    saved_default = metrics_api._default_metrics_handler
    saved_map = dict(metrics_api._metrics_map)
    recorder = Recorder()
    metrics_api.configure(recorder, group)
    try:
        yield recorder
    finally:
        metrics_api._default_metrics_handler = saved_default
        metrics_api._metrics_map.clear()
        metrics_api._metrics_map.update(saved_map)


def _check(data: Any, group: str, name: str, value: int) -> None:
    assert isinstance(data, metrics_api.MetricData), f"handler got {type(data).__name__}"
    assert data.group_name == group, f"group_name {data.group_name!r}, expected {group!r}"
    assert data.name == name, f"name {data.name!r}, expected {name!r}"
    assert data.value == value, f"value {data.value!r}, expected {value!r}"
    assert data.timestamp > 0, f"timestamp {data.timestamp!r} is not positive"


def default_group() -> None:
    with recording() as recorder:
        put_metric("docs_check.default", 1)
    assert len(recorder.received) == 1, f"{len(recorder.received)} emits, expected 1"
    _check(recorder.received[0], DEFAULT_GROUP, "docs_check.default", 1)


def custom_group_own_handler() -> None:
    with recording() as fallback, recording("docs_check_group") as own:
        put_metric("docs_check.custom", 7, "docs_check_group")
    assert fallback.received == [], "the default handler received a custom group's metric"
    assert len(own.received) == 1, f"{len(own.received)} emits to the group handler, expected 1"
    _check(own.received[0], "docs_check_group", "docs_check.custom", 7)


def _name_case(name: str) -> Callable[[], None]:
    def case() -> None:
        with recording() as recorder:
            put_metric(name, 3)
        assert len(recorder.received) == 1, f"{len(recorder.received)} emits, expected 1"
        _check(recorder.received[0], DEFAULT_GROUP, name, 3)

    return case


def _value_case(value: int) -> Callable[[], None]:
    def case() -> None:
        with recording() as recorder:
            put_metric("docs_check.value", value)
        assert len(recorder.received) == 1, f"{len(recorder.received)} emits, expected 1"
        _check(recorder.received[0], DEFAULT_GROUP, "docs_check.value", value)

    return case


def state_restored() -> None:
    default, mapping = _original
    assert metrics_api._default_metrics_handler is default, "default handler not restored"
    assert metrics_api._metrics_map == mapping, "group handlers not restored"


CASES: list[tuple[str, Callable[[], None]]] = [
    ("default group is torchelastic", default_group),
    ("custom group goes to its own handler", custom_group_own_handler),
    ("non-empty metric name", _name_case("docs_check.name")),
    ("empty metric name", _name_case("")),
    ("positive value", _value_case(5)),
    ("zero value", _value_case(0)),
    ("negative value", _value_case(-4)),
    ("global handler state restored", state_restored),
]
