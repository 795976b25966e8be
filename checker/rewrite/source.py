"""A page's text exactly as its file holds it, for a rewrite that must change
nothing it does not mean to: line endings, a byte order mark and the final
newline (or its absence) are kept."""

from __future__ import annotations

import codecs
from dataclasses import dataclass

from checker.read.load import decode_page, load_bytes, page_lines

_BOM = codecs.BOM_UTF8.decode("utf-8")


@dataclass(frozen=True)
class Source:
    path: str
    text: str  # without the byte order mark
    bom: bool = False

    @property
    def lines(self) -> list[str]:
        """The lines with their endings (\\n, \\r\\n), as in the file."""
        return page_lines(self.text, keepends=True)

    def with_text(self, text: str) -> Source:
        return Source(self.path, text, self.bom)

    @property
    def written(self) -> str:
        """What the file holds: the text, behind its byte order mark if it had one."""
        return (_BOM if self.bom else "") + self.text


def load_source(path: str) -> Source:
    """Raises InputError (one line, path[:line]) as reading a page does."""
    data = load_bytes(path)
    return Source(path, decode_page(path, data), data.startswith(codecs.BOM_UTF8))
