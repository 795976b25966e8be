"""The PyTorch versions a page names as text: every pytorch.org docs link, on
any line (notes, overviews and 原生文档 lines alike), and `PyTorch 2.13.0` in
its title or prose. One scan over the lines; a line is searched only when it
holds the fixed text a mention starts with."""

from __future__ import annotations

import re

from checker.model.support import Mention

# A docs link: the version is the path part after /docs/. The URL runs to the
# first character that ends a markdown or html link; no part of the pattern
# can match in two ways, so a search is linear in the line.
_LINK = re.compile(r"(?:https?://)?(?:docs\.)?pytorch\.org/docs/([^/\s()\[\]<>\"']+)/[^\s()<>\"']*")
_NAMED = re.compile(r"PyTorch[ \t]*(\d+\.\d+\.\d+)")
_LINK_HINT, _NAMED_HINT = "pytorch.org/docs/", "PyTorch"


def read_mentions(lines: list[str], titles: set[int]) -> tuple[Mention, ...]:
    """`titles`: the lines of the page's title headings (h1)."""
    found: list[Mention] = []
    for number, text in enumerate(lines, start=1):
        if _LINK_HINT in text:
            found += [Mention(number, "link", m.group(0), m.group(1)) for m in _LINK.finditer(text)]
        if _NAMED_HINT in text:
            kind = "title" if number in titles else "text"
            found += [Mention(number, kind, m.group(0), m.group(1)) for m in _NAMED.finditer(text)]
    return tuple(found)
