"""`docs-check probe` and `docs-check verify` with live runs, in-process through
checker.cli.run: the evidence file (read back by load_evidence, written
atomically), the text report of a FAKE torch_npu run (never NPU verification),
and the checker's own process, which never imports torch."""

from __future__ import annotations

import contextlib
import io
import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import checker
from checker.cli import run
from checker.model.evidence import SCHEMA, SCHEMA_VERSION
from checker.verify.evidence_load import load_evidence
from tests.answered_once import LiveRuns

from .support import (
    BACKEND_FAILURE,
    EXAMPLES,
    FAKE_NPU,
    LIVE_VARIABLES,
    PUT_METRIC,
    PUT_METRIC_CASES,
)

Cli = Callable[..., tuple[int, str, str]]
PAGE_2_12 = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
PAGE_2_13 = "docs/zh/api/native_api/pytorch_2-13-0/torch-distributed-elastic.md"


@pytest.fixture
def cli(cli: Cli, monkeypatch: pytest.MonkeyPatch) -> Cli:
    """docs-check in-process, live runs free of the test run's PYTHONPATH and
    the like: (exit code, stdout, stderr). Never a traceback."""
    for name in LIVE_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return cli


def executable(path: Path, text: str) -> str:
    path.write_text(text)
    path.chmod(0o755)
    return str(path)


# -- probe on this interpreter ------------------------------------------------------------


@pytest.fixture(scope="module")
def probed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, str]:
    """One `probe --out` on this interpreter, over a stale file of the same name:
    (the file, exit code, stdout)."""
    folder = tmp_path_factory.mktemp("probe")
    out = folder / "evidence.json"
    out.write_text("stale: an older run\n")
    printed = io.StringIO()
    with pytest.MonkeyPatch.context() as patch, contextlib.redirect_stdout(printed):
        for name in LIVE_VARIABLES:
            patch.delenv(name, raising=False)
        code = run(["probe", "--out", str(out)])
    return out, code, printed.getvalue()


def test_probe_writes_evidence_that_load_evidence_reads(probed: tuple[Path, int, str]) -> None:
    out, code, _ = probed
    assert code == 0
    document = json.loads(out.read_text(encoding="utf-8"))
    assert (document["schema"], document["schema_version"]) == (SCHEMA, SCHEMA_VERSION)
    assert (document["schema"], document["schema_version"]) == ("docs-check/evidence", 4)
    assert document["origin"] == "live"
    assert document["docs_versions"] == ["2.13.0"]
    evidence = load_evidence(str(out))
    assert evidence.origin == str(out)
    env = evidence.environment
    assert (env.torch, env.release, env.device, env.verifies_npu) == (
        "2.13.0+cpu",
        "2.13.0",
        "cpu-reference",
        False,
    )
    assert env.note.startswith("CPU reference run; NPU not available:")
    [put_metric] = [r for r in evidence.runs if r.api == PUT_METRIC]
    assert put_metric.verdict == "passed"
    assert [case.name for case in put_metric.cases] == PUT_METRIC_CASES
    assert all(case.passed for case in put_metric.cases)


def test_probe_replaces_the_file_whole_and_leaves_no_temporary_file(
    probed: tuple[Path, int, str],
) -> None:
    out, _, _ = probed
    assert "stale" not in out.read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8").endswith("}\n")
    assert sorted(path.name for path in out.parent.iterdir()) == ["evidence.json"]


def test_probe_prints_the_environment_and_the_runs(probed: tuple[Path, int, str]) -> None:
    _, _, printed = probed
    lines = printed.splitlines()
    assert lines[0].startswith("  live: ")
    assert "torch 2.13.0+cpu" in lines[0]
    assert lines[1] == "    CPU reference run; NPU not available: torch_npu is not installed"
    assert lines[2].startswith(f"    {PUT_METRIC} [behaviour put_metric]: passed 8/8 cases")


# -- probe on the real torch_npu without CANN ---------------------------------------------


