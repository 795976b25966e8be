"""API names on the command line: `show` and `verify --api` take the same full
and short forms, refuse an empty name, and answer a name they do not know with
the documented (or ruled) name most like it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from checker.model.apis import like, resolved

Invoke = Callable[..., tuple[int, str, str]]
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"


@pytest.mark.parametrize("name", [PUT_METRIC, "put_metric", "metrics.put_metric"])
def test_show_and_verify_take_the_same_short_forms(cli_at_repo: Invoke, name: str) -> None:
    code, out, _ = cli_at_repo("show", name, "examples/docs")
    assert (code, out.splitlines()[0]) == (0, PUT_METRIC)
    code, out, _ = cli_at_repo("verify", "--no-live", "--api", name, "-q", "examples/docs")
    assert code == 1  # the example docs differ from the rule in three versions
    assert f"elastic-put-metric: {PUT_METRIC}" in out.splitlines()


def test_an_unknown_name_gets_the_closest_documented_one(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo("show", "put_metrc", "examples/docs")
    assert (code, out) == (1, "")
    assert err == f"docs-check: no entry for put_metrc in 6 pages; did you mean '{PUT_METRIC}'?\n"
    code, out, err = cli_at_repo("show", "torch.distributed.elastic.events.recrod", "examples/docs")
    assert err.endswith("; did you mean 'torch.distributed.elastic.events.record'?\n")
    code, out, err = cli_at_repo("verify", "--no-live", "--api", "put_metrik", "examples/docs")
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: no rule for API put_metrik; did you mean '{PUT_METRIC}'?\n"


def test_a_name_like_nothing_gets_no_suggestion(cli_at_repo: Invoke) -> None:
    code, _, err = cli_at_repo("show", "zzzzzz", "examples/docs")
    assert (code, err) == (1, "docs-check: no entry for zzzzzz in 6 pages\n")


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (("show", "", "examples/docs"), "API is empty: give a full or short API name"),
        (("show", "  ", "examples/docs"), "API is empty: give a full or short API name"),
        (
            ("verify", "--no-live", "--api", "", "examples/docs"),
            "--api is empty: give a full or short API name",
        ),
    ],
)
def test_an_empty_name_is_a_usage_error(
    cli_at_repo: Invoke, argv: tuple[str, ...], said: str
) -> None:
    assert cli_at_repo(*argv) == (2, "", f"docs-check: error: {said}\n")


def test_a_short_name_names_every_api_it_ends_and_a_full_name_only_itself() -> None:
    names = ["torch.a.add", "torch.b.add", "torch.add", "torch.b.add_"]
    assert resolved("add", names) == {"torch.a.add", "torch.b.add", "torch.add"}
    assert resolved("torch.add", names) == {"torch.add"}
    assert resolved("b.add", names) == {"torch.b.add"}
    assert like("ad_", names) == "torch.b.add_"
    assert like("torch.b.ad", names) == "torch.b.add"
