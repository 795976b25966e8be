"""Fixtures of the configuration tests (and, through tests/gate/conftest.py, the
baseline tests)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.helpers import REPO


@pytest.fixture
def repo(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the example docs repository, the current folder."""
    root = tmp_path / "repo"
    shutil.copytree(REPO / "examples" / "docs", root)
    monkeypatch.chdir(root)
    return root
