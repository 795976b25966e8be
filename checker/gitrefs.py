"""Docs at git refs, without a checkout: `--git REPO --ref REF`.

One `git ls-tree` lists a ref's pages and one `git cat-file --batch` reads
them all, so a ref costs two processes however many pages it has. Pages are
named `ref:path`, and so are their findings (`v2.12.0:docs/…/x.md:12`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from checker.command import run_command
from checker.discover import DocFile, doc_file
from checker.errors import UsageError

_TIMEOUT = 300


@dataclass(frozen=True)
class GitRef:
    repo: str
    ref: str


def git_documents(ref: GitRef, paths: Sequence[str]) -> list[tuple[DocFile, bytes]]:
    """The API pages under `paths` (inside the repository) at `ref`, with their bytes."""
    _check(ref)
    listing = _git(ref, ["ls-tree", "-r", "-z", "--full-tree", ref.ref, "--", *_pathspecs(paths)])
    docs: list[DocFile] = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, _, name = record.partition(b"\t")
        mode, kind, _sha = meta.split(b" ")
        if kind != b"blob" or mode == b"120000":  # symlinks are not pages
            continue
        path = name.decode("utf-8", "surrogateescape")
        doc = doc_file(PurePosixPath(path))
        if doc is not None:
            docs.append(DocFile(f"{ref.ref}:{path}", doc.version, doc.lang))
    if not docs:
        return []
    request = "".join(f"{doc.path}\n" for doc in docs).encode("utf-8", "surrogateescape")
    return list(zip(docs, _batch(ref, request, len(docs)), strict=True))


def _check(ref: GitRef) -> None:
    inside = run_command(["git", "-C", ref.repo, "rev-parse", "--git-dir"], timeout=_TIMEOUT)
    if not inside.ok:
        why = inside.failure or "not a git repository"
        raise UsageError(f"{ref.repo}: {why}")
    found = run_command(
        ["git", "-C", ref.repo, "rev-parse", "--verify", "--quiet", f"{ref.ref}^{{commit}}"],
        timeout=_TIMEOUT,
    )
    if not found.ok:
        raise UsageError(f"{ref.repo}: no such ref {ref.ref!r}")


def _git(ref: GitRef, arguments: list[str], stdin: bytes | None = None) -> bytes:
    result = run_command(["git", "-C", ref.repo, *arguments], timeout=_TIMEOUT, stdin=stdin)
    if not result.ok:
        why = result.failure or result.stderr.strip().splitlines()[-1:] or ["failed"]
        raise UsageError(f"{ref.repo}: git {arguments[0]} at {ref.ref}: {''.join(why)}")
    return result.output


def _batch(ref: GitRef, request: bytes, count: int) -> list[bytes]:
    """`git cat-file --batch` answers `<sha> blob <size>\\n<bytes>\\n` per object."""
    output = _git(ref, ["cat-file", "--batch"], stdin=request)
    blobs: list[bytes] = []
    position = 0
    for _ in range(count):
        end = output.index(b"\n", position)
        header = output[position:end].split(b" ")
        if len(header) != 3 or header[1] != b"blob":
            raise UsageError(f"{ref.repo}: git cat-file at {ref.ref}: unexpected {header!r}")
        size = int(header[2])
        blobs.append(output[end + 1 : end + 1 + size])
        position = end + 1 + size + 1
    return blobs


def _pathspecs(paths: Sequence[str]) -> list[str]:
    """Paths inside the repository; `.` or none is the whole tree."""
    return [path.strip("/") for path in paths if path.strip("/") not in ("", ".")]
