"""A docs page file: where it is, the PyTorch version and language its folders
give it, and the git ref and blob it was read at. Found by checker.sources
(the working tree, git refs), read by checker.read; a model type, so that the
readers need nothing of the sources."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class DocFile:
    """A page file's place, version and language."""

    path: str
    version: str
    lang: str
    tree: str = ""  # the git ref it was read at; "" for the working tree
    blob: str = ""  # its git blob id, when read at a ref: the same blob is the same page
