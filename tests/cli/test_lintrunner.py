"""The `.lintrunner.toml` entry of docs/lintrunner.md, run by the real
lintrunner (PyPI, a Rust binary) on a temporary git repository holding the
docs tree of tests/fixtures/lintrunner/repo, the way the torch-npu repository
runs its linters. The entry is read from the docs, with `docs-check` pointed at
the console script installed beside this interpreter, so the documented entry
is the one tested. No network: `lintrunner init` (which would run the entry's
pip install) is never run, and lintrunner keeps its data in the test's folder.

`lintrunner -a` applies the certain fixes docs-check hands on (a `fix`
message with the page's text before and after), and leaves the rest."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers import FIXTURES, REPO, git, git_environment

TREE = FIXTURES / "lintrunner" / "repo"
EVENTS = "docs/zh/api/native_api/pytorch_2-12-0/torch-events.md"
METRICS = "docs/zh/api/native_api/pytorch_2-12-0/torch-metrics.md"
# one finding with a certain fix (✗) and one without (an unreadable status)
MIXED = "docs/zh/api/native_api/pytorch_2-12-0/torch-accelerator.md"
TIMEOUT = 120  # a run of two pages takes well under a second; never hang the suite


def installed(name: str) -> str:
    """A console script installed beside this interpreter."""
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found, f"{name} is not installed beside {sys.executable}"
    return found


def documented_entry() -> str:
    """The `[[linter]]` entry of docs/lintrunner.md, running this docs-check."""
    text = (REPO / "docs" / "lintrunner.md").read_text(encoding="utf-8")
    entry = re.search(r"```toml\n(\[\[linter\]\]\n.*?)```", text, re.S)
    assert entry, "docs/lintrunner.md has no [[linter]] entry"
    return entry[1].replace('command = ["docs-check"', f'command = ["{installed("docs-check")}"')


def docs_repository(folder: Path, pages: tuple[str, ...] = (EVENTS, METRICS)) -> Path:
    """A git repository with the fixture's README, `pages` and the entry."""
    repo = folder / "repo"
    for name in ("README.md", *pages):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(TREE / name, repo / name)
    (repo / ".lintrunner.toml").write_text(documented_entry(), encoding="utf-8")
    git(folder, "init", "-q", str(repo))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs")
    return repo


def lintrunner(repo: Path, *arguments: str) -> tuple[int, str]:
    """lintrunner in `repo`: (exit code, stdout and stderr)."""
    done = subprocess.run(
        [installed("lintrunner"), *arguments, "--data-path", str(repo.parent / "lintrunner-data")],
        cwd=repo,
        env={**git_environment(), "NO_COLOR": "1"},
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
    )
    return done.returncode, done.stdout + done.stderr


def test_the_documented_entry_runs_docs_check_on_the_api_pages(tmp_path: Path) -> None:
    code, out = lintrunner(docs_repository(tmp_path), "--all-files")
    assert code == 1, out
    assert f">>> Lint for {EVENTS}:" in out
    assert "  Error (DOCS_CHECK) link-version" in out
    assert "  Warning (DOCS_CHECK) nonstandard-mark" in out
    assert "torch.distributed.elastic.events.record: native-doc link is for PyTorch" in out
    # the line is marked, the page's text beside it
    assert re.search(r">>> +7  \|\*\*原生文档\*\*", out), out
    assert re.search(r">>> +14  \|\| <term>Atlas A3 训练系列产品</term> \| ✗ \|", out), out
    # the clean page and the README (no API page) have no lint
    assert METRICS not in out and "README" not in out
    assert "Linter failed" not in out


def test_a_clean_tree_passes(tmp_path: Path) -> None:
    code, out = lintrunner(docs_repository(tmp_path, (METRICS,)), "--all-files")
    assert code == 0, out
    assert "ok No lint issues." in out


def test_the_messages_as_lintrunner_reads_them(tmp_path: Path) -> None:
    """lintrunner's own JSON output: what it took from docs-check's messages
    (lintrunner gives absolute paths: lintrunner passes them so)."""
    repo = docs_repository(tmp_path)
    code, out = lintrunner(repo, "--all-files", "--output", "json")
    assert code == 1, out
    messages = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    events = str(repo / EVENTS)
    assert [(m["path"], m.get("line"), m["name"], m["severity"]) for m in messages] == [
        (events, 7, "link-version", "error"),
        (events, 14, "nonstandard-mark", "warning"),
        (events, None, "fix", "warning"),
    ]
    # no column; only the fix carries a replacement (lintrunner leaves out what is null)
    assert {(m["code"], m.get("char")) for m in messages} == {("DOCS_CHECK", None)}
    *found, fix = messages
    assert [m.get("replacement") for m in found] == [None, None]
    original = (repo / EVENTS).read_text(encoding="utf-8")
    assert fix["original"] == original
    assert fix["replacement"] == original.replace("docs/2.11/", "docs/2.12/").replace(
        "| ✗ |", "| ✘ |"
    )


def test_lintrunner_a_applies_the_certain_fix_and_leaves_the_rest(tmp_path: Path) -> None:
    repo = docs_repository(tmp_path, (MIXED,))
    before = (repo / MIXED).read_text(encoding="utf-8")
    code, out = lintrunner(repo, "--all-files")
    assert code == 1, out
    assert "  Warning (DOCS_CHECK) nonstandard-mark" in out
    assert "  Error (DOCS_CHECK) status-unreadable" in out
    assert "You can run `lintrunner -a` to apply this patch." in out
    code, out = lintrunner(repo, "--all-files", "-a")
    assert "Successfully applied all patches." in out, out
    after = (repo / MIXED).read_text(encoding="utf-8")
    assert after == before.replace(
        "| <term>Atlas A3 训练系列产品</term> | ✗ |", "| <term>Atlas A3 训练系列产品</term> | ✘ |"
    )
    assert after != before
    code, out = lintrunner(repo, "--all-files")
    assert code == 1, out
    assert "nonstandard-mark" not in out and "fix" not in out.replace("docs-check", "")
    assert "  Error (DOCS_CHECK) status-unreadable" in out


@pytest.mark.parametrize("broken", [b"\xff\xfe not UTF-8\n"])
def test_a_page_that_cannot_be_read_is_a_message_not_a_failed_linter(
    tmp_path: Path, broken: bytes
) -> None:
    repo = docs_repository(tmp_path, (METRICS,))
    (repo / EVENTS).write_bytes(broken)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "a broken page")
    code, out = lintrunner(repo, "--all-files")
    assert code == 1, out
    assert f">>> Lint for {EVENTS}:" in out
    assert "  Error (DOCS_CHECK) input-error" in out
    assert "Linter failed" not in out


def test_init_takes_dryrun_and_a_dry_run_installs_nothing(tmp_path: Path) -> None:
    """lintrunner refuses an init_command without {{DRYRUN}}; with
    --dry-run it passes 1, and the entry's pip install does not run."""
    code, out = lintrunner(docs_repository(tmp_path, (METRICS,)), "init", "--dry-run")
    assert code == 0, out
    assert '"init", "1", "docs-check==0.1.0"' in out
