"""API names as the pages write them, made complete; and the native-doc link.

Pages shorten names (`### profile.total_average`, `> run()`, `Tensor.abs`);
the full name is recovered from the link text, the link's anchor or generated
page, or the enclosing class, in that order, and only when it ends with the
short name, so a link that names another API is not silently believed.

Every part is compared in the one form names are keyed in
(checker.model.name_form); a part that needed cleaning, or mixes scripts, is
said by `named` for the reader to report (`api-name-not-plain`)."""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache
from urllib.parse import unquote, urlsplit

from markdown_it.token import Token

from checker.i18n import N_, message
from checker.model.finding import Problem
from checker.model.name_form import plain_name, unplain
from checker.model.support import NativeLink
from checker.read.tokens import MARKUP_BUT_UNDERSCORE, children, plain_text

_DOCS_VERSION = re.compile(r"/docs/([^/]+)/")
_GENERATED = re.compile(r"/generated/([^/]+?)\.html$")
# What without_signature reads, as a regex: its definition, which tests compare
# it with. Never run on page text: it tries every `(` to the end of the line.
_SIGNATURE = re.compile(r"\(.*\)$")
ROOTS = ("torch.", "torch_npu.")  # the namespaces a full name starts with
# What an API name is, full or short: dotted Python identifiers (torch's are
# ASCII). Anything else in its place is prose a writer put there; but a Greek
# or Cyrillic letter in a name is a look-alike (api-name-not-plain says so),
# not prose.
_LETTER = "A-Za-z_\u0370-\u03ff\u0400-\u04ff"
_IDENTIFIER = f"[{_LETTER}][{_LETTER}0-9]*"
_API_NAME = re.compile(rf"{_IDENTIFIER}(?:\.{_IDENTIFIER})*")
_EMPHASIS = {"em_open", "em_close", "strong_open", "strong_close"}
# Markup other than underscores. Without it, the text as written is what the
# inline parse would give: underscore emphasis is put back as written anyway.
_NEEDS_INLINE_PARSE = re.compile(f"[{MARKUP_BUT_UNDERSCORE}]")
# A history reads each page's versions one after the other (checker.sources.
# corpus), and they share most titles and links: what a title, a link or a
# name reads as is kept for the next version (the functions' results are
# their text's alone, and immutable). Bounded: a page has up to a thousand
# entries.
_MEMO = 4096
# Tags the parser reads as inline html (a strict subset of what it accepts),
# which the plain text leaves out: `<font size="3">run()</font>`.
_HTML_TAG = re.compile(
    r"<[A-Za-z][A-Za-z0-9-]*"
    r'(?:[ \t]+[A-Za-z_:][A-Za-z0-9:._-]*(?:[ \t]*=[ \t]*"[^"<>\n]*")?)*[ \t]*/?>'
    r"|</[A-Za-z][A-Za-z0-9-]*[ \t]*>"
)
# `[name](url)` whose parse is known without parsing: no markup in the text
# but underscores, and a web address of characters the parser's URL
# normalisation leaves as they are (no `%`, quotes, brackets or spaces).
_SIMPLE_LINK = re.compile(
    rf"\[([^{MARKUP_BUT_UNDERSCORE}]*)\]\((https?://[A-Za-z0-9\-._~:/?#@$+,;=]+)\)"
)


def title_name(inline: Token) -> str:
    """`<code><i>class</i></code> torch.x.Y` and `_`class`_ torch.x.Y` → torch.x.Y;
    `run()` → run. As written: `named` puts it in the form names are compared in."""
    return title_name_in(inline.content)


@lru_cache(maxsize=_MEMO)
def title_name_in(content: str) -> str:
    """`title_name` of an inline token's content."""
    text = _HTML_TAG.sub("", content)
    simple = _SIMPLE_LINK.fullmatch(text.strip())
    if simple is not None:
        text = simple.group(1)
    elif _NEEDS_INLINE_PARSE.search(text) is not None:
        text = written_text(children(Token("inline", "", 0, content=content)))
    words = text.split()
    return without_signature(words[-1]) if words else ""


def is_api_name(text: str) -> bool:
    """Whether `text` is an API name (`torch.Tensor.abs`, `abs`), not prose."""
    return _API_NAME.fullmatch(text) is not None


