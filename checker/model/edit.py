"""What a certain fix changes, as the model knows it: text written on one line
of a page, and what it becomes. A reader or a check that finds a mistake with
one right answer attaches its edits to the finding; checker.rewrite applies
them (fix, lintrunner's replacement) and reads the page back to prove them."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Edit:
    """Every occurrence of `old` on line `line` (1-based) becomes `new`. Whole
    occurrences of a piece of text the reader saw (a table mark, a URL, a
    comment), never a pattern: an edit whose `old` is no longer on its line
    is not applied."""

    line: int
    old: str
    new: str


Fix = tuple[Edit, ...]  # one finding's edits, applied together or not at all
