"""`--format markdown`: the section pasted into a pull request. Stored snapshots,
then what a reviewer must be able to rely on: the documented status per
version, the evidence block per record, and a CPU reference run that reads as
one and never as an NPU result."""

from __future__ import annotations

import re

from checker.app.verify import outcome_of
from checker.model.evidence import Case, Environment, Evidence, Run
from checker.report.verify import as_markdown as verify_markdown
from checker.verify.verify_report import VerifyReport

from .conftest import VERIFY_EVIDENCE, VERIFY_FAILING, Invoke, snapshot

KEYS = [
    "API",
    "TARGET_BRANCH",
    "PLATFORM",
    "PYTHON",
    "TORCH",
    "TORCH_NPU",
    "CANN",
    "NPU",
    "VISIBLE_NPU",
]


def blocks(out: str) -> dict[str, tuple[str, list[str], list[str]]]:
    """Evidence origin -> (what its heading says, its table's rows, the lines
    of its VALIDATION EVIDENCE block)."""
    found = re.findall(
        r"^#### \d+\. (`+)([^\n]+?)\1: ([^\n]*)\n\n((?:\|[^\n]*\n)+)\n(`{3,})text\n(.*?)\n\5$",
        out,
        re.M | re.S,
    )
    return {
        origin.strip(): (said, table.splitlines()[2:], text.splitlines())
        for _, origin, said, table, _, text in found
    }


def fields(lines: list[str]) -> dict[str, str]:
    """The KEY=VALUE lines of a block; COMMAND and RESULT are those of the last run."""
    assert lines[0] == "VALIDATION EVIDENCE"
    return dict(line.split("=", 1) for line in lines[1:] if "=" in line and line[0] != " ")


def keys(lines: list[str]) -> list[str]:
    return [line.split("=", 1)[0] for line in lines[1:] if line[0] != " "]


def test_lint_markdown_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "markdown")
    assert code == 1
    assert out == snapshot("lint.md")
    assert err == "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"


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
    assert "\nDocs read from the working tree.\n" in out
    found = blocks(out)
    assert len(found) == 7
    for _, _, lines in found.values():
        assert keys(lines) == [*KEYS, "COMMAND", "RESULT", "NOTE"]  # one run each
    said, rows, lines = found["tests/fixtures/verify/evidence/npu-950-torch-2.13.0-fail.json"]
    assert said == "docs 2.13.0, NPU run on Ascend950DT, verifies ascend-950"
    npu = fields(lines)
    assert npu["NPU"] == "Ascend950DT (ascend-950)"
    assert npu["VISIBLE_NPU"] == "8"
    assert npu["CANN"] == "8.5.RC1"
    assert npu["RESULT"] == "failed: 7 of 8 cases passed, exit 0"
    assert npu["TARGET_BRANCH"] == "-"  # only docs-check's own behaviour test ran: no branch
    assert npu["NOTE"] == "NPU run on Ascend950DT: ones(2)*2 on npu:0 = [2.0, 2.0]"
    assert lines[-1] == (
        "  FAILED custom group goes to its own handler: AssertionError: 0 emits "
        "to the group handler, expected 1 at line 63"
    )
    (row,) = rows
    assert row == (
        "| – (docs-check behaviour) | 2.13.0+cpu | 2.13.0 | 8.5.RC1 | Ascend950DT (ascend-950) | "
        "`docs-check probe --api torch.distributed.elastic.metrics.put_metric"
        " --python python --output evidence.json` | "
        "failed: 7 of 8 cases passed, exit 0 |"
    )  # the command to re-run it, not the harness call the record keeps
    assert "/usr/local/" not in out and "/opt/docs-check/" not in out


def test_cpu_reference_run_reads_as_one(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "markdown")
    said, _, lines = blocks(out)[
        "tests/fixtures/verify/evidence/cpu-reference-torch-2.13.0-pass.json"
    ]
    assert said == "docs 2.13.0, CPU reference run, no NPU"
    cpu = fields(lines)
    assert cpu["NOTE"] == "CPU reference run; NPU not available: torch_npu is not installed"
    assert cpu["NPU"] == "-"
    said, _, lines = blocks(out)[
        "tests/fixtures/verify/evidence/fake-npu-a3-torch-2.13.0-pass.json"
    ]
    assert said == "docs 2.13.0, FAKE torch_npu test double, not an NPU run"
    fake = fields(lines)
    assert fake["NPU"] == "Ascend910_9382 (FAKE: reported by a test double)"
    assert fake["NOTE"] == "FAKE torch_npu test double reporting Ascend910_9382: not an NPU run"


