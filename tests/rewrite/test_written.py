"""What a page says, as a rewrite read back compares it
(checker.rewrite.written.said): each entry's API and status, and only what
else the caller names as kept."""

from __future__ import annotations

from checker.model.support import Status, Support
from checker.rewrite.written import said
from tests.helpers import read_page

PAGE = "# t\n\n## torch.a\n\n**是否支持**：是\n\n## torch.b\n\n**是否支持**：否\n"
YES, NO = Status(rest=Support.SUPPORTED), Status(rest=Support.UNSUPPORTED)


def test_said_is_each_entry_api_and_status_in_order() -> None:
    assert said(read_page(PAGE)) == [("torch.a", YES), ("torch.b", NO)]


def test_said_sees_a_status_changed() -> None:
    flipped = read_page(PAGE.replace("：否", "：是"))
    assert said(flipped) != said(read_page(PAGE))


def test_written_otherwise_says_the_same_unless_raw_is_kept() -> None:
    marked = read_page(PAGE.replace("：是", "：**是**"))
    assert said(marked) == said(read_page(PAGE))
    assert said(marked, "raw") != said(read_page(PAGE), "raw")


def test_moved_says_the_same_unless_line_is_kept() -> None:
    moved = read_page(PAGE.replace("# t\n", "# t\n\nintro\n"))
    assert said(moved) == said(read_page(PAGE))
    assert said(moved, "line") != said(read_page(PAGE), "line")
    assert said(moved, "line", "raw")[0] == ("torch.a", YES, 5, "**是否支持**：是")
