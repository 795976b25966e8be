"""A page a worker reads comes back as its cache entry's bytes (`Sent`), with
what the page rules it was given found on it: the reading process takes it
as a warm run takes a cached page, the same page as one read in this
process, its entries decoded only when looked at. So with or without a folder
to keep entries in, and in a history (reads above HISTORY_MIN_BYTES, whose
workers start from a fork server)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from checker.checks.lint import page_rules
from checker.model.catalogue import default_catalogue
from checker.model.deferred import Deferred
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.sources import workers
from checker.sources.page_cache.entry import prefix_size
from checker.sources.page_cache.store import PageCache, blob_id
from checker.sources.workers import read_all

CATALOGUE = default_catalogue()


def _pages(tmp_path: Path, count: int) -> list[tuple[DocFile, bytes]]:
    """Pages with a finding of a page rule each (a native link to another
    docs version)."""
    made = []
    for n in range(count):
        path = tmp_path / f"docs/zh/api/native_api/pytorch_2-13-0/torch-p{n}.md"
        text = "".join(f"### torch.p{n}.op{m}\n\n**是否支持**：是\n\n" for m in range(40))
        text += f"### torch.p{n}.last\n\n**是否支持**：是\n\n"
        text += "**原生文档**：[last](https://pytorch.org/docs/2.11/x.html)\n"
        made.append((DocFile(str(path), "2.13.0", "zh"), text.encode("utf-8")))
    return made


@pytest.mark.parametrize("history", [False, True])
@pytest.mark.parametrize("folder", [True, False], ids=["cache", "no-folder"])
def test_pages_read_by_workers_come_as_their_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, history: bool, folder: bool
) -> None:
    if history:
        monkeypatch.setattr(workers, "HISTORY_MIN_BYTES", 0)
    pages = _pages(tmp_path, 6)
    cache = PageCache(tmp_path / "cache" if folder else None)
    todo = [(doc, data, cache.key(doc, blob_id(data), CATALOGUE)) for doc, data in pages]
    serial = list(read_all([(doc, data, None) for doc, data in pages], CATALOGUE, None, 1))
    parallel = list(read_all(todo, CATALOGUE, cache, 2, page_rules))
    assert all(isinstance(read, tuple) for read in serial + parallel)
    assert [read[0] for read in parallel] == [read[0] for read in serial]  # type: ignore[index]
    for read in parallel:
        assert isinstance(read, tuple)
        page, kept = read
        assert isinstance(page, Page) and isinstance(page.entries, Deferred)
        assert kept is not None
        findings, apis, lines = kept
        assert list(findings()) == page_rules(page, CATALOGUE) != []
        assert list(apis()) == [entry.api for entry in page.entries]
        assert list(lines()) == [entry.line for entry in page.entries]
    if folder:  # what the workers wrote reads back, with the page rules' findings
        kept_again = [cache.get_read(key) for _, _, key in todo if key]
        assert [read and read[1] and read[1][0]() for read in kept_again] == [
            read[1][0]() for read in parallel if isinstance(read, tuple) and read[1]
        ]


def test_without_page_rules_nothing_is_kept_of_them(tmp_path: Path) -> None:
    pages = _pages(tmp_path, 4)
    cache = PageCache(tmp_path / "cache")
    todo = [(doc, data, cache.key(doc, blob_id(data), CATALOGUE)) for doc, data in pages]
    assert [read[1] for read in read_all(todo, CATALOGUE, cache, 2) if isinstance(read, tuple)] == [
        None
    ] * 4
    assert all((read := cache.get_read(key)) and read[1] is None for _, _, key in todo if key)


def test_a_page_kept_in_the_cache_comes_without_its_body(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A worker that wrote the page's entry to the cache answers with its
    first lines only: the reading process of a cold history holds no page's
    body (issue 49: 1,860 of them were a third of its peak), and decodes the
    few it looks at from the entry's file, as a warm run does."""
    pages = _pages(tmp_path, 4)
    cache = PageCache(tmp_path / "cache")
    todo = [(doc, data, cache.key(doc, blob_id(data), CATALOGUE)) for doc, data in pages]
    answered: list[bytes] = []
    received = workers._received

    def counted(outcome: object, *rest: object) -> object:
        assert isinstance(outcome, workers.Sent)
        answered.append(outcome.data)
        return received(outcome, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(workers, "_received", counted)
    read = list(read_all(todo, CATALOGUE, cache, 2, page_rules))
    files = [Path(cache.entry_file(key)).read_bytes() for _, _, key in todo if key]
    assert answered == [data[: prefix_size(data)] for data in files]  # the body is not sent
    serial = [
        page for page, _ in (r for r in read_all(todo, CATALOGUE, None, 1) if isinstance(r, tuple))
    ]
    assert [r[0].entries for r in read if isinstance(r, tuple)] == [p.entries for p in serial]


@pytest.mark.parametrize("jobs", [1, 2])
def test_bytes_still_in_git_are_taken_as_their_run_is_given(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: int
) -> None:
    """Pages whose bytes are still in git (their sizes given, their bytes a
    stream) are read as the others: the reading process takes a page's bytes
    when the run that holds it is given to a worker (or read here), so that
    it holds one run's, not a history's 50 MB (issue 49)."""
    monkeypatch.setattr(workers, "HISTORY_MIN_BYTES", 0)
    pages = _pages(tmp_path, 6)
    monkeypatch.setattr(workers, "HISTORY_RUN_BYTES", len(pages[0][1]))  # a page a run
    taken: list[int] = []
    seen: list[int] = []  # how many were taken when each outcome came

    def stream() -> Iterator[bytes]:
        for index, (_, data) in enumerate(pages):
            taken.append(index)
            yield data

    todo = [(doc, len(data), None) for doc, data in pages]
    read = []
    for outcome in read_all(todo, CATALOGUE, None, jobs, page_rules, stream()):
        seen.append(len(taken))
        read.append(outcome)
    serial = list(read_all([(doc, data, None) for doc, data in pages], CATALOGUE, None, 1))
    assert [r[0] for r in read] == [r[0] for r in serial]  # type: ignore[index]
    assert taken == list(range(len(pages)))
    if jobs == 1:  # in this process: each page's bytes taken as it is read
        assert seen == list(range(1, len(pages) + 1))
