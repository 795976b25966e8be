"""The lines a change touched, from `git diff --unified=0`: for
`lint --changed-since REF`, the working tree against the merge-base of REF
and HEAD (as diff-cover compares with the merge-base of the compare branch:
what the branch changed, not what REF gained since), untracked files that are
not ignored being new; for `lint --staged`, the index against HEAD (the
commit being made: what the pre-commit hook judges). Renames are not followed:
a page moved, into another version folder say, is new where it now is."""

from __future__ import annotations

import codecs
import os
import re
from dataclasses import dataclass, field

from checker.errors import UsageError
from checker.i18n import N_, message
from checker.sources.gitrefs import GitRef, git_output, git_run, git_toplevel

# git's empty tree: what a repository without a commit yet is compared with
_EMPTY_TREE = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"
_HUNK = re.compile(rb"^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@")


@dataclass(frozen=True)
class Since:
    """What a run is to judge the change of: `base`, the resolved REF of
    --changed-since, or None for --staged (the index against HEAD)."""

    base: GitRef | None = None

    @property
    def staged(self) -> bool:
        return self.base is None


@dataclass(frozen=True)
class Changed:
    """What a diff touched, by path inside the repository: each changed
    file's lines on the new side (a deletion: the lines either side of where
    the lines were), and the files that are wholly new."""

    root: str  # the work tree's top folder, absolute
    lines: dict[str, frozenset[int]] = field(default_factory=dict)
    new: frozenset[str] = frozenset()

    def inside(self, path: str) -> str | None:
        """`path` (as a finding names it: relative to the current folder, or
        absolute) inside the repository; None for a file outside it."""
        relative = os.path.relpath(os.path.abspath(path), self.root)
        if relative == os.pardir or relative.startswith(os.pardir + os.sep):
            return None
        return relative.replace(os.sep, "/")


def changed(since: Since, repo: str = ".") -> Changed:
    """What `since` touched in the repository of `repo`. Outside a work tree,
    one usage error."""
    root = git_toplevel(repo)
    ref = since.base or GitRef(repo, "HEAD")
    arguments = ["diff", "--unified=0", "--no-color", "--no-ext-diff", "--no-textconv"]
    # whatever the configuration says: paths from the top, prefixed a/ and b/
    arguments += ["--no-renames", "--no-relative", "--src-prefix=a/", "--dst-prefix=b/"]
    if since.base is None:
        arguments += ["--cached", _head(repo)]
    else:
        arguments.append(_merge_base(since.base))
    patch = git_output(ref, [*arguments, "--"], index=since.staged)
    lines, new = _touched(patch)
    if since.base is not None:
        untracked = git_output(ref, ["ls-files", "-z", "--others", "--exclude-standard"])
        new |= {name.decode("utf-8", "surrogateescape") for name in untracked.split(b"\0") if name}
    return Changed(root, lines, frozenset(new))


def _head(repo: str) -> str:
    """HEAD's commit; the empty tree before the first commit."""
    found = git_run(repo, ["rev-parse", "--verify", "--quiet", "HEAD^{commit}"])
    return found.output.decode("ascii").strip() if found.ok else _EMPTY_TREE


def _merge_base(base: GitRef) -> str:
    found = git_run(base.repo, ["merge-base", base.commit or base.ref, "HEAD"])
    if not found.ok:
        raise UsageError(
            message(
                N_("{option}: {ref} has no commit in common with HEAD"),
                option="--changed-since",
                ref=base.ref,
            )
        )
    return found.output.decode("ascii").strip()


def _touched(patch: bytes) -> tuple[dict[str, frozenset[int]], set[str]]:
    """The new side's lines of each file of a `--unified=0` patch, and the
    files it adds (`--- /dev/null`); a file it deletes touches nothing."""
    lines: dict[str, set[int]] = {}
    new: set[str] = set()
    added = False
    current: set[int] | None = None
    for line in patch.split(b"\n"):
        if line.startswith(b"--- "):
            added = line == b"--- /dev/null"
        elif line.startswith(b"+++ "):
            name = _path(line[4:])
            current = None if name is None else lines.setdefault(name, set())
            if name is not None and added:
                new.add(name)
        elif line.startswith(b"@@") and current is not None:
            hunk = _HUNK.match(line)
            if hunk is None:
                continue
            start, count = int(hunk[1]), int(hunk[2] or b"1")
            if count:
                current.update(range(start, start + count))
            else:  # lines removed after `start`: the lines either side of the gap
                current.update({max(start, 1), start + 1})
    return {name: frozenset(found) for name, found in lines.items()}, new


def _path(named: bytes) -> str | None:
    """`b/path` or git's C-quoted `"b/p\\303\\244th"`; None for /dev/null."""
    if named.startswith(b'"') and named.endswith(b'"'):
        named = codecs.escape_decode(named[1:-1])[0]
    if not named.startswith(b"b/"):
        return None
    return named[2:].decode("utf-8", "surrogateescape")
