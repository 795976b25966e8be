"""Read: the files (or git refs) a command names, as checker.sources.documents
gathers them, into pages. Files that cannot be read are kept as one-line
errors so the others are still checked. Reading goes through the page cache,
and across processes when the work is large enough to pay for them; the
result is the same either way."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from checker.errors import InputError, UsageError
from checker.files import within
from checker.i18n import N_, Message, joined, message
from checker.model.catalogue import Catalogue
from checker.model.checked import Kept, PageRules
from checker.model.docfile import DocFile
from checker.model.support import Page, inside_tree
from checker.model.version import path_key
from checker.progress import Progress
from checker.read.load import pointers_named_once
from checker.sources.discover import discover, version_folder
from checker.sources.documents import Document, Fetch, gather, load, to_parse
from checker.sources.page_cache.pack import read_pack, write_pack
from checker.sources.page_cache.store import PageCache, blob_id

if TYPE_CHECKING:
    from checker.sources.buffers import Buffers
    from checker.sources.gitrefs import GitRef

READING = N_("reading pages")


@dataclass(frozen=True)
class Corpus:
    """The pages a read gave, in path order, and its input errors."""

    pages: tuple[Page, ...]
    errors: tuple[str, ...]  # one line each: "path[:line]: what is wrong"

    @property
    def entry_count(self) -> int:
        return sum(len(page.entries) for page in self.pages)


@dataclass(frozen=True)
class ReadOptions:
    """How pages are read: git refs, cache, workers, progress and page rules."""

    refs: tuple[GitRef, ...] = ()  # read these git refs instead of the working tree
    cache: PageCache | None = None
    jobs: int | None = None  # worker processes; None: one per core when worth it
    progress: Progress | None = None  # told of each page read; prints nothing itself
    # run on each page where it is read (lint's own rules), and what they found
    page_rules: PageRules | None = None
    # the language server's: open pages' text in place of their files, and
    # the pages it read before (a page whose bytes did not change is not read)
    buffers: Buffers | None = None


def read_corpus(
    paths: Sequence[str],
    catalogue: Catalogue,
    names: Collection[str] | None = None,
    options: ReadOptions | None = None,
    needed: Callable[[DocFile, bytes], bool] | None = None,
    gathered: Callable[[Sequence[DocFile]], None] | None = None,
) -> Corpus:
    """A path that is missing or holds no API pages is one error among the
    others; only when no path gives a page is the whole command a usage error.
    `names` limits reading to pages of those file names. `needed` picks by
    their bytes (at git refs fetched first) the pages that are parsed
    (checker.verify.needed); a page it leaves out is still loaded and decoded,
    so that a file that cannot be read is the same error as before. With git
    refs, `paths` are paths inside the repository. `gathered` is told of the
    pages to read before any is read (the resolvers of their versions start,
    checker.torch.resolve.resolution.Ahead)."""
    options = options or ReadOptions()
    documents, errors, fetch = gather(paths, names, options.refs, options.buffers)
    if not documents:
        if not errors and names and paths:
            said = N_("no {names} under {paths}")
            errors.append(message(said, names=" or ".join(sorted(names)), paths=", ".join(paths)))
        raise UsageError(joined(errors, N_("{first}; {then}")) or message(N_("no paths given")))
    if gathered is not None:
        gathered([doc for doc, _ in documents])
    if needed is not None:
        if fetch is not None:  # at git refs: the bytes first, one git process per repository
            docs = [doc for doc, _ in documents]
            documents = list(zip(docs, fetch.blobs(docs), strict=True))
        documents = [document for document in documents if to_parse(document, needed)]
    pages, read_errors = read_documents(documents, catalogue, options, fetch)
    return Corpus(pages, tuple(pointers_named_once(errors + read_errors)))


def version_context(
    corpus: Corpus, catalogue: Catalogue, options: ReadOptions, paths: Sequence[str] = ()
) -> tuple[Page, ...]:
    """The pages of the read pages' version folders that were not read: what
    the cross-page rules (one API per version) must see besides them when the
    command names single files, as the pre-commit hook does. Read through the
    cache, quietly; a page that cannot be read is only missing from the context.
    Git refs are read whole trees at a time and need none, and neither does a
    folder inside one of the `paths` read (all its pages were)."""
    if options.refs:
        return ()
    read = {page.path for page in corpus.pages}
    walked = [os.path.abspath(path) for path in paths if os.path.isdir(path)]
    folders = sorted(
        {
            folder
            for page in corpus.pages
            if (folder := version_folder(page.path)) and not _inside(folder, walked)
        }
    )
    others = [doc for doc in discover(folders) if doc.path not in read] if folders else []
    documents = [(doc, load(doc, options.buffers)) for doc in others]
    quiet = ReadOptions(
        cache=options.cache,
        jobs=options.jobs,
        page_rules=options.page_rules,
        buffers=options.buffers,
    )
    return read_documents(documents, catalogue, quiet)[0] if documents else ()


def _inside(folder: str, walked: Sequence[str]) -> bool:
    where = os.path.abspath(folder)
    return any(within(where, top) for top in walked)


def read_documents(
    documents: Sequence[Document],
    catalogue: Catalogue,
    options: ReadOptions,
    fetch: Fetch | None = None,
) -> tuple[tuple[Page, ...], list[str]]:
    """Each document read once per content: a page that is the same blob at
    the same path in several refs is read (or taken from the cache) once, as
    the page of that path in no tree, and placed at each ref."""
    read: dict[tuple[str, str], Page | str] = {}  # (path inside the tree, blob) -> reading
    todo: list[tuple[tuple[str, str], DocFile, bytes | None, str | None]] = []
    keys = [(inside_tree(doc.path, doc.tree), doc.blob) for doc, _ in documents]
    contents: dict[str, str] = {}  # a working tree's page -> the blob id of its bytes
    rules, buffers = options.page_rules, options.buffers

    def kept(at: tuple[str, str], content: str, page: Page, found: Kept | None) -> None:
        read[at] = page
        if rules is not None and found is not None:  # checks.reuse's key of the page
            rules.found[content, at[0]] = found
        if buffers is not None:
            buffers.reads[at[0]] = (content, page, found)

    wanted: list[tuple[tuple[str, str], DocFile, bytes | None, str, str | None]] = []
    for (doc, data), at in zip(documents, keys, strict=True):
        if at in read or isinstance(data, InputError):
            continue
        bare = _bare(doc, at[0])
        content = doc.blob or contents.setdefault(doc.path, blob_id(data or b""))
        key = options.cache.key(bare, content, catalogue) if options.cache else None
        read[at] = ""  # "": read below
        wanted.append((at, bare, data, content, key))
    # a warm run of the same pages opens one file, not one a page
    paths = [bare.path for _, bare, _, _, _ in wanted]
    entry_keys = [key for *_, key in wanted if key]
    cache = options.cache
    packed = read_pack(cache, paths, entry_keys) if cache else None
    for index, (at, bare, data, content, key) in enumerate(wanted):
        cached = buffers.read(bare.path, content) if buffers is not None else None
        if cached is not None:  # read before from the same bytes (the language server)
            pass
        elif packed is not None:  # a key for each: there is a cache
            cached = packed[index]
        elif cache is not None and key:
            cached = cache.get_read(key)
        if cached is None:
            todo.append((at, bare, data, key))
        else:
            kept(at, content, *cached)
    # Read path by path, each path's versions one after the other, not ref by
    # ref: a version shares most of its titles, links and marks with the one
    # before, which the readers' memos hold then (checker.read.names,
    # model.status.read_mark). A cold lint of the 28 real refs took 6 % less
    # CPU (medians of nine runs each, 18.4 s against 19.6; issue 49). Outcomes
    # are taken by `at`, so the order is the reading's alone; in one tree it
    # is the tree's own (sorted by path_key already, and the sort is stable).
    todo.sort(key=lambda item: path_key(item[0][0]))
    # a page at a ref is given by its size, its bytes read from git only as
    # it is read: a cold history held all 1,860 blobs' bytes at once (issue 49)
    missing = [bare for _, bare, data, _ in todo if data is None]
    sizes = iter(fetch.sizes(missing) if fetch and missing else [])
    ready = [(bare, next(sizes) if data is None else data, key) for _, bare, data, key in todo]
    done, total = len(documents) - len(ready), len(documents)
    if options.progress:
        options.progress(READING, done, total)
    outcomes: Iterable[tuple[Page, Kept | None] | str] = ()
    if ready:
        # the readers (markdown-it-py and all) are imported only for pages to
        # read: a warm run reads none, and their import is a sixth of its time
        from checker.sources.workers import read_all

        check = rules.check if rules is not None else None
        pending = fetch.blobs(missing) if fetch and missing else iter(())
        outcomes = read_all(ready, catalogue, options.cache, options.jobs, check, pending)
    for (at, bare, _, _), made in zip(todo, outcomes, strict=True):
        if isinstance(made, str):
            read[at] = made
        else:
            kept(at, bare.blob or contents[bare.path], *made)
        done += 1
        if options.progress:
            options.progress(READING, done, total)
    if cache is not None and packed is None:
        write_pack(cache, paths, entry_keys)
    pages: list[Page] = []
    errors: list[str] = []
    for (doc, data), at in zip(documents, keys, strict=True):
        if isinstance(data, InputError):
            errors.append(str(data))
            continue
        placed = _placed(read[at], doc, at[0], doc.blob or contents[doc.path])
        if isinstance(placed, str):
            errors.append(placed)
        else:
            pages.append(placed)
    return tuple(pages), errors


def _bare(doc: DocFile, inside: str) -> DocFile:
    """A page at a ref as it is read: by its path inside the repository, in no
    tree (reading depends on the bytes and that path, never on the ref)."""
    return DocFile(inside, doc.version, doc.lang, "", doc.blob) if doc.tree else doc


def _placed(read: Page | str, doc: DocFile, inside: str, blob: str) -> Page | str:
    """A page read bare, placed at `doc`'s ref: named `ref:path`, and so are
    its findings; its entries are the bare page's own, shared. Every page is
    told its blob id, under which what its rules find is kept (checks.reuse)."""
    tree = doc.tree
    if isinstance(read, str):
        if not (tree and read.startswith(inside)):
            return read
        if isinstance(read, Message) and read.args.get("path") == inside:
            # a Message still: said in the run's language, and known for what it says
            return message(read.template, **{**read.args, "path": doc.path})
        return doc.path + read[len(inside) :]
    if not tree:
        return dataclasses.replace(read, blob=blob)
    findings = read.findings and tuple(
        f.at(doc.path) if f.path == inside else f for f in read.findings
    )
    # the constructor, its fields in order (path, version, lang, entries,
    # findings, tree, directives, mentions, blob), not dataclasses.replace
    # nor keywords: a history places thousands
    return Page(doc.path, read.version, read.lang, read.entries, findings, tree,
                read.directives, read.mentions, doc.blob)  # fmt: skip
