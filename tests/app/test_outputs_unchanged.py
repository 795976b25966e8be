"""Every command's output, byte for byte, as it was before the layout by flow
(issue #7): exit code, stdout and stderr of lint, show, verify and baseline in
every format, on examples/docs and on the master snapshot of the real docs.

The example outputs are stored whole under fixtures/unchanged/; the corpus
outputs only as digests (the corpus is data we may not copy, and its reports
quote it). `verify` judges by the evidence fixtures (`--no-live`), and the
interpreter's path is written `<python>`, so nothing depends on this machine.

DOCS_CHECK_UPDATE_SNAPSHOTS=1 rewrites the snapshots; a change that should
alter output says so in its commit."""

from __future__ import annotations

import hashlib
import json
import os
import sys
from pathlib import Path

import pytest

from checker.cli import run
from tests.helpers import FIXTURES, REPO, shipped_rules_as_written

SNAPSHOTS = FIXTURES / "unchanged"
UPDATE = os.environ.get("DOCS_CHECK_UPDATE_SNAPSHOTS") == "1"
FORMATS = ("text", "json", "junit", "sarif", "markdown")
EVIDENCE = "tests/fixtures/verify/evidence"
VERIFY_EXAMPLES = (
    *("verify", "--docs", "examples/docs", "--no-live"),
    *("--rules", "tests/fixtures/verify/rules/extra-record.toml"),
    *("--evidence", f"{EVIDENCE}/npu-a3-torch-2.12.0-fail.json"),
    *("--evidence", f"{EVIDENCE}/cpu-reference-torch-2.13.0-pass.json"),
)
VERIFY_EVIDENCE = (
    *("verify", "--docs", "tests/fixtures/verify/docs", "--no-live"),
    *(
        arg
        for p in sorted((REPO / EVIDENCE).glob("*.json"))
        for arg in ("--evidence", str(p.relative_to(REPO)))
    ),
)

# name -> argv, run from the repository root
EXAMPLES: dict[str, tuple[str, ...]] = {
    **{f"lint-{fmt}": ("lint", "examples/docs", "--format", fmt) for fmt in FORMATS},
    "lint-quiet": ("lint", "examples/docs", "-q"),
    "lint-one-file": (
        "lint",
        "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md",
    ),
    "lint-missing-path": ("lint", "examples/docs", "no/such/folder"),
    "lint-python-without-resolve": ("lint", "examples/docs", "--python", "x"),
    "lint-python-for-without-resolve": ("lint", "examples/docs", "--python-for", "2.12.0=x"),
    "lint-resolve-text": ("lint", "examples/docs", "--resolve-apis", "--python", sys.executable),
    **{
        f"show-{fmt}": ("show", "put_metric", "--docs", "examples/docs", "--format", fmt)
        for fmt in ("text", "json")
    },
    "show-absent": ("show", "no_such_api", "--docs", "examples/docs"),
    **{f"verify-{fmt}": (*VERIFY_EXAMPLES, "--format", fmt) for fmt in FORMATS},
    **{f"verify-evidence-{fmt}": (*VERIFY_EVIDENCE, "--format", fmt) for fmt in FORMATS},
    "verify-strict-require-npu": (*VERIFY_EVIDENCE, "--strict", "--require-npu"),
    "verify-unknown-api": (
        "verify",
        "--docs",
        "examples/docs",
        "--no-live",
        "--api",
        "torch.nothing",
    ),
}
# name -> argv, run from the folder that holds the corpus
CORPUS_CASES: dict[str, tuple[str, ...]] = {
    **{f"lint-master-{fmt}": ("lint", "ascend-pytorch/master", "--format", fmt) for fmt in FORMATS},
    **{
        f"lint-{sample}": ("lint", f"ascend-pytorch/{sample}")
        for sample in (
            "inline-af7cebeb8",
            "entity-8706fedbe",
            "rows-v2.7.1-7.3.0",
            "blocks-020dcefad",
        )
    },
    "show-master": ("show", "put_metric", "--docs", "ascend-pytorch/master", "--format", "json"),
    **{
        f"verify-master-{fmt}": (
            "verify",
            "--docs",
            "ascend-pytorch/master",
            "--no-live",
            "--format",
            fmt,
        )
        for fmt in FORMATS
    },
}


def _record(argv: tuple[str, ...], capsys: pytest.CaptureFixture[str]) -> str:
    code = run(list(argv))
    out, err = capsys.readouterr()
    text = f"exit {code}\n--- stdout\n{out}--- stderr\n{err}"
    return shipped_rules_as_written(text).replace(sys.executable, "<python>")


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_output_is_unchanged(
    name: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    got = _record(EXAMPLES[name], capsys)
    stored = SNAPSHOTS / f"{name}.txt"
    if UPDATE:
        stored.parent.mkdir(parents=True, exist_ok=True)
        stored.write_text(got, encoding="utf-8")
    assert got == stored.read_text(encoding="utf-8")


def _digests() -> dict[str, str]:
    path = SNAPSHOTS / "corpus-digests.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


@pytest.mark.parametrize("name", sorted(CORPUS_CASES))
def test_corpus_output_is_unchanged(
    name: str, corpus: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(corpus.parent)
    got = _record(CORPUS_CASES[name], capsys)
    digest = f"{len(got)}:{hashlib.sha256(got.encode('utf-8')).hexdigest()}"
    if UPDATE:
        digests = {**_digests(), name: digest}
        SNAPSHOTS.mkdir(parents=True, exist_ok=True)
        (SNAPSHOTS / "corpus-digests.json").write_text(
            json.dumps(dict(sorted(digests.items())), indent=2) + "\n", encoding="utf-8"
        )
    assert digest == _digests()[name], (
        f"{name}: the output changed (exit line: {got.splitlines()[0]})"
    )


def test_baseline_file_is_unchanged(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(REPO)
    written = tmp_path / "baseline.json"
    said = _record(("baseline", "examples/docs", "--output", str(written)), capsys)
    got = (said + "--- file\n" + written.read_text(encoding="utf-8")).replace(
        str(tmp_path), "<tmp>"
    )
    stored = SNAPSHOTS / "baseline.txt"
    if UPDATE:
        stored.write_text(got, encoding="utf-8")
    assert got == stored.read_text(encoding="utf-8")
