"""With --git and --ref, the configuration and the rule files it names are
those of the docs ref (the first --ref), never the working tree's."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from tests.helpers import git

Invoke = Callable[..., tuple[int, str, str]]
RULE = """
[[rule]]
id = "at-the-ref"
api = "torch.distributed.elastic.metrics.put_metric"
doc = "torch-distributed-elastic.md"
expect = "是，暂不支持 Ascend 950DT"
"""


def commit_config(repo: Path, files: dict[str, str]) -> None:
    """The files committed on branch `docs`, then taken out of the working tree."""
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "docs")
    git(repo, "checkout", "-q", "-b", "docs")
    for name, text in files.items():
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        (repo / name).write_text(text, encoding="utf-8")
    git(repo, "add", ".")
    git(repo, "commit", "-qm", "configuration")
    git(repo, "checkout", "-q", "main")  # the working tree has none of it


def test_lint_at_a_ref_takes_that_refs_configuration(cli: Invoke, repo: Path) -> None:
    commit_config(repo, {".docs-check.toml": '[severity]\nnonstandard-mark = "off"\n'})
    code, out, _ = cli("lint", "--git", ".", "--ref", "main", "docs")
    assert "nonstandard-mark" in out and code == 1  # main has no configuration
    code, out, _ = cli("lint", "--git", ".", "--ref", "docs", "docs")
    assert "nonstandard-mark" not in out
    # the working tree's own configuration is not read at a ref
    (repo / ".docs-check.toml").write_text('[severity]\nstatus-unreadable = "off"\n')
    code, out, _ = cli("lint", "--git", ".", "--ref", "docs", "docs")
    assert "status-unreadable" in out and "nonstandard-mark" not in out


def test_verify_at_a_ref_takes_the_rule_files_it_names_from_the_ref(
    cli: Invoke, repo: Path
) -> None:
    commit_config(repo, {".docs-check.toml": 'rules = ["ci/rules.toml"]\n', "ci/rules.toml": RULE})
    _, out, _ = cli("verify", "--git", ".", "--ref", "docs", "docs", "--no-live")
    lines = out.splitlines()
    at = lines.index("at-the-ref: torch.distributed.elastic.metrics.put_metric")
    assert lines[at + 1] == "  expect: 是，暂不支持 Ascend 950DT  (docs:ci/rules.toml:6)"
    assert not (repo / "ci").exists()


def test_a_mistake_in_the_refs_configuration_names_the_ref(cli: Invoke, repo: Path) -> None:
    commit_config(repo, {".docs-check.toml": 'docs = ["docs"]\ncolour = "red"\n'})
    code, out, err = cli("lint", "--git", ".", "--ref", "docs")
    assert (code, out) == (2, "")
    assert err.startswith(
        "docs-check: error: docs:.docs-check.toml:2: unknown table or key 'colour'"
    )


def test_a_rule_file_missing_at_the_ref_is_an_input_error(cli: Invoke, repo: Path) -> None:
    commit_config(repo, {".docs-check.toml": 'rules = ["ci/rules.toml"]\n'})
    (repo / "ci").mkdir()
    (repo / "ci" / "rules.toml").write_text(RULE)  # only in the working tree
    code, out, err = cli("verify", "--git", ".", "--ref", "docs", "docs", "--no-live")
    assert (code, out) == (2, "")
    assert (
        err == "docs-check: error: docs:.docs-check.toml: rule file ci/rules.toml is not at docs\n"
    )
