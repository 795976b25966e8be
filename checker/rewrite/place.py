"""Where a page a rewrite would replace really is. Reading at a git ref skips
symlinks; the working tree's pages may be links, and replacing one writes
whatever it points to. So a rewrite refuses a page reached through a symlink
(the page itself or a folder of its path below the tree given):

- leaving the tree (the docs path the run was given, the folder of a page
  given by name): an error, that page not written, the others written;
- inside the tree: left as it was, said. The link is read at its own place
  (its version folder, its language), which may be another than its
  target's: an edit made for the one is wrong for the other. The file it
  links to is rewritten as its own page, once, where the run reaches it."""

from __future__ import annotations

import os

from checker.errors import InputError
from checker.files import within
from checker.i18n import N_, message


class Linked(InputError):
    """A page reached through a symlink: `inside` the tree or not."""

    def __init__(self, said: str, inside: bool) -> None:
        super().__init__(said)
        self.why = said  # a Message when inside: said with the page's place
        self.inside = inside


LEAVING = "{path}: not rewritten: a symlink to {target}, outside the tree {tree}"
INSIDE = N_(
    "not rewritten: a symlink to {target}; the file it links to is rewritten as its own page"
)


def refuse_links(path: str, trees: tuple[str, ...]) -> None:
    """Raises Linked when `path` is reached through a symlink below its tree."""
    tree = tree_of(path, trees)
    link = _first_link(path, tree)
    if link is None:
        return
    target = os.path.realpath(path)
    if within(target, os.path.realpath(tree)):
        raise Linked(message(INSIDE, target=target), inside=True)
    raise Linked(LEAVING.format(path=path, target=target, tree=tree), inside=False)


def tree_of(path: str, trees: tuple[str, ...]) -> str:
    """The tree given that holds `path` (the nearest), else the page's own folder."""
    absolute = os.path.abspath(path)
    holding = [t for t in trees if within(absolute, os.path.abspath(_folder(t)))]
    if not holding:
        return os.path.dirname(path) or "."
    return _folder(max(holding, key=lambda t: len(os.path.abspath(_folder(t)))))


def _folder(tree: str) -> str:
    """A tree given as a file (a page named on the command line) is its folder."""
    if os.path.isdir(tree):  # a link given as the tree is the tree it names
        return tree
    return os.path.dirname(tree) or "."


def _first_link(path: str, tree: str) -> str | None:
    """The first symlink on the way from `tree` down to `path`, itself included."""
    top = os.path.abspath(tree)
    parts = os.path.relpath(os.path.abspath(path), top).split(os.sep)
    current = top
    for part in parts:
        current = os.path.join(current, part)
        if os.path.islink(current):
            return current
    return None
