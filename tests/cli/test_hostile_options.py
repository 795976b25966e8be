"""Option values no run can use are usage errors (exit 2, one line), caught
before anything runs: a --timeout that is not a number of seconds a run can
wait, and a --scope that names no product (which made `verify --require-npu`
pass with 0 results)."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

Invoke = Callable[..., tuple[int, str, str]]
DOCS = "examples/docs"
PRODUCTS = (
    "atlas-a2, atlas-a3, ascend-950, ascend-950pr, atlas-train, atlas-infer, atlas-200i-500-a2"
)


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("nan", "nan"),
        ("inf", "inf"),
        ("-inf", "-inf"),
        ("-1", "-1"),
        ("0", "0"),
        ("1e300", "1e+300"),
    ],
)
@pytest.mark.parametrize("command", ["verify", "probe"])
def test_a_timeout_must_be_seconds_a_run_can_wait(
    cli_at_repo: Invoke, tmp_path: Path, command: str, value: str, shown: str
) -> None:
    written = tmp_path / "evidence.json"
    where = (DOCS, "--no-live") if command == "verify" else ("--output", str(written))
    code, out, err = cli_at_repo(command, *where, "--timeout", value)
    assert (code, out, written.exists()) == (2, "", False)
    assert err.splitlines()[-1] == (
        f"Error: Invalid value for '--timeout': {shown} is not a number of seconds "
        "above 0 and at most 86400"
    )


@pytest.mark.parametrize("value", ["", ",", " , ", ",,"])
@pytest.mark.parametrize(
    "command",
    [("verify", DOCS, "--no-live", "--require-npu"), ("lint", DOCS), ("show", "put_metric", DOCS)],
)
def test_a_scope_must_name_a_product(
    cli_at_repo: Invoke, command: tuple[str, ...], value: str
) -> None:
    code, out, err = cli_at_repo(*command, "--scope", value)
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: --scope {value!r} names no product: give comma-separated "
        f"product ids ({PRODUCTS})\n"
    )
