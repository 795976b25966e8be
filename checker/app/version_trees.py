"""Where each docs version's tests are, for the test map (checker.app.tests):
`TestsRequest` (--tests, --test-ref, --git, --disabled), and the test tree
(tree_for: at the version's test ref, else the working tree's folder) and NPU
disabled list (disabled_list) it gives a version, each read once however many
versions take it."""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import PurePosixPath

from checker.errors import InputError, UsageError
from checker.i18n import N_
from checker.model.catalogue import Catalogue
from checker.read.load import load_bytes
from checker.sources.gitrefs import GitRef, resolve_refs
from checker.testmap.cache import ScanCache
from checker.testmap.disabled import DisabledList, is_list, list_for, release_of
from checker.testmap.tree import (
    Listing,
    TestTree,
    files_under,
    read_lists,
    ref_listing,
    tree_of,
    working_listing,
)

Products = Callable[[str], str | None]


@dataclass(frozen=True)
class TestsRequest:
    """Where each docs version's tests and disabled lists are read from."""

    tests: str = "test"  # --tests: the test folder (of the working tree; inside R at refs)
    test_refs: tuple[tuple[str, str], ...] = ()  # --test-ref VERSION=REF
    git_repo: str = "."  # --git
    disabled: tuple[tuple[str, str], ...] = ()  # --disabled VERSION=PATH: a list or a folder


def test_commits(request: TestsRequest) -> dict[str, str]:
    """Each test ref's commit, all resolved in one call
    (checker.sources.gitrefs.resolve_refs: two git processes, not two a ref),
    so that every version at a ref is read at one commit throughout the run."""
    names = list(dict.fromkeys(ref for _, ref in request.test_refs))
    if not names:
        return {}

    read = resolve_refs([GitRef(request.git_repo, name) for name in names])
    return {ref.ref: found.commit for ref, found in read.items()}


def listing_for(
    version: str,
    refs: dict[str, str],
    request: TestsRequest,
    listings: dict[str, Listing],
    commits: dict[str, str] | None = None,
) -> Listing:
    """The files of the test tree `version` takes (at its test ref, at its
    commit in `commits` (test_commits), else the working tree's folder), named
    but not scanned; each tree listed once."""
    ref = refs.get(version)
    key = ref if ref is not None else ""
    if key not in listings:
        if ref is None:
            listings[key] = working_listing(request.tests)
        else:
            commit = (commits or {}).get(ref, "")
            listings[key] = ref_listing(request.git_repo, ref, request.tests, commit)
    return listings[key]


def tree_for(
    version: str,
    refs: dict[str, str],
    request: TestsRequest,
    trees: dict[str, TestTree],
    cache: ScanCache,
    product: Products,
    jobs: int | None,
    errors: list[str],
    listings: dict[str, Listing] | None = None,
) -> TestTree:
    ref = refs.get(version)
    key = ref if ref is not None else ""
    if key not in trees:
        listing = listing_for(version, refs, request, {} if listings is None else listings)
        tree = tree_of(listing, cache, product, jobs)
        errors += tree.errors
        trees[key] = tree
    return trees[key]


def given_lists(
    version: str, given: dict[str, str], errors: list[str]
) -> list[tuple[str, bytes]] | None:
    """The disabled lists --disabled gives `version` as (path, bytes), or None;
    one that cannot be read is a line in `errors`."""
    return _files_given(given[version], errors) if version in given else None


def disabled_list(
    version: str,
    given: list[tuple[str, bytes]] | None,
    tree: TestTree,
    product: Products,
    errors: list[str],
    read: dict[str, DisabledList | None],
) -> DisabledList | None:
    """The disabled list that applies to `version`: among those --disabled
    gives it (`given`: given_lists'), else its test tree's
    (checker.testmap.disabled.list_for); each list parsed once, and only when
    a version takes it."""
    files = list(tree.list_files) if given is None else given
    names = {path: DisabledList(path, _release(path), ()) for path, _ in files}
    chosen = list_for(list(names.values()), version)
    if chosen is None:
        return None
    if chosen.path not in read:
        wanted = [(path, data) for path, data in files if path == chosen.path]
        lists, failed = read_lists(wanted, product)
        errors += failed
        read[chosen.path] = lists[0] if lists else None
    return read[chosen.path]


def _release(path: str) -> str | None:
    release = release_of(PurePosixPath(path).name)
    return release if isinstance(release, str) else None


def _files_given(path: str, errors: list[str]) -> list[tuple[str, bytes]]:
    """The disabled lists at --disabled's PATH: the file, or every list under
    the folder; one that cannot be read is a line in `errors`."""
    # os.path, not Path: a folder above that cannot be looked at is no folder, not a crash
    if os.path.isdir(path):
        names, failed = files_under(path, is_list)
        errors += failed
    elif os.path.exists(path):
        names = [path]
    else:
        raise UsageError.saying(N_("--disabled: no such file or folder {path}"), path=path)
    files = []
    for name in names:
        try:
            files.append((name, load_bytes(name)))
        except InputError as error:
            errors.append(str(error))
    return files


def products_of(catalogue: Catalogue) -> Products:
    """A disabled list's product name (`A2`, `910A`) as a catalogue id, or None."""

    def product(name: str) -> str | None:
        return (
            catalogue.by_name(name) or catalogue.by_name(f"Atlas {name}") or catalogue.by_npu(name)
        )

    return product