def test_live_cpu_run_here_is_a_cpu_reference_run(cli: Invoke) -> None:
    """The one live run of these tests: no NPU here, so it must say so."""
    code, out, _ = cli("verify", "--docs", "tests/fixtures/verify/docs", "--format", "markdown")
    assert code == 0
    ((said, _, lines),) = blocks(out).values()
    assert "#### 1. `live run on this machine`: docs 2.13.0, CPU reference run, no NPU" in out
    assert said == "docs 2.13.0, CPU reference run, no NPU"
    got = fields(lines)
    assert got["NOTE"].startswith("CPU reference run; NPU not available: ")
    assert got["RESULT"] == "passed 8/8 cases, exit 0"
    assert "NPU run" not in out
    assert "| 2.13.0 | atlas-a2 |" not in out  # nothing judged on an NPU


def test_git_refs_are_the_target() -> None:
    env = Environment(
        "Linux", "3.11.10", "2.12.0", "2.12.0", "8.5.RC1", "Ascend910B3", 8, "atlas-a2", "npu",
        False, "NPU run on Ascend910B3",
    )  # fmt: skip
    run = Run("torch.x", "b", "behaviour", ("python", "a b"), (Case("c", True),), 0.5, 0, "passed")
    report = VerifyReport((), (), (Evidence(env, (run,), "npu.json"),), (), (), refs=("v2.12.0",))
    out = verify_markdown(outcome_of(report))
    assert "\nDocs read from git ref v2.12.0.\n" in out
    said, _, lines = blocks(out)["npu.json"]
    assert said == "docs 2.12.0, NPU run on Ascend910B3, verifies atlas-a2"
    got = fields(lines)
    assert got["TARGET_BRANCH"] == "-"  # no test read at a ref: never the docs' ref
    assert got["COMMAND"] == "docs-check probe --api torch.x --python python --output evidence.json"
    assert got["RESULT"] == "passed: 1 of 1 cases passed, exit 0"


def test_a_repository_test_at_a_ref_is_its_target_branch() -> None:
    note = "CPU reference run; NPU not available: torch_npu is not installed"
    env = Environment(
        "L", "3.11", "2.12.0+cpu", None, None, None, 0, None, "cpu-reference", False, note, True
    )
    case = Case("t.py::T::a", True)
    said = "Ran 1 test in 0.001s, OK"
    run = Run(
        "torch.x", "t.py", "repo-test", ("py",), (case,), 0.1, 0, "passed", "", "v2.12.0", said
    )
    evidence = Evidence(env, (run,), "live", ("2.12.0",))
    report = VerifyReport((), (), (evidence,), (), (), refs=("master",))
    said, rows, lines = blocks(verify_markdown(outcome_of(report)))["live run on this machine"]
    assert said == "docs 2.12.0, CPU reference run, no NPU"
    assert rows == [
        "| `v2.12.0` | 2.12.0+cpu (FAKE: a test double reporting this release) | - | - | - | "
        "`git checkout v2.12.0 && python t.py -v` | Ran 1 test in 0.001s, OK, exit 0 |"
    ]
    got = fields(lines)
    assert (got["TARGET_BRANCH"], got["RESULT"]) == ("v2.12.0", "Ran 1 test in 0.001s, OK, exit 0")
    assert got["TORCH"] == "2.12.0+cpu (FAKE: a test double reporting this release)"


def test_markup_in_messages_and_backticks_in_code() -> None:
    env = Environment("L", "3", None, None, None, None, 0, None, "cpu-reference", False, "x")
    case = Case("uses ```fences```", False, "line one\nline two")
    run = Run("torch.x", "b", "behaviour", ("py",), (case,), 0.1, 1, "failed")
    report = VerifyReport((), (), (Evidence(env, (run,), "a`b|c"),), (), ("a|<b>",))
    out = verify_markdown(outcome_of(report))
    assert "#### 1. ``a`b\\|c``: no docs version (torch None), CPU reference run, no NPU" in out
    assert "\n````text\n" in out  # a fence longer than the backticks inside
    assert "- a\\|\\<b\\>" in out
    assert "\n  FAILED uses ```fences```: line two (the whole text below)\n" in out
    # an HTML block, where Markdown is not read: the name is HTML's text, in a <code>
    assert "<details><summary>Failure text of <code>uses ```fences```</code></summary>\n\n" in out
    assert "\n```text\nline one\nline two\n```\n\n</details>\n" in out
    assert "\nNOTE=no NPU verification: x\n" in out
