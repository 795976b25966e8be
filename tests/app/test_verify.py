"""`docs-check verify` and `probe` end to end, in-process through checker.cli.run.

The docs are the real master snapshot (read in place), the small fixture docs or
copies made in tmp_path. Live runs use this interpreter and its real CPU torch;
there is no NPU here, so a live run is a labelled CPU reference run."""

from __future__ import annotations

import io
import json
import re
import shutil
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from checker.app.live import behaviour_jobs, repo_jobs
from checker.app.verify_request import Request, select_rules
from checker.model.catalogue import default_catalogue, rules_dir
from checker.verify.evidence_load import load_evidence
from tests.answered_once import LiveRuns
from tests.helpers import REPO, git, outcomes_of

VERIFY = REPO / "tests" / "fixtures" / "verify"
EVIDENCE = VERIFY / "evidence"
# The copy docs-check reads: inside the installed wheel in CI, rules/ in a checkout.
SHIPPED = rules_dir() / "put_metric.toml"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
SHIPPED_TEST = "test/distributed/elastic/metrics/test_metrics_api.py"  # the shipped rule's
RECORD = "torch.distributed.elastic.events.record"
INITIALIZE = "torch.distributed.elastic.metrics.initialize_metrics"
VERSIONS = ("2.7.1", "2.11.0", "2.12.0", "2.13.0")
SCOPE = ("atlas-a2", "atlas-a3", "ascend-950")
DOCUMENTED = {"atlas-a2": "supported", "atlas-a3": "supported", "ascend-950": "unsupported"}
NPU_RECORDS = (
    "npu-a2-torch-2.13.0-pass.json",
    "npu-a3-torch-2.13.0-pass.json",
    "npu-950-torch-2.13.0-fail.json",
)
RESULT_KEYS = {
    "rule", "api", "version", "product", "documented", "expected", "observed", "verdict",
    "severity", "path", "ref", "line", "detail", "entry_line",
}  # fmt: skip
Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def master(corpus: Path) -> Path:
    return corpus / "master"


def page(master: Path, version: str) -> str:
    folder = "pytorch_" + version.replace(".", "-")
    return str(master / "docs/zh/api/native_api" / folder / "torch-distributed-elastic.md")


NOTHING_VERIFIED = "– not verified (exit 0): docs match the rules; not verified on any NPU"


def header(headline: str = NOTHING_VERIFIED) -> list[str]:
    """The report's headline, then the shipped rule and where its `expect` is."""
    return [
        headline,
        f"elastic-put-metric: {PUT_METRIC}",
        f"  expect: 是，暂不支持 Ascend 950DT  ({SHIPPED}:19)",
    ]


def row(product: str, observed: str, verdict: str, detail: str) -> str:
    line = (
        f"    {product:<11} documented {DOCUMENTED[product]:<11} observed {observed:<6} {verdict}"
    )
    return line + (f"  ({detail})" if detail else "")


def unverified_block(master: Path, version: str, detail: str | None = None) -> list[str]:
    why = detail or f"no NPU evidence for torch {version}"
    return [f"  {version}: docs match the rule  {page(master, version)}:1844"] + [
        row(product, "none", "unverified", why) for product in SCOPE
    ]


def as_json(out: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(out)
    return document


# -- the real master snapshot, no live run ------------------------------------------------


def test_put_metric_is_at_line_1844_of_every_master_version(master: Path) -> None:
    for version in VERSIONS:
        lines = Path(page(master, version)).read_text(encoding="utf-8").splitlines()
        assert lines[1843] == f"### {PUT_METRIC}"


def test_master_no_live_all_unverified_exit_0(cli: Invoke, master: Path) -> None:
    code, out, err = cli("verify", "--docs", str(master), "--no-live")
    assert code == 0
    expected = header()
    for version in VERSIONS:
        expected += unverified_block(master, version)
    assert out.splitlines() == expected
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"


def test_master_text_says_docs_match_for_every_version(cli: Invoke, master: Path) -> None:
    _, out, _ = cli("verify", "--docs", str(master), "--no-live")
    said = re.findall(r"^  (\S+): (docs match the rule|DOCS DIFFER FROM THE RULE)", out, re.M)
    assert said == [(version, "docs match the rule") for version in VERSIONS]


def test_results_at_a_git_ref_name_the_ref_and_the_path_apart(cli: Invoke, tmp_path: Path) -> None:
    """A result of a page read at a git ref carries the ref and the page's path
    in the repository, as its findings do (not `ref:path`)."""
    repo = tmp_path / "docs-repo"
    shutil.copytree(REPO / "examples" / "docs" / "docs", repo / "docs")
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "docs")
    code, out, _ = cli(
        "verify", "--no-live", "--git", str(repo), "--ref", "master", "docs", "--format", "json"
    )
    assert code == 1  # the example's doc-differs-from-rule
    results = as_json(out)["results"]
    assert results
    assert {r["ref"] for r in results} == {"master"}
    assert all(r["path"].startswith("docs/") for r in results)
    differs = [r["path"] for r in results if r["verdict"] == "doc-differs-from-rule"]
    assert "docs/zh/api/native_api/pytorch_2-11-0/torch-distributed-elastic.md" in differs


