"""What a read is of: the pages the paths (or git refs) a command names hold,
each with its bytes, the error that kept them, or at a ref the way to fetch
them (checker.sources.corpus reads them). A path without pages is one error
among the others; git is only imported (and run) for git refs."""

from __future__ import annotations

from collections.abc import Callable, Collection, Generator, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

from checker.errors import InputError, UsageError
from checker.i18n import N_, message
from checker.model.docfile import DocFile
from checker.model.version import path_key, ref_path_key
from checker.read.load import decode_page, load_bytes
from checker.sources.discover import discover, doc_file

if TYPE_CHECKING:
    from checker.sources.buffers import Buffers
    from checker.sources.gitrefs import GitRef

# A page to read: its bytes, why they cannot be had, or None for a page at a
# git ref whose bytes are fetched only if the cache does not hold its reading.
Document = tuple[DocFile, "bytes | InputError | None"]


@dataclass(frozen=True)
class Fetch:
    """Pages' bytes from git, each blob from the repository of a ref that
    lists it (`owners`): their sizes first, then the bytes themselves, read
    as they are asked for, one process per repository each."""

    owners: dict[str, GitRef]  # blob -> a ref that lists it
    # gittrees' git_sizes and git_blobs (imported, as git is run, for git refs only)
    git_sizes: Callable[[GitRef, Sequence[str]], list[int]]
    git_blobs: Callable[[GitRef, Sequence[str]], Generator[bytes, None, None]]

    def sizes(self, docs: Sequence[DocFile]) -> list[int]:
        got: dict[str, int] = {}
        wanted = list(dict.fromkeys(doc.blob for doc in docs))
        for mine in self._by_repo(wanted).values():
            got.update(zip(mine, self.git_sizes(self.owners[mine[0]], mine), strict=True))
        return [got[doc.blob] for doc in docs]

    def blobs(self, docs: Sequence[DocFile]) -> Iterator[bytes]:
        """Each page's bytes, in order; a blob that two pages are is read twice."""
        streams: dict[str, Generator[bytes, None, None]] = {
            repo: self.git_blobs(self.owners[mine[0]], mine)
            for repo, mine in self._by_repo([doc.blob for doc in docs]).items()
        }
        try:
            for doc in docs:
                yield next(streams[self.owners[doc.blob].repo])
        finally:
            for stream in streams.values():
                stream.close()  # its git process ends now

    def _by_repo(self, blobs: Sequence[str]) -> dict[str, list[str]]:
        mine: dict[str, list[str]] = {}
        for blob in blobs:
            mine.setdefault(self.owners[blob].repo, []).append(blob)
        return mine


def gather(
    paths: Sequence[str],
    names: Collection[str] | None,
    refs: Sequence[GitRef],
    buffers: Buffers | None = None,
) -> tuple[list[Document], list[str], Fetch | None]:
    """`buffers`: the editor's text of open pages, read in place of their files."""
    found: dict[str, Document] = {}
    errors: list[str] = []

    def wanted(doc: DocFile) -> bool:
        return doc.path not in found and (names is None or Path(doc.path).name in names)

    fetch = None
    if refs:  # git is only imported (and run) for git refs
        from checker.sources import gitrefs, gittrees

        commits = gitrefs.check_refs(refs)  # every ref is checked before any is read
        listings = gittrees.git_listings(commits, paths)
        owners: dict[str, GitRef] = {}  # blob -> a ref that lists it
        kinds: dict[str, DocFile | None] = {}  # path -> what it is, the same at every ref
        for ref in commits:
            docs = _ref_docs(ref.ref, listings[ref], kinds)
            if not docs:  # like a path without pages: one error among the others
                errors.append(no_pages(ref.ref, paths))
            for doc in filter(wanted, docs):
                found[doc.path] = (doc, None)
                owners.setdefault(doc.blob, ref)
        fetch = Fetch(owners, gittrees.git_sizes, gittrees.git_blobs)
    for given in paths if not refs else ():
        try:
            for doc in filter(wanted, discover([given])):
                found[doc.path] = (doc, load(doc, buffers))
        except UsageError as error:
            errors.append(str(error))
    return [found[path] for path in sorted(found, key=_sort_key(found))], errors, fetch


def _sort_key(found: dict[str, Document]) -> Callable[[str], tuple[tuple[str, int], ...]]:
    """path_key of a page's name; at a ref (`ref:path`) made from its parts'."""

    def key(path: str) -> tuple[tuple[str, int], ...]:
        tree = found[path][0].tree
        return ref_path_key(tree, path[len(tree) + 1 :]) if tree else path_key(path)

    return key


def to_parse(document: Document, needed: Callable[[DocFile, bytes], bool]) -> bool:
    """A page to parse, or one that cannot be read (its error is kept); a
    page left out is decoded only, for the same errors as reading it."""
    doc, data = document
    if not isinstance(data, bytes) or needed(doc, data):
        return True
    try:
        decode_page(doc.path, data)
    except InputError:
        return True  # read, it gives the same one-line error
    return False


def _ref_docs(
    ref: str, listing: Sequence[tuple[str, str]], kinds: dict[str, DocFile | None]
) -> list[DocFile]:
    docs: list[DocFile] = []
    for path, blob in listing:
        if path not in kinds:
            kinds[path] = doc_file(PurePosixPath(path))
        doc = kinds[path]
        if doc is not None:
            docs.append(DocFile(f"{ref}:{path}", doc.version, doc.lang, ref, blob))
    return docs


def load(doc: DocFile, buffers: Buffers | None = None) -> bytes | InputError:
    """The page's bytes: an open page's text in the editor, else its file's."""
    text = buffers.text(doc.path) if buffers is not None else None
    if text is not None:
        return text
    try:
        return load_bytes(doc.path)
    except InputError as error:
        return error


def no_pages(ref: str, paths: Sequence[str]) -> str:
    """A ref's folders without API pages, named as its pages are (`ref:path`)."""
    if not paths or any(path.strip("/") in ("", ".") for path in paths):  # the whole tree
        return message(N_("no API pages at {ref}"), ref=ref)
    places = ", ".join(f"{ref}:{path}" for path in paths)
    return message(N_("no API pages under {places}"), places=places)
