"""Docs (and the tests and configuration beside them) at git refs, without a
checkout: `--git REPO --ref REF`. Here, the refs: two processes check the
repository and resolve every ref to its commit, however many refs there are
(checker.sources.gittrees then reads the files at those commits); and the one
way git is run. Pages are named `ref:path`, and so are their findings
(`v2.12.0:docs/…/x.md:12`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from checker.errors import UsageError
from checker.i18n import N_, joined, message
from checker.ids.suggest import closest_names
from checker.process import CommandResult, Started, run_command, start_command

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


# docs-check only reads: no program that the repository's own configuration
# names may run under it. `core.fsmonitor` runs on `git diff-tree`; hooks,
# a pager and the network (ssh commands, protocol helpers) are off too, and
# diff-tree is given --no-ext-diff --no-textconv where it is run.
READ_ONLY = (
    "--no-pager",
    *("-c", "core.fsmonitor=false"),
    *("-c", "core.hooksPath=/dev/null"),
    *("-c", "protocol.allow=never"),
)


@dataclass(frozen=True)
class GitRef:
    """A git ref of a repository, and the commit it was resolved to."""

    repo: str
    ref: str
    # The commit it was resolved to, once, before anything was read (the
    # command line's refs: checker.cli.settings), "" until then. Not part of
    # what the ref is: the same ref resolved or not is one key, and a branch
    # that moves during the run is read at one commit throughout.
    commit: str = field(default="", compare=False)


def check_refs(refs: Sequence[GitRef]) -> dict[GitRef, str]:
    """Each ref's commit: the one it carries, else resolved (see `resolve_refs`)."""
    return {ref: commit for ref, (_, commit) in _resolved(refs).items()}


def resolve_refs(refs: Sequence[GitRef]) -> dict[GitRef, GitRef]:
    """Each ref as git users name it, to the ref that is read, with its
    commit: itself where it names a commit; else the one remote-tracking
    branch of that name (`origin/v2.7.1` for `v2.7.1`, in a clone that has no
    local branch of it), as `git checkout v2.7.1` takes it. A name that is a
    branch and a tag both, which git reads as the tag but `git checkout` as
    the branch, is refused. Every ref that is neither is named in one usage
    error, each with the closest names the repository has. Two processes per
    repository, however many refs: one lists its refs (and so checks that it
    is a repository), one resolves them all; none for a ref that carries its
    commit already."""
    return {
        ref: GitRef(ref.repo, name, commit=commit)
        for ref, (name, commit) in _resolved(refs).items()
    }


def _resolved(refs: Sequence[GitRef]) -> dict[GitRef, tuple[str, str]]:
    """Each ref's (name read, commit)."""
    found = {ref: (ref.ref, ref.commit) for ref in refs if ref.commit}
    for repo in dict.fromkeys(ref.repo for ref in refs if not ref.commit):
        mine = list(dict.fromkeys(ref for ref in refs if ref.repo == repo and not ref.commit))
        listed = git_run(repo, ["for-each-ref", "--format=%(refname)"])
        if not listed.ok:
            why = listed.failure or git_said(listed.stderr).removeprefix("fatal: ")
            raise UsageError(
                message(
                    N_("{repo}: {why}"), repo=repo, why=why or message(N_("not a git repository"))
                )
            )
        full = listed.output.decode("utf-8", "replace").splitlines()
        for ref in mine:
            if "\n" in ref.ref:  # the batch takes one object name per line
                raise UsageError(message(N_("{repo}: no such ref {ref!r}"), repo=repo, ref=ref.ref))
        commits = _commits(mine[0], [ref.ref for ref in mine])
        names = _short_names(full)
        tracking = {ref: _tracking(ref.ref, names) for ref in mine if ref.ref not in commits}
        unknown = [ref.ref for ref, branch in tracking.items() if branch is None]
        twice = {ref.ref: _refs_named(ref.ref, full) for ref in mine if ref.ref in commits}
        problems = [_ambiguous(name, both) for name, both in twice.items() if len(both) > 1]
        if unknown:
            problems.insert(0, _unknown(unknown, names))
        if problems:
            said = joined(problems, N_("{first}; {then}"))
            raise UsageError(message(N_("{repo}: {why}"), repo=repo, why=said))
        taken = [branch for branch in tracking.values() if branch is not None]
        if taken:
            commits |= _commits(mine[0], taken)
        for ref in mine:
            name = tracking.get(ref) or ref.ref
            found[ref] = (name, commits[name])
    return found


def git_toplevel(repo: str) -> str:
    """The top folder of the work tree `repo` is in; not in one, a usage error
    of one line (`.: not a git repository`), as for a ref."""
    found = git_run(repo, ["rev-parse", "--show-toplevel"])
    if not found.ok:
        why = found.failure or git_said(found.stderr).removeprefix("fatal: ")
        raise UsageError(
            message(N_("{repo}: {why}"), repo=repo, why=why or message(N_("not a git repository")))
        )
    return found.output.decode("utf-8", "surrogateescape").rstrip("\n")


# How git reads a short name, in its order (refs.c, ref_rev_parse_rules).
_RULES = (
    "{}",
    "refs/{}",
    "refs/tags/{}",
    "refs/heads/{}",
    "refs/remotes/{}",
    "refs/remotes/{}/HEAD",
)


def _refs_named(name: str, full: Sequence[str]) -> list[str]:
    """The refs of the listing that `name` names by git's rules: two or more
    is a name git warns is ambiguous (`refname 'v1' is ambiguous`)."""
    listed = set(full)
    return [rule.format(name) for rule in _RULES if rule.format(name) in listed]


