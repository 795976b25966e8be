"""Shared test helpers. The real docs in ../shared/corpus are read in place,
never copied; a test that needs them fails (not skips) when they are absent."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"
CORPUS = REPO.parent / "shared" / "corpus" / "ascend-pytorch"


@pytest.fixture(scope="session")
def corpus() -> Path:
    assert CORPUS.is_dir(), f"the shared corpus is missing at {CORPUS}"
    return CORPUS


@pytest.fixture(autouse=True, scope="session")
def _private_page_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Tests never read or write the user's page cache."""
    saved = os.environ.get("DOCS_CHECK_CACHE_DIR")
    os.environ["DOCS_CHECK_CACHE_DIR"] = str(tmp_path_factory.mktemp("page-cache"))
    yield
    if saved is None:
        os.environ.pop("DOCS_CHECK_CACHE_DIR", None)
    else:
        os.environ["DOCS_CHECK_CACHE_DIR"] = saved


Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Invoke:
    """docs-check in-process: (exit code, stdout, stderr), never a traceback."""
    from checker.cli import run

    def invoke(*argv: str) -> tuple[int, str, str]:
        code = run(list(argv))
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return invoke
