"""A git repository shaped like torch-npu's, built from
tests/fixtures/release-repo: every version's docs on master, each release's
tests on its release branch (which no longer carries the native API docs),
and, when asked for (`DOCS_BRANCHES`), the branches of torch-npu releases
(v<torch>-<release>) with the docs of their time in their own layouts.

    clone = clone_release_repo(tmp_path, branches=RELEASE_BRANCHES + DOCS_BRANCHES)
    # then `--git clone --ref origin/v2.7.1-7.3.0`, `--ref master`, ..."""

from __future__ import annotations

import shutil
from pathlib import Path

from tests.helpers import FIXTURES, git

SHAPE = FIXTURES / "release-repo"
RELEASE_BRANCHES = ("v2.7.1", "v2.11.0", "v2.12.0", "needs-expecttest")
# Branches of torch-npu releases, as the real ones (origin/v2.7.1-7.3.0, ...):
# master's tests, no docs of master's layout, the docs of their release under
# docs/zh/native_apis/pytorch_X-Y-Z/. 7.3.0 and 26.0.0 in the rows layout
# (`|API名称|是否支持|限制与说明|`, 是 / 否: a product the status names none
# of), 26.1.0 in a table of products per API (✔ / ✘). 7.3.0 and 26.0.0 predate
# Ascend 950 (the catalogue's `since`, as torch-npu's own branches show): their
# 是 says nothing of it; 26.0.0's 2.7.1 page is the same blob at the same path
# as 7.3.0's.
DOCS_BRANCHES = ("v2.7.1-7.3.0", "v2.7.1-26.0.0", "v2.7.1-26.1.0")
RELEASE_DOCS = "docs/zh/native_apis"
NATIVE_DOCS = "docs/zh/api/native_api"
TEST = "test/distributed/elastic/metrics/test_metrics_api.py"


def build_release_repo(
    folder: Path, shape: Path = SHAPE, branches: tuple[str, ...] = RELEASE_BRANCHES
) -> Path:
    """The repository at `folder`, master checked out: `shape`'s folders
    (release-repo's, or another fixture laid out the same way). Each branch
    is made from master without master's native API docs, with its folder of
    `shape` laid over it (its tests, or its release's docs)."""
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
        git(folder, "commit", "-qm", f"{branch}: its own files, no native API docs of master's")
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
