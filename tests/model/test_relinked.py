"""A version a page names, made to name another (checker.model.relinked)."""

from __future__ import annotations

from checker.model.relinked import with_version
from checker.model.support import Mention


def test_a_link_takes_another_version_in_its_version_part_only() -> None:
    link = Mention(1, "link", "https://pytorch.org/docs/2.12/notes/2.12-cuda.html", "2.12")
    assert with_version(link, "2.13") == "https://pytorch.org/docs/2.13/notes/2.12-cuda.html"
    title = Mention(1, "title", "PyTorch 2.12.0", "2.12.0")
    assert with_version(title, "2.13.0") == "PyTorch 2.13.0"
