"""A test tree read: every `*.py` test module's cases and references (from the
cache by blob id, else parsed, across processes when the work is large), and
its `unsupported_test_cases/.pytorch-disabled-tests*.json` lists; from a
folder of the working tree, or from a git ref (one listing, one batch read of
the blobs the cache lacks: checker.sources.gittrees)."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath

from checker.collector import collector_paused
from checker.errors import InputError, UsageError
from checker.i18n import N_, message
from checker.sources.cache import blob_id
from checker.testmap.cache import ScanCache
from checker.testmap.disabled import DisabledList, is_list, read_list
from checker.testmap.modules import ModuleScan, scan

# Below this much source a second process costs more than it saves.
PARALLEL_MIN_BYTES = 2_000_000


@dataclass(frozen=True)
class TestTree:
    label: str  # the folder, or `ref:folder`
    modules: tuple[tuple[str, ModuleScan], ...]  # (path as reported, scan), by path
    # the disabled lists as (path, bytes): a list is read only when a version takes it
    list_files: tuple[tuple[str, bytes], ...] = ()
    errors: tuple[str, ...] = ()  # one line each: a module that does not parse

    def list_names(self) -> tuple[str, ...]:
        return tuple(path for path, _ in self.list_files)


def is_module(path: str) -> bool:
    name = PurePosixPath(path).name
    return name.endswith(".py")


@dataclass(frozen=True)
class Listing:
    """A test tree's files named, not yet read: each module's and disabled
    list's blob id, what a version's kept map is keyed by
    (checker.testmap.kept); in the working tree with the bytes hashed for it,
    at a ref with none (git names the blobs)."""

    label: str  # the folder, or `ref:folder`
    files: tuple[tuple[str, str], ...]  # (path as reported, blob id), by path
    data: Mapping[str, bytes] = field(default_factory=dict)  # path -> bytes, where read
    at: tuple[str, str] | None = None  # (repository, ref): where the rest is fetched


def working_tree(
    folder: str, cache: ScanCache, product: Callable[[str], str | None], jobs: int | None = None
) -> TestTree:
    return tree_of(working_listing(folder), cache, product, jobs)


def tree_at_ref(
    repo: str,
    ref: str,
    folder: str,
    cache: ScanCache,
    product: Callable[[str], str | None],
    jobs: int | None = None,
) -> TestTree:
    return tree_of(ref_listing(repo, ref, folder), cache, product, jobs)


def working_listing(folder: str) -> Listing:
    root = Path(folder)
    if not root.is_dir():
        raise UsageError(message(N_("{folder}: no such test folder"), folder=folder))
    files = sorted(
        (str(PurePosixPath(folder, p.relative_to(root).as_posix())), p)
        for p in root.rglob("*")
        if p.is_file()
        and (is_module(p.name) or is_list(p.name))
        and not any(part.startswith(".") for part in p.relative_to(root).parts[:-1])
    )
    data = {name: path.read_bytes() for name, path in files}
    return Listing(folder, tuple((name, blob_id(data[name])) for name, _ in files), data)


def ref_listing(repo: str, ref: str, folder: str) -> Listing:
    from checker.sources.gitrefs import GitRef, check_refs
    from checker.sources.gittrees import git_listings

    at = GitRef(repo, ref)
    listed = [
        (f"{ref}:{path}", blob)
        for path, blob in git_listings(check_refs([at]), [folder])[at]
        if is_module(path) or is_list(path)
    ]
    return Listing(f"{ref}:{folder}", tuple(listed), at=(repo, ref))


def tree_of(
    listing: Listing,
    cache: ScanCache,
    product: Callable[[str], str | None],
    jobs: int | None = None,
) -> TestTree:
    """The tree listed: each module's scan from the cache by blob, else read
    (from git at a ref, in one batch) and scanned."""
    blobs = dict(listing.files)
    with collector_paused():  # some 100,000 cases and references decoded, no cycle among them
        known = {
            path: cache.get(cache.key(blob)) for path, blob in listing.files if is_module(path)
        }
    data = listing.data
    if listing.at is not None:
        from checker.sources.gitrefs import GitRef
        from checker.sources.gittrees import git_blobs

        repo, ref = listing.at
        wanted = [(path, blob) for path, blob in listing.files if known.get(path) is None]
        fetched = git_blobs(GitRef(repo, ref), [blob for _, blob in wanted])
        data = dict(zip([path for path, _ in wanted], fetched, strict=True))
    files = [(path, data.get(path, b"")) for path, _ in listing.files]
    cached = {path: scanned for path, scanned in known.items() if scanned}
    return _tree(listing.label, files, cache, product, jobs, blobs, cached)


def _tree(
    label: str,
    files: Sequence[tuple[str, bytes]],
    cache: ScanCache,
    product: Callable[[str], str | None],
    jobs: int | None,
    blobs: dict[str, str] | None = None,
    cached: dict[str, ModuleScan] | None = None,
) -> TestTree:
    lists: list[tuple[str, bytes]] = []
    errors: list[str] = []
    scans: dict[str, ModuleScan] = dict(cached or {})
    todo: list[tuple[str, bytes, str]] = []
    for path, data in files:
        if is_list(path):
            lists.append((path, data))
            continue
        if path in scans:
            continue
        key = cache.key((blobs or {}).get(path) or blob_id(data))
        found = cache.get(key)
        if found is not None:
            scans[path] = found
        else:
            todo.append((path, data, key))
    for (path, _, key), outcome in zip(todo, _scanned(todo, jobs, cache), strict=True):
        if isinstance(outcome, str):
            errors.append(outcome)
            continue
        cache.hold(key, outcome)
        scans[path] = outcome
    modules = tuple(sorted(scans.items()))
    return TestTree(label, modules, tuple(sorted(lists)), tuple(errors))


def read_lists(
    files: Sequence[tuple[str, bytes]], product: Callable[[str], str | None]
) -> tuple[tuple[DisabledList, ...], list[str]]:
    """The lists read, and a line for each that is malformed."""
    lists: list[DisabledList] = []
    errors: list[str] = []
    for path, data in files:
        try:
            lists.append(read_list(path, data, product))
        except InputError as error:
            errors.append(str(error))
    return tuple(lists), errors


def _scanned(
    todo: Sequence[tuple[str, bytes, str]], jobs: int | None, cache: ScanCache
) -> list[ModuleScan | str]:
    """Each module's scan (or error line), in order; each scan is put in the
    cache where it is made, so that the workers share the writing too."""
    size = sum(len(data) for _, data, _ in todo)
    workers = jobs or os.cpu_count() or 1
    if workers < 2 or (jobs is None and size < PARALLEL_MIN_BYTES):
        return [_scan_one(path, data, key, cache) for path, data, key in todo]
    from checker.pool import across, in_chunks

    ordered = sorted(range(len(todo)), key=lambda i: -len(todo[i][1]))  # big ones first
    units = [(*todo[i], cache) for i in ordered]
    chunks = in_chunks(units, workers, [len(todo[i][1]) for i in ordered])
    outcomes = across(chunks, workers, _scan_unit)
    try:
        by_index = dict(zip(ordered, outcomes, strict=True))
    finally:
        outcomes.close()  # a run ended early ends its workers now
    return [by_index[i] for i in range(len(todo))]


def _scan_unit(unit: tuple[str, bytes, str, ScanCache]) -> ModuleScan | str:
    """A worker's job (checker.pool.across): one module's scan."""
    return _scan_one(*unit)


def _scan_one(path: str, data: bytes, key: str, cache: ScanCache) -> ModuleScan | str:
    try:
        with collector_paused():
            scanned = scan(data, path)
    except SyntaxError as error:
        return f"{path}:{error.lineno or 1}: cannot read the test module: {error.msg}"
    except (ValueError, RecursionError, MemoryError) as error:
        return f"{path}:1: cannot read the test module: {error}"
    cache.put(key, scanned)
    return scanned
