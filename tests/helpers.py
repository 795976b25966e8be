"""Helpers the tests share, imported as `helpers` (this folder is on sys.path
through the root conftest; the package under test is always the installed one)."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import pytest

    from checker.model.finding import Finding
    from checker.model.support import Page

REPO = Path(__file__).resolve().parent.parent
FIXTURES = REPO / "tests" / "fixtures"
CORPUS = REPO.parent / "shared" / "corpus" / "ascend-pytorch"


def shipped_rules_as_written(text: str) -> str:
    """The shipped rules' folder, wherever docs-check reads them from (the
    checkout's rules/ or the wheel's checker/_rules), as `rules`."""
    from checker.model.catalogue import rules_dir

    shipped = rules_dir()
    return text.replace(shipped.as_uri(), "rules").replace(str(shipped), "rules")


def git_environment() -> dict[str, str]:
    """This environment without the caller's git variables and configuration (a
    test run inside a git hook must not act on the caller's repository), and
    with an author for commits."""
    env = {name: value for name, value in os.environ.items() if not name.startswith("GIT_")}
    env.update(
        GIT_CONFIG_NOSYSTEM="1",
        GIT_CONFIG_GLOBAL=os.devnull,
        GIT_AUTHOR_NAME="Docs Writer",
        GIT_AUTHOR_EMAIL="docs@example.com",
        GIT_COMMITTER_NAME="Docs Writer",
        GIT_COMMITTER_EMAIL="docs@example.com",
    )
    return env


def git(repo: Path, *arguments: str) -> str:
    """git in `repo`, blind to the caller's git configuration and repository."""
    done = subprocess.run(
        ["git", "-C", str(repo), *arguments],
        env=git_environment(),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, f"git {' '.join(arguments)}: {done.stderr}"
    return done.stdout


def located(findings: list[Finding]) -> list[tuple[str, int, str]]:
    """(version folder/file, line, rule) of each finding, in the order given."""
    return [(_short(f.path), f.line, f.rule) for f in findings]


def _short(path: str) -> str:
    parts = Path(path).parts
    return f"{parts[-2]}/{parts[-1]}"


def source_line(finding: Finding) -> str:
    """The text of the line a finding names."""
    return Path(finding.path).read_text(encoding="utf-8").splitlines()[finding.line - 1]


def heading_of(finding: Finding) -> str:
    """The text of the heading of the entry a finding is on."""
    assert finding.entry_line is not None, finding
    return Path(finding.path).read_text(encoding="utf-8").splitlines()[finding.entry_line - 1]


def read_page(text: str, name: str = "torch-x.md") -> Page:
    """`text` read as a zh page of the 2.12.0 folder, named `name`."""
    from checker.model.catalogue import default_catalogue
    from checker.model.docfile import DocFile
    from checker.read.reader import read_text

    doc = DocFile(f"docs/zh/api/native_api/pytorch_2-12-0/{name}", "2.12.0", "zh")
    return read_text(text, doc, default_catalogue())


FAKE_TORCH_RELEASE = REPO / "tests" / "fakes" / "fake_torch_release"


@contextmanager
def outcomes_of(command: str) -> Iterator[list[Any]]:
    """Inside it, each outcome `docs-check COMMAND` (checker.cli.run) finishes
    with is kept, in order: one run, its reports rendered again in other
    formats or languages (checker.report.formats.render), where a second run
    would import torch as many times again."""
    import importlib

    import pytest

    module = importlib.import_module(f"checker.cli.{command}")  # the module, not its command
    real = module.finish
    kept: list[Any] = []

    def finish(outcome: Any, *args: Any, **kwargs: Any) -> int:
        kept.append(outcome)
        return int(real(outcome, *args, **kwargs))

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(module, "finish", finish)
        yield kept


def fake_torch_python(folder: Path, python: str, release: str) -> str:
    """A FAKE interpreter for tests only: `python`, whose torch reports
    `release` (e.g. 2.12.0+cpu) through tests/fakes/fake_torch_release. The
    harness reports it, and docs-check labels its evidence FAKE."""
    script = folder / f"python-FAKE-torch-{release}"
    script.write_text(
        "#!/bin/sh\n"
        "# FAKE torch release: a docs-check test double\n"
        f"PYTHONPATH={shlex.quote(str(FAKE_TORCH_RELEASE))} "
        f"DOCS_CHECK_FAKE_TORCH={shlex.quote(release)} "
        f'exec {shlex.quote(python)} "$@"\n',
        encoding="utf-8",
    )
    script.chmod(0o755)
    return str(script)


def wrapper(folder: Path, name: str, body: str) -> str:
    """An executable shell script `folder/name` running `body`."""
    path = folder / name
    path.write_text(f"#!/bin/sh\n{body}\n", encoding="utf-8")
    path.chmod(0o755)
    return str(path)


# A template outside any pytorch_X-Y-Z folder, so that reading tests/fixtures/resolve
# does not take it; outside_page puts it in a pytorch_2-13-0 folder.
OUTSIDE = FIXTURES / "resolve" / "outside" / "outside.md"


def outside_page(tmp_path: Path) -> Path:
    """The page of names outside torch, in a docs tree of version 2.13.0."""
    page = tmp_path / "docs" / "zh" / "api" / "native_api" / "pytorch_2-13-0" / "outside.md"
    page.parent.mkdir(parents=True)
    page.write_bytes(OUTSIDE.read_bytes())
    return page


def tripwires(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path]:
    """Two files that must not appear: one that docs_check_tripwire (a module
    on PYTHONPATH) writes when it is imported, and one that BROWSER (the browser
    antigravity's import opens) writes when it is run."""
    site = tmp_path / "site"
    site.mkdir()
    imported, opened = tmp_path / "tripwire-imported", tmp_path / "browser-opened"
    module = f"from pathlib import Path\n\nPath({str(imported)!r}).write_text('imported')\n"
    (site / "docs_check_tripwire.py").write_text(module, encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(site))
    monkeypatch.setenv("BROWSER", wrapper(tmp_path, "browser", f'echo "$@" > "{opened}"'))
    return imported, opened


# The FAKE harness interpreter (tests/fakes/fake_harness): no torch, no test run.
FAKE_HARNESS_PYTHON = str(REPO / "tests" / "fakes" / "fake_harness" / "python")


def use_fake_harness(monkeypatch: pytest.MonkeyPatch, log: Path) -> None:
    """Where the FAKE harness records what it was asked, and the Python it runs on."""
    monkeypatch.setenv("DOCS_CHECK_FAKE_LOG", str(log))
    monkeypatch.setenv("DOCS_CHECK_TEST_PYTHON", sys.executable)


def working_copy(source: Path, into: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """`source` copied to `into` and made the current folder, for a command
    that rewrites pages (fix, new-version, migrate): paths print relative."""
    import shutil

    shutil.copytree(source, into)
    monkeypatch.chdir(into)
    return into


def writable_copy(source: Path, into: Path) -> Path:
    """`source` copied to `into` with every file writable by its owner: the
    shared corpus is read-only (0444), and the rewriting commands refuse a
    read-only page; a person's working copy is writable."""
    import shutil
    import stat

    shutil.copytree(source, into)
    for path in into.rglob("*"):
        if path.is_file() and not path.is_symlink():
            path.chmod(path.stat().st_mode | stat.S_IWUSR)
    return into


def console_script() -> str:
    """The docs-check console script of the environment running the tests:
    beside the interpreter (`venv/bin/pytest` works without activating the
    venv), else on PATH."""
    beside = Path(sys.executable).parent / "docs-check"
    found = str(beside) if beside.is_file() else shutil.which("docs-check")
    assert found, "the docs-check console script is not installed"
    return found


def cached_page(cache: Any, key: str) -> Any:
    """The page a PageCache keeps under `key` (without what its rules found), or None."""
    read = cache.get_read(key)
    return None if read is None else read[0]


def blocked_signals(thread: int, pid: int | None = None) -> set[int]:
    """The signals a thread of this process (or of `pid`) blocks: the SigBlk
    mask of its status in Linux's /proc."""
    status = Path(f"/proc/{pid or os.getpid()}/task/{thread}/status").read_text()
    for line in status.splitlines():
        if line.startswith("SigBlk:"):
            mask = int(line.split()[1], 16)
            return {number for number in range(1, 65) if mask >> (number - 1) & 1}
    raise AssertionError(f"no SigBlk in the status of thread {thread}")