def _ambiguous(name: str, refs: Sequence[str]) -> str:
    """`'v1' is ambiguous: refs/tags/v1, refs/heads/v1 (git reads the first,
    git checkout the branch); give one: tags/v1, heads/v1`."""
    return message(
        N_(
            "{name!r} is ambiguous: {refs} (git reads the first, git checkout the branch); "
            "give one: {names}"
        ),
        name=name,
        refs=", ".join(refs),
        names=", ".join(ref.removeprefix("refs/") for ref in refs),
    )


def _commits(ref: GitRef, names: Sequence[str]) -> dict[str, str]:
    """The commit of each name that names one, from one `git cat-file --batch-check`."""
    request = "".join(f"{name}^{{commit}}\n" for name in names).encode("utf-8")
    answers = git_output(ref, ["cat-file", "--batch-check"], stdin=request).splitlines()
    commits: dict[str, str] = {}
    for index, name in enumerate(names):
        # `<sha> commit <size>`, or `<name> missing` / `<name> ambiguous`
        answer = answers[index].decode("utf-8", "replace") if index < len(answers) else ""
        sha, kind, size = ([*answer.split(" "), "", ""])[:3]
        if kind == "commit" and size.isdigit() and _is_hex(sha):
            commits[name] = sha
    return commits


def _short_names(full: Sequence[str]) -> list[str]:
    """Every branch, tag and remote-tracking branch of a `for-each-ref`
    listing, as git's short names (`master`, `v1`, `origin/v2.7.1`); a
    remote's HEAD is no branch of its own."""
    names = []
    for ref in full:
        for prefix in ("refs/heads/", "refs/tags/", "refs/remotes/"):
            if ref.startswith(prefix) and not ref.endswith("/HEAD"):
                names.append(ref.removeprefix(prefix))
    return names


def _tracking(name: str, names: Sequence[str]) -> str | None:
    """`remote/name`, when exactly one remote has a branch `name`."""
    candidates = [
        known
        for known in names
        if known.endswith(f"/{name}") and "/" not in known[: -len(name) - 1]
    ]
    return candidates[0] if len(candidates) == 1 else None


def _unknown(unknown: Sequence[str], names: Sequence[str]) -> str:
    """`no such ref 'v2.7.2' (closest: origin/v2.7.1, v2.7.1)`, or for several
    `no such refs 'a' (closest: …), 'b'`."""
    # a remote-tracking branch is compared by its own name too (`v2.7.2` is
    # close to `origin/v2.7.1`, though not to all of it)
    aliases: dict[str, list[str]] = {}
    for known in names:
        for alias in (known, known.partition("/")[2] if "/" in known else known):
            aliases.setdefault(alias, []).append(known)
    said = []
    for name in unknown:
        near = [known for alias in closest_names(name, aliases) for known in aliases[alias]]
        near = list(dict.fromkeys(near))[:3]
        closest = N_("{name!r} (closest: {names})")
        said.append(message(closest, name=name, names=", ".join(near)) if near else repr(name))
    listed = joined(said, N_("{first}, {then}"))
    if len(said) > 1:
        return message(N_("no such refs {refs}"), refs=listed)
    return message(N_("no such ref {refs}"), refs=listed)


def git_run(
    repo: str, arguments: list[str], stdin: bytes | None = None, index: bool = False
) -> CommandResult:
    """`index`: keep GIT_INDEX_FILE, the index of the commit a git hook runs
    for (`git commit -a` or `git commit PATH` stage into an index of their
    own and name it there): what `lint --staged` judges."""
    argv = ["git", "-C", repo, *READ_ONLY, *arguments]
    return run_command(argv, timeout=_TIMEOUT, stdin=stdin, unset=_unset(index))


def git_started(
    repo: str, arguments: list[str], takes_input: bool = True, index: bool = False
) -> Started:
    """git started on `arguments`, as `git_run` runs it: for a caller that
    writes to it and reads from it as it goes (checker.sources.gittrees's
    blobs), and finishes or cancels it."""
    argv = ["git", "-C", repo, *READ_ONLY, *arguments]
    return start_command(argv, takes_input=takes_input, unset=_unset(index))


def _unset(index: bool) -> list[str]:
    return [name for name in _REPOSITORY_ENV if not (index and name == "GIT_INDEX_FILE")]


def git_said(stderr: str) -> str:
    """What git's failure says in one line: its last line, but for a
    repository that git refuses for its owner, where the last line is the
    hint (`\tgit config --global --add safe.directory …`), what is wrong and
    then the hint."""
    lines = [line.strip() for line in stderr.strip().splitlines() if line.strip()]
    refused = [line for line in lines if "dubious ownership" in line]
    if refused:
        return message(
            N_("git refuses a repository owned by another user ({said}); to trust it: {hint}"),
            said=refused[0].removeprefix("fatal: "),
            hint=lines[-1],
        )
    return "".join(lines[-1:])


def git_output(
    ref: GitRef, arguments: list[str], stdin: bytes | None = None, index: bool = False
) -> bytes:
    """What git printed; a failure is a usage error naming the ref (the files
    at refs, checker.sources.gittrees, are read through it too). `index`: see `_run`."""
    result = git_run(ref.repo, arguments, stdin, index)
    if not result.ok:
        why = result.failure or git_said(result.stderr) or message(N_("failed"))
        raise UsageError(
            message(
                N_("{repo}: git {command} at {ref}: {why}"),
                repo=ref.repo,
                command=arguments[0],
                ref=ref.ref,
                why=why,
            )
        )
    return result.output


def _is_hex(name: str) -> bool:
    return len(name) in (40, 64) and all(c in "0123456789abcdef" for c in name)
