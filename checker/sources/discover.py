"""Which files are API pages, and of which PyTorch version and language.

The version comes from the nearest `pytorch_X-Y-Z` folder; files outside one
(menus, appendixes, overviews) are not API pages and are skipped quietly."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path, PurePath

from checker.errors import UsageError
from checker.i18n import N_, message
from checker.model.docfile import DocFile
from checker.model.roots import LANGUAGE_FOLDERS
from checker.model.version import VERSION_FOLDER, path_key


def doc_file(path: PurePath) -> DocFile | None:
    """The page's version and language from its folders; None for a non-API file."""
    if path.suffix.lower() != ".md":
        return None
    kind = folder_kind(path.parent)
    return DocFile(str(path), *kind) if kind else None


def folder_kind(folder: PurePath) -> tuple[str, str] | None:
    """The version and language of the pages in `folder` (absolute: the
    folders above it count); None outside a version folder."""
    version = None
    lang = "zh"
    for name in reversed(folder.parts):
        match = VERSION_FOLDER.match(name)
        if match and version is None:
            version = ".".join(str(int(part)) for part in match.groups())
        elif name in LANGUAGE_FOLDERS and version is not None:
            lang = name
            break
    return (version, lang) if version else None


def discover(paths: Iterable[str]) -> list[DocFile]:
    """API pages under the given files and folders, in a stable order."""
    found: dict[str, DocFile] = {}
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise UsageError(message(N_("{path}: no such file or folder"), path=given))
        if path.is_dir():
            docs = _pages_under(path)
        else:
            doc = doc_file(path if path.is_absolute() else path.absolute())
            docs = [DocFile(str(path), doc.version, doc.lang)] if doc else []
        for page in docs:
            found.setdefault(page.path, page)
    if not found:
        said = N_("no API pages found under {paths} (looked for *.md inside pytorch_X-Y-Z folders)")
        raise UsageError(message(said, paths=", ".join(paths)))
    return sorted(found.values(), key=lambda doc: path_key(doc.path))


def version_folder(path: str) -> str | None:
    """The nearest pytorch_X-Y-Z folder above a page, written as the page's
    path writes it; None outside one."""
    for parent in PurePath(path).parents:
        if VERSION_FOLDER.match(parent.name):
            return str(parent)
    return None


def _pages_under(root: Path) -> list[DocFile]:
    """The API pages under a folder, each folder's version and language found
    once for all its files. Paths are written as pathlib writes them
    (`./docs/x.md` as docs/x.md)."""
    pages: list[DocFile] = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        # `.md` alone is a hidden file with no suffix, as doc_file reads it
        markdown = sorted(name for name in names if name.lower().endswith(".md") and len(name) > 3)
        kind = folder_kind(Path(folder).absolute()) if markdown else None
        if kind is not None:
            base = str(Path(folder))
            prefix = "" if base == "." else base + os.sep
            pages.extend(DocFile(prefix + name, *kind) for name in markdown)
    return pages
