"""The PyTorch versions a page names as text (checker.read.mentions): each
mention with its line, kind, text as written and version."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.model.support import Mention
from checker.read.mentions import _linked
from tests.helpers import read_page


def test_mentions_say_what_they_are_and_where() -> None:
    page = read_page(
        "# PyTorch 2.12.0版本\n\n介绍PyTorch 2.12.0与PyTorch2.11.0的[文档](https://pytorch.org/docs/2.12/)。\n",
        "PyTorch-2-12-0.md",
    )
    assert page.mentions == (
        Mention(1, "title", "PyTorch 2.12.0", "2.12.0"),
        Mention(3, "link", "https://pytorch.org/docs/2.12/", "2.12"),
        Mention(3, "text", "PyTorch 2.12.0", "2.12.0"),
        Mention(3, "text", "PyTorch2.11.0", "2.11.0"),
    )


# The link pattern as one regex, scheme and `docs.` tried at every character:
# what the reader finds, with its fixed text searched first (_linked).
WHOLE_LINK = re.compile(
    r"(?:https?://)?(?:docs\.)?pytorch\.org/docs/([^/\s()\[\]<>\"']+)/[^\s()<>\"']*"
)
PIECES = ["https://", "http://", "docs.", "pytorch.org/docs/", "2.1", "/", "x", " ", "(", "<", "'"]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=14).map("".join))
def test_links_are_found_as_the_whole_pattern_finds_them(line: str) -> None:
    expected = [(m.group(0), m.group(1)) for m in WHOLE_LINK.finditer(line)]
    assert _linked(line) == expected


def test_a_link_is_taken_with_its_scheme_and_docs_host() -> None:
    line = "https://docs.pytorch.org/docs/2.1/a(docs.pytorch.org/docs/2.2/b https://https://pytorch.org/docs/2.3/"
    assert _linked(line) == [
        ("https://docs.pytorch.org/docs/2.1/a", "2.1"),
        ("docs.pytorch.org/docs/2.2/b", "2.2"),
        ("https://pytorch.org/docs/2.3/", "2.3"),
    ]
