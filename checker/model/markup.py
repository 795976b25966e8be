"""The markup a status is written in, made plain before it is read
(checker.model.status): character references decoded, tags dropped, and each
`<term>` product name kept between OPEN and CLOSE. Each in one pass, as the
regular expressions they stand for read the text, but linear in its length
(tests/read/test_pathological.py holds them equal)."""

from __future__ import annotations

import html
import re

OPEN, CLOSE = "\x01", "\x02"  # brackets a product name that was inside <term>
# A term's tags, in any case, each found on its own: one pass (see terms).
_TERM_OPEN = re.compile("<term>", re.IGNORECASE)
_TERM_CLOSE = re.compile("</term>", re.IGNORECASE)


def plain(text: str) -> str:
    return drop_tags(unescape(text)).strip()


def statement(text: str) -> str:
    """A status, or a line of notes, as the normaliser reads it: references
    decoded, each `<term>` bracketed, other tags and bold dropped."""
    return drop_tags(terms(unescape(text))).replace("**", "").strip()


# Character references as html.unescape finds them (its pattern, html._charref),
# and a decimal one of over 7 digits: past U+10FFFF, unless led by zeros.
_CHARREF = re.compile(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
_LONG_DECIMAL = re.compile(r"&#[0-9]{8}")


def unescape(text: str) -> str:
    """html.unescape, but for a long decimal reference, which is U+FFFD unless
    led by zeros and which it reads with int(): that raises on over 4300 digits
    (sys.get_int_max_str_digits), and takes the square of the length without
    that limit."""
    if _LONG_DECIMAL.search(text) is None:
        return html.unescape(text)
    return _CHARREF.sub(_unescape_one, text)


def _unescape_one(match: re.Match[str]) -> str:
    ref = match.group(1)
    if ref[0] != "#" or ref[1] in "xX":  # named, or hexadecimal: int() is linear in base 16
        return html.unescape(match.group(0))
    digits = ref[1:].rstrip(";").lstrip("0") or "0"
    return "\ufffd" if len(digits) > 7 else html.unescape(f"&#{digits};")


def drop_tags(text: str) -> str:
    """The text less its tags: each `<` up to the first `>` after it, as
    `re.sub(r"<[^>]*>", "", text)` reads it. In one pass: that regex looked
    for a `>` from every `<`, the square of the length on a run of `<`."""
    kept: list[str] = []
    pos = 0
    while (start := text.find("<", pos)) >= 0:
        end = text.find(">", start + 1)
        if end < 0:  # no `>` after this `<`, so none after a later one either
            break
        kept.append(text[pos:start])
        pos = end + 1
    kept.append(text[pos:])
    return "".join(kept)


def terms(text: str) -> str:
    """Each `<term>name</term>` as the plain name between OPEN and CLOSE, as
    `re.sub(r"<term>(.*?)</term>", …, flags=re.I | re.S)` reads it: a term ends
    at the first `</term>` after it. In one pass: that regex looked for the end
    from every `<term>`, the square of the length on a run of unclosed ones."""
    kept: list[str] = []
    pos = 0
    while (start := _TERM_OPEN.search(text, pos)) is not None:
        end = _TERM_CLOSE.search(text, start.end())
        if end is None:  # unclosed, and so is every later one
            break
        kept += [text[pos : start.start()], OPEN, plain(text[start.end() : end.start()]), CLOSE]
        pos = end.end()
    kept.append(text[pos:])
    return "".join(kept)
