"""A module shared by several refs is read once in a run, whether or not a
cache folder keeps it: the scans are held for the run by blob."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import checker.testmap.tree as tree
from checker.testmap.cache import ScanCache
from checker.testmap.tree import ref_listing, tree_of, working_listing
from tests.helpers import REPO, git


def test_two_refs_sharing_their_modules_parse_each_once(tmp_path: Path, monkeypatch: Any) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(REPO / "tests/fixtures/testmap/test", repo / "test")
    git(repo, "init", "-q", "-b", "v2.11.0")
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "tests")
    git(repo, "branch", "v2.12.0")
    parsed: list[str] = []
    scan = tree.scan

    def counted(data: bytes | str, path: str = "") -> Any:
        parsed.append(path)
        return scan(data, path)

    monkeypatch.setattr(tree, "scan", counted)
    cache = ScanCache(None)  # --no-cache: nothing on disk
    first = tree_of(ref_listing(str(repo), "v2.11.0", "test"), cache, lambda name: None)
    second = tree_of(ref_listing(str(repo), "v2.12.0", "test"), cache, lambda name: None)
    assert sorted(parsed) == ["v2.11.0:test/nn/test_objects.py", "v2.11.0:test/test_ops.py"]
    assert [scanned for _, scanned in first.modules] == [s for _, s in second.modules]


def test_the_workers_scan_as_this_process_does_in_the_one_pool(monkeypatch: Any) -> None:
    """--jobs 2: the modules are scanned by the pages' worker pool
    (checker.pool.across), with the same outcome as in process."""
    from checker.pool import across

    folder = str(REPO / "tests/fixtures/testmap/test")
    alone = tree_of(working_listing(folder), ScanCache(None), lambda name: None, jobs=1)
    used: list[int] = []

    def counted(chunks: Any, count: int, job: Any) -> Any:
        used.append(count)
        return across(chunks, count, job)

    monkeypatch.setattr(tree, "across", counted)  # the pool as the test map's scan calls it
    shared = tree_of(working_listing(folder), ScanCache(None), lambda name: None, jobs=2)
    assert used == [2]
    assert shared == alone
