"""API names as the pages write them, made complete; and the native-doc link.

Pages shorten names (`### profile.total_average`, `> run()`, `Tensor.abs`);
the full name is recovered from the link text, the link's anchor or generated
page, or the enclosing class, in that order, and only when it ends with the
short name, so a link that names another API is not silently believed."""

from __future__ import annotations

import re
from urllib.parse import unquote, urlsplit

from markdown_it.token import Token

from checker.model import NativeLink
from checker.read.tokens import plain_text

_DOCS_VERSION = re.compile(r"/docs/([^/]+)/")
_GENERATED = re.compile(r"/generated/([^/]+?)\.html$")
_SIGNATURE = re.compile(r"\(.*\)$")
_ROOTS = ("torch.", "torch_npu.")
_EMPHASIS = {"em_open", "em_close", "strong_open", "strong_close"}


def title_name(children: list[Token]) -> str:
    """`<code><i>class</i></code> torch.x.Y` and `_`class`_ torch.x.Y` → torch.x.Y;
    `run()` → run."""
    words = plain_text(_as_written(children)).replace("\u200b", "").split()
    return _SIGNATURE.sub("", words[-1]) if words else ""


def native_link(children: list[Token]) -> NativeLink | None:
    for index, child in enumerate(children):
        if child.type == "link_open":
            url = str(child.attrs.get("href", ""))
            text_parts = []
            for inner in children[index + 1 :]:
                if inner.type == "link_close":
                    break
                text_parts.append(inner)
            text = plain_text(_as_written(text_parts))
            return NativeLink(text, url, _docs_version(url), _target(url))
    return None


def full_name(name: str, link: NativeLink | None, parent: str | None) -> str:
    if name.startswith(_ROOTS) or not name:
        return name
    candidates = [link.text, link.target or ""] if link else []
    if parent:
        candidates.append(f"{parent}.{name}")
    for candidate in candidates:
        candidate = _SIGNATURE.sub("", candidate)
        if candidate.startswith(_ROOTS) and candidate.endswith("." + name):
            return candidate
    return name


def _as_written(children: list[Token]) -> list[Token]:
    """`torch._foreach_neg_` parses as torch.<em>foreach_neg</em>: underscore
    emphasis inside a name is the name's own underscores, so they are put back."""
    return [
        Token("text", "", 0, content=child.markup)
        if child.type in _EMPHASIS and child.markup.startswith("_")
        else child
        for child in children
    ]


def _docs_version(url: str) -> str | None:
    match = _DOCS_VERSION.search(urlsplit(url).path + "/")
    return match.group(1) if match else None


def _target(url: str) -> str | None:
    parts = urlsplit(url)
    if parts.fragment:
        return unquote(parts.fragment)
    match = _GENERATED.search(parts.path)
    return unquote(match.group(1)) if match else None
