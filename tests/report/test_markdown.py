"""`--format markdown`: the section pasted into a pull request. Stored snapshots,
then what a reviewer must be able to rely on: the documented status per
version, the evidence block per record, and a CPU reference run that reads as
one and never as an NPU result."""

from __future__ import annotations

import re

from checker.app.verify import outcome_of
from checker.report.markdown import verify_markdown
from checker.verify.evidence import Case, Environment, Evidence, Run
from checker.verify.verified import VerifyReport

from .conftest import VERIFY_EVIDENCE, VERIFY_FAILING, Invoke, snapshot

LABELS = [
    "API",
    "Target",
    "Run",
    "Verifies",
    "Platform",
    "Python",
    "torch",
    "torch_npu",
    "CANN",
    "NPU",
    "Visible NPUs",
    "Test",
    "Command",
    "Result",
]


def blocks(out: str) -> dict[str, list[str]]:
    """Evidence heading -> the lines of its fenced block."""
    found = re.findall(r"^#### \d+\. `([^`]+)`\n\n```text\n(.*?)\n```$", out, re.M | re.S)
    return {origin: text.splitlines() for origin, text in found}


def fields(lines: list[str]) -> dict[str, str]:
    return {line[:14].rstrip().rstrip(":"): line[14:] for line in lines if not line.startswith(" ")}


def test_lint_markdown_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "markdown")
    assert code == 1
    assert out == snapshot("lint.md")
    assert err == "5 findings (3 errors, 2 warnings) in 6 files, 22 entries\n"


def test_verify_markdown_matches_snapshots(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--format", "markdown")
    assert code == 1
    assert out == snapshot("verify.md")
    code, out, _ = cli(*VERIFY_EVIDENCE, "--format", "markdown")
    assert code == 1
    assert out == snapshot("verify-evidence.md")


def test_documented_status_table(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_FAILING, "--format", "markdown")
    lines = out.splitlines()
    header = "| version | page:line | atlas-a2 | atlas-a3 | ascend-950 | matches rule? |"
    start = lines.index(header)
    page = "examples/docs/docs/zh/api/native_api/pytorch_2-{}-0/torch-distributed-elastic.md:{}"
    assert lines[start + 1] == "| --- | --- | :-: | :-: | :-: | --- |"
    assert lines[start + 2] == "| *rule* | `rules/put_metric.toml:19` | ✔ | ✔ | ✘ |  |"
    assert lines[start + 5] == (
        # the entry's table, which leaves Ascend 950DT out
        f"| 2.11.0 | `{page.format(11, 32)}` | ✔ | ✔ | – | "
        "✘ no: ascend-950 unstated, expected unsupported |"
    )
    assert lines[start + 6] == f"| 2.12.0 | `{page.format(12, 26)}` | ✔ | ✔ | ✘ | ✔ yes |"
    assert "| 2.13.0 | – | – | – | – | ✘ no entry found |" in lines  # extra-record lists 2.13.0
    assert (
        "| 2.12.0 | atlas-a3 | supported | failed | "
        "✘ doc-claims-support-test-fails: failed: zero value |"
    ) in lines


def test_evidence_blocks_carry_every_field(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "markdown")
    found = blocks(out)
    assert len(found) == 7
    for lines in found.values():
        assert list(fields(lines))[: len(LABELS)] == LABELS
    npu = fields(found["tests/fixtures/verify/evidence/npu-950-torch-2.13.0-fail.json"])
    assert npu["Run"] == "NPU run on Ascend950DT"
    assert npu["Verifies"] == "ascend-950 for docs 2.13.0"
    assert npu["NPU"] == "Ascend950DT (ascend-950)"
    assert npu["Visible NPUs"] == "8"
    assert npu["CANN"] == "8.5.RC1"
    assert npu["Result"] == "failed: 7 of 8 cases passed in 0.0041 s, exit 0"
    assert npu["Target"] == "docs 2.13.0; docs read from the working tree"
    failed = found["tests/fixtures/verify/evidence/npu-950-torch-2.13.0-fail.json"]
    assert (
        "                FAILED  custom group goes to its own handler: AssertionError: 0 emits "
        "to the group handler, expected 1 at line 63"
    ) in failed


def test_cpu_reference_run_reads_as_one(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "markdown")
    cpu = fields(blocks(out)["tests/fixtures/verify/evidence/cpu-reference-torch-2.13.0-pass.json"])
    assert cpu["Run"] == "CPU reference run; NPU not available: torch_npu is not installed"
    assert cpu["Verifies"] == "no product"
    assert cpu["NPU"] == "-"
    assert cpu["Result"].endswith("(reference only, not NPU verification)")
    fake = fields(blocks(out)["tests/fixtures/verify/evidence/fake-npu-a3-torch-2.13.0-pass.json"])
    assert fake["Run"] == "FAKE torch_npu test double (Ascend910_9382): not an NPU run"
    assert fake["Verifies"] == "no product"
    assert fake["NPU"] == "Ascend910_9382 (reported by a test double)"


def test_live_cpu_run_here_is_a_cpu_reference_run(cli: Invoke) -> None:
    """The one live run of these tests: no NPU here, so it must say so."""
    code, out, _ = cli("verify", "--docs", "tests/fixtures/verify/docs", "--format", "markdown")
    assert code == 0
    (live,) = blocks(out).values()
    assert "#### 1. `live run on this machine`" in out
    got = fields(live)
    assert got["Run"].startswith("CPU reference run; NPU not available: ")
    assert got["Verifies"] == "no product"
    assert got["Result"].startswith("passed: 8 of 8 cases passed in ")
    assert got["Result"].endswith("(reference only, not NPU verification)")
    assert "NPU run" not in out
    assert "| 2.13.0 | atlas-a2 |" not in out  # nothing judged on an NPU


def test_git_refs_are_the_target() -> None:
    env = Environment(
        "Linux", "3.11.10", "2.12.0", "2.12.0", "8.5.RC1", "Ascend910B3", 8, "atlas-a2", "npu",
        False, "NPU run on Ascend910B3",
    )  # fmt: skip
    run = Run("torch.x", "b", "behaviour", ("python", "a b"), (Case("c", True),), 0.5, 0, "passed")
    report = VerifyReport((), (), (Evidence(env, (run,), "npu.json"),), (), (), refs=("v2.12.0",))
    got = fields(blocks(verify_markdown(outcome_of(report)))["npu.json"])
    assert got["Target"] == "docs 2.12.0; docs read from git ref v2.12.0"
    assert got["Command"] == "python 'a b'"
    assert got["Verifies"] == "atlas-a2 for docs 2.12.0"


def test_markup_in_messages_and_backticks_in_code() -> None:
    env = Environment("L", "3", None, None, None, None, 0, None, "cpu-reference", False, "x")
    case = Case("uses ```fences```", False, "line one\nline two")
    run = Run("torch.x", "b", "behaviour", ("py",), (case,), 0.1, 1, "failed")
    report = VerifyReport((), (), (Evidence(env, (run,), "a`b|c"),), (), ("a|<b>",))
    out = verify_markdown(outcome_of(report))
    assert "#### 1. ``a`b\\|c``" in out
    assert "\n````text\n" in out  # a fence longer than the backticks inside
    assert "- a\\|\\<b\\>" in out
    assert "                FAILED  uses ```fences```: line one\n" in out
    assert "\n                        line two\n" in out
    assert "Run:          CPU reference run; NPU not available: x" in out