def test_master_json(cli: Invoke, master: Path) -> None:
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--format", "json")
    assert (code, err) == (0, "")
    document = as_json(out)
    keys = {"schema", "schema_version", "results", "evidence", "findings", "errors", "notes"}
    assert set(document) == keys
    assert (document["evidence"], document["findings"], document["errors"]) == ([], [], [])
    results = document["results"]
    assert len(results) == 12
    assert all(set(result) == RESULT_KEYS for result in results)
    assert [(r["version"], r["product"]) for r in results] == [
        (v, p) for v in VERSIONS for p in SCOPE
    ]
    assert results[2] == {
        "rule": "elastic-put-metric",
        "api": PUT_METRIC,
        "version": "2.7.1",
        "product": "ascend-950",
        "documented": "unsupported",
        "expected": "unsupported",
        "observed": "none",
        "verdict": "unverified",
        "severity": None,
        "path": page(master, "2.7.1"),
        "ref": None,
        "line": 1856,  # the Ascend 950DT row
        "detail": "no NPU evidence for torch 2.7.1",
        "entry_line": 1844,  # put_metric's heading
    }


def test_require_npu_without_evidence_exits_3(cli: Invoke, master: Path) -> None:
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--require-npu")
    assert code == 3
    assert err == "12 results (12 unverified); 0 findings; exit 3\n"
    assert out.splitlines()[3] == unverified_block(master, "2.7.1")[0]


# -- live runs here: a CPU reference run, labelled -----------------------------------------


@pytest.fixture(scope="module")
def master_live() -> LiveRuns:
    """The master snapshot's live run, made once for the text report and for
    the JSON one under --require-npu (each would import torch)."""
    return LiveRuns()


def test_master_live_is_a_cpu_reference_run(
    cli: Invoke, master: Path, master_live: LiveRuns
) -> None:
    with master_live.shared():
        code, out, err = cli("verify", "--docs", str(master))
    assert master_live.runs == 1
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"
    lines = out.splitlines()
    evidence = lines.index("evidence:")
    expected = header()
    for version in VERSIONS:
        cpu = "no NPU evidence; CPU reference run: passed" if version == "2.13.0" else None
        expected += unverified_block(master, version, cpu)
    assert lines[:evidence] == expected
    env, note, ran, command, notes, untested = lines[evidence + 1 :]
    assert notes == "notes:"  # the shipped rule's repository test is in no docs root here
    assert untested == (
        f"  rule elastic-put-metric's test {SHIPPED_TEST} is not in the repository of "
        f"{master} (no git repository holds it): not run; pass the repository's root (the "
        "folder holding test/), or --test-ref 2.13.0=REF to read it at a git ref"
    )
    assert re.fullmatch(
        r"  live: .+ \| Python 3\.11\.\d+ \| torch 2\.13\.0\S* \| torch_npu - \| CANN - \| "
        r"NPU - \(no product\) \| visible NPUs 0",
        env,
    )
    assert note.startswith("    CPU reference run; NPU not available: ")
    assert re.fullmatch(
        rf"    {re.escape(PUT_METRIC)} \[behaviour put_metric\]: passed 8/8 cases in "
        r"[0-9.e-]+ s, exit 0",
        ran,
    )
    assert command.startswith("      command: ")
    assert command.endswith("checker/torch/behaviours/put_metric.py")


