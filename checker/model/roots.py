"""Which docs tree a page is of. A run may name several: a checkout of master
beside one of a release branch, snapshots of the docs at two commits, the
fixtures of a test suite beside its examples. Each documents the same APIs
again, so the rules that compare pages with each other (one entry per API and
version, the two languages alike) compare only the pages of one tree.

A tree's root is the folder that holds its language folders (`docs` of
`docs/zh/api/native_api/pytorch_2-12-0/x.md` and of
`docs/en/native_apis/pytorch_2-12-0/x.md`: one tree, both languages), or,
without a language folder, the folder that holds the version folders. A
release-branch folder (`v2.7.1-7.3.0`, `rows-v2.7.1-7.3.0`) below that is a
tree of its own: a checkout of another release."""

from __future__ import annotations

from functools import cache
from pathlib import PurePath

from checker.model.version import RELEASE_BRANCH, VERSION_FOLDER

LANGUAGE_FOLDERS = frozenset({"zh", "en"})


@cache  # the same paths ref after ref in a history
def docs_root(path: str) -> str:
    """The root of the tree of the page at `path` (a path inside its git
    tree, or of the working tree, as the run names it); "" for a page in no
    version folder."""
    parts = PurePath(path).parts[:-1]
    version = next((i for i in range(len(parts) - 1, -1, -1) if VERSION_FOLDER.match(parts[i])), -1)
    if version < 0:
        return ""
    language = next((i for i in range(version - 1, -1, -1) if parts[i] in LANGUAGE_FOLDERS), -1)
    top = language if language >= 0 else version  # the root is the folder above it
    release = [i for i in range(top, version) if RELEASE_BRANCH.fullmatch(parts[i])]
    end = release[-1] + 1 if release else top
    return str(PurePath(*parts[:end]))  # "." when the run is inside the tree
