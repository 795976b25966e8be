"""A test tree read: every `*.py` test module's cases and references (from the
cache by blob id, else parsed, across processes when the work is large), and
its `unsupported_test_cases/.pytorch-disabled-tests*.json` lists; from a
folder of the working tree, or from a git ref (one listing, one batch read of
the blobs the cache lacks: checker.sources.gittrees). A file or folder that
cannot be read, or a module over MODULE_MAX_BYTES, is one error line; the
others are still read."""

from __future__ import annotations

import os
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import PurePosixPath

from checker.collector import collector_paused
from checker.errors import InputError, UsageError
from checker.i18n import N_, message
from checker.pool import across, in_chunks
from checker.read.load import MAX_BYTES, load_bytes, too_large
from checker.sources.gitrefs import GitRef, check_refs
from checker.sources.gittrees import git_blobs, git_listings
from checker.sources.page_cache.store import blob_id
from checker.testmap.cache import ScanCache
from checker.testmap.disabled import DisabledList, is_list, read_list
from checker.testmap.modules import ModuleScan, scan

# Below this much source a second process costs more than it saves.
PARALLEL_MIN_BYTES = 2_000_000
# The largest test module of torch-npu is some 600 KB. Reading one with `ast`
# takes a hundred times its size and more (a 50 MB module: 8.5 GB, minutes),
# so a module far larger than any real one is refused unread. A disabled list
# (3.5 MB) has a page's cap.
MODULE_MAX_BYTES = 2 * 1024 * 1024


@dataclass(frozen=True)
class TestTree:
    """A test tree read: its modules' scans, its disabled lists and its errors."""

    label: str  # the folder, or `ref:folder`
    modules: tuple[tuple[str, ModuleScan], ...]  # (path as reported, scan), by path
    # the disabled lists as (path, bytes): a list is read only when a version takes it
    list_files: tuple[tuple[str, bytes], ...] = ()
    errors: tuple[str, ...] = ()  # one line each: a module that does not parse


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
    errors: tuple[str, ...] = ()  # one line each: a file or folder that cannot be read


def files_under(folder: str, wanted: Callable[[str], bool]) -> tuple[list[str], list[str]]:
    """The files under `folder` whose names are `wanted` (hidden folders left
    out), named from `folder` and by path; and a line for each folder that
    cannot be listed, whose files would otherwise be missing unsaid. Only a
    wanted name is looked at (a link into /proc that is none is passed over)."""
    errors: list[str] = []

    def unlisted(error: OSError) -> None:
        why, path = error.strerror or str(error), str(PurePosixPath(error.filename))
        errors.append(message(N_("{path}: cannot read: {why}"), path=path, why=why))

    found: list[str] = []
    for inside, subfolders, names in os.walk(folder, onerror=unlisted):
        subfolders[:] = [name for name in subfolders if not name.startswith(".")]
        base = PurePosixPath(folder, os.path.relpath(inside, folder))
        found += [str(base / name) for name in names if wanted(name)]
    return sorted(found), errors


def working_listing(folder: str) -> Listing:
    if not os.path.isdir(folder):  # as os.path says: False, not a crash, when it cannot look
        raise UsageError.saying(N_("{folder}: no such test folder"), folder=folder)
    names, errors = files_under(folder, lambda name: is_module(name) or is_list(name))
    data: dict[str, bytes] = {}
    for name in names:
        try:
            data[name] = load_bytes(name, MODULE_MAX_BYTES if is_module(name) else MAX_BYTES)
        except InputError as error:
            errors.append(str(error))
    files = tuple((name, blob_id(read)) for name, read in data.items())
    return Listing(folder, files, data, errors=tuple(errors))


def ref_listing(repo: str, ref: str, folder: str, commit: str = "") -> Listing:
    """The test files at `ref`: at `commit` where the run resolved it already
    (checker.app.version_trees.test_commits), else resolved now."""
    at = GitRef(repo, ref, commit=commit)
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
        repo, ref = listing.at
        wanted = [(path, blob) for path, blob in listing.files if known.get(path) is None]
        fetched = git_blobs(GitRef(repo, ref), [blob for _, blob in wanted])
        data = dict(zip([path for path, _ in wanted], fetched, strict=True))
    files = [(path, data.get(path, b"")) for path, _ in listing.files]
    cached = {path: scanned for path, scanned in known.items() if scanned}
    return _tree(listing.label, files, cache, product, jobs, blobs, cached, listing.errors)


def _tree(
    label: str,
    files: Sequence[tuple[str, bytes]],
    cache: ScanCache,
    product: Callable[[str], str | None],
    jobs: int | None,
    blobs: dict[str, str] | None = None,
    cached: dict[str, ModuleScan] | None = None,
    errors: Sequence[str] = (),
) -> TestTree:
    """`errors`: the lines of files that could not be read."""
    lists: list[tuple[str, bytes]] = []
    failed: list[str] = list(errors)
    scans: dict[str, ModuleScan] = dict(cached or {})
    todo: list[tuple[str, bytes, str]] = []
    for path, data in files:
        if is_list(path):
            lists.append((path, data))
            continue
        if path in scans:
            continue
        if len(data) > MODULE_MAX_BYTES:  # at a git ref: read, but not parsed
            failed.append(str(too_large(path, len(data), MODULE_MAX_BYTES)))
            continue
        key = cache.key((blobs or {}).get(path) or blob_id(data))
        found = cache.get(key)
        if found is not None:
            scans[path] = found
        else:
            todo.append((path, data, key))
    for (path, _, key), outcome in zip(todo, _scanned(todo, jobs, cache), strict=True):
        if isinstance(outcome, str):
            failed.append(outcome)
            continue
        cache.hold(key, outcome)
        scans[path] = outcome
    modules = tuple(sorted(scans.items()))
    return TestTree(label, modules, tuple(sorted(lists)), tuple(failed))


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
    said = N_("{path}:{line}: cannot read the test module: {why}")
    try:
        with collector_paused():
            scanned = scan(data, path)
    except SyntaxError as error:
        return message(said, path=path, line=error.lineno or 1, why=error.msg)
    except MemoryError:  # says nothing of itself
        return message(said, path=path, line=1, why=message(N_("not enough memory to read it")))
    except (ValueError, RecursionError) as error:
        return message(said, path=path, line=1, why=str(error))
    cache.put(key, scanned)
    return scanned
