"""The `.lintrunner.toml` entry of docs/lintrunner.md, run by the real
lintrunner (PyPI, a Rust binary) on a temporary git repository holding the
docs tree of tests/fixtures/lintrunner/repo, the way the torch-npu repository
runs its linters. The entry is read from the docs, with `docs-check` pointed at
the console script installed beside this interpreter, so the documented entry
is the one tested, and lintrunner keeps its data in the test's folder.

`lintrunner init` runs the documented entry's `init_command` for a local path
(this checkout) once for the module, in an environment of its own kept in the
user cache (built once, docs-check uninstalled from it before each init): the
only network it needs is the package index's, for docs-check's build
requirements and dependencies. Then the `docs-check` it installed is the one
lintrunner runs.

`lintrunner -a` applies the certain fixes docs-check hands on (a `fix`
message with the page's text before and after), and leaves the rest."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from checker import __version__
from tests.helpers import FIXTURES, REPO, git, git_environment
from tests.npu_env import locked_venv

TREE = FIXTURES / "lintrunner" / "repo"
EVENTS = "docs/zh/api/native_api/pytorch_2-12-0/torch-events.md"
METRICS = "docs/zh/api/native_api/pytorch_2-12-0/torch-metrics.md"
# one finding with a certain fix (✗) and one without (an unreadable status)
MIXED = "docs/zh/api/native_api/pytorch_2-12-0/torch-accelerator.md"
TIMEOUT = 120  # a run of two pages takes well under a second; never hang the suite
INIT_TIMEOUT = 600  # pip builds docs-check, its build requirements from the package index
INIT_VENV = "venv-lintrunner-init"
# the documented init_command's requirement lines: a commit (the tag, once a
# release creates it) and a local path
PINNED = '"{{DRYRUN}}", "git+https://<your git host>/docs-check.git@<commit-sha>",'
LOCAL = '"{{DRYRUN}}", "/path/to/docs-check",'


def installed(name: str) -> str:
    """A console script installed beside this interpreter."""
    found = shutil.which(name, path=str(Path(sys.executable).parent))
    assert found, f"{name} is not installed beside {sys.executable}"
    return found


def documented() -> str:
    return (REPO / "docs" / "lintrunner.md").read_text(encoding="utf-8")


def documented_entry() -> str:
    """The `[[linter]]` entry of docs/lintrunner.md, running this docs-check."""
    entry = re.search(r"```toml\n(\[\[linter\]\]\n.*?)```", documented(), re.S)
    assert entry, "docs/lintrunner.md has no [[linter]] entry"
    return entry[1].replace('command = ["docs-check"', f'command = ["{installed("docs-check")}"')


def local_entry(path: Path) -> str:
    """The documented entry with the documented line for a local path, naming
    `path`; `docs-check` is whichever is first on PATH, as in a user's."""
    entry = re.search(r"```toml\n(\[\[linter\]\]\n.*?)```", documented(), re.S)
    assert entry and entry[1].count(PINNED) == 1, "the entry installs no commit"
    assert f"```toml\n    {LOCAL}\n```" in documented(), "no line for a local path"
    return entry[1].replace(PINNED, LOCAL.replace("/path/to/docs-check", str(path)))


