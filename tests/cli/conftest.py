"""The pre-commit hook's repository and PRE_COMMIT_HOME, for the session:
tests/cli/test_precommit.py and test_precommit_rules.py run the hook from the
same snapshot, so that `pre-commit run` builds its environment (a virtualenv
and a pip install of this project) once for both wherever they run in one
process (under pytest-xdist, once per worker that runs either)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from checker import __version__
from tests.helpers import REPO, git

RELEASE_TAG = f"v{__version__}"


@pytest.fixture(scope="session")
def home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """PRE_COMMIT_HOME: `pre-commit run` builds the hook once."""
    return tmp_path_factory.mktemp("pre-commit-home")


@pytest.fixture(scope="session")
def hook_repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """This project as it is on disk, committed in a temporary repository and
    tagged `v<version>`, as the project tags a release."""
    assert (REPO / ".pre-commit-hooks.yaml").is_file()
    snapshot = tmp_path_factory.mktemp("docs-check-hook-repo")
    listed = subprocess.run(
        ["git", "-C", str(REPO), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True,
        check=True,
        timeout=60,
    ).stdout.decode("utf-8", "surrogateescape")
    for name in filter(None, listed.split("\0")):
        source = REPO / name
        if not source.is_file() and not source.is_symlink():
            continue  # deleted in the working tree, not yet in the index
        target = snapshot / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(source, target, follow_symlinks=False)
    git(snapshot, "init", "-q", "-b", "main")
    git(snapshot, "add", "-A")
    git(snapshot, "commit", "-q", "--no-gpg-sign", "-m", "docs-check as on disk")
    git(snapshot, "tag", RELEASE_TAG)
    return snapshot
