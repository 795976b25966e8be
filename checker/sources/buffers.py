"""What a long-running reader (the language server) holds between reads: the
editor's text of open pages, read in place of their files, and the last read
of every page, kept by path with the content it was read from, so that a
change in one page re-reads that page only and the rest of the tree is taken
as it was read."""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field

from checker.model.checked import Kept
from checker.model.support import Page

# a page's last read: the blob id of what it was read from, the page, what
# its own rules found on it
Read = tuple[str, Page, "Kept | None"]


@dataclass(frozen=True)
class Buffers:
    """The pages open in an editor, read from its text rather than the files,
    and every page's last read, so that a change reads again only its page."""

    # absolute path -> the page's text in the editor, as bytes (UTF-8)
    texts: Mapping[str, bytes] = field(default_factory=dict)
    # path as read -> its last read; one a page, so an edited page's older
    # reads are dropped, not kept keystroke after keystroke
    reads: dict[str, Read] = field(default_factory=dict, compare=False)

    def text(self, path: str) -> bytes | None:
        """The editor's text of the page at `path` (as a run names it), if open."""
        return self.texts.get(os.path.abspath(path)) if self.texts else None

    def read(self, path: str, blob: str) -> tuple[Page, Kept | None] | None:
        """The page read last from these very bytes, if it was."""
        last = self.reads.get(path)
        return (last[1], last[2]) if last is not None and last[0] == blob else None