def docs_repository(
    folder: Path, pages: tuple[str, ...] = (EVENTS, METRICS), entry: str | None = None
) -> Path:
    """A git repository with the fixture's README, `pages` and the entry."""
    repo = folder / "repo"
    for name in ("README.md", *pages):
        (repo / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(TREE / name, repo / name)
    (repo / ".lintrunner.toml").write_text(entry or documented_entry(), encoding="utf-8")
    git(folder, "init", "-q", str(repo))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs")
    return repo


def lintrunner(
    repo: Path, *arguments: str, path: str | None = None, timeout: int = TIMEOUT
) -> tuple[int, str]:
    """lintrunner in `repo`: (exit code, stdout and stderr); `path`: PATH."""
    env = {**git_environment(), "NO_COLOR": "1"}
    if path is not None:
        env["PATH"] = path
    done = subprocess.run(
        [installed("lintrunner"), *arguments, "--data-path", str(repo.parent / "lintrunner-data")],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=timeout,
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
    # docs/lintrunner.md shows this output, fix message and patch included
    shown = re.search(r"```text\n(>>> Lint for .*?)```", documented(), re.S)
    assert shown, "docs/lintrunner.md shows no lintrunner output"
    section = out[out.index(">>> Lint for") :].split("\nWARNING: ")[0]
    assert trimmed(shown[1]).strip() == trimmed(section).strip()


def trimmed(text: str) -> str:
    return "\n".join(line.rstrip() for line in text.splitlines())


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
    assert '"init", "1", "git+https://<your git host>/docs-check.git@<commit-sha>"' in out


def test_a_message_names_another_page_from_the_repository(tmp_path: Path) -> None:
    """lintrunner passes absolute paths; the page a duplicate-api names is
    named from the repository's root (where lintrunner runs docs-check)."""
    copy = EVENTS.replace("torch-events", "torch-events-again")
    repo = docs_repository(tmp_path, (EVENTS,))
    shutil.copyfile(repo / EVENTS, repo / copy)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "the page again")
    code, out = lintrunner(repo, "--all-files", "--output", "json")
    assert code == 1, out
    messages = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    again = [m for m in messages if m["name"] == "duplicate-api"]
    assert [(m["path"], m["line"], m["description"]) for m in again] == [
        (
            str(repo / EVENTS),
            3,
            "torch.distributed.elastic.events.record is documented again for 2.12.0, "
            f"as at {copy}:3",
        )
    ]
    assert not any(str(tmp_path) in m["description"] for m in messages)


# -- lintrunner init from a local path -------------------------------------------------


def _uninstall_docs_check(python: Path) -> bool:
    """docs-check uninstalled from `python`'s environment (pip skips a package
    that is not there); False: its pip does not run (never built, or half-built)."""
    if not python.exists():
        return False
    done = subprocess.run(
        [str(python), "-m", "pip", "uninstall", "--yes", "--quiet", "docs-check"],
        capture_output=True,
        check=False,
        timeout=INIT_TIMEOUT,
    )
    return done.returncode == 0


@pytest.fixture(scope="module")
def init_venv() -> Iterator[Path]:
    """The environment `lintrunner init` installs into (its bin/ first on
    PATH, so that the entry's `python3` is its python): built once into the
    user cache and reused, without docs-check at the start of every use. A
    lock keeps two test runs from using it at once."""
    with locked_venv(INIT_VENV) as venv:
        python = venv / "bin" / "python3"
        # one pip start: the uninstall is the check that the environment works
        if not _uninstall_docs_check(python):  # never built, or half-built
            shutil.rmtree(venv, ignore_errors=True)
            subprocess.run(
                [sys.executable, "-m", "venv", str(venv)], check=True, timeout=INIT_TIMEOUT
            )
        assert not (venv / "bin" / "docs-check").exists()
        yield venv  # docs-check stays installed until the next use removes it


@pytest.fixture(scope="module")
def initialised(
    init_venv: Path, tmp_path_factory: pytest.TempPathFactory
) -> tuple[Path, str, int, str]:
    """A docs repository whose entry installs docs-check from this checkout,
    after one `lintrunner init`: (repo, PATH, init's exit code and output)."""
    folder = tmp_path_factory.mktemp("lintrunner-init")
    repo = docs_repository(folder, entry=local_entry(REPO))
    path = os.pathsep.join([str(init_venv / "bin"), os.environ.get("PATH", "")])
    code, out = lintrunner(repo, "init", path=path, timeout=INIT_TIMEOUT)
    return repo, path, code, out


def test_init_installs_docs_check_from_a_local_path(
    initialised: tuple[Path, str, int, str], init_venv: Path
) -> None:
    _, _, code, out = initialised
    assert code == 0, out
    done = subprocess.run(
        [str(init_venv / "bin" / "docs-check"), "--version"],
        capture_output=True,
        text=True,
        check=False,
        timeout=TIMEOUT,
    )
    assert (done.returncode, done.stdout) == (0, f"docs-check, version {__version__}\n")


def test_after_init_lintrunner_runs_the_installed_docs_check(
    initialised: tuple[Path, str, int, str],
) -> None:
    repo, path, code, out = initialised
    assert code == 0, out
    code, out = lintrunner(repo, "--all-files", path=path)
    assert code == 1, out
    assert f">>> Lint for {EVENTS}:" in out
    assert "  Error (DOCS_CHECK) link-version" in out
    assert "Linter failed" not in out