def test_probe_with_torch_npu_records_the_cause(cli: Cli, tmp_path: Path, npu_python: str) -> None:
    out = tmp_path / "npu.json"
    code, printed, err = cli("probe", "--out", str(out), "--python", npu_python)
    assert code == 0, err  # the behaviour passed, as a CPU reference
    evidence = load_evidence(str(out))
    env = evidence.environment
    assert BACKEND_FAILURE in env.note
    assert "libhccl.so" in env.note
    assert env.note.startswith("CPU reference run; NPU not available:")
    assert (env.torch_npu, env.device, env.verifies_npu) == ("2.13.0", "cpu-reference", False)
    assert all(r.command[0] == "TORCH_DEVICE_BACKEND_AUTOLOAD=0" for r in evidence.runs)
    assert all(r.verdict == "passed" for r in evidence.runs)
    assert BACKEND_FAILURE in printed
    assert sorted(path.name for path in tmp_path.iterdir()) == ["npu.json"]


# -- probe failures -------------------------------------------------------------------------


def test_probe_of_a_hanging_interpreter_writes_the_error(cli: Cli, tmp_path: Path) -> None:
    python = executable(tmp_path / "python", "#!/bin/sh\nsleep 60\n")
    out = tmp_path / "hang.json"
    code, printed, _ = cli("probe", "--out", str(out), "--python", python, "--timeout", "1")
    assert code == 1
    evidence = load_evidence(str(out))
    assert [r.verdict for r in evidence.runs] == ["error"]
    assert evidence.runs[0].note == "timed out after 1 s"
    assert "timed out after 1 s" in printed


def test_probe_of_a_missing_interpreter_is_an_input_error(cli: Cli, tmp_path: Path) -> None:
    """An interpreter the command line names that cannot run: one line, exit 2,
    before anything runs, and no evidence written."""
    missing = str(tmp_path / "nowhere" / "python")
    out = tmp_path / "missing.json"
    code, printed, err = cli("probe", "--out", str(out), "--python", missing)
    assert (code, printed) == (2, "")
    said = f"{missing}: no such interpreter (executable not found: {missing})"
    assert err == f"docs-check: error: {said}\n"
    assert not out.exists()


def test_probe_of_an_interpreter_that_fails_writes_the_error(cli: Cli, tmp_path: Path) -> None:
    python = executable(tmp_path / "python", "#!/bin/sh\nexit 1\n")
    out = tmp_path / "failing.json"
    code, printed, _ = cli("probe", "--out", str(out), "--python", python)
    assert code == 1
    assert "harness crashed (exit 1): no output" in printed
    evidence = load_evidence(str(out))
    assert evidence.runs[0].note == "harness crashed (exit 1): no output"
    assert evidence.environment.python == f"unknown ({python})"


@pytest.mark.parametrize("where", ["missing-folder/out.json", "a-folder"])
def test_probe_that_cannot_write_says_so_and_leaves_nothing(
    cli: Cli, tmp_path: Path, tmp_path_factory: pytest.TempPathFactory, where: str
) -> None:
    (tmp_path / "a-folder").mkdir()
    scratch = tmp_path_factory.mktemp("python")  # outside tmp_path, whose files are checked
    failing = executable(scratch / "python", "#!/bin/sh\nexit 1\n")  # a quick run
    code, _, err = cli("probe", "--out", str(tmp_path / where), "--python", failing)
    assert code == 2
    assert err.startswith(f"docs-check: error: {tmp_path / where}: cannot write: "), err
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a-folder"]
    assert list((tmp_path / "a-folder").iterdir()) == []


def test_probe_file_mode_follows_the_umask(cli: Cli, tmp_path: Path) -> None:
    """Evidence is made to be copied to other machines and read by others:
    readable like any file the user writes, not private like a temporary file."""
    failing = executable(tmp_path / "python", "#!/bin/sh\nexit 1\n")  # a quick run
    previous = os.umask(0o022)
    try:
        cli("probe", "--out", str(tmp_path / "e.json"), "--python", failing)
        os.umask(0o027)
        cli("probe", "--out", str(tmp_path / "f.json"), "--python", failing)
    finally:
        os.umask(previous)
    assert (tmp_path / "e.json").stat().st_mode & 0o777 == 0o644
    assert (tmp_path / "f.json").stat().st_mode & 0o777 == 0o640


# -- verify with a FAKE torch_npu: reported, never verification ----------------------------


