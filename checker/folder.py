"""A folder of output written whole (`report --html DIR`): made beside its
place under a temporary name, then moved there, so that no reader (a browser
open on the old site, a CI step that uploads it) sees half a site, and a run
that fails leaves the old site as it was.

What docs-check did not write is never removed. A folder without our mark
that holds anything is refused; in one with the mark, which lists the files
written, everything else (a `CNAME`, a `.git/` folder a user added to
publish the site) is copied into the new site as it is, and a file of
theirs that the new site would write over is refused."""

from __future__ import annotations

import contextlib
import os
import shutil
import tempfile
from collections.abc import Mapping
from pathlib import Path, PurePosixPath

from checker.errors import UsageError
from checker.files import current_umask
from checker.i18n import N_

# What marks a folder as one docs-check wrote, and may write again.
MARK = ".docs-check-site"
MARK_TEXT = (
    b"A site written by docs-check report --html, which writes it again in place of the\n"
    b"files listed below; other files in this folder are kept.\n\n"
)


def replace_folder(path: str, files: Mapping[str, bytes]) -> None:
    """Writes `files` (relative path -> bytes) as the folder `path`, in place
    of what was there: nothing, an empty folder, or a folder it wrote (what
    else that holds is kept)."""
    target = Path(path)
    theirs = _theirs(target, files)
    made: str | None = None
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        made = tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.")
        os.chmod(made, 0o777 & ~current_umask())  # mkdtemp's folder is private (0700)
        listed = "".join(f"{name}\n" for name in sorted(files)).encode("utf-8")
        for name, data in {**files, MARK: MARK_TEXT + listed}.items():
            where = Path(made, name)
            where.parent.mkdir(parents=True, exist_ok=True)
            where.write_bytes(data)
        for name in theirs:  # copied, not moved: a failed run leaves them where they were
            _copy(target / name, Path(made, name))
        _swap(made, target)
        made = None
    except OSError as error:
        raise UsageError.saying(
            N_("{path}: cannot write: {why}"), path=path, why=error.strerror or str(error)
        ) from None
    finally:
        if made is not None:
            shutil.rmtree(made, ignore_errors=True)


def _theirs(target: Path, files: Mapping[str, bytes]) -> list[str]:
    """What the folder holds that docs-check did not write, each as the
    highest path wholly not ours (`.git`, `CNAME`); refused when there is no
    mark, or when the new site would write over one of them."""
    if not target.exists() and not target.is_symlink():
        return []
    if not target.is_dir() or target.is_symlink():
        raise UsageError.saying(N_("{path}: not a folder"), path=str(target))
    if not any(target.iterdir()):
        return []
    if not (target / MARK).is_file():
        raise UsageError.saying(
            N_("{path}: holds files docs-check did not write; give a new or empty folder"),
            path=str(target),
        )
    listed = _listed((target / MARK).read_bytes())
    if listed is None:
        return []
    ours = set(listed)
    ours_folders = {parent.as_posix() for name in ours for parent in PurePosixPath(name).parents}
    theirs = []
    for folder, folders, names in os.walk(target):
        inside = Path(folder).relative_to(target)
        for name in sorted(folders):  # a folder with none of ours is theirs, whole
            relative = (inside / name).as_posix()
            if relative not in ours_folders:
                theirs.append(relative)
                folders.remove(name)
        for name in sorted(names):
            relative = (inside / name).as_posix()
            if relative not in ours and relative != MARK:
                theirs.append(relative)
    over = [name for name in theirs if _overlaps(name, files)]
    if over:
        raise UsageError.saying(
            N_("{path}: the site would write over {names}, which docs-check did not write"),
            path=str(target),
            names=", ".join(over),
        )
    return theirs


def _listed(mark: bytes) -> list[str] | None:
    """The files a mark lists; None for a mark that lists none (written
    before marks listed their files), whose folder is all ours."""
    if not mark.startswith(MARK_TEXT):
        return None
    return mark[len(MARK_TEXT) :].decode("utf-8", "replace").splitlines()


def _overlaps(name: str, files: Mapping[str, bytes]) -> bool:
    return any(f == name or f.startswith(f"{name}/") or name.startswith(f"{f}/") for f in files)


def _copy(source: Path, destination: Path) -> None:
    """A file, a symlink or a folder, copied as it is (a symlink as a symlink)."""
    destination.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir() and not source.is_symlink():
        shutil.copytree(source, destination, symlinks=True)
    else:
        shutil.copy2(source, destination, follow_symlinks=False)


def _swap(made: str, target: Path) -> None:
    """Moves the old folder aside, the new one into its place, and removes the
    old; if the move in fails, the old folder is put back."""
    if not target.exists():
        os.rename(made, target)
        return
    old = tempfile.mkdtemp(dir=target.parent, prefix=f".{target.name}.old.")
    os.rmdir(old)  # a free name beside it, for the rename
    os.rename(target, old)
    try:
        os.rename(made, target)
    except OSError:
        with contextlib.suppress(OSError):
            os.rename(old, target)
        raise
    shutil.rmtree(old, ignore_errors=True)
