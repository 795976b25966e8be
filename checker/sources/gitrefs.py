"""Docs (and the tests and configuration beside them) at git refs, without a
checkout: `--git REPO --ref REF`.

Two processes check the repository and resolve every ref to its commit; then
one `git ls-tree` lists a ref's pages and one `git cat-file --batch` reads them
all, so a ref costs two processes however many pages it has. A blob read at
one ref is not read again at the next (`known`), so a ref whose pages were all
read before costs only its listing. Pages are named `ref:path`, and so are
their findings (`v2.12.0:docs/…/x.md:12`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import PurePosixPath

from checker.errors import UsageError
from checker.process import CommandResult, run_command
from checker.sources.discover import DocFile, doc_file

_TIMEOUT = 300

# Variables that point git at another repository than `-C REPO` (a git hook
# runs with GIT_DIR and GIT_INDEX_FILE set); git clears the same ones when it
# enters a submodule (`git rev-parse --local-env-vars`, config ones aside).
_REPOSITORY_ENV = (
    "GIT_ALTERNATE_OBJECT_DIRECTORIES",
    "GIT_COMMON_DIR",
    "GIT_DIR",
    "GIT_GRAFT_FILE",
    "GIT_IMPLICIT_WORK_TREE",
    "GIT_INDEX_FILE",
    "GIT_INTERNAL_SUPER_PREFIX",
    "GIT_NO_REPLACE_OBJECTS",
    "GIT_OBJECT_DIRECTORY",
    "GIT_PREFIX",
    "GIT_REPLACE_REF_BASE",
    "GIT_SHALLOW_FILE",
    "GIT_WORK_TREE",
)


@dataclass(frozen=True)
class GitRef:
    repo: str
    ref: str


def check_refs(refs: Sequence[GitRef]) -> dict[GitRef, str]:
    """Each ref's commit. Two processes per repository, however many refs: one
    checks that it is a git repository, one resolves all its refs."""
    commits: dict[GitRef, str] = {}
    for repo in dict.fromkeys(ref.repo for ref in refs):
        inside = _run(repo, ["rev-parse", "--git-dir"])
        if not inside.ok:
            said = inside.stderr.strip().splitlines()[-1:]
            why = inside.failure or "".join(said).removeprefix("fatal: ")
            raise UsageError(f"{repo}: {why or 'not a git repository'}")
        mine = list(dict.fromkeys(ref for ref in refs if ref.repo == repo))
        for ref in mine:
            if "\n" in ref.ref:  # the batch takes one object name per line
                raise UsageError(f"{repo}: no such ref {ref.ref!r}")
        request = "".join(f"{ref.ref}^{{commit}}\n" for ref in mine).encode("utf-8")
        answers = _git(mine[0], ["cat-file", "--batch-check"], stdin=request).splitlines()
        for index, ref in enumerate(mine):
            # `<sha> commit <size>`, or `<name> missing` / `<name> ambiguous`
            answer = answers[index].decode("utf-8", "replace") if index < len(answers) else ""
            sha, kind, size = ([*answer.split(" "), "", ""])[:3]
            if kind != "commit" or not size.isdigit() or not _is_hex(sha):
                raise UsageError(f"{repo}: no such ref {ref.ref!r}")
            commits[ref] = sha
    return commits


def git_documents(
    ref: GitRef,
    paths: Sequence[str],
    commit: str | None = None,
    known: dict[str, bytes] | None = None,
) -> list[tuple[DocFile, bytes]]:
    """The API pages under `paths` (inside the repository) at `ref`, with their
    bytes. `commit` is the ref's commit from `check_refs`; without it the ref is
    checked here. `known` maps blob ids to the bytes read at other refs of the
    same repository: those are not read again and their bytes are shared, and
    the blobs read here are added to it (most pages are the same blob in ref
    after ref of a history)."""
    known = {} if known is None else known
    docs: list[DocFile] = []
    for path, sha in _listing(ref, paths, commit):
        doc = doc_file(PurePosixPath(path))
        if doc is not None:
            blob = sha.decode("ascii")
            docs.append(DocFile(f"{ref.ref}:{path}", doc.version, doc.lang, ref.ref, blob))
    new = list(dict.fromkeys(doc.blob for doc in docs if doc.blob not in known))
    known.update(zip(new, _read(ref, [blob.encode("ascii") for blob in new]), strict=True))
    return [(doc, known[doc.blob]) for doc in docs]


def git_files(
    ref: GitRef, paths: Sequence[str], commit: str | None = None
) -> list[tuple[str, bytes]]:
    """Every file under `paths` at `ref` (a test's folder, a config file), by
    its path inside the repository, with its bytes."""
    listed = _listing(ref, paths, commit)
    return list(
        zip([path for path, _ in listed], _read(ref, [sha for _, sha in listed]), strict=True)
    )


def _listing(ref: GitRef, paths: Sequence[str], commit: str | None) -> list[tuple[str, bytes]]:
    """(path, blob sha) of the files under `paths`; symlinks and submodules are no files."""
    commit = commit or check_refs([ref])[ref]
    # the commit, not the ref: a branch that moves meanwhile cannot mix two trees
    listing = _git(ref, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", *_pathspecs(paths)])
    files: list[tuple[str, bytes]] = []
    for record in listing.split(b"\0"):
        if not record:
            continue
        meta, _, name = record.partition(b"\t")
        mode, kind, sha = meta.split(b" ")
        if kind == b"blob" and mode != b"120000":
            files.append((name.decode("utf-8", "surrogateescape"), sha))
    return files


def _read(ref: GitRef, blobs: Sequence[bytes]) -> list[bytes]:
    if not blobs:
        return []
    return _batch(ref, b"".join(sha + b"\n" for sha in blobs), len(blobs))


def _run(repo: str, arguments: list[str], stdin: bytes | None = None) -> CommandResult:
    return run_command(
        ["git", "-C", repo, *arguments], timeout=_TIMEOUT, stdin=stdin, unset=_REPOSITORY_ENV
    )


def _git(ref: GitRef, arguments: list[str], stdin: bytes | None = None) -> bytes:
    result = _run(ref.repo, arguments, stdin)
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


def _is_hex(name: str) -> bool:
    return len(name) in (40, 64) and all(c in "0123456789abcdef" for c in name)


def _pathspecs(paths: Sequence[str]) -> list[str]:
    """Paths inside the repository; `.` or none is the whole tree."""
    return [path.strip("/") for path in paths if path.strip("/") not in ("", ".")]
