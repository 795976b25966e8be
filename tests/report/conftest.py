"""The CI report formats end to end, in-process through checker.cli.run from the
repository root, so that paths are relative and the stored snapshots under
fixtures/report/ are stable. `verify` never runs live here (`--no-live`): it
judges by the evidence fixtures, so its output does not depend on this machine.

The shipped rule file lives in the checkout's rules/ or, in CI, inside the
installed wheel: its folder is written `rules/` before comparing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from tests.helpers import REPO, shipped_rules_as_written

SNAPSHOTS = REPO / "tests" / "fixtures" / "report"
EVIDENCE = "tests/fixtures/verify/evidence"
EXTRA_RULE = "tests/fixtures/verify/rules/extra-record.toml"
Invoke = Callable[..., tuple[int, str, str]]

# Docs that differ from the rules, a failing NPU run, static findings on the
# rules' entries and a missing entry; a CPU reference run beside them.
VERIFY_FAILING = (
    *("verify", "--docs", "examples/docs", "--rules", EXTRA_RULE, "--no-live"),
    *("--evidence", f"{EVIDENCE}/npu-a3-torch-2.12.0-fail.json"),
    *("--evidence", f"{EVIDENCE}/cpu-reference-torch-2.13.0-pass.json"),
)
# Docs that match the rule, judged by every evidence fixture: NPU passes and
# failures, a run that timed out, a CPU reference run and a FAKE torch_npu.
EVIDENCE_FILES = tuple(sorted(str(p.relative_to(REPO)) for p in (REPO / EVIDENCE).glob("*.json")))
VERIFY_EVIDENCE = (
    *("verify", "--docs", "tests/fixtures/verify/docs", "--no-live"),
    *(arg for name in EVIDENCE_FILES for arg in ("--evidence", name)),
)


def snapshot(name: str) -> str:
    return (SNAPSHOTS / name).read_text(encoding="utf-8")


stable = shipped_rules_as_written


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    """docs-check run from the repository root."""
    return cli_at_repo
