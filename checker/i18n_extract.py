"""Babel's extraction method for the texts that no gettext call in the source
names, read from the objects they are shown from: the command line's help
(click docstrings and `help=` strings, checker.cli.translated.help_texts),
click's own messages of a usage error (checker.cli.translated's CLICK_MESSAGES
and CLICK_PLURALS) and
the registry's summaries, explanations, fixes and automatic fixes (checker.ids.registry).
babel.cfg maps this file to `extract`; the rest of checker/ goes through
Babel's python extractor (`N_`, `_`, `ngettext`). The command is in
docs/internals.md; tests/test_i18n.py checks that the catalogue is current."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from checker.cli import cli
from checker.cli.translated import CLICK_MESSAGES, CLICK_PLURALS, help_texts
from checker.ids.registry import CHECKS

# (line, function, message, comments), as Babel's extraction methods yield
# them; a message with a plural is (singular, plural), from "ngettext"
Extracted = tuple[int, str | None, str | tuple[str, str], list[str]]


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """The signature Babel calls; the file itself holds none of these texts."""
    for text in shown_texts():
        yield 0, None, text, []
    for plural in CLICK_PLURALS:
        yield 0, "ngettext", plural, []


def shown_texts() -> Iterator[str]:
    yield from help_texts(cli)
    yield from CLICK_MESSAGES
    for check in CHECKS:
        texts = (check.summary, check.explanation, check.fix, check.autofix)
        yield from (text for text in texts if text)
