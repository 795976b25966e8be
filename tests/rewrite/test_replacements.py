"""Line replacements and fixes as checker.rewrite.replacements applies them: each
line keeps its ending (CRLF, none at the end of the page), ranges are
replaced bottom-up whatever order they come in, and a fix is made whole or
not at all."""

from __future__ import annotations

import pytest

from checker.errors import DataError
from checker.model.edit import Edit
from checker.rewrite.replacements import Replacement, fixed, replaced

PAGE = ["one\r\n", "two\r\n", "three\r\n", "four"]  # CRLF, no final newline


def test_replaced_keeps_crlf_and_the_missing_final_newline() -> None:
    result = replaced(PAGE, [Replacement(2, 2, ("TWO",)), Replacement(4, 4, ("FOUR", "4"))])
    assert result == "one\r\nTWO\r\nthree\r\nFOUR\r\n4"


def test_replaced_lines_take_the_page_ending_when_theirs_has_none() -> None:
    assert replaced(["a\n", "b"], [Replacement(2, 2, ("x", "y"))]) == "a\nx\ny"
    assert replaced(["a\r\n", "b\r\n"], [Replacement(1, 2, ("z",))]) == "z\r\n"


def test_replaced_bottom_up_whatever_the_order_given() -> None:
    # The first replacement changes the number of lines: made first, it would
    # move the lines the second one names.
    grow = Replacement(1, 1, ("1a", "1b", "1c"))
    shrink = Replacement(3, 4, ("34",))
    expected = "1a\r\n1b\r\n1c\r\ntwo\r\n34"
    assert replaced(PAGE, [grow, shrink]) == expected
    assert replaced(PAGE, [shrink, grow]) == expected


def test_replaced_deletes_lines() -> None:
    assert replaced(PAGE, [Replacement(2, 3, ())]) == "one\r\nfour"


@pytest.mark.parametrize(
    "replacements",
    [
        [Replacement(1, 2, ("x",)), Replacement(2, 3, ("y",))],
        [Replacement(2, 3, ("y",)), Replacement(1, 2, ("x",))],
        [Replacement(3, 3, ("y",)), Replacement(1, 4, ("x",))],
    ],
)
def test_overlapping_replacements_raise(replacements: list[Replacement]) -> None:
    with pytest.raises(DataError, match="overlap"):
        replaced(PAGE, replacements)


def test_a_replacement_off_the_page_raises() -> None:
    with pytest.raises(DataError, match="not on the page"):
        replaced(PAGE, [Replacement(4, 5, ("x",))])


ROWS = ["| A2 | ✗ |\n", "| A3 | 是 |\n", "<!-- end id9 -->\n"]


def test_a_fix_is_applied_whole() -> None:
    fix = (Edit(1, "✗", "✘"), Edit(2, "是", "✔"))
    made = fixed(ROWS, [fix])
    assert made.applied == (0,) and made.skipped == ()
    assert replaced(ROWS, made.replacements) == "| A2 | ✘ |\n| A3 | ✔ |\n<!-- end id9 -->\n"


def test_a_fix_with_one_edit_that_no_longer_fits_is_not_applied_at_all() -> None:
    # its first edit fits, its second names text line 3 does not hold
    fix = (Edit(1, "✗", "✘"), Edit(3, "id2", "id7"))
    made = fixed(ROWS, [fix, (Edit(2, "是", "✔"),)])
    assert made.applied == (1,) and made.skipped == (0,)
    assert replaced(ROWS, made.replacements) == "| A2 | ✗ |\n| A3 | ✔ |\n<!-- end id9 -->\n"


def test_a_fix_whose_text_is_gone_or_whose_line_is_not_there_is_skipped() -> None:
    made = fixed(ROWS, [(Edit(1, "×", "✘"),), (Edit(9, "✗", "✘"),), (Edit(0, "✗", "✘"),)])
    assert made.applied == () and made.skipped == (0, 1, 2)
    assert made.replacements == ()


def test_a_fix_repeated_counts_as_applied_once_made() -> None:
    # Two findings can carry the same fix (a duplicate id's start and end);
    # after the first, the text is gone, yet the second was made with it.
    fix = (Edit(3, "id9", "id2"),)
    made = fixed(ROWS, [fix, fix])
    assert made.applied == (0, 1) and made.skipped == ()
    assert made.replacements == (Replacement(3, 3, ("<!-- end id2 -->",)),)


def test_a_repeated_fix_of_a_skipped_one_is_skipped_too() -> None:
    fix = (Edit(3, "id5", "id2"),)
    assert fixed(ROWS, [fix, fix]).skipped == (0, 1)


def test_edits_on_one_line_compose() -> None:
    line = ["[a](https://pytorch.org/docs/2.11/a.html) [b](https://pytorch.org/docs/2.10/b.html)\n"]
    fixes = [
        (Edit(1, "https://pytorch.org/docs/2.11/a.html", "https://pytorch.org/docs/2.12/a.html"),),
        (Edit(1, "https://pytorch.org/docs/2.10/b.html", "https://pytorch.org/docs/2.12/b.html"),),
    ]
    made = fixed(line, fixes)
    assert made.applied == (0, 1)
    assert replaced(line, made.replacements) == (
        "[a](https://pytorch.org/docs/2.12/a.html) [b](https://pytorch.org/docs/2.12/b.html)\n"
    )


def test_an_edit_sees_the_line_as_the_fixes_before_it_left_it() -> None:
    # the second fix's text exists only once the first is made
    made = fixed(["id9\n"], [(Edit(1, "id9", "id2"),), (Edit(1, "id2", "id7"),)])
    assert made.applied == (0, 1)
    assert replaced(["id9\n"], made.replacements) == "id7\n"


def test_a_skipped_fix_leaves_no_part_of_itself_for_the_next() -> None:
    # fix 0 changes line 1 then fails on line 2: fix 1 must see line 1 unchanged
    made = fixed(ROWS, [(Edit(1, "✗", "X"), Edit(2, "nope", "")), (Edit(1, "✗", "✘"),)])
    assert made.applied == (1,) and made.skipped == (0,)
    assert replaced(ROWS, made.replacements).startswith("| A2 | ✘ |\n")


def test_a_one_line_page_without_an_ending_gets_newlines_between_new_lines() -> None:
    assert replaced(["x"], [Replacement(1, 1, ("a", "b"))]) == "a\nb"


@pytest.mark.parametrize("ending", ["\r\n", "\r", "\n"])
def test_new_lines_take_the_page_s_ending_between_them(ending: str) -> None:
    lines = [f"a{ending}", f"b{ending}"]
    assert replaced(lines, [Replacement(1, 1, ("x", "y"))]) == f"x{ending}y{ending}b{ending}"
