"""A docs repository's own behaviour test (`behaviour = "ci/x.py"` in its
.docs-check.toml), with --git read at the docs ref like the rest of its
configuration: the file is written out of the ref and run from there, never
from the working tree."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import FAKE_HARNESS_PYTHON, REPO, git, use_fake_harness

Invoke = Callable[..., tuple[int, str, str]]
PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
CONFIG = """
[[rule]]
id = "repo-behaviour"
api = "torch.distributed.elastic.metrics.put_metric"
doc = "torch-distributed-elastic.md"
expect = "是，暂不支持 Ascend 950DT"
behaviour = "ci/put_metric_check.py"
"""


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A repository whose branch `docs` holds the page, the configuration and
    the behaviour file; the working tree (branch main) has neither of the last two."""
    root = tmp_path / "repo"
    (root / PAGE).parent.mkdir(parents=True)
    (root / PAGE).write_bytes((REPO / "examples" / "docs" / PAGE).read_bytes())
    git(root, "init", "-q", "-b", "main")
    git(root, "add", ".")
    git(root, "commit", "-qm", "docs")
    git(root, "checkout", "-q", "-b", "docs")
    (root / ".docs-check.toml").write_text(CONFIG, encoding="utf-8")
    (root / "ci").mkdir()
    (root / "ci" / "put_metric_check.py").write_text("CASES = []\n", encoding="utf-8")
    git(root, "add", ".")
    git(root, "commit", "-qm", "its own behaviour test")
    git(root, "checkout", "-q", "main")
    monkeypatch.chdir(root)
    use_fake_harness(monkeypatch, tmp_path / "asked.jsonl")
    return root


def test_a_behaviour_file_at_the_docs_ref_runs_as_written_out(cli: Invoke, repo: Path) -> None:
    argv = ("verify", "--git", ".", "--ref", "docs", "docs", "--python", FAKE_HARNESS_PYTHON)
    code, out, _ = cli(*argv, "--api", "torch.distributed.elastic.metrics.put_metric")
    assert not (repo / "ci").exists()
    (evidence,) = json.loads(cli(*argv, "--format", "json")[1])["evidence"]
    runs = {run["behaviour"]: run for run in evidence["runs"]}
    mine = runs["ci/put_metric_check.py"]
    assert (mine["source"], mine["ref"], mine["verdict"]) == ("behaviour", "docs", "passed")
    # the FAKE harness was given the file written out of the ref, which was there then
    flag, path = mine["command"][-2:]
    assert flag == "--behaviour" and path.endswith("/ci/put_metric_check.py")
    assert mine["cases"][0]["name"] == f"--behaviour {path}"
    assert not Path(path).exists()  # the temporary folder is gone
    assert code == 0, out


def test_the_docs_ref_is_resolved_once_for_the_pages_and_the_behaviour_file(
    cli: Invoke, repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Resolved before anything is read; the behaviour file is written out of
    the same commit, not of the ref resolved again."""
    import checker.sources.gitrefs

    real = checker.sources.gitrefs.run_command
    resolving: list[str] = []

    def counting(argv: list[str], **options: object) -> object:
        if "for-each-ref" in argv or "--batch-check" in argv:
            resolving.append(argv[-1])
        return real(argv, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(checker.sources.gitrefs, "run_command", counting)
    argv = ("verify", "--git", ".", "--ref", "docs", "docs", "--python", FAKE_HARNESS_PYTHON)
    code, out, _ = cli(*argv, "--api", "torch.distributed.elastic.metrics.put_metric")
    assert code == 0, out
    assert resolving == ["--format=%(refname)", "--batch-check"]
