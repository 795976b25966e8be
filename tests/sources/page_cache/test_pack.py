"""The pack of a read (checker.sources.page_cache.pack): a warm read of the same pages
takes every page from one file, the same pages as from their own entries;
it is passed over (and written anew) when a page's file or the pages read
changed, or when it is cut short; an entry edited in it stops the run."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from checker.errors import InputError
from checker.model.catalogue import default_catalogue
from checker.sources.corpus import ReadOptions, read_corpus
from checker.sources.page_cache.pack import read_pack
from checker.sources.page_cache.store import PageCache
from tests.helpers import REPO

EXAMPLES = REPO / "examples" / "docs"
CATALOGUE = default_catalogue()


def opened(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The page entries read from their own files from now on."""
    keys: list[str] = []
    real = PageCache.get_read

    def counting(self: PageCache, key: str) -> Any:
        keys.append(key)
        return real(self, key)

    monkeypatch.setattr(PageCache, "get_read", counting)
    return keys


def packs(cache: Path) -> list[Path]:
    return sorted((cache / "packs").glob("*.pack"))


def fresh(tmp_path: Path) -> ReadOptions:
    """Options of a run of its own: a new cache object on the same folder."""
    return ReadOptions(cache=PageCache(tmp_path / "cache"), jobs=1)


def warm(tmp_path: Path) -> tuple[Path, Any]:
    """The examples copied, read once (which writes their pack)."""
    docs = tmp_path / "docs"
    shutil.copytree(EXAMPLES, docs)
    cold = read_corpus([str(docs)], CATALOGUE, options=fresh(tmp_path))
    assert len(packs(tmp_path / "cache")) == 1
    return docs, cold


def test_a_warm_read_takes_its_pages_from_the_pack(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    docs, cold = warm(tmp_path)
    keys = opened(monkeypatch)
    again = read_corpus([str(docs)], CATALOGUE, options=fresh(tmp_path))
    assert keys == []  # no page's own file opened
    assert again.pages == cold.pages  # entries too: bodies read from the pages' files
    assert [page.findings for page in again.pages] == [page.findings for page in cold.pages]
    assert len(packs(tmp_path / "cache")) == 1


def test_a_changed_page_file_is_read_from_its_own_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An entry cut short since the pack was written: the pack is passed over
    and the entry rebuilt, as without a pack."""
    docs, cold = warm(tmp_path)
    entry = sorted((tmp_path / "cache").rglob("*.json"))[0]
    entry.write_bytes(entry.read_bytes()[:-5])
    keys = opened(monkeypatch)
    again = read_corpus([str(docs)], CATALOGUE, options=fresh(tmp_path))
    assert again.pages == cold.pages and len(keys) == len(cold.pages)
    assert json.loads(entry.read_bytes().split(b"\n")[0])["key"] == entry.stem  # rebuilt


def test_a_changed_page_writes_the_pack_anew_in_place(tmp_path: Path) -> None:
    docs, _ = warm(tmp_path)
    [before] = packs(tmp_path / "cache")
    page = sorted(docs.rglob("*.md"))[0]
    page.write_text(page.read_text("utf-8") + "\n<!-- changed -->\n", "utf-8")
    options = fresh(tmp_path)
    read = read_corpus([str(docs)], CATALOGUE, options=options)
    assert packs(tmp_path / "cache") == [before]  # the same name: not one more file
    keys = [options.cache.key(*key) for key in _keys(read.pages)]  # type: ignore[union-attr]
    paths = [page.path for page in read.pages]
    assert read_pack(PageCache(tmp_path / "cache"), paths, keys) is not None


def _keys(pages: Any) -> list[tuple[Any, str, Any]]:
    from checker.model.docfile import DocFile

    return [(DocFile(p.path, p.version, p.lang), p.blob, CATALOGUE) for p in pages]


def test_a_pack_cut_short_is_passed_over(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    docs, cold = warm(tmp_path)
    [pack] = packs(tmp_path / "cache")
    pack.write_bytes(pack.read_bytes()[:-100])
    keys = opened(monkeypatch)
    again = read_corpus([str(docs)], CATALOGUE, options=fresh(tmp_path))
    assert again.pages == cold.pages and len(keys) == len(cold.pages)


def test_a_head_edited_in_the_pack_stops_the_run(tmp_path: Path) -> None:
    """Its digest no longer matches: one error naming the pack, not a page
    read as the edit says."""
    docs, _ = warm(tmp_path)
    [pack] = packs(tmp_path / "cache")
    first, *lines = pack.read_bytes().split(b"\n")
    lines[1] = lines[1].replace(b'"entries": ', b'"entries": 1', 1)  # a head: 4 -> 14, say
    data = b"\n".join(lines)
    envelope = {**json.loads(first), "size": len(data)}
    pack.write_bytes(json.dumps(envelope).encode() + b"\n" + data)
    with pytest.raises(InputError, match="its head does not match its digest") as raised:
        read_corpus([str(docs)], CATALOGUE, options=fresh(tmp_path))
    assert str(pack) in str(raised.value)
