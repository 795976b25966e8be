"""Markdown building blocks the reports share: table rows, code spans and
plain text that survive the characters Markdown gives meaning to."""

from __future__ import annotations

import re

_SPECIAL = re.compile(r"([\\`*\[\]<>|&])")


def row(*cells: str) -> str:
    return "| " + " | ".join(cells) + " |"


def fenced(lines: list[str]) -> list[str]:
    longest = max((len(run) for line in lines for run in re.findall("`+", line)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence + "text", *lines, fence]


def text(text: str) -> str:
    """Plain text for a paragraph or a table cell: markup characters escaped."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def code(text: str) -> str:
    """A code span that survives backticks in the text and a table's `|`."""
    text = " ".join(text.split())
    ticks = "`" * (max((len(run) for run in re.findall("`+", text)), default=0) + 1)
    padded = f" {text} " if text.startswith("`") or text.endswith("`") else text
    return ticks + padded.replace("|", "\\|") + ticks
