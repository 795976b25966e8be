"""A page a worker wrote to the cache comes back as its key only (`Kept`),
and the reading process takes it from the cache: the same page as one read in
this process, with entries decoded only when looked at. That is for reads
above HISTORY_MIN_BYTES, where the workers also start from a fork server, not
from the reading process; below, pages come through the pipe whole."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.deferred import Deferred
from checker.model.support import Page
from checker.sources import workers
from checker.sources.cache import PageCache, blob_id
from checker.sources.discover import DocFile
from checker.sources.workers import read_all

CATALOGUE = default_catalogue()


def _pages(tmp_path: Path, count: int) -> list[tuple[DocFile, bytes]]:
    made = []
    for n in range(count):
        path = tmp_path / f"docs/zh/api/native_api/pytorch_2-13-0/torch-p{n}.md"
        text = "".join(f"### torch.p{n}.op{m}\n\n**是否支持**：是\n\n" for m in range(40))
        made.append((DocFile(str(path), "2.13.0", "zh"), text.encode("utf-8")))
    return made


@pytest.mark.parametrize("history", [False, True])
def test_pages_kept_by_workers_are_taken_from_the_cache_in_a_history(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, history: bool
) -> None:
    if history:
        monkeypatch.setattr(workers, "HISTORY_MIN_BYTES", 0)
    pages = _pages(tmp_path, 6)
    cache = PageCache(tmp_path / "cache")
    todo = [(doc, data, cache.key(doc, blob_id(data), CATALOGUE)) for doc, data in pages]
    serial = list(read_all([(doc, data, None) for doc, data in pages], CATALOGUE, None, 1))
    parallel = list(read_all(todo, CATALOGUE, cache, 2))
    assert parallel == serial
    assert all(isinstance(page, Page) for page in parallel)
    # in a history taken from the cache, not sent through the pipe whole
    from_cache = [isinstance(p, Page) and isinstance(p.entries, Deferred) for p in parallel]
    assert from_cache == [history] * len(parallel)


def test_a_page_whose_entry_is_gone_is_read_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No folder to keep entries in: the workers answer with the page itself."""
    monkeypatch.setattr(workers, "HISTORY_MIN_BYTES", 0)
    pages = _pages(tmp_path, 4)
    cache = PageCache(None)
    todo = [(doc, data, cache.key(doc, blob_id(data), CATALOGUE)) for doc, data in pages]
    serial = list(read_all([(doc, data, None) for doc, data in pages], CATALOGUE, None, 1))
    assert list(read_all(todo, CATALOGUE, cache, 2)) == serial
