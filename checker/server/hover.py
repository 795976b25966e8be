"""The hover on an API's heading or row: what `show` prints of that API over
the docs tree (every version and language: app/show's `shown_of`, written
by report/show), the expectation of each rule that names it, and the link of
each version's entry into the PyTorch docs (its 原生文档 link)."""

from __future__ import annotations

from collections.abc import Sequence

from checker.app.show import shown_of
from checker.i18n import N_, message, say
from checker.model.catalogue import Catalogue
from checker.model.support import Entry, Page
from checker.outcome import Command, Outcome
from checker.report.show import as_text


def entry_at(page: Page, line: int) -> Entry | None:
    """The entry whose heading or row is at `line` (1-based) or above it,
    nearest: the one the line belongs to."""
    above = [entry for entry in page.entries if entry.line <= line]
    return max(above, key=lambda entry: entry.line) if above else None


def hover_text(
    entry: Entry, pages: Sequence[Page], catalogue: Catalogue, rules: Sequence[str]
) -> str:
    """Markdown: the API, `show`'s lines, its rules, its PyTorch docs links."""
    shown = shown_of(entry.api, pages, catalogue)
    lines = [f"**{entry.api}**", "", "```text", as_text(Outcome(Command.SHOW, shown, ())).rstrip()]
    lines += ["```"]
    if rules:
        lines += ["", *(f"- {say(rule)}" for rule in rules)]
    links = {e.version: e.link.url for e in shown.entries if e.link is not None}
    if links:
        said = N_("PyTorch {version} docs")
        lines += [""] + [
            f"- [{say(message(said, version=version))}]({url})" for version, url in links.items()
        ]
    return "\n".join(lines) + "\n"
