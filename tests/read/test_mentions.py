"""The PyTorch versions a page names as text (checker.read.mentions): each
mention with its line, kind, text as written and version."""

from __future__ import annotations

from checker.model.support import Mention
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
