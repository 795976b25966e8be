"""Which pages verify must read: a byte search before any parse, so that a
rule about one API does not parse every page of the docs.

A page is needed when it is a rule's page (by file name), or when its text
holds the last component of a rule's API (`put_metric` of
`torch.distributed.elastic.metrics.put_metric`). An entry's API is read from
the page's own text (its heading, link, anchor or table row,
checker.read.names) and ends with the name as the page writes it there, on one
line. Written otherwise than plainly, the name can only have markup between
its letters: an entity (`put&#95;metric`), a backslash escape (`put\\_metric`),
an inline tag, or a character the name form drops (an invisible one: a
zero-width space, a word joiner, a soft hyphen; checker.model.name_form). A page whose bytes
hold every run of letters and digits of the name but not the name itself is
searched again without those, so every page with an entry of a rule's API is
kept: the pages verify parses are those it kept after reading everything
(checker.app.verify)."""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from pathlib import Path

from checker.model.docfile import DocFile
from checker.model.name_form import plain_name

_WORD = re.compile(rb"[A-Za-z0-9]+")
_TAG = re.compile(r"<[^<>\n]*>")
_ESCAPE = re.compile(r"\\([!-/:-@\[-`{-~])")

Needed = Callable[[DocFile, bytes], bool]


def last_component(api: str) -> bytes:
    return api.rstrip(".").rpartition(".")[2].encode()


def needed_pages(docs: Iterable[str], apis: Iterable[str]) -> Needed:
    names = frozenset(docs)
    lasts = tuple(sorted({last_component(api) for api in apis}))

    def needed(doc: DocFile, data: bytes) -> bool:
        if Path(doc.path).name in names or any(last in data for last in lasts):
            return True
        maybe = [last for last in lasts if all(w in data for w in _WORD.findall(last))]
        return bool(maybe) and _in_plain_text(data, maybe)

    return needed


def _in_plain_text(data: bytes, lasts: list[bytes]) -> bool:
    """Whether the text, without markup between letters, holds one of the names."""
    text = plain_name(data.decode("utf-8", errors="replace"))
    plain = html.unescape(_ESCAPE.sub(r"\1", _TAG.sub("", text)))
    return any(last.decode() in plain for last in lasts)
