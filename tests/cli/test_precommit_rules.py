"""The pre-commit hook catches a docs change that contradicts a rule: with the
hook installed by the real pre-commit (`pre-commit install`, the
`.pre-commit-config.yaml` of docs/usage.md), a `git commit` that flips
put_metric's Ascend 950DT ✘ → ✔ on the 2.12.0 page fails at the row's line,
and the commit of the unflipped docs passes. pre-commit passes the hook just
the staged page: it is judged against the shipped rule for its version alone.

The hook repository and PRE_COMMIT_HOME are tests/cli/conftest.py's (this
project as on disk, the hook's environment built once for the session)."""

from __future__ import annotations

from pathlib import Path

from tests.app.changed_repo import BEFORE, build_changed_repo, flip, retitle
from tests.app.changed_repo import FLIPPED as FLIPPED_ROW
from tests.app.changed_repo import PAGE as RELEASE_PAGE
from tests.cli.test_precommit import (
    documented_config,
    findings,
    git,
    in_hook_environment,
    pre_commit,
    put,
)
from tests.helpers import FIXTURES

AGREEING = FIXTURES / "verify" / "docs" / "docs" / "zh" / "api" / "native_api"
NATIVE = "docs/zh/api/native_api"
PAGE = f"{NATIVE}/pytorch_2-12-0/torch-distributed-elastic.md"
ROW = 33  # `| <term>Ascend 950DT</term> | ✘ |` of put_metric
FLIPPED = (
    f"{PAGE}:{ROW}: doc-differs-from-rule torch.distributed.elastic.metrics.put_metric "
    "2.12.0 on ascend-950: docs say supported, the rule expects unsupported"
)


def commit(repo: Path, home: Path, message: str) -> tuple[int, str]:
    """`git commit`, which runs the installed pre-commit hook: (exit code, output)."""
    return in_hook_environment(["git", "commit", "--no-gpg-sign", "-m", message], repo, home)


def test_a_commit_flipping_a_rules_product_status_fails_at_the_row(
    tmp_path: Path, hook_repo: Path, home: Path
) -> None:
    repo = tmp_path / "torch-npu-docs"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "master")
    for version in ("pytorch_2-12-0", "pytorch_2-13-0"):
        page = (AGREEING / version / "torch-distributed-elastic.md").read_text(encoding="utf-8")
        put(repo, f"{NATIVE}/{version}/torch-distributed-elastic.md", page)
    # the documented config as written: its rev is this release's tag, which
    # the hook repository carries as the project tags a release
    put(repo, ".pre-commit-config.yaml", documented_config(str(hook_repo)))
    code, output = pre_commit(repo, home, "install")
    assert code == 0, output

    git(repo, "add", "-A")
    code, output = commit(repo, home, "docs as the rule says")
    assert code == 0, output  # the unflipped docs pass
    assert findings(output) == []
    head = git(repo, "rev-parse", "HEAD")

    page = repo / PAGE
    lines = page.read_text(encoding="utf-8").split("\n")
    assert lines[ROW - 1] == "| <term>Ascend 950DT</term> | ✘ |"
    lines[ROW - 1] = "| <term>Ascend 950DT</term> | ✔ |"
    page.write_text("\n".join(lines), encoding="utf-8")
    git(repo, "add", PAGE)  # the commit's one page: pre-commit passes the hook just that file
    code, output = commit(repo, home, "950 supported on 2.12.0")
    assert code == 1, output
    assert findings(output) == [FLIPPED]
    assert "1 finding (1 error, 0 warnings) in 1 file, 2 entries" in output.splitlines()
    assert git(repo, "rev-parse", "HEAD") == head  # nothing was committed


def test_the_hook_judges_what_the_commit_changed(
    tmp_path: Path, hook_repo: Path, home: Path
) -> None:
    """In a repository shaped like torch-npu's whose 2.12.0 page has two
    findings from before (as torch-nn.md has): the hook (`--staged`, its
    default) passes a commit that adds a space to a title, and refuses the
    Ascend 950DT ✘ → ✔ flip at its row, the old findings left out of both."""
    repo = build_changed_repo(tmp_path / "torch-npu")
    put(repo, ".pre-commit-config.yaml", documented_config(str(hook_repo)))
    git(repo, "add", ".pre-commit-config.yaml")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "pre-commit config")
    code, output = pre_commit(repo, home, "install")
    assert code == 0, output

    retitle(repo)
    git(repo, "add", RELEASE_PAGE)
    code, output = commit(repo, home, "a space in a title")
    assert code == 0, output
    assert findings(output) == []
    head = git(repo, "rev-parse", "HEAD")

    flip(repo)
    git(repo, "add", RELEASE_PAGE)
    code, output = commit(repo, home, "950 supported on 2.12.0")
    assert code == 1, output
    assert findings(output) == [FLIPPED_ROW.rstrip("\n")]
    summary = "1 finding (1 error, 0 warnings) in 1 file, 2 entries; not shown: 2 not touched"
    assert summary in output.splitlines()
    assert git(repo, "rev-parse", "HEAD") == head  # nothing was committed

    # the whole-file hook, one line away, refuses the page for what it had before
    git(repo, "reset", "-q")
    git(repo, "checkout", "--", RELEASE_PAGE)
    config = (repo / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert config.count("- id: docs-check\n") == 1, config
    put(
        repo,
        ".pre-commit-config.yaml",
        config.replace("- id: docs-check\n", "- id: docs-check-all\n"),
    )
    retitle(repo)
    git(repo, "add", RELEASE_PAGE, ".pre-commit-config.yaml")
    code, output = commit(repo, home, "a space in a title")
    assert code == 1, output
    assert findings(output) == BEFORE.splitlines()
