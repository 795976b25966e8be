"""Docs versions and torch releases, which are the same thing: a docs folder
pytorch_2-12-0 documents torch 2.12.0, and an interpreter whose torch is
2.12.0+cpu (or 2.12.0a0+git1234, 2.12.0rc1) speaks for it.

And torch-npu releases (7.3.0), which are not: one release branch documents
several torch versions, and the release says which products existed then."""

from __future__ import annotations

import functools
import re

_RELEASE = re.compile(r"(\d+\.\d+\.\d+)")


def release_of(torch_version: str | None) -> str | None:
    """X.Y.Z of a torch version string; None when there is none."""
    match = _RELEASE.match(torch_version or "")
    return match.group(1) if match else None


def is_version(text: str) -> bool:
    """Whether `text` is a docs version as the command line names one: X.Y.Z."""
    return _RELEASE.fullmatch(text) is not None


_CANONICAL = re.compile(r"(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)\.(?:0|[1-9][0-9]*)")


def is_canonical_version(text: str) -> bool:
    """X.Y.Z with no leading zero (2.14.0, not 02.14.0 or 2.014.0): the one
    spelling of a version that a command makes something of. A folder
    pytorch_02-14-0 reads as 2.14.0 (its numbers are numbers), so a second
    spelling would make a second folder of one version."""
    return _CANONICAL.fullmatch(text) is not None


def docs_version(version: str) -> str:
    """The upstream docs version of a torch release: 2.13.0 → 2.13 (the
    `/docs/2.13/` of a pytorch.org link)."""
    return ".".join(version.split(".")[:2])


def version_key(version: str) -> tuple[int, ...]:
    """2.7.1 < 2.11.0: versions sort by number, not by text. A part that is not
    a number sorts before every number."""
    return tuple(int(part) if part.isdigit() else -1 for part in version.split("."))


_NUMBERS = re.compile(r"(\d+)")


def path_key(path: str) -> tuple[tuple[str, int], ...]:
    """docs/…/pytorch_2-7-1/x.md < docs/…/pytorch_2-13-0/x.md, and
    v2.7.1-7.3.0 < v2.7.1-26.0.0: the numbers in a path sort as numbers (the
    order of the pages every output and the site list), the rest as text.
    `02` and `2` tie; the text itself breaks the tie."""
    pairs, last = _pairs(path)
    return (*pairs, (last, -1), (path, -1))


def ref_path_key(ref: str, path: str) -> tuple[tuple[str, int], ...]:
    """`path_key(f"{ref}:{path}")`, a page's name at a git ref, made from the
    keys of its two parts, each made once: a history of 28 refs sorts 7,000
    names of a few hundred paths, and splitting each name was a fifth of
    what its warm lint costs beyond one ref's (issue 49). The `:` between
    them is no digit, so no number runs across it."""
    ref_pairs, ref_last = _pairs(ref)
    path_pairs, path_last = _pairs(path)
    name = f"{ref}:{path}"
    if not path_pairs:
        return (*ref_pairs, (f"{ref_last}:{path_last}", -1), (name, -1))
    joined = (f"{ref_last}:{path_pairs[0][0]}", path_pairs[0][1])
    return (*ref_pairs, joined, *path_pairs[1:], (path_last, -1), (name, -1))


@functools.lru_cache(maxsize=4096)
def _pairs(text: str) -> tuple[tuple[tuple[str, int], ...], str]:
    """Each text before a number, with the number; and the text after the last."""
    parts = _NUMBERS.split(text)  # text, number, text, …, text
    texts, numbers = parts[:-1:2], parts[1::2]
    pairs = tuple((text, int(number)) for text, number in zip(texts, numbers, strict=True))
    return pairs, parts[-1]


# A torch-npu release as its branches name it: 7.3.0, and in older ones 6.0.rc1.
RELEASE_NAME = r"\d+\.\d+\.(?:\d+|rc\d+)"
# A release branch is v<torch>-<release> (v2.7.1-7.3.0); a folder holding a
# checkout of one may carry a prefix before a `-` (the corpus's rows-v2.7.1-7.3.0).
RELEASE_BRANCH = re.compile(rf"(?:.*-)?v\d+\.\d+\.\d+-({RELEASE_NAME})", re.IGNORECASE)
# A release tag is v<release>[-<pre-release>]-pytorch<torch> (v26.0.0-pytorch2.7.1,
# v26.1.0-beta.1-pytorch2.10.0, v7.2.RC1.alpha001-pytorch2.1.0).
RELEASE_TAG = re.compile(
    rf"v({RELEASE_NAME})(?:[.-][0-9A-Za-z.]+?)*-pytorch\d+(?:\.\d+)*", re.IGNORECASE
)
# Folders of a filesystem path, and the ref of a git page named `ref:path`.
_PARTS = re.compile(r"[/\\:]")
# A docs version's folder: pytorch_2-12-0 holds the pages of torch 2.12.0.
VERSION_FOLDER = re.compile(r"^pytorch_(\d+)-(\d+)-(\d+)$")


@functools.lru_cache(maxsize=1024)  # asked of each page again by each rule that reads it
def page_release(path: str) -> str | None:
    """The torch-npu release a page was read at: that of the innermost path
    component named like a release branch (`/…/rows-v2.7.1-7.3.0/docs/…/x.md`,
    `v2.7.1-7.3.0:docs/…/x.md`, `origin/v2.7.1-7.3.0:docs/…`) or a release
    tag (`v26.0.0-pytorch2.7.1:docs/…`). None for any
    other page (master, a working tree, a relative path inside a checkout):
    only the path is read, never the folder it is run from."""
    for part in reversed(_PARTS.split(path)):
        match = RELEASE_BRANCH.fullmatch(part) or RELEASE_TAG.fullmatch(part)
        if match:
            return match.group(1).lower()
    return None


def release_key(release: str) -> tuple[int, ...]:
    """6.0.rc1 < 6.0.rc2 < 6.0.0 < 7.3.0: a release candidate comes before the
    release of its number. `release` matches RELEASE_NAME."""
    major, minor, last = release.lower().split(".")
    if last.startswith("rc"):
        return (int(major), int(minor), -1, int(last[2:]))
    return (int(major), int(minor), int(last), 0)
