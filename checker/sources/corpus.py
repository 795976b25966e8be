"""Discover and read: the files (or git refs) a command names into pages. Files
that cannot be read are kept as one-line errors so the others are still
checked. Reading goes through the page cache, and across processes when the
work is large enough to pay for them; the result is the same either way."""

from __future__ import annotations

import dataclasses
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from checker.errors import InputError, UsageError
from checker.model.catalogue import Catalogue
from checker.model.support import Page
from checker.progress import Progress
from checker.read.load import load_bytes
from checker.sources.cache import PageCache
from checker.sources.discover import DocFile, discover, version_folder
from checker.sources.workers import read_all

if TYPE_CHECKING:
    from checker.sources.gitrefs import GitRef

READING = "reading pages"


@dataclass(frozen=True)
class Corpus:
    pages: tuple[Page, ...]
    errors: tuple[str, ...]  # one line each: "path[:line]: what is wrong"

    @property
    def entry_count(self) -> int:
        return sum(len(page.entries) for page in self.pages)


@dataclass(frozen=True)
class ReadOptions:
    refs: tuple[GitRef, ...] = ()  # read these git refs instead of the working tree
    cache: PageCache | None = None
    jobs: int | None = None  # worker processes; None: one per core when worth it
    progress: Progress | None = None  # told of each page read; prints nothing itself


def read_corpus(
    paths: Sequence[str],
    catalogue: Catalogue,
    names: Collection[str] | None = None,
    options: ReadOptions | None = None,
) -> Corpus:
    """A path that is missing or holds no API pages is one error among the
    others; only when no path gives a page is the whole command a usage error.
    `names` limits reading to pages of those file names (verify reads only the
    pages its rules name). With git refs, `paths` are paths inside the repository."""
    options = options or ReadOptions()
    documents, errors = _gather(paths, names, options.refs)
    if not documents:
        if not errors and names and paths:
            errors.append(f"no {' or '.join(sorted(names))} under {', '.join(paths)}")
        raise UsageError("; ".join(errors) or "no paths given")
    pages, read_errors = read_documents(documents, catalogue, options)
    return Corpus(pages, tuple(errors + read_errors))


def version_context(corpus: Corpus, catalogue: Catalogue, options: ReadOptions) -> tuple[Page, ...]:
    """The pages of the read pages' version folders that were not read: what
    the cross-page rules (one API per version) must see besides them when the
    command names single files, as the pre-commit hook does. Read through the
    cache, quietly; a page that cannot be read is only missing from the context.
    Git refs are read whole trees at a time and need none."""
    if options.refs:
        return ()
    read = {page.path for page in corpus.pages}
    folders = sorted({folder for page in corpus.pages if (folder := version_folder(page.path))})
    others = [doc for doc in discover(folders) if doc.path not in read] if folders else []
    documents = [(doc, _load(doc)) for doc in others]
    quiet = ReadOptions(cache=options.cache, jobs=options.jobs)
    return read_documents(documents, catalogue, quiet)[0] if documents else ()


def _gather(
    paths: Sequence[str], names: Collection[str] | None, refs: Sequence[GitRef]
) -> tuple[list[tuple[DocFile, bytes | InputError]], list[str]]:
    found: dict[str, tuple[DocFile, bytes | InputError]] = {}
    errors: list[str] = []

    def wanted(doc: DocFile) -> bool:
        return (names is None or Path(doc.path).name in names) and doc.path not in found

    if refs:  # git is only imported (and run) for git refs
        from checker.sources.gitrefs import check_refs, git_documents

    commits = check_refs(refs) if refs else {}  # every ref is checked before any is read
    known: dict[str, dict[str, bytes]] = {}  # repository -> blob -> its bytes, read once
    for ref, commit in commits.items():
        documents = git_documents(ref, paths, commit, known.setdefault(ref.repo, {}))
        if not documents:  # like a path without pages: one error among the others
            errors.append(f"no API pages under {', '.join(paths) or '.'} at {_refs([ref])}")
        for doc, data in documents:
            if wanted(doc):
                found[doc.path] = (doc, data)
    for given in paths if not refs else ():
        try:
            for doc in discover([given]):
                if wanted(doc):
                    found[doc.path] = (doc, _load(doc))
        except UsageError as error:
            errors.append(str(error))
    return [found[path] for path in sorted(found)], errors


def _load(doc: DocFile) -> bytes | InputError:
    try:
        return load_bytes(doc.path)
    except InputError as error:
        return error


def read_documents(
    documents: Sequence[tuple[DocFile, bytes | InputError]],
    catalogue: Catalogue,
    options: ReadOptions,
) -> tuple[tuple[Page, ...], list[str]]:
    results: dict[str, Page | str] = {}
    todo: list[tuple[DocFile, bytes, str | None]] = []
    first: dict[tuple[str, str], DocFile] = {}  # (blob, path in the repository) -> read as
    copies: list[tuple[DocFile, DocFile]] = []  # (a page at another ref, the one it copies)
    for doc, data in documents:
        if isinstance(data, InputError):
            results[doc.path] = str(data)
            continue
        if doc.blob:  # history: most pages are the same blob at ref after ref
            same = first.setdefault((doc.blob, _in_repository(doc)), doc)
            if same is not doc:
                copies.append((doc, same))
                continue
        key = options.cache.key(doc, data) if options.cache else None
        cached = options.cache.get(key) if options.cache and key else None
        if cached is not None:
            results[doc.path] = cached
        else:
            todo.append((doc, data, key))
    done, total = len(documents) - len(todo), len(documents)
    if options.progress:
        options.progress(READING, done, total)
    outcomes = read_all(todo, catalogue, options.cache, options.jobs)
    for (doc, _, _), outcome in zip(todo, outcomes, strict=True):
        results[doc.path] = outcome
        done += 1
        if options.progress:
            options.progress(READING, done, total)
    for doc, same in copies:  # counted as done from the start, as cache hits are
        results[doc.path] = _relocated(results[same.path], same, doc)
    ordered = [results[path] for path in sorted(results)]
    pages = tuple(outcome for outcome in ordered if isinstance(outcome, Page))
    return pages, [outcome for outcome in ordered if isinstance(outcome, str)]


def _in_repository(doc: DocFile) -> str:
    """`ref:path` -> path."""
    return doc.path[len(doc.tree) + 1 :] if doc.tree else doc.path


def _relocated(read: Page | str, was: DocFile, doc: DocFile) -> Page | str:
    """What `was` read to, as `doc`: the same blob at the same path in another
    ref reads to the same page, named as that ref's (reading depends only on
    the bytes and the path in the repository, never on the ref)."""
    if isinstance(read, str):
        return read.replace(was.path, doc.path, 1)
    entries = tuple(dataclasses.replace(entry, path=doc.path) for entry in read.entries)
    findings = tuple(
        dataclasses.replace(f, path=doc.path) if f.path == was.path else f for f in read.findings
    )
    return dataclasses.replace(
        read, path=doc.path, tree=doc.tree, entries=entries, findings=findings
    )


def _refs(refs: Sequence[GitRef]) -> str:
    return ", ".join(f"{ref.repo}@{ref.ref}" for ref in refs)
