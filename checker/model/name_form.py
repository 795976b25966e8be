"""The one form an API name is compared in, wherever names are keyed: the
readers' entries, the rules' `api`, the pages verify searches. A name is
taken in Unicode's NFKC form with every default-ignorable code point removed
(a word joiner U+2060 inside `put_metric`, a soft hyphen, U+FEFF, the
zero-width joiners): such a character shows nothing, so a name written with
one looks like the plain name to a reviewer and must key like it, or a
flipped status would pass as another API's.

What needed cleaning, or a letter of another script among Latin ones (a
Cyrillic `а` in `put_metric`, which no normal form maps to `a`), is said by
`unplain`, which the readers report (`api-name-not-plain`)."""

from __future__ import annotations

import re
import unicodedata

# Unicode's Default_Ignorable_Code_Point (DerivedCoreProperties.txt, 15.1),
# which the standard library does not expose.
_IGNORABLE = re.compile(
    "[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f"
    "\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff0-\ufff8"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0000-\U000e0fff]"
)


def plain_name(text: str) -> str:
    """`text` in the form names are compared in. Ignorables go before NFKC,
    which could otherwise not compose across them, and after it, which maps
    a few characters (U+3164's compatibility form) onto ignorables."""
    if text.isascii():  # every name of the real pages: nothing to do
        return text
    return _IGNORABLE.sub("", unicodedata.normalize("NFKC", _IGNORABLE.sub("", text)))


def unplain(written: str) -> str:
    """Why a name as written is not plain, "" when it is: the characters
    that show nothing (removed), that NFKC makes into a name's own (a
    fullwidth `ｒ`, a ligature), and the letters of a script with look-alikes
    of Latin ones among Latin letters (a Cyrillic or Greek `а`), each once,
    in the order written (`U+2060 WORD JOINER`). Chinese text glued to a name
    (a note in its table cell) is no look-alike: reported as what it is by
    the checks that key on the name, not here."""
    if written.isascii():
        return ""
    latin = any("a" <= c.lower() <= "z" for c in written)
    odd = [c for c in dict.fromkeys(written) if _odd(c, latin)]
    said = [f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in odd[:_SAID]]
    return ", ".join(said + (["…"] if len(odd) > _SAID else []))


_SAID = 5  # characters named at most; a sixth is `…`
# Scripts whose letters are never taken for Latin ones (the unicodedata name's first word).
_UNLIKE_LATIN = frozenset({"LATIN", "CJK", "HIRAGANA", "KATAKANA", "HANGUL", "BOPOMOFO"})


def _odd(char: str, latin: bool) -> bool:
    if _IGNORABLE.fullmatch(char):
        return True
    folded = unicodedata.normalize("NFKC", char)
    if folded != char:  # what NFKC makes of it: odd when a name's own character
        return any(c.isascii() and (c.isalnum() or c in "._") for c in folded)
    return latin and char.isalpha() and _script(char) not in _UNLIKE_LATIN


def _script(letter: str) -> str:
    """The script a letter is of, as the first word of its Unicode name says
    (LATIN, CYRILLIC, GREEK, CJK): near enough to tell a look-alike."""
    return unicodedata.name(letter, "?").split(" ")[0]
