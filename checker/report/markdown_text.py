"""A Markdown table's row, which the Markdown reports share; its cells are
escaped by their writer (checker.report.escape)."""

from __future__ import annotations


def row(*cells: str) -> str:
    return "| " + " | ".join(cells) + " |"
