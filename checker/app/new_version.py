"""`new-version NEW --from OLD`: the docs of a new PyTorch version made from
the previous one's, as the team made them by hand (`cp -r`, then fixing
links), in every layout and language the docs root holds. Every pytorch.org
docs link and the old version's name are rewritten (checker.rewrite.versions);
statuses are copied unchanged, and the summary says they are claims still to
verify. An existing folder is never overwritten; a folder is written under a
temporary name and renamed, so it appears whole or not at all. A symlink is
copied as a link (its target as written), never read through; one leaving
the docs root is an error, and nothing is made."""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from checker.app.setup import Settings, setup
from checker.errors import InputError, UsageError
from checker.files import within, write_atomically
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.docfile import DocFile
from checker.model.version import is_canonical_version
from checker.outcome import Command, Outcome
from checker.read.reader import read_text
from checker.results import Rewritten
from checker.rewrite.source import Held, load_source
from checker.rewrite.versions import renamed
from checker.rewrite.written import PageRewrite, write_changes
from checker.sources.discover import doc_file


def dashed(version: str) -> str:
    """2.13.0 as folder and file names write it: 2-13-0."""
    return version.replace(".", "-")


def folder_name(version: str) -> str:
    return "pytorch_" + dashed(version)


def new_version(new: str, old: str, root: str, settings: Settings) -> Outcome[Rewritten]:
    for given in (new, old):
        if not is_canonical_version(given):
            raise UsageError.saying(
                N_("{given!r} is not a PyTorch version X.Y.Z (numbers without leading zeros)"),
                given=given,
            )
    if new == old:
        raise UsageError.saying(N_("--from {old} is the version to make"), old=old)
    catalogue = setup([root], settings).catalogue
    folders = _folders(Path(root), folder_name(old))
    if not folders:
        raise UsageError.saying(
            N_("no {folder} folder under {root}"), folder=folder_name(old), root=root
        )
    targets = [folder.with_name(folder_name(new)) for folder in folders]
    taken = [str(target) for target in targets if target.exists()]
    if taken:
        raise UsageError.saying(
            N_("{paths} already exists; not overwritten"), paths=", ".join(taken)
        )
    made = _made(folders, targets, old, new, catalogue, root)
    made = replace(made, errors=made.errors + write_changes(made.changes, write=False).refused)
    if made.errors:  # nothing is written: nothing to report as created
        return Outcome(Command.NEW_VERSION, Rewritten((), diff=False), made.errors)
    _write_folders(
        [
            (
                folder,
                target,
                {c: made.moved_from[c.path] for c in made.changes if _inside(c, target)},
            )
            for folder, target in zip(folders, targets, strict=True)
        ]
    )
    copied = N_("statuses copied unchanged from {old}: claims still to verify for {new}")
    rewritten = Rewritten(
        made.changes,
        diff=False,
        pages=len(made.changes),
        entries=made.entries,
        note=message(copied, old=old, new=new),
    )
    return Outcome(Command.NEW_VERSION, rewritten)


@dataclass(frozen=True)
class _Made:
    """The new folders' pages, rewritten and proven, not yet written."""

    changes: tuple[PageRewrite, ...]
    moved_from: dict[str, Path]  # a page's new path -> the page it was made from
    entries: int
    errors: tuple[str, ...]  # pages that could not be read or made right


def _made(
    folders: list[Path], targets: list[Path], old: str, new: str, catalogue: Catalogue, root: str
) -> _Made:
    changes: list[PageRewrite] = []
    moved_from: dict[str, Path] = {}
    errors: list[str] = []
    entries = 0
    tree = os.path.realpath(root)
    for folder, target in zip(folders, targets, strict=True):
        files, leaving = _files(folder, tree, root)
        errors += leaving
        for path in files:
            # the menu page is named for its version too: PyTorch-2-13-0.md
            renamed_to = path.name.replace(dashed(old), dashed(new))
            moved = str(target / path.relative_to(folder).with_name(renamed_to))
            doc = doc_file(Path(moved).absolute())
            if doc is None:  # not a page (an image): copied as it is
                continue
            try:
                source = load_source(str(path))
            except InputError as error:
                errors.append(str(error))
                continue
            page = read_text(source.text, DocFile(moved, new, doc.lang), catalogue)
            result = renamed(page, source.text, old, catalogue)
            if result.problem is not None:
                errors.append(result.problem)
            changes.append(
                PageRewrite(moved, None, source.with_text(result.text).written, result.done)
            )
            moved_from[moved] = path
            entries += len(page.entries)
    return _Made(tuple(changes), moved_from, entries, tuple(errors))


