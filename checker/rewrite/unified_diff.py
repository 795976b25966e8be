"""The unified diff of a rewrite, from the replacements it made: each changed
region (a Replacement's lines before and after) is diffed on its own, so that
a hunk removes only the lines that changed, and the regions are put together
with 3 lines of context, hunks whose context would touch or overlap joined,
as `git diff` shows them (and `git apply` and `patch` take them). The cost is
the page's length plus each region's own diff: difflib over the whole of a
large page is quadratic (318 s at 10,000 entries), and its junk heuristic
(the popular lines of a page over 200 lines: blank lines, table rules) makes
hunks that remove lines nothing changed."""

from __future__ import annotations

import difflib
from collections.abc import Iterator, Sequence

from checker.rewrite.replacements import Replacement

CONTEXT = 3  # lines of context around a change, as git diff and diff -u
Opcode = tuple[str, int, int, int, int]  # as difflib's: tag, old i1..i2, new j1..j2


def regions_of(old: Sequence[str], new: Sequence[str]) -> tuple[Replacement, ...]:
    """The replacements that make `new` of `old` when a rewrite did not say
    (a created file, a page of the same lines edited in place): the lines
    that differ one by one when both have as many, else the one region
    between what their starts and ends share."""
    if len(old) == len(new):
        return tuple(
            Replacement(n, n, (_bare(b),))
            for n, (a, b) in enumerate(zip(old, new, strict=True), 1)
            if a != b
        )
    start = 0
    while start < min(len(old), len(new)) and old[start] == new[start]:
        start += 1
    end = 0
    while end < min(len(old), len(new)) - start and old[-1 - end] == new[-1 - end]:
        end += 1
    return (Replacement(start + 1, len(old) - end, tuple(map(_bare, new[start : len(new) - end]))),)


def opcodes(old: Sequence[str], new: Sequence[str], regions: Sequence[Replacement]) -> list[Opcode]:
    """difflib's opcodes of old -> new, each region matched on its own.
    A region may replace no line (`last` = `first` - 1: lines inserted)."""
    codes: list[Opcode] = []
    i = j = 0  # where the last region ended, in old and in new
    for region in sorted(regions):
        start, stop = region.first - 1, region.last
        size = len(region.lines)
        if start > i:
            codes.append(("equal", i, start, j, j + start - i))
            j += start - i
        matcher = difflib.SequenceMatcher(None, old[start:stop], new[j : j + size], autojunk=False)
        for tag, a1, a2, b1, b2 in matcher.get_opcodes():
            codes.append((tag, start + a1, start + a2, j + b1, j + b2))
        i, j = stop, j + size
    if i < len(old) or j < len(new):
        codes.append(("equal", i, len(old), j, len(new)))
    return _merged(codes)


def _merged(codes: list[Opcode]) -> list[Opcode]:
    """Neighbouring equal opcodes as one (two regions' equal lines meet), and
    neighbouring changes as one replacement: lines changed one after another
    show as git shows them, all removed lines, then all added."""
    merged: list[Opcode] = []
    for code in codes:
        if code[1] == code[2] and code[3] == code[4]:
            continue
        if merged and (merged[-1][0] == "equal") == (code[0] == "equal"):
            tag, i1, _, j1, _ = merged[-1]
            merged[-1] = (tag if tag == code[0] else "replace", i1, code[2], j1, code[4])
        else:
            merged.append(code)
    return merged


def hunks(codes: list[Opcode], context: int = CONTEXT) -> Iterator[list[Opcode]]:
    """The opcodes in groups, each change with `context` lines around it, and
    two groups whose equal lines between them are at most 2 × context one
    (difflib's get_grouped_opcodes, on opcodes given)."""
    if not any(tag != "equal" for tag, *_ in codes):
        return
    codes = list(codes)
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = (tag, max(i1, i2 - context), i2, max(j1, j2 - context), j2)
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = (tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context))
    group: list[Opcode] = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > 2 * context:
            group.append((tag, i1, min(i2, i1 + context), j1, min(j2, j1 + context)))
            yield group
            group = []
            i1, j1 = max(i1, i2 - context), max(j1, j2 - context)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        yield group


def unified(
    old: Sequence[str], new: Sequence[str], regions: Sequence[Replacement], names: tuple[str, str]
) -> str:
    """The unified diff of old -> new (lines with their endings), a missing
    final newline marked as git marks it; "" when nothing changed."""
    shown: list[str] = []
    for group in hunks(opcodes(old, new, regions)):
        if not shown:
            shown += [f"--- {names[0]}\n", f"+++ {names[1]}\n"]
        first, last = group[0], group[-1]
        shown.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                shown += [_marked(" ", line) for line in old[i1:i2]]
                continue
            shown += [_marked("-", line) for line in old[i1:i2]]
            shown += [_marked("+", line) for line in new[j1:j2]]
    return "".join(shown)


def _range(start: int, stop: int) -> str:
    """A hunk's line range as unified diffs write it (difflib's rule)."""
    length = stop - start
    if length == 1:
        return str(start + 1)
    return f"{start if length == 0 else start + 1},{length}"


def _marked(sign: str, line: str) -> str:
    if line.endswith("\n"):  # a lone CR ends no line for patch or git
        return sign + line
    return sign + line + "\n\\ No newline at end of file\n"


def _bare(line: str) -> str:
    return line.rstrip("\r\n")
