"""The one form an API name is compared in, wherever names are keyed: the
readers' entries, the rules' `api`, the pages verify searches. A name is
taken in Unicode's NFKC form with every default-ignorable code point removed
(`put\u2060metric`, a soft hyphen, U+FEFF, the zero-width joiners): such a
character shows nothing, so a name written with one looks like the plain
name to a reviewer and must key like it, or a flipped status would pass as
another API's.

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
    """Why a name as written is not plain, "" when it is: the characters that
    cleaning changed or removed, or the letters of a script other than the
    name's first letter's (`U+2060 WORD JOINER`, `U+0430 CYRILLIC SMALL LETTER
    A`), each once, in the order written."""
    if written.isascii():
        return ""
    plain = plain_name(written)
    odd: list[str] = []
    if plain != written:
        kept = set(plain)
        odd += [c for c in written if c not in kept or _IGNORABLE.fullmatch(c)]
    scripts = [(c, _script(c)) for c in plain if c.isalpha()]
    if scripts:
        first = scripts[0][1]
        odd += [c for c, script in scripts if script != first]
    return ", ".join(f"U+{ord(c):04X} {unicodedata.name(c, '?')}" for c in dict.fromkeys(odd))


def _script(letter: str) -> str:
    """The script a letter is of, as the first word of its Unicode name says
    (LATIN, CYRILLIC, GREEK, CJK): near enough to tell a look-alike."""
    return unicodedata.name(letter, "?").split(" ")[0]
