"""The closest known name to a misspelt one, for the messages that refuse a
name: an unknown rule id (`docs-check rule`, `--select`), an unknown API, an
unknown product id (`--scope`, the configuration's `scope`).
One helper, so that every "did you mean" is found and worded alike."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from checker.i18n import N_, joined, message

# difflib's ratio: 0.6 (its default) takes `link-versoin` for `link-version`
# and `nonstandard-mrak` for `nonstandard-mark`, and leaves `no-such-rule` alone.
CUTOFF = 0.6


def closest(word: str, known: Iterable[str]) -> str | None:
    """The known name most like `word`, or None when none is alike enough.
    Case is ignored in comparing (`LINK-VERSION` is `link-version`); the known
    name is returned as it is spelt."""
    spelt = {name.casefold(): name for name in known}
    found = _close(word.casefold(), list(spelt), 1)
    return spelt[found[0]] if found else None


def closest_names(word: str, known: Iterable[str], count: int = 3) -> list[str]:
    """Up to `count` known names most like `word`, the closest first (a git
    ref misspelt, or named without its remote)."""
    return _close(word, list(dict.fromkeys(known)), count)


def _close(word: str, names: list[str], count: int) -> list[str]:
    import difflib  # start-up: asked only for a name that is refused

    return difflib.get_close_matches(word, names, n=count, cutoff=CUTOFF)


def did_you_mean(word: str, known: Iterable[str]) -> str:
    """`; did you mean 'x'?` to end a message with, or "" when nothing is close."""
    return hint(closest(word, known))


def hint(match: str | None) -> str:
    """`; did you mean 'x'?` for a match found some other way (an API's full
    name for a short one), or "": a Message, said in the language of the run
    where it is shown alone (within an f-string, it is English)."""
    return message(N_("; did you mean '{match}'?"), match=match) if match is not None else ""


def unknown_said(words: Sequence[str], known: Sequence[str]) -> str:
    """`ascend950; did you mean 'ascend-950'?` for the unknown `words`: the
    closest known name of each that has one, or, when none is close, the
    known names (a short list, such as the product ids)."""
    matches = [(word, closest(word, known)) for word in words]
    close = [(word, match) for word, match in matches if match is not None]
    listed = ", ".join(words)
    if not close:
        return message(N_("{words} (known: {known})"), words=listed, known=", ".join(known))
    if len(words) == 1:
        return message(N_("{word}; did you mean '{match}'?"), word=listed, match=close[0][1])
    each = [message(N_("'{match}' for {word}"), match=m, word=w) for w, m in close]
    return message(
        N_("{words}; did you mean {matches}?"),
        words=listed,
        matches=joined(each, N_("{first}, {then}")),
    )
