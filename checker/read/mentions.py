"""The PyTorch versions a page names as text: every pytorch.org docs link, on
any line (notes, overviews and 原生文档 lines alike), and `PyTorch 2.13.0` in
its title or prose. One scan over the lines; a line is searched only when it
holds the fixed text a mention starts with."""

from __future__ import annotations

import re

from checker.model.support import Mention

# A docs link: the version is the path part after /docs/. The URL runs to the
# first character that ends a markdown or html link; no part of the pattern
# can match in two ways, so a search is linear in the line. The pattern opens
# with its fixed text, which the regex engine then looks for as str.find
# does: the scheme and `docs.` before it are taken after (`_linked`), not
# tried at every character of the line (a 300 KB page's 638 links: 2.2 ms
# to find, against 0.3).
_LINK = re.compile(r"pytorch\.org/docs/([^/\s()\[\]<>\"']+)/[^\s()<>\"']*")
_LINK_PREFIXES = ("https://docs.", "http://docs.", "https://", "http://", "docs.")  # longest first
_NAMED = re.compile(r"PyTorch[ \t]*(\d+\.\d+\.\d+)")
_LINK_HINT, _NAMED_HINT = "pytorch.org/docs/", "PyTorch"


def read_mentions(lines: list[str], titles: set[int]) -> tuple[Mention, ...]:
    """`titles`: the lines of the page's title headings (h1)."""
    found: list[Mention] = []
    for number, text in enumerate(lines, start=1):
        if _LINK_HINT in text:
            found += [Mention(number, "link", url, version) for url, version in _linked(text)]
        if _NAMED_HINT in text:
            kind = "title" if number in titles else "text"
            found += [Mention(number, kind, m.group(0), m.group(1)) for m in _NAMED.finditer(text)]
    return tuple(found)


def _linked(text: str) -> list[tuple[str, str]]:
    """Each docs link on the line, as written and its version: what
    `(?:https?://)?(?:docs\\.)?` before _LINK finds, left to right (a link
    ends before a character no prefix holds, so no prefix reaches into the
    link before)."""
    found = []
    for match in _LINK.finditer(text):
        start = match.start()
        for prefix in _LINK_PREFIXES:
            if start >= len(prefix) and text.startswith(prefix, start - len(prefix)):
                start -= len(prefix)
                break
        found.append((text[start : match.end()], match.group(1)))
    return found
