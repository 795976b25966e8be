"""Every link of README.md and docs/*.md to a page of these docs goes to a file
that exists and, with an anchor, to a heading that page has (GitHub's
anchors: the heading lower-cased, punctuation but `-` and `_` dropped, blanks
as `-`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.docs.examples import blocks, documents
from tests.helpers import REPO

LINK = re.compile(r"\]\(([^)\s]+?\.md)?(#[^)\s]+)?\)")


def anchors(page: Path) -> set[str]:
    lines = page.read_text(encoding="utf-8").splitlines()
    fenced = {i for b in blocks(lines) for i in range(b.line - 1, b.end + 1)}
    found = set()
    for index, line in enumerate(lines):
        heading = re.match(r"#{1,6} (.*)", line)
        if heading and index not in fenced:
            text = re.sub(r"[^\w\- ]", "", heading[1].strip().lower())
            found.add("#" + text.replace(" ", "-"))
    return found


def links(page: Path) -> list[tuple[Path, str | None]]:
    text = page.read_text(encoding="utf-8")
    found = []
    for target, anchor in LINK.findall(text):
        if target.startswith(("http:", "https:")):
            continue
        found.append(((page.parent / target).resolve() if target else page, anchor or None))
    return found


@pytest.mark.parametrize("page", documents(REPO), ids=lambda p: p.relative_to(REPO).as_posix())
def test_every_link_into_the_docs_lands(page: Path) -> None:
    broken = [
        f"{target.relative_to(REPO)}{anchor or ''}"
        for target, anchor in links(page)
        if not target.is_file() or (anchor and anchor not in anchors(target))
    ]
    assert broken == []
