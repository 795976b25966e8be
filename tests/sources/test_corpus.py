"""Reading the real corpus gives the same pages and the same lint findings
whether pages come from one process or several, from the cache or not."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.version import path_key
from checker.sources.corpus import Corpus, ReadOptions, read_corpus, read_documents, version_context
from checker.sources.documents import Fetch
from checker.sources.gitrefs import GitRef
from checker.sources.page_cache.entry import digest
from checker.sources.page_cache.store import PageCache
from checker.sources.workers import PARALLEL_MIN_BYTES

CATALOGUE = default_catalogue()


@pytest.fixture(scope="module")
def master(corpus: Path) -> str:
    return str(corpus / "master")


@pytest.fixture(scope="module")
def serial(master_read: Corpus) -> Corpus:
    return master_read  # in this process, without the cache (tests/conftest.py)


def test_the_corpus_is_large_enough_to_be_read_in_parallel(master: str) -> None:
    size = sum(page.stat().st_size for page in Path(master).rglob("*.md"))
    assert size > PARALLEL_MIN_BYTES


@pytest.fixture(scope="module")
def cold(master: str, tmp_path_factory: pytest.TempPathFactory) -> tuple[Corpus, Path]:
    """A parallel read into an empty page cache, and that cache's folder: the
    cold read of the first test below, and the cache the second rewrites (a
    copy of it: one cold read of the corpus for both)."""
    folder = tmp_path_factory.mktemp("cold") / "cache"
    read = read_corpus([master], CATALOGUE, options=ReadOptions(jobs=2, cache=PageCache(folder)))
    return read, folder


def test_parallel_cached_and_serial_reads_agree(
    master: str, serial: Corpus, cold: tuple[Corpus, Path]
) -> None:
    cold_read, folder = cold
    cache = PageCache(folder)
    parallel = read_corpus([master], CATALOGUE, options=ReadOptions(jobs=2))
    written = sorted(folder.rglob("*.json"))
    warm = read_corpus([master], CATALOGUE, options=ReadOptions(jobs=2, cache=cache))
    assert len(written) == len(serial.pages) == 252
    findings = lint_pages(serial.pages, CATALOGUE)
    for other in (parallel, cold_read, warm):
        assert other.pages == serial.pages
        assert other.errors == serial.errors == ()
        assert lint_pages(other.pages, CATALOGUE) == findings
    paths = [page.path for page in serial.pages]
    assert paths == sorted(paths, key=path_key)  # 2.7.1's pages first


def test_the_warm_read_comes_from_the_cache(
    master: str, cold: tuple[Corpus, Path], tmp_path: Path
) -> None:
    cache = PageCache(Path(shutil.copytree(cold[1], tmp_path / "cache")))
    # Rewrite each cached page's first API (and the body's digest, as
    # docs-check would): a read that uses the cache shows it.
    for entry in (tmp_path / "cache").rglob("*.json"):
        first, *head, body = entry.read_bytes().split(b"\n")
        envelope, document = json.loads(first), json.loads(body)
        rows = document["entries"]
        if rows:
            rows[0][0] = "cached." + rows[0][0]
        body = json.dumps(document).encode()
        envelope["body"], envelope["size"] = digest(body), len(body)
        entry.write_bytes(b"\n".join((json.dumps(envelope).encode(), *head, body)))
    warm = read_corpus([master], CATALOGUE, options=ReadOptions(jobs=1, cache=cache))
    assert all(page.entries[0].api.startswith("cached.") for page in warm.pages if page.entries)


def _version_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs/zh/api/native_api/pytorch_2-13-0"
    folder.mkdir(parents=True)
    for name in ("torch.md", "torch-nn.md"):
        (folder / name).write_text(f"# {name}\n\n## torch.x\n\n**是否支持**：是\n", "utf-8")
    return folder


def test_one_page_is_checked_among_the_other_pages_of_its_version(tmp_path: Path) -> None:
    folder = _version_folder(tmp_path)
    options = ReadOptions(jobs=1)
    read = read_corpus([str(folder / "torch.md")], CATALOGUE, options=options)
    context = version_context(read, CATALOGUE, options, [str(folder / "torch.md")])
    assert [page.path for page in context] == [str(folder / "torch-nn.md")]


def test_a_folder_read_whole_is_not_listed_again_for_its_context(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import checker.sources.corpus as corpus_module

    _version_folder(tmp_path)
    options = ReadOptions(jobs=1)
    given = [str(tmp_path / "docs")]
    read = read_corpus(given, CATALOGUE, options=options)
    monkeypatch.setattr(corpus_module, "discover", lambda folders: pytest.fail(str(folders)))
    assert version_context(read, CATALOGUE, options, given) == ()


def test_pages_are_read_in_version_order_not_text_order(tmp_path: Path) -> None:
    """pytorch_2-7-1 before pytorch_2-13-0 (as text, "1" < "7"): the page list
    every output and the site show follows the release order. Within one
    version, pages keep their names' order."""
    for version in ("2-13-0", "2-7-1", "2-12-0"):
        folder = tmp_path / "docs" / "zh" / "api" / "native_api" / f"pytorch_{version}"
        folder.mkdir(parents=True)
        for name in ("torch-b.md", "torch-a.md"):
            (folder / name).write_text(f"# {name}\n\n### torch.f\n", encoding="utf-8")
    read = read_corpus([str(tmp_path / "docs")], CATALOGUE)
    assert [(page.version, Path(page.path).name) for page in read.pages] == [
        ("2.7.1", "torch-a.md"),
        ("2.7.1", "torch-b.md"),
        ("2.12.0", "torch-a.md"),
        ("2.12.0", "torch-b.md"),
        ("2.13.0", "torch-a.md"),
        ("2.13.0", "torch-b.md"),
    ]


def test_a_history_is_read_path_by_path_and_placed_ref_by_ref() -> None:
    """Each path's versions are read one after the other, not each ref's pages
    in turn: the readers' memos then meet what a version shares with the one
    before (issue 49). The pages come back in the refs' order all the same."""
    folder = "docs/zh/api/native_api/pytorch_2-13-0"
    texts = {
        f"{page}{ref}": f"# {page}\n\n## torch.{page}{ref}\n\n**是否支持**：是\n".encode()
        for page in ("a", "b")
        for ref in ("1", "2")
    }
    documents: list[tuple[DocFile, bytes | None]] = [
        (DocFile(f"r{ref}:{folder}/{page}.md", "2.13.0", "zh", f"r{ref}", f"{page}{ref}"), None)
        for ref in ("1", "2")
        for page in ("a", "b")
    ]
    asked: list[str] = []

    def blobs(_: GitRef, wanted: Sequence[str]) -> Iterator[bytes]:
        for blob in wanted:
            asked.append(blob)
            yield texts[blob]

    def sizes(_: GitRef, wanted: Sequence[str]) -> list[int]:
        return [len(texts[blob]) for blob in wanted]

    owners = {blob: GitRef("repo", "r" + blob[1]) for blob in texts}
    fetch = Fetch(owners, sizes, blobs)
    pages, errors = read_documents(documents, CATALOGUE, ReadOptions(jobs=1), fetch)
    assert asked == ["a1", "a2", "b1", "b2"]
    assert errors == []
    assert [(page.path, page.entries[0].api) for page in pages] == [
        (f"r1:{folder}/a.md", "torch.a1"),
        (f"r1:{folder}/b.md", "torch.b1"),
        (f"r2:{folder}/a.md", "torch.a2"),
        (f"r2:{folder}/b.md", "torch.b2"),
    ]