def _files(folder: Path, tree: str, root: str) -> tuple[list[Path], list[str]]:
    """The folder's files to rewrite (symlinks are copied as links, never
    read through), and an error for each symlink leaving the tree (ROOT):
    copying it would bring what it points to into the docs."""
    files: list[Path] = []
    leaving: list[str] = []
    if folder.is_symlink() and not within(os.path.realpath(folder), tree):
        target = os.path.realpath(folder)
        return [], [_not_copied(folder, target, root)]
    for at, subfolders, names in os.walk(folder):
        subfolders.sort()
        for name in sorted(names) + subfolders:  # a link to a folder is listed as one
            path = Path(at, name)
            if path.is_symlink():
                target = os.path.realpath(path)
                if not within(target, tree):
                    leaving.append(_not_copied(path, target, root))
            elif name in names and path.is_file():
                files.append(path)
    return sorted(files), leaving


def _not_copied(path: Path, target: str, root: str) -> str:
    return message(
        N_("{path}: not copied: a symlink to {target}, outside the tree {root}"),
        path=str(path),
        target=target,
        root=str(root),
    )


def _folders(root: Path, name: str) -> list[Path]:
    if not root.is_dir():
        raise UsageError.saying(N_("{root}: no such folder"), root=root)
    found = []
    for folder, subfolders, _ in os.walk(root):
        subfolders[:] = sorted(sub for sub in subfolders if not sub.startswith("."))
        found += [Path(folder, sub) for sub in subfolders if sub == name]
    return found


def _inside(change: PageRewrite, folder: Path) -> bool:
    return Path(change.path).is_relative_to(folder)


def _write_folders(folders: list[tuple[Path, Path, Mapping[PageRewrite, Path]]]) -> None:
    """Every new folder staged first, then each renamed into place: one that
    cannot be written leaves none of them (those renamed already are removed)."""
    staged: list[tuple[Path, Path]] = []
    placed: list[Path] = []
    writing = folders[0][1] if folders else Path()  # the folder being made, for an error
    try:
        for old, new, pages in folders:
            writing = new
            staged.append((_staged(old, new, pages), new))
        for staging, new in staged:
            writing = new
            os.rename(staging, new)
            placed.append(new)
    except BaseException as error:
        for path in [staging for staging, _ in staged] + placed:
            shutil.rmtree(path, ignore_errors=True)
        if isinstance(error, OSError):
            raise UsageError.saying(
                N_("{path}: cannot write: {why}"), path=writing, why=error.strerror or str(error)
            ) from None
        raise


def _staged(old: Path, new: Path, pages: Mapping[PageRewrite, Path]) -> Path:
    """The old folder copied whole (pictures and all), its pages replaced by
    their rewritten text (`pages`: each with the page it was made from),
    under a temporary name beside `new`."""
    staging = Path(tempfile.mkdtemp(prefix=f".{new.name}.", dir=new.parent))
    try:
        # links stay links, their targets as written (a relative one reads alike
        # from the new folder beside the old); _files refused those leaving the tree
        shutil.copytree(old, staging, dirs_exist_ok=True, symlinks=True)
        for change, made_from in pages.items():
            (staging / made_from.relative_to(old)).unlink()
            written = staging / Path(change.path).relative_to(new)
            write_atomically(str(written), change.after, like=Held.of(made_from.stat()))
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return staging
