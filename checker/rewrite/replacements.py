"""Changes to a page as replacements of whole line ranges, applied bottom-up so
that each range is where the model saw it; and a finding's certain fix (its
edits inside lines) turned into such replacements."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise

from checker.errors import DataError
from checker.model.edit import Fix


@dataclass(frozen=True, order=True)
class Replacement:
    """Lines `first`..`last` (1-based, inclusive) become `lines` (without
    their endings: each takes the ending of the line it replaces, else the
    page's)."""

    first: int
    last: int
    lines: tuple[str, ...]


def replaced(lines: Sequence[str], replacements: Sequence[Replacement]) -> str:
    """The page's lines (with their endings) after the replacements. Two that
    overlap are a bug in whoever made them: DataError, nothing changed."""
    ordered = sorted(replacements)
    for before, after in pairwise(ordered):
        if after.first <= before.last:
            raise DataError(f"replacements of lines {before.first}-{before.last} overlap")
    result = list(lines)
    ending = _ending(lines) or "\n"  # a page of one line without an ending
    for change in reversed(ordered):
        if not 1 <= change.first <= change.last <= len(result):
            raise DataError(f"lines {change.first}-{change.last} are not on the page")
        old = result[change.first - 1 : change.last]
        inner = _ending(old) or ending
        last = old[-1][len(_bare(old[-1])) :]  # the page's last line may have no ending
        new = [text + inner for text in change.lines[:-1]]
        new += [change.lines[-1] + last] if change.lines else []
        result[change.first - 1 : change.last] = new
    return "".join(result)


def _ending(lines: Sequence[str]) -> str:
    """The ending of the first line that has one; "" when none has."""
    for line in lines:
        if line.endswith("\r\n"):
            return "\r\n"
        if line.endswith(("\n", "\r")):
            return line[-1]
    return ""


@dataclass(frozen=True)
class Fixed:
    """Fixes as line replacements, and the fixes that no longer fit the page."""

    replacements: tuple[Replacement, ...]
    applied: tuple[int, ...]  # the indexes of the fixes made
    skipped: tuple[int, ...]  # those whose text was no longer on its line


def fixed(lines: Sequence[str], fixes: Sequence[Fix]) -> Fixed:
    """Each fix whole or not at all, in order: every edit's `old` must be on
    its line as the fixes before it left the line."""
    current: dict[int, str] = {}
    applied: list[int] = []
    skipped: list[int] = []
    for index, fix in enumerate(fixes):
        if fix in fixes[:index] and fixes.index(fix) in applied:  # made already, with it
            applied.append(index)
            continue
        trial = dict(current)
        for edit in fix:
            if not 1 <= edit.line <= len(lines):
                break
            text = trial.get(edit.line, _bare(lines[edit.line - 1]))
            if edit.old not in text or edit.old == edit.new:  # gone, or a change of nothing
                break
            trial[edit.line] = text.replace(edit.old, edit.new)
        else:
            current = trial
            applied.append(index)
            continue
        skipped.append(index)
    changes = tuple(Replacement(line, line, (text,)) for line, text in sorted(current.items()))
    return Fixed(changes, tuple(applied), tuple(skipped))


def _bare(line: str) -> str:
    return line.rstrip("\r\n")
