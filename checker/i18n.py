"""The language of what a run shows: Chinese or English, from `--lang` or the
locale, through the gettext catalogue checker/locale/zh compiled at build time
(hatch_build.py; Babel extracts the messages, see docs/internals.md).

Only what is shown is translated, when it is shown. The model stays English: a
finding's message is a `Message`, a `str` whose value is the English text and
which carries the template and arguments it was built from, so baselines key
on the same text whatever the language, the page cache stores it as template
and arguments, and worker processes pickle it; a report turns it into the
chosen language with `say`. Rule ids, paths, API and product names are never
translated: they are arguments, not text.

A checkout whose catalogue was never compiled shows English, silently (the
zh tests then fail, since they check the built catalogue); one whose compiled
catalogue is broken (a corrupt `.mo`) shows English too, with one warning
line on stderr (checker.cli.run prints it: `chosen`'s `warn`)."""

from __future__ import annotations

import gettext
import os
import struct
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

DOMAIN = "docs-check"
LOCALE_DIR = Path(__file__).parent / "locale"
LANGUAGES = ("zh", "en")
# gettext's own order (gettext.find): the first of these that is set decides.
_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

# English until a command line chooses: the library's own callers (and reports
# rendered outside a run) get the text the model holds.
_translations: gettext.NullTranslations = gettext.NullTranslations()


def language_of(environ: Mapping[str, str]) -> str:
    """`zh` for a Chinese locale (zh_CN.UTF-8, zh_TW, zh), else `en`; as gettext,
    the first variable set decides, and LANGUAGE's list its first entry."""
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable)
        if value:
            first = value.split(":")[0]
            return "zh" if first.lower().startswith("zh") else "en"
    return "en"


def use(language: str | None) -> str:
    """Shows text in `language` (`zh` or `en`) from now on; None: the locale's."""
    global _translations
    chosen = language or language_of(os.environ)
    _translations = gettext.NullTranslations() if chosen == "en" else _catalogue(chosen)
    return chosen


# A catalogue file that gettext cannot read: OSError (bad magic number, unreadable),
# struct.error (cut short), ValueError (a header that does not decode), LookupError.
_BROKEN = (OSError, struct.error, ValueError, LookupError)
# Who is told of a broken catalogue (the command line: one stderr line), and of
# which ones it was told already: a run chooses its language more than once.
_told: tuple[Callable[[str], None], set[str]] | None = None


def _catalogue(language: str) -> gettext.NullTranslations:
    """The catalogue of `language` in LOCALE_DIR; English when there is none,
    and when the one there cannot be read, of which `chosen`'s `warn` is told
    once, in English: the catalogue that would translate it is the broken one."""
    try:
        return gettext.translation(
            DOMAIN, localedir=LOCALE_DIR, languages=[language], fallback=True
        )
    except _BROKEN as error:
        where = gettext.find(DOMAIN, localedir=LOCALE_DIR, languages=[language])
        where = where or str(LOCALE_DIR)
        if _told is not None and where not in _told[1]:
            _told[1].add(where)
            why = getattr(error, "strerror", None) or error
            _told[0](
                f"docs-check: warning: {where}: cannot read the {language} catalogue ({why}); "
                "showing English"
            )
        return gettext.NullTranslations()


@contextmanager
def chosen(language: str | None = None, warn: Callable[[str], None] | None = None) -> Iterator[str]:
    """`use(language)` for the body, then the language before: a run in-process
    (a test, a caller of checker.cli.run) leaves no language behind. `warn`:
    what is told of a catalogue that cannot be read, in the body (once each);
    without it, whoever an enclosing `chosen` names, else nobody."""
    global _translations, _told
    before, told = _translations, _told
    if warn is not None:
        _told = (warn, set())
    try:
        yield use(language)
    finally:
        _translations, _told = before, told


def shown_language() -> str:
    """The language text is shown in now: the catalogue's (`zh`), else `en`
    (no catalogue chosen, or one that could not be read)."""
    return str(_translations.info().get("language") or "en")


def _(text: str) -> str:
    # gettext("") is the catalogue's header, not an empty text
    return _translations.gettext(text) if text else text


def ngettext(singular: str, plural: str, count: int) -> str:
    return _translations.ngettext(singular, plural, count)


def N_(text: str) -> str:  # gettext's name for "marked, translated later"
    """Marks `text` for extraction; it is translated where it is shown."""
    return text


class Message(str):
    """A message as the model keeps it: the English text, plus the template and
    the arguments it was formatted from, for `say` to translate. Equal to, and
    hashed as, its English text."""

    template: str
    args: Mapping[str, Any]

    def __new__(cls, template: str, args: Mapping[str, Any]) -> Message:
        made = super().__new__(cls, template.format(**args))
        made.template = template
        made.args = dict(args)
        return made

    def __reduce__(self) -> tuple[Any, ...]:
        return (Message, (self.template, dict(self.args)))


def message(template: str, **args: Any) -> Message:
    """`template` (marked with N_ where it is written, for extraction)
    formatted with `args`; an argument that is itself a Message is translated
    with it."""
    return Message(template, args)


def joined(items: Sequence[str], template: str) -> str:
    """`items` one after the other, each put after those before by `template`
    (marked with N_ where it is written; `{first}` and `{then}`, as
    N_("{first}, {then}")), so that the separator is translated with them; ""
    for none."""
    if not items:
        return ""
    said = items[0]
    for then in items[1:]:
        said = message(template, first=said, then=then)
    return said


def labelled(head: str, rest: str) -> str:
    """`head: rest` with the run's language's colon (`head：rest` in Chinese)."""
    return _("{head}: {rest}").format(head=head, rest=rest)


def say(text: str) -> str:
    """`text` in the chosen language: a Message from its template, a plain
    string as the catalogue has it (or as it is). Arguments are shown as given,
    but for Messages among them."""
    if isinstance(text, Message):
        args = {name: say(value) if isinstance(value, Message) else value
                for name, value in text.args.items()}  # fmt: skip
        return _(text.template).format(**args)
    return _(text)
