"""The files at git refs, without a checkout (the refs resolved to commits by
checker.sources.gitrefs): however many refs and pages there are, one
`git ls-tree` lists the first commit's pages, one `git diff-tree --stdin`
lists what each further commit changed against the one before, one
`git cat-file --batch-check` sizes the blobs the caller still needs and one
`git cat-file --batch` reads them as they are asked for (a page cached under
its blob id is not read at all). A history of 30 refs thus costs what
one ref costs in git processes."""

from __future__ import annotations

import itertools
from collections.abc import Generator, Iterator, Sequence

from checker.errors import UsageError
from checker.i18n import N_, message
from checker.sources.gitrefs import GitRef, check_refs, git_output, git_said, git_started


def git_listings(
    commits: dict[GitRef, str], paths: Sequence[str]
) -> dict[GitRef, list[tuple[str, str]]]:
    """Each ref's files under `paths` (inside the repository) as (path, blob
    id), sorted by path; `commits` from `check_refs`. Per repository: the
    first commit listed whole, each further one as the changes against the
    one before it (consecutive refs of a history share most of their files)."""
    listings: dict[GitRef, list[tuple[str, str]]] = {}
    for repo in dict.fromkeys(ref.repo for ref in commits):
        mine = {ref: commit for ref, commit in commits.items() if ref.repo == repo}
        distinct = list(dict.fromkeys(mine.values()))  # each commit once, so each diff is named
        first_ref = next(iter(mine))
        files = {path: sha.decode("ascii") for path, sha in _listing(first_ref, paths, distinct[0])}
        listed = {distinct[0]: dict(files)}
        for commit, changes in _changes(first_ref, distinct, paths):
            for path, blob in changes:
                if blob is None:
                    files.pop(path, None)
                else:
                    files[path] = blob
            listed[commit] = dict(files)
        for ref, commit in mine.items():
            listings[ref] = sorted(listed[commit].items())
    return listings


def git_sizes(ref: GitRef, blobs: Sequence[str]) -> list[int]:
    """The size of each blob of `ref`'s repository, in order, from one
    `git cat-file --batch-check`: what reading them will cost, known before
    any is read."""
    if not blobs:
        return []
    request = b"".join(blob.encode("ascii") + b"\n" for blob in blobs)
    answers = git_output(ref, ["cat-file", "--batch-check"], stdin=request).split(b"\n")
    return [_size(ref, answer) for answer in answers[: len(blobs)]]


def git_blobs(ref: GitRef, blobs: Sequence[str]) -> Generator[bytes, None, None]:
    """The bytes of each blob of `ref`'s repository, in order, from one
    `git cat-file --batch` read as they are asked for: the caller holds the
    blob it is at, not all of them (a history's 1,860 pages are 50 MB:
    issue 49). At most _AHEAD names are written ahead of the answers read,
    fewer bytes than a pipe holds, so that neither end waits on the other.
    `ref` names the repository in an error."""
    if not blobs:
        return
    started = git_started(ref.repo, ["cat-file", "--batch"])
    process = started.process
    if process is None:
        raise _failed(ref, started.failure or "")
    assert process.stdin is not None and process.stdout is not None
    asked = 0
    try:
        for done in range(len(blobs)):
            try:
                while asked < len(blobs) and asked - done < _AHEAD:
                    process.stdin.write(blobs[asked].encode("ascii") + b"\n")
                    asked += 1
                if asked == len(blobs):
                    process.stdin.close()  # git ends once it has answered
                else:
                    process.stdin.flush()
            except BrokenPipeError:  # git ended: its answers say why
                pass
            header = process.stdout.readline()
            if not header:  # git ended: what it said
                said = process.stderr.read() if process.stderr else b""
                raise _failed(ref, git_said(said.decode("utf-8", "replace")))
            size = _size(ref, header.rstrip(b"\n"))
            data = process.stdout.read(size)
            process.stdout.read(1)  # the newline after each object
            yield data
    finally:
        started.cancel()


# Names written ahead of the answers: 41 bytes each, far under a pipe's 64 KB.
_AHEAD = 256


def _size(ref: GitRef, answer: bytes) -> int:
    """The size in a `cat-file` answer's header, `<sha> blob <size>`."""
    header = answer.split(b" ")
    if len(header) != 3 or header[1] != b"blob":
        raise UsageError(
            message(
                N_("{repo}: git cat-file at {ref}: unexpected {header}"),
                repo=ref.repo,
                ref=ref.ref,
                header=repr(header),
            )
        )
    return int(header[2])


def _failed(ref: GitRef, why: str) -> UsageError:
    return UsageError(
        message(
            N_("{repo}: git {command} at {ref}: {why}"),
            repo=ref.repo,
            command="cat-file",
            ref=ref.ref,
            why=why or message(N_("failed")),
        )
    )


def _changes(
    ref: GitRef, commits: Sequence[str], paths: Sequence[str]
) -> Iterator[tuple[str, list[tuple[str, str | None]]]]:
    """For each commit after the first, in order: the files under `paths` it
    adds, changes (path, new blob) or removes (path, None) against the commit
    before it. A commit whose diff is empty is not named by git: it has no
    changes. A symlink or submodule in the new tree is no file (as in ls-tree)."""
    if len(commits) < 2:
        return
    pairs = "".join(f"{new} {old}\n" for old, new in itertools.pairwise(commits))
    arguments = ["diff-tree", "--stdin", "-r", "-z", "--no-renames"]
    arguments += ["--no-ext-diff", "--no-textconv"]
    output = git_output(ref, [*arguments, "--", *_pathspecs(paths)], stdin=pairs.encode("ascii"))
    fields = output.split(b"\0")
    named: dict[str, list[tuple[str, str | None]]] = {}
    current: list[tuple[str, str | None]] = []
    index = 0
    while index < len(fields):
        field = fields[index]
        if field.startswith(b":"):  # ":old-mode new-mode old-sha new-sha status", then the path
            _, mode, _, sha, status = field[1:].split(b" ")
            path = fields[index + 1].decode("utf-8", "surrogateescape")
            file = status != b"D" and mode not in (b"120000", b"160000")
            current.append((path, sha.decode("ascii") if file else None))
            index += 2
            continue
        if field:  # the commit the changes that follow are of
            current = named.setdefault(field.decode("ascii"), [])
        index += 1
    for commit in commits[1:]:
        yield commit, named.get(commit, [])


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
    listing = git_output(
        ref, ["ls-tree", "-r", "-z", "--full-tree", commit, "--", *_pathspecs(paths)]
    )
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


def _batch(ref: GitRef, request: bytes, count: int) -> list[bytes]:
    """`git cat-file --batch` answers `<sha> blob <size>\\n<bytes>\\n` per object."""
    output = git_output(ref, ["cat-file", "--batch"], stdin=request)
    blobs: list[bytes] = []
    position = 0
    for _ in range(count):
        end = output.index(b"\n", position)
        size = _size(ref, output[position:end])
        blobs.append(output[end + 1 : end + 1 + size])
        position = end + 1 + size + 1
    return blobs


def _pathspecs(paths: Sequence[str]) -> list[str]:
    """Paths inside the repository; `.` or none is the whole tree."""
    return [path.strip("/") for path in paths if path.strip("/") not in ("", ".")]