def test_live_with_require_npu_exits_3_and_reports_the_run(
    cli: Invoke, master: Path, master_live: LiveRuns
) -> None:
    with master_live.shared():
        code, out, err = cli("verify", "--docs", str(master), "--require-npu", "--format", "json")
    assert master_live.runs == 1
    assert (code, err) == (3, "")
    document = as_json(out)
    assert {(r["verdict"], r["severity"]) for r in document["results"]} == {("unverified", "error")}
    (evidence,) = document["evidence"]
    assert evidence["origin"] == "live"
    assert evidence["docs_versions"] == ["2.13.0"]
    assert evidence["environment"]["device"] == "cpu-reference"
    assert evidence["environment"]["fake_npu"] is False
    assert evidence["environment"]["note"].startswith("CPU reference run; NPU not available")
    (put_metric,) = evidence["runs"]
    assert (put_metric["api"], put_metric["source"], put_metric["verdict"]) == (
        PUT_METRIC,
        "behaviour",
        "passed",
    )
    assert len(put_metric["cases"]) == 8 and all(c["passed"] for c in put_metric["cases"])


# -- evidence files -----------------------------------------------------------------------


def test_npu_evidence_makes_2_13_0_consistent(cli: Invoke, master: Path) -> None:
    files = [str(EVIDENCE / name) for name in NPU_RECORDS]
    argv = ["verify", "--docs", str(master), "--no-live"]
    for name in files:
        argv += ["--evidence", name]
    code, out, err = cli(*argv)
    assert code == 0
    # the 950 run failed, as the docs say it does there
    said = "12 results (3 consistent, 9 unverified); 1 of 3 runs failed; 0 findings; exit 0\n"
    assert err == said
    expected = header("✔ passed (exit 0): docs match the rules; 3 of 12 results verified on an NPU")
    for version in VERSIONS[:3]:
        expected += unverified_block(master, version)
    expected += [
        f"  2.13.0: docs match the rule  {page(master, '2.13.0')}:1844",
        row("atlas-a2", "passed", "consistent", ""),
        row("atlas-a3", "passed", "consistent", ""),
        row("ascend-950", "failed", "consistent", ""),
        "evidence:",
    ]
    platform = "Linux 5.10.0-182.0.0.95.oe2203sp3.aarch64 aarch64"
    command = (
        "      command: /usr/local/python3.11.10/bin/python3 "
        "/opt/docs-check/checker/live/harness.py --behaviour "
        "/opt/docs-check/checker/live/behaviours/put_metric.py"
    )
    for name, soc, product, visible in [
        (files[0], "Ascend910B3", "atlas-a2", 8),
        (files[1], "Ascend910_9382", "atlas-a3", 16),
        (files[2], "Ascend950DT", "ascend-950", 8),
    ]:
        passed = "failed 7/8" if product == "ascend-950" else "passed 8/8"
        expected += [
            f"  {name}: {platform} | Python 3.11.10 | torch 2.13.0+cpu | torch_npu 2.13.0 | "
            f"CANN 8.5.RC1 | NPU {soc} ({product}) | visible NPUs {visible}",
            f"    NPU run on {soc}: ones(2)*2 on npu:0 = [2.0, 2.0]",
            f"    {PUT_METRIC} [behaviour put_metric]: {passed} cases in 0.0041 s, exit 0",
            command,
        ]
    expected.append(
        "      FAILED custom group goes to its own handler: "
        "AssertionError: 0 emits to the group handler, expected 1 at line 63"
    )
    assert out.splitlines() == expected


def test_npu_evidence_json(cli: Invoke, master: Path) -> None:
    argv = ["verify", "--docs", str(master), "--no-live", "--format", "json"]
    for name in NPU_RECORDS:
        argv += ["--evidence", str(EVIDENCE / name)]
    code, out, _ = cli(*argv)
    assert code == 0
    document = as_json(out)
    assert [e["origin"] for e in document["evidence"]] == [str(EVIDENCE / n) for n in NPU_RECORDS]
    by_version: dict[str, set[str]] = {}
    for result in document["results"]:
        by_version.setdefault(result["version"], set()).add(result["verdict"])
    assert by_version == {
        "2.7.1": {"unverified"},
        "2.11.0": {"unverified"},
        "2.12.0": {"unverified"},
        "2.13.0": {"consistent"},
    }


