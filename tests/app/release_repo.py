"""A git repository shaped like torch-npu's, built from
tests/fixtures/release-repo: every version's docs on master, each release's
tests on its release branch (which no longer carries the native API docs)."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.helpers import FIXTURES, git

SHAPE = FIXTURES / "release-repo"
RELEASE_BRANCHES = ("v2.7.1", "v2.11.0", "v2.12.0", "needs-expecttest")
NATIVE_DOCS = "docs/zh/api/native_api"
TEST = "test/distributed/elastic/metrics/test_metrics_api.py"


def build_release_repo(
    folder: Path, shape: Path = SHAPE, branches: tuple[str, ...] = RELEASE_BRANCHES
) -> Path:
    """The repository at `folder`, master checked out: `shape`'s folders
    (release-repo's, or another fixture laid out the same way)."""
    shutil.copytree(shape / "master", folder)
    git(folder, "init", "-q", "-b", "master")
    git(folder, "add", ".")
    git(folder, "commit", "-qm", "docs of every version, and master's tests")
    for branch in branches:
        git(folder, "checkout", "-q", "-b", branch, "master")
        git(folder, "rm", "-rq", NATIVE_DOCS)
        own = shape / branch
        if own.is_dir():
            shutil.copytree(own, folder, dirs_exist_ok=True)
        git(folder, "add", ".")
        git(folder, "commit", "-qm", f"{branch}: its own tests, no native API docs")
    git(folder, "checkout", "-q", "master")
    return folder


def clone_release_repo(
    folder: Path, shape: Path = SHAPE, branches: tuple[str, ...] = RELEASE_BRANCHES
) -> Path:
    """A user's clone of that repository at `folder / "clone"`, as a release
    engineer has it: master checked out, the release branches only as
    remote-tracking branches (`origin/v2.12.0`), no local branch of them."""
    upstream = build_release_repo(folder / "upstream", shape, branches)
    git(folder, "clone", "-q", str(upstream), "clone")
    return folder / "clone"
