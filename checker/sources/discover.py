"""Which files are API pages, and of which PyTorch version and language.

The version comes from the nearest `pytorch_X-Y-Z` folder; files outside one
(menus, appendixes, overviews) are not API pages and are skipped quietly."""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path, PurePath

from checker.errors import UsageError
from checker.model.roots import LANGUAGE_FOLDERS
from checker.model.version import VERSION_FOLDER


@dataclass(frozen=True, order=True)
class DocFile:
    path: str
    version: str
    lang: str
    tree: str = ""  # the git ref it was read at; "" for the working tree
    blob: str = ""  # its git blob id, when read at a ref: the same blob is the same page


def doc_file(path: PurePath) -> DocFile | None:
    """The page's version and language from its folders; None for a non-API file."""
    if path.suffix.lower() != ".md":
        return None
    version = None
    lang = "zh"
    for folder in reversed(path.parent.parts):
        match = VERSION_FOLDER.match(folder)
        if match and version is None:
            version = ".".join(str(int(part)) for part in match.groups())
        elif folder in LANGUAGE_FOLDERS and version is not None:
            lang = folder
            break
    return DocFile(str(path), version, lang) if version else None


def discover(paths: Iterable[str]) -> list[DocFile]:
    """API pages under the given files and folders, in a stable order."""
    found: dict[str, DocFile] = {}
    for given in paths:
        path = Path(given)
        if not path.exists():
            raise UsageError(f"{given}: no such file or folder")
        candidates = _markdown_files(path) if path.is_dir() else [path]
        for candidate in candidates:
            doc = doc_file(candidate.absolute() if not candidate.is_absolute() else candidate)
            if doc is not None:
                found.setdefault(str(candidate), DocFile(str(candidate), doc.version, doc.lang))
    if not found:
        raise UsageError(
            f"no API pages found under {', '.join(paths)} "
            "(looked for *.md inside pytorch_X-Y-Z folders)"
        )
    return sorted(found.values())


def version_folder(path: str) -> str | None:
    """The nearest pytorch_X-Y-Z folder above a page, written as the page's
    path writes it; None outside one."""
    for parent in PurePath(path).parents:
        if VERSION_FOLDER.match(parent.name):
            return str(parent)
    return None


def _markdown_files(root: Path) -> list[Path]:
    files: list[Path] = []
    for folder, subfolders, names in os.walk(root):
        subfolders[:] = sorted(name for name in subfolders if not name.startswith("."))
        files.extend(Path(folder, name) for name in sorted(names) if name.lower().endswith(".md"))
    return files
