"""Shared test helpers. The real docs in ../shared/corpus are read in place,
never copied; a test that needs them fails (not skips) when they are absent."""

from __future__ import annotations

from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CORPUS = REPO.parent / "shared" / "corpus" / "ascend-pytorch"


@pytest.fixture(scope="session")
def corpus() -> Path:
    assert CORPUS.is_dir(), f"the shared corpus is missing at {CORPUS}"
    return CORPUS