@pytest.fixture(scope="module")
def docs_2_13(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A docs tree with the put_metric page for torch 2.13.0, the release the
    live run speaks for: the one version where a run could verify anything."""
    root = tmp_path_factory.mktemp("docs")
    page = (EXAMPLES / PAGE_2_12).read_text(encoding="utf-8")
    target = root / PAGE_2_13
    target.parent.mkdir(parents=True)
    target.write_text(page.replace("/docs/2.12/", "/docs/2.13/"), encoding="utf-8")
    return root


@pytest.fixture(scope="module")
def fake_live() -> LiveRuns:
    """The FAKE torch_npu's live runs, each made once: the default SoC's serves
    the text report under --require-npu and the JSON one (each would import torch)."""
    return LiveRuns()


@pytest.mark.parametrize(
    ("soc", "product"), [(None, "atlas-a3"), ("Ascend950PR_xxxx", "ascend-950pr")]
)
def test_verify_with_fake_npu_says_fake_and_verifies_no_product(
    cli: Cli,
    monkeypatch: pytest.MonkeyPatch,
    docs_2_13: Path,
    fake_live: LiveRuns,
    soc: str | None,
    product: str,
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(FAKE_NPU))
    if soc:
        monkeypatch.setenv("DOCS_CHECK_FAKE_SOC", soc)
    with fake_live.shared():  # another SoC's run is a run of its own
        code, out, err = cli("verify", "--docs", str(docs_2_13), "--require-npu")
    lines = out.splitlines()
    name = soc or "Ascend910_9382"
    assert f"    FAKE torch_npu test double reporting {name}: not an NPU run" in lines
    assert f"NPU {name} ({product})" in out
    assert "2.13.0: docs match the rule" in out
    rows = [line.split() for line in lines if line.startswith("    ") and "documented" in line]
    assert sorted(row[0] for row in rows) == ["ascend-950", "atlas-a2", "atlas-a3"]
    for row in rows:
        # product, documented, state, observed, none, verdict, detail...
        assert row[3:6] == ["observed", "none", "unverified"], row
        assert " ".join(row[6:]) == (
            "(no NPU evidence; fake torch_npu run (test double, never counted): passed)"
        )
    assert "doc-denies-support-test-passes" not in out
    assert code == 3, err  # --require-npu: nothing verified on an NPU
    assert err.rstrip().endswith("3 results (3 unverified); 0 findings; exit 3")


def test_verify_json_of_a_fake_npu_run_keeps_the_label(
    cli: Cli, monkeypatch: pytest.MonkeyPatch, docs_2_13: Path, fake_live: LiveRuns
) -> None:
    monkeypatch.setenv("PYTHONPATH", str(FAKE_NPU))
    with fake_live.shared():  # the default SoC's run, as the text report's
        code, out, err = cli("verify", "--docs", str(docs_2_13), "--format", "json")
    assert code == 0, err  # unverified is no failure without --require-npu
    report = json.loads(out)
    [evidence] = report["evidence"]
    env = evidence["environment"]
    assert (env["fake_npu"], env["device"], env["product"]) == (True, "cpu-reference", "atlas-a3")
    assert [(r["version"], r["verdict"], r["observed"]) for r in report["results"]] == [
        ("2.13.0", "unverified", "none")
    ] * 3


# -- the checker's own process --------------------------------------------------------------

NO_TORCH_SCRIPT = """
import json, sys
import checker
from checker.cli import run
code = run(sys.argv[1:])
print(json.dumps({
    "code": code,
    "torch": sorted(m for m in sys.modules if m.split(".")[0] in ("torch", "torch_npu")),
    "checker": checker.__file__,
}))
"""


@pytest.mark.parametrize("live", [False, True], ids=["no-live", "live"])
def test_checker_process_never_imports_torch(tmp_path: Path, live: bool) -> None:
    argv = ["verify", "--docs", str(EXAMPLES)] + ([] if live else ["--no-live"])
    env = {k: v for k, v in os.environ.items() if k not in LIVE_VARIABLES}
    # cwd: a folder without the checkout, so the subprocess imports the same
    # checker as this test run (the installed wheel in CI)
    done = subprocess.run(
        [sys.executable, "-c", NO_TORCH_SCRIPT, *argv],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
        env=env,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stdout + done.stderr
    last = json.loads(done.stdout.splitlines()[-1])
    assert last["checker"] == checker.__file__
    assert last["torch"] == []
    assert last["code"] == 1  # the example docs differ from the rule in older versions
    if live:
        assert f"{PUT_METRIC} [behaviour put_metric]: passed 8/8 cases" in done.stdout
    else:
        assert "evidence:" not in done.stdout
