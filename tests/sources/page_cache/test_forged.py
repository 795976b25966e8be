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

import checker.sources.page_cache.entry
from checker.sources.page_cache.entry import digest
from tests.helpers import REPO

EXAMPLES = REPO / "examples" / "docs"
Invoke = Callable[..., tuple[int, str, str]]


def lines_of(entry: Path) -> list[Any]:
    return [json.loads(line) for line in entry.read_bytes().split(b"\n")]


HEAD, KEPT = 1, 2  # the lines of a page's entry that hold findings


def drop_findings(entry: Path, line: int) -> bool:
    """Empties the findings on `line` of a page's entry (HEAD: the reading's,
    in its head; KEPT: the page rules' kept findings), leaving every other
    byte of the entry as it was."""
    parts = entry.read_bytes().split(b"\n")
    held = json.loads(parts[line])
    if isinstance(held, dict) and held.get("findings"):
        held["findings"] = []
    elif isinstance(held, list) and held:
        held = []
    else:
        return False
    parts[line] = json.dumps(held, ensure_ascii=False).encode()
    entry.write_bytes(b"\n".join(parts))
    return True


def warm(cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> tuple[Path, Path, Any]:
    cache = tmp_path / "cache"
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(cache))
    docs = tmp_path / "docs"
    shutil.copytree(EXAMPLES, docs)
    cold = cli("lint", str(docs))
    assert cold[0] == 1
    return cache, docs, cold


@pytest.mark.parametrize("line", [HEAD, KEPT], ids=["page-head", "kept"])
def test_cache_entry_with_edited_findings_stops_the_run(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, line: int
) -> None:
    cache, docs, _ = warm(cli, tmp_path, monkeypatch)
    edited = [entry for entry in sorted(cache.rglob("*.json")) if drop_findings(entry, line)]
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
        envelope, *rest = lines_of(entry)
        assert isinstance(envelope, dict) and envelope["key"] == entry.stem and rest


def test_heads_docs_check_did_not_write_stop_the_run(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept heads are decoded when first asked for (a finding is placed in
    its entry, so those of a page with findings are, in a run that finds its
    findings again): heads that match their
    digest but are not what docs-check writes (here a heading line that is
    not a number) stop the run there, one line."""
    cache, docs, _ = warm(cli, tmp_path, monkeypatch)
    for entry in sorted(cache.rglob("*.json")):
        parts = entry.read_bytes().split(b"\n")
        if json.loads(parts[0])["format"] != checker.sources.page_cache.entry.FORMAT:
            entry.unlink()  # what a folder's rules, or the whole run, found: found again
            continue
        envelope, head, found, apis, lines, body = parts
        if lines != b"[]":
            lines = lines.replace(b"[", b'["one", ', 1)
            kept = b"\n".join((found, apis, lines))
            document = {**json.loads(envelope), "checked": digest(kept)}
            entry.write_bytes(b"\n".join((json.dumps(document).encode(), head, kept, body)))
    code, out, err = cli("lint", str(docs))
    assert (code, out) == (2, "")
    [line] = err.splitlines()
    assert line.startswith(f"docs-check: error: {cache}/")
    assert "a page cache entry that docs-check did not write" in line
