"""What keeps a cold scan of a test tree fast: the cycle collector held back
while a module's syntax tree is built and walked (it holds no cycles)."""

from __future__ import annotations

import gc
from typing import Any

import checker.testmap.tree as tree
from checker.testmap.cache import ScanCache
from tests.helpers import REPO


def test_a_module_is_scanned_with_the_cycle_collector_held_back(monkeypatch: Any) -> None:
    seen: list[bool] = []
    scan = tree.scan

    def watched(data: bytes | str, path: str = "") -> Any:
        seen.append(gc.isenabled())
        return scan(data, path)

    monkeypatch.setattr(tree, "scan", watched)
    assert gc.isenabled()
    folder = str(REPO / "tests/fixtures/testmap/test")
    tree.tree_of(tree.working_listing(folder), ScanCache(None), lambda name: None, jobs=1)
    assert seen == [False, False]
    assert gc.isenabled()  # and it is back on after