def native_link(inline: Token, text: str | None = None) -> NativeLink | None:
    """The first link of an inline token. `text` is the part of its content the
    link may be all of (a label's text): `[name](https://…)` alone, the usual
    case, is read without an inline parse."""
    simple = _SIMPLE_LINK.fullmatch((inline.content if text is None else text).strip())
    if simple is not None:
        url = simple.group(2)
        return _link(" ".join(simple.group(1).split()), url, *_plain_parts(url))
    return first_link(children(inline))


def first_link(children: list[Token]) -> NativeLink | None:
    for index, child in enumerate(children):
        if child.type == "link_open":
            text_parts = []
            for inner in children[index + 1 :]:
                if inner.type == "link_close":
                    break
                text_parts.append(inner)
            url = str(child.attrs.get("href", ""))
            parts = urlsplit(url)
            return _link(written_text(text_parts), url, parts.path, parts.fragment)
    return None


def written_text(children: list[Token]) -> str:
    """Inline children as plain text, with a name's own underscores: a parse
    reads `torch._foreach_neg_` as torch.<em>foreach_neg</em>, so underscore
    emphasis is put back as written."""
    return plain_text(
        [
            Token("text", "", 0, content=child.markup)
            if child.type in _EMPHASIS and child.markup.startswith("_")
            else child
            for child in children
        ]
    )


def _plain_parts(url: str) -> tuple[str, str]:
    """The path and fragment of a web address that `_SIMPLE_LINK` took, as
    urlsplit gives them, found with string methods: of its characters none
    but `/`, `?` and `#` splits an address, and it holds no space, bracket or
    `%` that urlsplit would look at (its checks were a third of reading a
    docs link)."""
    rest, _, fragment = url.partition("://")[2].partition("#")
    rest = rest.partition("?")[0]
    slash = rest.find("/")  # the host ends at the first
    return ("" if slash < 0 else rest[slash:]), fragment


@lru_cache(maxsize=_MEMO)
def _link(text: str, url: str, path: str, fragment: str) -> NativeLink:
    """A link of `url`, of which `path` and `fragment` are urlsplit's."""
    return NativeLink(text, url, _docs_version(path), _target(path, fragment))


@dataclass(frozen=True)
class Named:
    """An entry's name: the title and link in the form names are compared in,
    the full name made of them, and what was not plain in them as written."""

    api: str
    title: str
    link: NativeLink | None
    problem: Problem | None
    in_link: bool  # the problem is in the link (its line), not the title


@lru_cache(maxsize=_MEMO)
def named(title: str, link: NativeLink | None, parent: str | None) -> Named:
    """`title` and `link` as written (title_name, native_link)."""
    clean_title = plain_name(title)
    clean_link = link
    if link is not None and not (link.text + (link.target or "")).isascii():
        target = None if link.target is None else plain_name(link.target)
        clean_link = dataclasses.replace(link, text=plain_name(link.text), target=target)
    api = full_name(clean_title, clean_link, parent)
    parts = [(title, False), (api, False)]
    if link is not None:
        parts += [(link.text, True), (link.target or "", True)]
    for written, in_link in parts:
        why = unplain(written)
        if why:
            said = N_("{name!r} is not written plainly: {why}; it is read as {api}")
            found = Problem("api-name-not-plain", message(said, name=written, why=why, api=api))
            return Named(api, clean_title, clean_link, found, in_link)
    return Named(api, clean_title, clean_link, None, False)


def full_name(name: str, link: NativeLink | None, parent: str | None) -> str:
    if name.startswith(ROOTS) or not name:
        return name
    candidates = [link.text, link.target or ""] if link else []
    if parent:
        candidates.append(f"{parent}.{name}")
    for candidate in candidates:
        candidate = without_signature(candidate)
        if candidate.startswith(ROOTS) and candidate.endswith("." + name):
            return candidate
    return name


def without_signature(text: str) -> str:
    """`run(x)` → run: the text less what runs from the first `(` of its last
    line to a `)` that ends it (or stands just before a final newline), as
    `_SIGNATURE.sub("", text)` reads it, in one pass: the regex is the square
    of the length on a run of `(`."""
    if text.endswith(")"):
        end = len(text) - 1
    elif text.endswith(")\n"):
        end = len(text) - 2
    else:
        return text
    start = text.find("(", text.rfind("\n", 0, end) + 1, end)
    return text if start < 0 else text[:start] + text[end + 1 :]


def _docs_version(path: str) -> str | None:
    match = _DOCS_VERSION.search(path + "/")
    return match.group(1) if match else None


def _target(path: str, fragment: str) -> str | None:
    if fragment:
        return unquote(fragment)
    match = _GENERATED.search(path)
    return unquote(match.group(1)) if match else None
