"""Reading across worker processes: a big page is cut into parts for the
workers, and what comes back, joined and cached, is the page read whole."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.pool import across, in_chunks
from checker.sources.page_cache.store import PageCache, blob_id
from checker.sources.workers import PART_MIN_SIZE, read_all, work_units
from tests.helpers import cached_page

CATALOGUE = default_catalogue()


@pytest.fixture(scope="module")
def big_page(corpus: Path) -> tuple[DocFile, bytes]:
    path = corpus / "master/docs/zh/api/native_api/pytorch_2-13-0/torch-distributions.md"
    data = path.read_bytes()
    assert len(data.decode("utf-8")) >= 2 * PART_MIN_SIZE
    return DocFile(str(path), "2.13.0", "zh"), data


def test_a_big_page_is_cut_for_the_workers(big_page: tuple[DocFile, bytes]) -> None:
    doc, data = big_page
    units, counts = work_units([(doc, data, None)], CATALOGUE, None, workers=2)
    assert counts == [2]
    assert all(isinstance(unit[1], str) for unit in units)
    assert work_units([(doc, data, None)], CATALOGUE, None, workers=1)[1] == [1]


def test_a_big_page_among_many_goes_whole(big_page: tuple[DocFile, bytes]) -> None:
    """Cutting is for a page that would keep the other workers waiting; in a
    whole tree each page is a small share of the work, and cutting it would
    only cost the reading process its time before the workers start."""
    doc, data = big_page
    others = [(DocFile(f"{doc.path}.{n}", "2.13.0", "zh"), data, None) for n in range(4)]
    units, counts = work_units([(doc, data, None), *others], CATALOGUE, None, workers=2)
    assert counts == [1] * 5
    assert all(isinstance(unit[1], bytes) for unit in units)


def test_chunks_keep_order_and_shrink_towards_the_end() -> None:
    sizes = [1] * 64
    chunks = in_chunks(list(range(64)), 2, sizes)
    assert [unit for chunk in chunks for unit in chunk] == list(range(64))
    assert len(chunks[0]) == 16  # a quarter of the work: half a worker's share
    assert len(chunks[-1]) == 1
    assert [len(chunk) for chunk in chunks] == sorted((len(c) for c in chunks), reverse=True)
    assert in_chunks(["big", "a", "b"], 2, [100, 1, 1]) == [["big"], ["a"], ["b"]]


def test_chunks_are_no_larger_than_asked() -> None:
    chunks = in_chunks(list(range(64)), 2, [1] * 64, most=4)
    assert [len(chunk) for chunk in chunks[:12]] == [4] * 12  # a quarter would be 16
    assert [unit for chunk in chunks for unit in chunk] == list(range(64))
    assert in_chunks(["big", "a"], 2, [100, 1], most=4) == [["big"], ["a"]]


def test_parts_read_by_workers_join_into_the_page_and_are_cached(
    big_page: tuple[DocFile, bytes], tmp_path: Path
) -> None:
    doc, data = big_page
    cache = PageCache(tmp_path)
    key = cache.key(doc, blob_id(data), CATALOGUE)
    [(serial, _)] = read_all([(doc, data, key)], CATALOGUE, None, jobs=1)
    [(parallel, _)] = read_all([(doc, data, key)], CATALOGUE, cache, jobs=2)
    assert isinstance(serial, Page)
    assert len(serial.entries) > 400
    assert parallel == serial
    assert cached_page(cache, key) == serial


def test_an_undecodable_big_page_is_an_error_as_in_one_process(tmp_path: Path) -> None:
    path = tmp_path / "docs/zh/api/native_api/pytorch_2-13-0/torch-bad.md"
    doc = DocFile(str(path), "2.13.0", "zh")
    data = b"## torch.x\n\n" + b"\xff" * (2 * PART_MIN_SIZE)
    outcomes = [list(read_all([(doc, data, None)], CATALOGUE, None, jobs)) for jobs in (1, 2)]
    assert outcomes[0] == outcomes[1]
    assert isinstance(outcomes[0][0], str)
    assert str(path) in outcomes[0][0]


def test_short_names_complete_from_the_whole_page_not_each_part(tmp_path: Path) -> None:
    """The one full name is in the first part: each part alone could not
    complete the short names of the others."""
    entries = ["### torch.Tensor.rename\n\n**是否支持**：是\n"]
    entries += [f"### Tensor.op{n:05d}\n\n**是否支持**：是\n" for n in range(1, 6000)]
    text = "# Named Tensors\n\n" + "\n".join(entries)
    assert len(text) >= 2 * PART_MIN_SIZE
    path = tmp_path / "docs/zh/api/native_api/pytorch_2-13-0/Named-Tensors.md"
    doc, data = DocFile(str(path), "2.13.0", "zh"), text.encode("utf-8")
    assert work_units([(doc, data, None)], CATALOGUE, None, workers=2)[1] == [2]
    [(serial, _)] = read_all([(doc, data, None)], CATALOGUE, None, jobs=1)
    [(parallel, _)] = read_all([(doc, data, None)], CATALOGUE, None, jobs=2)
    assert isinstance(parallel, Page)
    assert parallel == serial
    assert all(entry.api.startswith("torch.Tensor.") for entry in parallel.entries)
    assert parallel.findings == ()


def test_one_page_of_300_kb_is_read_in_this_process_by_default(
    corpus: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pre-commit hook's and an editor's run: starting the workers (the
    multiprocessing modules, two forks), cutting the page and joining its parts
    cost the reading process about what half the parse saves on an idle
    machine, and more on a busy one (docs/speed.md, issue 49)."""
    folder = corpus / "master/docs/zh/api/native_api"
    pages = [folder / "pytorch_2-13-0/torch-distributions.md", folder / "pytorch_2-12-0/torch.md"]
    data = b"".join(page.read_bytes() for page in pages)[:300_000]
    data = data[: data.rindex(b"\n") + 1]
    doc = DocFile(str(pages[0]), "2.13.0", "zh")

    def no_workers(*_: object, **__: object) -> None:
        raise AssertionError("workers started")

    monkeypatch.setattr("checker.sources.workers.across", no_workers)
    [(page, _)] = read_all([(doc, data, None)], CATALOGUE, None, jobs=None)
    assert len(page.entries) > 600


def test_a_chunk_is_made_ready_as_it_is_given() -> None:
    """`given` makes each chunk what a worker is sent only when it is sent
    (the pages' bytes taken from git then: issue 49), in the chunks' order."""
    made: list[int] = []
    seen: list[int] = []

    def given(chunk: Sequence[int]) -> list[int]:
        made.append(chunk[0])
        return [-unit for unit in chunk]

    for outcome in across([[1], [2], [3], [4]], 1, abs, None, given):
        seen.append(len(made))
        assert outcome == len(seen)
    assert made == [1, 2, 3, 4] and seen[0] == 2  # the first answered, the second given


def test_the_fork_server_ends_with_its_workers() -> None:
    """A history's workers start from a fork server; it and its resource
    tracker end once the workers have, not with the process (issue 49)."""
    from multiprocessing import forkserver, resource_tracker

    assert list(across([[1], [2], [3]], 2, abs, "forkserver")) == [1, 2, 3]
    assert forkserver._forkserver._forkserver_pid is None  # type: ignore[attr-defined]
    assert resource_tracker._resource_tracker._pid is None  # type: ignore[attr-defined]
