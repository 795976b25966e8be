"""What a page's own lint rules found, kept in the page cache beside the
page (checker.sources.page_cache.store): `CheckedStore`, the store that
checker.checks.reuse takes them from."""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.model.catalogue import Catalogue
from checker.model.checked import Kept
from checker.model.docfile import DocFile
from checker.model.finding import Finding
from checker.model.support import Page
from checker.signals import held
from checker.sources.page_cache.store import CHECKED, PageCache

if TYPE_CHECKING:
    import concurrent.futures


class CheckedStore:
    """What a page's own lint rules found on it, and its entries' heading
    lines and APIs, kept in the page cache under the page's key and the lint
    rules' salt: a warm lint takes them instead of decoding the page's entries
    to run the rules again (checker.checks.reuse). Pages without a blob id
    (made in no read) are not kept. So are what the cross-page rules found on
    a folder of pages at a ref, under a key naming its pages' blobs.

    Entries are written by a thread of their own while the rules go on to the
    next page: creating a file costs this machine's disk 0.3-2 ms, half
    of a cold lint's checks, and the workers are done by then, so a core is
    free for it. Used as a context manager, which waits for the writes."""

    def __init__(self, cache: PageCache, catalogue: Catalogue) -> None:
        self.cache, self.catalogue = cache, catalogue
        self._writer: concurrent.futures.ThreadPoolExecutor | None = None

    def __enter__(self) -> CheckedStore:
        return self

    def __exit__(self, kind: type[BaseException] | None, *exc: object) -> None:
        if self._writer is not None:
            # after an error (Ctrl-C) only the write under way is waited for
            self._writer.shutdown(wait=True, cancel_futures=kind is not None)
            self._writer = None

    def load(self, page: Page) -> Kept | None:
        key = self._key(page)
        return self.cache.get_checked(key) if key else None

    def save(
        self, page: Page, findings: Sequence[Finding], heads: Sequence[tuple[int, str]]
    ) -> None:
        key = self._key(page)
        if key:
            self._put(key, findings, heads)

    def load_compared(self, key: str) -> tuple[Finding, ...] | None:
        """What a cross-page rule found on a folder of pages (checker.checks.
        reuse): `key` names the rule, the folder's version and its pages."""
        kept = self.cache.get_checked(self._compared_key(key))
        return None if kept is None else kept[0]()

    def save_compared(self, key: str, findings: Sequence[Finding]) -> None:
        self._put(self._compared_key(key), findings, ())

    def _put(self, key: str, findings: Sequence[Finding], heads: Sequence[tuple[int, str]]) -> None:
        if self._writer is None:
            # imported at the first write: a warm run writes nothing
            from concurrent.futures import ThreadPoolExecutor

            self._writer = ThreadPoolExecutor(1, thread_name_prefix="docs-check-cache")
        with held():  # its thread, started by the first submit, leaves signals to the main one
            self._writer.submit(self.cache.put_checked, key, tuple(findings), tuple(heads))

    def _key(self, page: Page) -> str | None:
        if not page.blob:
            return None
        doc = DocFile(page.inside, page.version, page.lang)
        return self._checked_key(self.cache.key(doc, page.blob, self.catalogue))

    def _compared_key(self, key: str) -> str:
        # the tool, the catalogue and the rules' data are in it, as in a page's key
        return self._checked_key(self.cache.key(DocFile("", "", ""), key, self.catalogue))

    @staticmethod
    def _checked_key(page_key: str) -> str:
        return hashlib.sha256(f"{CHECKED}\0{page_key}".encode()).hexdigest()
