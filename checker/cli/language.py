"""--lang, declared once: the language of a run's messages and help, which the
group (checker.cli.translated.TranslatedGroup) gives every command, read from
the arguments before click parses them too (checker.cli.run), and whether it
was given (checker.cli.output: a format with a language of its own)."""

from __future__ import annotations

from collections.abc import Sequence

import click

from checker.i18n import use

# Where --lang records that it was given, in the click contexts' shared `meta`
# (given to the group or the command alike).
_LANG_GIVEN = "docs_check.lang_given"


def _language(context: click.Context, parameter: click.Parameter, value: str | None) -> None:
    """Eager, so that the help it comes before is shown in it too."""
    if value is not None:
        context.meta[_LANG_GIVEN] = True
        use(value)


def language_asked(args: Sequence[str]) -> str | None:
    """The language the command line's --lang names, read before click parses
    it, so that a usage error click finds first (`docs-check lint --bad --lang
    zh`, where click never gets to --lang) is shown in it too; the callback
    then chooses the same. The last one wins, as with click; none after `--`;
    a value that is no choice is click's to report."""
    asked = None
    for index, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and index + 1 < len(args):
            value = args[index + 1]
        elif arg.startswith("--lang="):
            value = arg.removeprefix("--lang=")
        else:
            continue
        asked = value if value in ("zh", "en") else asked
    return asked


def language_given() -> bool:
    """--lang was given: a format with a language of its own (pr) then follows it."""
    context = click.get_current_context(silent=True)
    return context is not None and bool(context.meta.get(_LANG_GIVEN))


# One object, which the group (checker.cli.translated.TranslatedGroup) takes
# and gives every command: `docs-check --lang zh lint` and `docs-check lint --lang zh`.
lang_option = click.Option(
    ["--lang"],
    type=click.Choice(["zh", "en"]),
    is_eager=True,
    expose_value=False,
    callback=_language,
    help="Language of messages and help (default: the locale's, from LANGUAGE, LC_ALL, "
    "LC_MESSAGES or LANG: zh for zh_*, else en).",
)
