"""A cache's salt counts the code that makes its entries, so that an editable
install whose reader changed (no version bump) does not take old entries."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import checker
from checker import salt as salt_module
from checker.sources.page_cache import store
from checker.testmap import cache as scan_cache


@pytest.fixture
def package(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the installed package, standing in for an editable checkout."""
    copy = tmp_path / "checker"
    shutil.copytree(Path(checker.__file__).parent, copy)
    monkeypatch.setattr(salt_module, "PACKAGE", copy)
    return copy


def _edit(path: Path) -> None:
    path.write_text(path.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")


@pytest.mark.parametrize(
    "module",
    ["read/inline.py", "model/status.py", "checks/entries.py", "sources/page_cache/entry.py"],
)
def test_an_edit_of_the_code_that_makes_a_page_entry_is_a_new_page_cache(
    package: Path, module: str
) -> None:
    before = store.reading_salt()
    _edit(package / module)
    assert store.reading_salt() != before


def test_an_edit_elsewhere_keeps_the_page_cache(package: Path) -> None:
    before = store.reading_salt()
    _edit(package / "report" / "text.py")
    _edit(package / "cli" / "__init__.py")
    assert store.reading_salt() == before


def test_a_module_added_to_a_counted_folder_counts(package: Path) -> None:
    before = salt_module.salt("f", ["testmap"])
    (package / "testmap" / "split_off.py").write_text("X = 1\n", encoding="utf-8")
    assert salt_module.salt("f", ["testmap"]) != before


def test_the_test_scan_cache_counts_its_own_folder() -> None:
    assert salt_module.salt(scan_cache._FORMAT, ["testmap"]).hex() == scan_cache._SALT


@pytest.mark.parametrize("module", ["app/tests.py", "app/tests_links.py", "testmap/links.py"])
def test_an_edit_of_the_code_that_makes_a_version_map_is_a_new_kept_map(
    package: Path, module: str
) -> None:
    from checker.testmap import kept

    before = kept._salt()
    assert before == kept._SALT
    _edit(package / module)
    assert kept._salt() != before
