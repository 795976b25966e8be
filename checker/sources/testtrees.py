"""The docs repository's tests at other refs than its docs (`--test-ref
VERSION=REF`): the real torch-npu repository keeps every version's docs on
master and each release's tests on its release branch. Each ref's test folders
are written out under one temporary folder, whole, so that the helper modules
beside a test import as they do in a checkout; the folder is removed when the
runs are done."""

from __future__ import annotations

import tempfile
from collections.abc import Collection, Iterator
from contextlib import contextmanager
from pathlib import Path, PurePosixPath

from checker.errors import UsageError
from checker.i18n import N_, message
from checker.sources.gitrefs import GitRef, check_refs
from checker.sources.gittrees import git_files


@contextmanager
def extracted_tests(
    repo: str, refs: Collection[str], folders: Collection[str], resolved: Collection[GitRef] = ()
) -> Iterator[dict[str, str]]:
    """{ref: the folder its `folders` were written to}; every ref is checked
    before any is read, but those `resolved` already, which are read at the
    commit they carry. A folder missing at a ref is simply not there: the
    test that needs it reports the missing file."""
    known = {ref.ref: ref for ref in resolved if ref.repo == repo}
    wanted = [known.get(ref) or GitRef(repo, ref) for ref in dict.fromkeys(refs)]
    commits = check_refs(wanted) if wanted else {}  # a ref that is not there is a usage error
    with tempfile.TemporaryDirectory(prefix="docs-check-tests-") as top:
        roots: dict[str, str] = {}
        for number, ref in enumerate(wanted if folders else ()):  # no folders: not the whole tree
            root = Path(top, str(number))  # ref names may hold "/", so numbered
            _write(root, git_files(ref, sorted(set(folders)), commits[ref]), ref.ref)
            roots[ref.ref] = str(root)
        yield roots


def folder_of_test(test: str) -> str:
    """The folder of a rule's `test` (`path/test_x.py::Class::test`) inside the repository."""
    return str(PurePosixPath(test.split("::", 1)[0]).parent)


def _write(root: Path, files: list[tuple[str, bytes]], ref: str) -> None:
    root.mkdir(parents=True)
    for path, data in files:
        parts = PurePosixPath(path).parts
        if not parts or ".." in parts or PurePosixPath(path).is_absolute():
            raise UsageError(
                message(
                    N_("{ref}: refusing to write the repository path {path!r}"), ref=ref, path=path
                )
            )
        target = root.joinpath(*parts)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
