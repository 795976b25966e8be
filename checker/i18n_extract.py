"""Babel's extraction method for the texts that no gettext call in the source
names, read from the objects they are shown from: the command line's help
(click docstrings and `help=` strings, checker.cli.translated.help_texts) and
the registry's summaries, explanations, fixes and automatic fixes (checker.checks.registry).
babel.cfg maps this file to `extract`; the rest of checker/ goes through
Babel's python extractor (`N_`, `_`, `ngettext`). The command is in
docs/internals.md; tests/test_i18n.py checks that the catalogue is current."""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from checker.checks.registry import CHECKS
from checker.cli import cli
from checker.cli.translated import help_texts

# (line, function, message, comments), as Babel's extraction methods yield them
Extracted = tuple[int, str | None, str, list[str]]


def extract(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[Extracted]:
    """The signature Babel calls; the file itself holds none of these texts."""
    for text in shown_texts():
        yield 0, None, text, []


def shown_texts() -> Iterator[str]:
    yield from help_texts(cli)
    for check in CHECKS:
        texts = (check.summary, check.explanation, check.fix, check.autofix)
        yield from (text for text in texts if text)
