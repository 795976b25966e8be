"""Text by the columns a terminal gives it: a wide character (CJK, full-width
punctuation) takes two, and a line of Chinese may break between any two
characters, where textwrap and click count one column a character and break
only at spaces. For what is shown translated (checker.i18n)."""

from __future__ import annotations

import re
import unicodedata
from functools import cache

# East Asian wide and full-width characters (CJK, kana, Hangul, full-width punctuation)
_WIDE_CHARS = "\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uffe6"


# Compiled on first use: only help shown in Chinese needs them, and every run
# of the command line imports this module.
@cache
def _wide() -> re.Pattern[str]:
    return re.compile(f"[{_WIDE_CHARS}]")


@cache
def _token() -> re.Pattern[str]:
    """A line may break between words and around any wide character, but not
    after opening punctuation or before closing punctuation."""
    return re.compile(
        rf"(\s*)([（「『]*(?:[{_WIDE_CHARS}]|[^\s{_WIDE_CHARS}]+)[，。、；：！？）」』]*)"
    )


def has_wide(text: str) -> bool:
    """Whether `text` holds a wide character, and so needs wrapping by width."""
    return _wide().search(text) is not None


def width_of(text: str) -> int:
    return sum(2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in text)


def wrapped(text: str, width: int) -> list[str]:
    """`text` in lines of at most `width` columns (a longer word alone on its
    line); paragraphs, split by a blank line, keep a blank line between them."""
    lines: list[str] = []
    for paragraph in text.split("\n\n"):
        if lines:
            lines.append("")
        line, used = "", 0
        for space, token in _token().findall(" ".join(paragraph.split())):
            gap = 1 if space and line else 0
            if line and used + gap + width_of(token) > width:
                lines.append(line)
                line, used = token, width_of(token)
            else:
                line, used = line + " " * gap + token, used + gap + width_of(token)
        if line:
            lines.append(line)
    return lines


def padded(text: str, width: int) -> str:
    """`text` and the spaces that fill it to `width` columns (as `:<width`
    does, counting a wide character as two)."""
    return text + " " * (width - width_of(text))
