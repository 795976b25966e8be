"""Issue 28, cache: an entry's integrity covers its head and its body, and the
page rules' kept findings too. An entry edited after docs-check wrote it (its
findings dropped, say) while the rest still matches stops the run with one
line naming it (exit 2), never hiding a finding; one merely cut short is
rebuilt, and the run says what a cold run says."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import REPO

EXAMPLES = REPO / "examples" / "docs"
Invoke = Callable[..., tuple[int, str, str]]


def lines_of(entry: Path) -> list[Any]:
    return [json.loads(line) for line in entry.read_bytes().split(b"\n")]


def drop_findings(entry: Path, holder: Callable[[Any], bool]) -> bool:
    """Empties the `findings` of the JSON line (or object in it) `holder`
    picks, leaving every other byte of the entry as it was."""
    parts = entry.read_bytes().split(b"\n")
    for number, part in enumerate(parts):
        document = json.loads(part)
        target = document.get("page", document) if isinstance(document, dict) else None
        if isinstance(target, dict) and holder(target) and target.get("findings"):
            target["findings"] = []
            parts[number] = json.dumps(document, ensure_ascii=False).encode()
            entry.write_bytes(b"\n".join(parts))
            return True
    return False


def page_head(document: Any) -> bool:
    return "directives" in document  # a page's head: its reading's findings


def kept_findings(document: Any) -> bool:
    return "heads" in document  # the page rules' findings, kept beside the page


def warm(cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Any]:
    cache = tmp_path / "cache"
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(cache))
    docs = tmp_path / "docs"
    shutil.copytree(EXAMPLES, docs)
    cold = cli("lint", str(docs))
    assert cold[0] == 1
    return cache, docs, cold


@pytest.mark.parametrize("holder", [page_head, kept_findings], ids=["page-head", "kept"])
def test_cache_entry_with_edited_findings_stops_the_run(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, holder: Callable[[Any], bool]
) -> None:
    cache, docs, _ = warm(cli, tmp_path, monkeypatch)
    edited = [entry for entry in sorted(cache.rglob("*.json")) if drop_findings(entry, holder)]
    assert edited
    code, out, err = cli("lint", str(docs))
    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith(f"docs-check: error: {cache}/")
    assert any(str(entry) in line for entry in edited)
    assert "a page cache entry that docs-check did not write" in line
    assert line.endswith("remove it, or run with --no-cache")


@pytest.mark.parametrize("cut", [1, 10, 200])
def test_cache_entry_cut_short_is_rebuilt(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, cut: int
) -> None:
    """Page entries and the kept findings alike: the warm run says what the cold said."""
    cache, docs, cold = warm(cli, tmp_path, monkeypatch)
    entries = sorted(cache.rglob("*.json"))
    for entry in entries:
        data = entry.read_bytes()
        entry.write_bytes(data[: max(0, len(data) - cut)])
    assert cli("lint", str(docs)) == cold
    for entry in entries:  # rebuilt: whole again
        assert all(isinstance(line, dict) for line in lines_of(entry))