def test_claims_fail_evidence_is_exit_1(cli: Invoke, master: Path) -> None:
    evidence = str(EVIDENCE / "npu-a3-torch-2.12.0-fail.json")
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    assert code == 1
    assert row("atlas-a3", "failed", "doc-claims-support-test-fails", "failed: zero value") in (
        out.splitlines()
    )
    assert err.endswith("; 0 findings; exit 1\n")


def test_error_run_in_evidence_is_exit_1(cli: Invoke, master: Path) -> None:
    evidence = str(EVIDENCE / "npu-a2-torch-2.13.0-error.json")
    code, out, _ = cli("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    assert code == 1
    assert row("atlas-a2", "error", "error", "timed out after 120 s") in out.splitlines()


def test_failed_cpu_reference_run_fails_verify_yet_verifies_nothing(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    record = json.loads((EVIDENCE / "cpu-reference-torch-2.13.0-pass.json").read_text("utf-8"))
    run = record["runs"][0]
    run["verdict"] = "failed"
    run["cases"][0] = {**run["cases"][0], "passed": False, "detail": "AssertionError: x"}
    failed = tmp_path / "cpu-reference-fail.json"
    failed.write_text(json.dumps(record), encoding="utf-8")
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", str(failed))
    assert err == "12 results (12 unverified); 1 of 1 run failed; 0 findings; exit 1\n"
    assert code == 1
    assert row("atlas-a2", "none", "unverified", "no NPU evidence; CPU reference run: failed") in (
        out.splitlines()
    )


def test_npu_failure_where_the_docs_deny_support_is_exit_0(cli: Invoke, master: Path) -> None:
    evidence = str(EVIDENCE / "npu-950-torch-2.13.0-fail.json")
    code, out, _ = cli("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    assert row("ascend-950", "failed", "consistent", "") in out.splitlines()
    assert code == 0


def test_fake_npu_evidence_stays_unverified(cli: Invoke, master: Path) -> None:
    evidence = str(EVIDENCE / "fake-npu-a3-torch-2.13.0-pass.json")
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"
    assert "    FAKE torch_npu test double reporting Ascend910_9382: not an NPU run" in out


# -- a run on an Ascend 950PR, or on a SoC of no product ----------------------------------


def made_on(tmp_path: Path, soc: str, product: str | None) -> str:
    """The Atlas A3 record as if made on another SoC, saying `product` of it."""
    data = json.loads((EVIDENCE / "npu-a3-torch-2.13.0-pass.json").read_text(encoding="utf-8"))
    env = data["environment"]
    env.update(npu_name=soc, product=product, note=env["note"].replace("Ascend910_9382", soc))
    path = tmp_path / f"{soc}.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    return str(path)


def test_a_950pr_record_that_says_950dt_is_refused(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    """Made on an Ascend950PR_9579 when the catalogue took it for the 950DT: it
    verified the docs' 暂不支持 Ascend 950DT. The 950PR is a product of its own."""
    evidence = made_on(tmp_path, "Ascend950PR_9579", "ascend-950")
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    assert code == 2
    assert out.splitlines()[0] == (
        "✘ input errors (exit 2): docs match the rules; not verified on any NPU"
    )
    assert err.splitlines()[-1] == (
        f"docs-check: error: {evidence}: broken evidence record: environment.product says "
        "ascend-950, but npu_name Ascend950PR_9579 is ascend-950pr"
    )


def test_a_950pr_run_verifies_nothing_of_the_950dt(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    evidence = made_on(tmp_path, "Ascend950PR_9579", "ascend-950pr")
    argv = ("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    code, out, err = cli(*argv)
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"
    lines = out.splitlines()
    assert lines[0] == NOTHING_VERIFIED
    assert row("ascend-950", "none", "unverified", "no NPU evidence for torch 2.13.0") in lines
    assert lines[-2:] == [
        "notes:",
        f"  {evidence}: NPU Ascend950PR_9579 is ascend-950pr, outside the scope "
        "(atlas-a2, atlas-a3, ascend-950): its runs verify nothing here",
    ]
    # in a scope that holds it, the run is observed on the 950PR, which master's
    # tables do not state (the rule's 是 speaks of it)
    code, out, err = cli(*argv, "--scope", "atlas-a2,atlas-a3,ascend-950,ascend-950pr")
    assert code == 1
    assert err == "16 results (4 doc-differs-from-rule, 12 unverified); 0 findings; exit 1\n"
    assert (
        "    ascend-950pr documented unstated    observed passed doc-differs-from-rule  "
        "(docs say unstated, the rule expects supported)"
    ) in out.splitlines()
    assert "notes:" not in out


def test_a_run_on_a_soc_of_no_product_says_it_verifies_nothing(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    evidence = made_on(tmp_path, "Ascend950XY_1", None)
    argv = ("verify", "--docs", str(master), "--no-live", "--evidence", evidence)
    code, out, err = cli(*argv)
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"
    lines = out.splitlines()
    assert lines[0] == NOTHING_VERIFIED
    said = "no catalogue product: verifies nothing"
    detail = f"no NPU evidence; run on Ascend950XY_1 ({said}): passed"
    assert row("ascend-950", "none", "unverified", detail) in lines
    assert f"CANN 8.5.RC1 | NPU Ascend950XY_1 ({said}) | visible NPUs 16" in out
    note = f"{evidence}: NPU Ascend950XY_1 is of no catalogue product: its runs verify nothing"
    assert lines[-2:] == ["notes:", f"  {note}"]
    _, out, _ = cli(*argv, "--format", "json")
    document = as_json(out)
    assert document["notes"] == [note]
    assert document["evidence"][0]["environment"]["product"] is None
    _, out, _ = cli(*argv, "--format", "markdown")
    assert f"#### 1. `{evidence}`: docs 2.13.0, NPU run on Ascend950XY_1 ({said})" in out
    assert f"NPU=Ascend950XY_1 ({said})" in out.splitlines()


def test_broken_evidence_file_is_exit_2_with_one_error_line(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    broken = tmp_path / "broken.json"
    text = (EVIDENCE / NPU_RECORDS[0]).read_text(encoding="utf-8")
    broken.write_text(text.replace('"visible_npus": 8,', '"visible_npus": 8'), encoding="utf-8")
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", str(broken))
    assert code == 2
    assert err.splitlines() == [
        "12 results (12 unverified); 0 findings; exit 2",
        f"docs-check: error: {broken}:16: not an evidence file: Expecting ',' delimiter: "
        "line 16 column 5 (char 366)",
    ]
    said = "✘ input errors (exit 2): docs match the rules; not verified on any NPU"
    assert out.splitlines()[:2] == header(said)[:2]  # the rest is still checked
    code, out, err = cli(
        "verify", "--docs", str(master), "--no-live", "--evidence", str(broken), "--format", "json"
    )
    assert code == 2
    assert len(err.splitlines()) == 1 and err.startswith(f"docs-check: error: {broken}:16: ")
    assert as_json(out)["errors"] == [err.removeprefix("docs-check: error: ").rstrip("\n")]


def test_wrong_type_in_evidence_is_exit_2(cli: Invoke, master: Path, tmp_path: Path) -> None:
    data = json.loads((EVIDENCE / NPU_RECORDS[1]).read_text(encoding="utf-8"))
    data["environment"]["visible_npus"] = "two"
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(data), encoding="utf-8")
    code, _, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", str(bad))
    assert code == 2
    assert err.splitlines()[-1] == (
        f"docs-check: error: {bad}: broken evidence record: "
        "Environment.visible_npus has the wrong type: 'two'"
    )


# -- selecting rules ----------------------------------------------------------------------


def test_unknown_api_is_exit_2(cli: Invoke, master: Path) -> None:
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--api", "torch.nothing")
    assert (code, out, err) == (2, "", "docs-check: error: no rule for API torch.nothing\n")


def test_api_selects_its_rule(cli: Invoke, master: Path) -> None:
    extra = str(VERIFY / "rules" / "extra-record.toml")
    code, out, err = cli(
        "verify", "--docs", str(master), "--no-live", "--rules", extra, "--api", RECORD
    )
    assert code == 0
    assert out.splitlines()[:2] == [NOTHING_VERIFIED, f"elastic-record: {RECORD}"]
    assert err == "6 results (6 unverified); 0 findings; exit 0\n"


def test_extra_rules_file(cli: Invoke, master: Path) -> None:
    extra = str(VERIFY / "rules" / "extra-record.toml")
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--rules", extra)
    assert code == 0
    assert err == "18 results (18 unverified); 0 findings; exit 0\n"
    lines = out.splitlines()
    start = lines.index(f"elastic-record: {RECORD}")
    assert lines[start + 1] == f"  expect: 是，暂不支持 Ascend 950DT  ({extra}:7)"
    assert [line for line in lines[start:] if not line.startswith("    ")] == [
        f"elastic-record: {RECORD}",
        f"  expect: 是，暂不支持 Ascend 950DT  ({extra}:7)",
        f"  2.12.0: docs match the rule  {page(master, '2.12.0')}:1862",
        f"  2.13.0: docs match the rule  {page(master, '2.13.0')}:1862",
    ]


def test_broken_rules_file_is_exit_2_naming_path_and_line(cli: Invoke, master: Path) -> None:
    bad = VERIFY / "rules" / "unknown-key.toml"
    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--rules", str(bad))
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: {bad}:9: unknown rule key 'colour' "
        "(known: api, behaviour, doc, expect, id, test, versions)\n"
    )


def test_rule_whose_page_is_missing_everywhere_fails(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    ghost = tmp_path / "ghost.toml"
    text = (VERIFY / "rules" / "extra-record.toml").read_text(encoding="utf-8")
    ghost.write_text(
        text.replace('versions = ["2.12.0", "2.13.0"]\n', "").replace(
            "torch-distributed-elastic.md", "torch-ghost.md"
        ),
        encoding="utf-8",
    )
    code, out, _ = cli("verify", "--docs", str(master), "--no-live", "--rules", str(ghost))
    assert code == 1
    assert out.splitlines()[-1] == (
        f"  {ghost}:3: missing-entry rule elastic-record: no torch-ghost.md was found in the "
        "docs given"
    )
    code, out, err = cli(
        "verify", "--docs", str(master), "--no-live", "--rules", str(ghost), "--api", RECORD
    )
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: no torch-ghost.md under {master}\n"


def test_docs_without_the_rules_page_is_exit_2(cli: Invoke) -> None:
    docs = str(REPO / "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md")
    code, out, err = cli("verify", "--docs", docs, "--no-live")
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: no torch-distributed-elastic.md under {docs}\n"


# -- probe, then verify with what it wrote ------------------------------------------------


def test_probe_out_then_verify_evidence_round_trip(
    cli: Invoke, master: Path, tmp_path: Path
) -> None:
    out_file = tmp_path / "here.json"
    code, out, err = cli("probe", "--out", str(out_file))
    assert (code, err) == (0, "")
    probed = load_evidence(str(out_file))
    assert probed.environment.device == "cpu-reference"
    assert not probed.environment.verifies_npu
    assert probed.environment.release == "2.13.0"
    assert [(r.api, r.verdict, len(r.cases)) for r in probed.runs] == [(PUT_METRIC, "passed", 8)]
    assert out.splitlines()[1] == f"    {probed.environment.note}"

    code, out, err = cli("verify", "--docs", str(master), "--no-live", "--evidence", str(out_file))
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"
    lines = out.splitlines()
    block = unverified_block(master, "2.13.0", "no NPU evidence; CPU reference run: passed")
    assert lines[-9:-4] == [*block, "evidence:"]
    assert lines[-4].startswith(f"  {out_file}: ")
    assert lines[-3] == f"    {probed.environment.note}"


# -- the docs repository's own test (rule key `test`) -------------------------------------


def docs_repo(tmp_path: Path, test: str, *more: tuple[str, str]) -> Path:
    """A docs repository with its own suite and a `.docs-check.toml` rule naming one
    of its tests, for initialize_metrics (so that `--api` leaves the shipped
    put_metric behaviour out); `more`: (id, test) of further rules of that API."""
    root = tmp_path / "repo"
    shutil.copytree(VERIFY / "docs", root)
    (root / "tests").mkdir()
    (root / "tests" / "test_metric.py").write_text(
        "def test_ok():\n    assert 1 + 1 == 2\n\n\ndef test_bad():\n    assert 1 + 1 == 3\n",
        encoding="utf-8",
    )
    (root / ".docs-check.toml").write_text(
        "\n".join(
            "[[rule]]\n"
            f'id = "{rule}"\n'
            f'api = "{INITIALIZE}"\n'
            'doc = "torch-distributed-elastic.md"\n'
            'expect = "是，暂不支持 Ascend 950DT"\n'
            f'test = "{named}"\n'
            for rule, named in (("repo-initialize", test), *more)
        ),
        encoding="utf-8",
    )
    return root


def repo_runs(document: dict[str, Any]) -> list[dict[str, Any]]:
    (evidence,) = document["evidence"]
    return [r for r in evidence["runs"] if r["source"] == "repo-test"]


@pytest.fixture(scope="module")
def passing(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, Any]]:
    """`verify docs --format json` in a git repository whose docs/ has its
    test beside it, test_ok, which passes: (exit code, report). One live run
    for the passing test's report and for the root found from docs/ (each
    would import torch)."""
    from checker.cli import run

    root = docs_repo(tmp_path_factory.mktemp("passing"), "tests/test_metric.py::test_ok")
    git(root, "init", "-q")
    printed, said = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, redirect_stdout(printed), redirect_stderr(said):
        patch.chdir(root)
        code = run(["verify", "docs", "--format", "json"])
    assert "Traceback" not in printed.getvalue() + said.getvalue()
    return code, as_json(printed.getvalue())


def test_repo_test_passing(passing: tuple[int, dict[str, Any]]) -> None:
    code, document = passing
    assert code == 0
    assert {r["rule"] for r in document["results"]} == {"elastic-put-metric", "repo-initialize"}
    (repo,) = repo_runs(document)
    assert (repo["api"], repo["behaviour"], repo["verdict"], repo["exit_code"]) == (
        INITIALIZE,
        "tests/test_metric.py::test_ok",
        "passed",
        0,
    )
    assert repo["cases"] == [
        {
            "name": "tests/test_metric.py::test_ok",
            "passed": True,
            "detail": "",
            "traceback": "",
            "apis": [],
        }
    ]
    assert repo["command"][-2:] == ["--test", "tests/test_metric.py::test_ok"]


BAD, MISSING = "tests/test_metric.py::test_bad", "tests/test_metric.py::test_missing"


@pytest.fixture(scope="module")
def failing(tmp_path_factory: pytest.TempPathFactory) -> tuple[int, dict[str, Any], str]:
    """`verify --docs ROOT --api initialize_metrics --format json` where two
    rules of the API name test_bad, which fails, and test_missing, which names
    no test: one live run (one torch import) for both tests' runs: (exit code,
    report, summary line)."""
    from checker.cli import run
    from checker.report.formats import summary

    root = docs_repo(tmp_path_factory.mktemp("failing"), BAD, ("repo-missing", MISSING))
    printed, said = io.StringIO(), io.StringIO()
    with outcomes_of("verify") as outcomes, redirect_stdout(printed), redirect_stderr(said):
        code = run(["verify", "--docs", str(root), "--api", INITIALIZE, "--format", "json"])
    assert "Traceback" not in printed.getvalue() + said.getvalue()
    (outcome,) = outcomes
    return code, as_json(printed.getvalue()), summary(outcome) or ""


def run_of(document: dict[str, Any], test: str) -> dict[str, Any]:
    (repo,) = [run for run in repo_runs(document) if run["behaviour"] == test]
    return repo


def test_repo_test_failing(failing: tuple[int, dict[str, Any], str]) -> None:
    _, document, _ = failing  # the exit code is the next test's: each run fails verify
    repo = run_of(document, BAD)
    assert repo["verdict"] == "failed"
    (case,) = repo["cases"]
    assert (case["name"], case["passed"]) == (BAD, False)
    assert "assert (1 + 1) == 3" in case["detail"] or "AssertionError" in case["detail"]
    # a CPU reference run: reported for the torch release it ran, never NPU verification
    results = [r for r in document["results"] if r["rule"] == "repo-initialize"]
    detail = {(r["version"], r["verdict"], r["detail"]) for r in results}
    assert detail == {
        ("2.12.0", "unverified", "no NPU evidence for torch 2.12.0"),
        ("2.13.0", "unverified", "no NPU evidence; CPU reference run: failed"),
    }


def test_repo_test_naming_no_test_is_an_error_run(failing: tuple[int, dict[str, Any], str]) -> None:
    code, document, said = failing
    repo = run_of(document, MISSING)
    assert repo["verdict"] == "error"
    # pytest's own words, in one line, never "collected nothing"
    assert repo["note"].startswith("not found: ")
    assert MISSING in repo["note"]
    assert "\n" not in repo["note"]
    results = [r for r in document["results"] if r["rule"] == "repo-missing"]
    assert {r["detail"] for r in results if r["version"] == "2.13.0"} == {
        "no NPU evidence; CPU reference run: error"
    }
    # the error run is a run that failed, as the failed one is: each fails verify
    assert said == "12 results (12 unverified); 2 of 2 runs failed; 0 findings; exit 1"
    assert code == 1


def test_the_docs_folder_of_a_repository_runs_its_test_as_the_root_does(
    passing: tuple[int, dict[str, Any]],
) -> None:
    """`verify docs` in a repository whose tests are beside docs/: the
    repository's root is found from the docs path as git finds its top
    level, so the test runs as `verify .` runs it."""
    code, document = passing
    (repo,) = repo_runs(document)
    assert (repo["behaviour"], repo["verdict"]) == ("tests/test_metric.py::test_ok", "passed")
    assert code == 0


def test_a_test_in_no_repository_says_what_to_pass(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    root = docs_repo(tmp_path, "tests/test_metric.py::test_ok")
    monkeypatch.chdir(root)
    code, out, err = cli("verify", "docs", "--api", INITIALIZE)
    assert repo_runs_none(out), err
    assert code == 0, err
    assert (
        "  rule repo-initialize's test tests/test_metric.py is not in the repository of "
        "docs (no git repository holds it): not run; pass the repository's root "
        "(the folder holding tests/), or --test-ref 2.13.0=REF to read it at a git ref"
    ) in out.splitlines()


def repo_runs_none(out: str) -> bool:
    return "[repo-test " not in out


def test_a_docs_root_given_twice_runs_its_test_once(tmp_path: Path) -> None:
    root = docs_repo(tmp_path, "tests/test_metric.py::test_ok")
    rules = select_rules(Request(docs=(str(root), str(root))), default_catalogue())
    tested = [rule for rule in rules if rule.test]
    jobs = behaviour_jobs(rules) + repo_jobs(tested, None, {}, (str(root), str(root)))
    assert [(job.api, job.behaviour, job.repo) for job in jobs] == [
        (PUT_METRIC, "put_metric", None),
        (INITIALIZE, "tests/test_metric.py::test_ok", str(root)),
    ]


def test_a_docs_repositorys_own_behaviour_test_runs_from_its_folder(
    cli: Invoke, tmp_path: Path
) -> None:
    root = docs_repo(tmp_path, "tests/test_metric.py::test_ok")
    (root / "ci").mkdir()
    (root / "ci" / "initialize.py").write_text(
        "from torch.distributed.elastic.metrics import initialize_metrics\n\n\n"
        "def callable_():\n    assert callable(initialize_metrics)\n\n\n"
        'CASES = [("initialize_metrics is callable", callable_)]\n',
        encoding="utf-8",
    )
    config = root / ".docs-check.toml"
    config.write_text(
        config.read_text(encoding="utf-8").replace("test = ", 'behaviour = "ci/initialize.py"\n#'),
        encoding="utf-8",
    )
    code, out, _ = cli("verify", str(root), "--api", INITIALIZE, "--format", "json")
    (evidence,) = as_json(out)["evidence"]
    (run,) = evidence["runs"]
    assert (run["source"], run["behaviour"], run["verdict"]) == (
        "behaviour",
        "ci/initialize.py",
        "passed",
    )
    assert run["command"][-2:] == ["--behaviour", str(root / "ci" / "initialize.py")]
    assert [case["name"] for case in run["cases"]] == ["initialize_metrics is callable"]
    assert code == 0
