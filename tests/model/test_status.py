"""The status normaliser (checker.model.status) with the shipped catalogue.

Expected values are what the docs mean: `是，暂不支持<term>Ascend 950DT</term>`
is "supported everywhere in scope except Ascend 950"; a product nobody names is
"unstated", never guessed."""

from __future__ import annotations

import dataclasses

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.finding import Problem
from checker.model.status import Reading, read_mark, read_status
from checker.model.support import UNSTATED, Status, Support

S, U = Support.SUPPORTED, Support.UNSUPPORTED
SUP, UNS = "supported", "unsupported"

A2 = "<term>Atlas A2 训练系列产品</term>"
A3 = "<term>Atlas A3 训练系列产品</term>"
D950 = "<term>Ascend 950DT</term>"


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


def expanded(text: str, catalogue: Catalogue) -> dict[str, str]:
    reading = read_status(text, catalogue)
    assert reading.problems == (), reading.problems
    assert reading.status is not None
    return reading.status.over(catalogue.scope)


# -- yes, except some products -------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        f"是，暂不支持{D950}",
        f"是，暂不支持 {D950}",
        "是，暂不支持Ascend 950DT",
        "是，暂不支持 Ascend 950DT",
        "是, 暂不支持 Ascend 950DT",  # ASCII comma
        f"是，暂不支持{D950}。",  # closing full stop
        "是，暂不支持ascend 950dt",  # names compare without case
        f"**是**，暂不支持{D950}",  # emphasis left in
        "Yes, not supported on Ascend 950DT",
    ],
)
def test_yes_except_950(text: str, catalogue: Catalogue) -> None:
    assert expanded(text, catalogue) == {"atlas-a2": SUP, "atlas-a3": SUP, "ascend-950": UNS}


def test_yes_except_950_keeps_the_exception_named(catalogue: Catalogue) -> None:
    status = read_status(f"是，暂不支持{D950}", catalogue).status
    assert status == Status(named=(("ascend-950", U),), rest=S)
    assert status.products == ("ascend-950",)
    assert status.of("ascend-950") is U
    assert status.of("atlas-a2") is S
    # a product outside the default scope is still covered by "rest"
    assert status.of("atlas-train") is S


def test_yes_except_two_products(catalogue: Catalogue) -> None:
    assert expanded(f"是，暂不支持{D950}、{A3}", catalogue) == {
        "atlas-a2": SUP,
        "atlas-a3": UNS,
        "ascend-950": UNS,
    }


EXCEPT_950 = Status(named=(("ascend-950", U),), rest=S)


@pytest.mark.parametrize(
    "text",
    [
        "是，不支持 Ascend 950DT",  # 不支持 without 暂
        f"是，不支持{D950}",
        "Yes, not supported by Ascend 950DT",
        "Yes, except Ascend 950DT",
        "Yes, but not Ascend 950DT",
        "Supported, except <term>Ascend 950DT</term>",
        "YES, EXCEPT ASCEND 950DT",  # openers compare without case
        "Yes, notsupported on Ascend 950DT",  # nor spaces
        "是；暂不支持 Ascend 950DT",  # full-width semicolon
        "Yes; not supported on Ascend 950DT",
    ],
)
def test_every_exception_opener_reads_yes_except_950(text: str, catalogue: Catalogue) -> None:
    reading = read_status(text, catalogue)
    assert reading == Reading(EXCEPT_950)


@pytest.mark.parametrize(
    "text",
    [
        "No, except Ascend 950DT",
        "No, except <term>Ascend 950DT</term>",
        "Not supported, except Ascend 950DT.",
        "否，except Ascend 950DT",
    ],
)
def test_no_except_supports_what_it_lists(text: str, catalogue: Catalogue) -> None:
    # `except` says the opposite of its base word: no, but yes on 950
    reading = read_status(text, catalogue)
    assert reading == Reading(Status(named=(("ascend-950", S),), rest=U))


def test_a_denying_opener_denies_whatever_the_base_word(catalogue: Catalogue) -> None:
    # 暂不支持 says "not supported" itself: after 否 it denies 950 too
    reading = read_status(f"否，暂不支持{D950}", catalogue)
    assert reading == Reading(Status(named=(("ascend-950", U),), rest=U))


def test_except_after_a_product_claim_says_its_opposite(catalogue: Catalogue) -> None:
    reading = read_status(f"{A2}：否，except {D950}", catalogue)
    assert reading == Reading(Status(named=(("atlas-a2", U), ("ascend-950", S)), rest=None))


# -- only some products: those supported, every other product in scope not ------


ONLY_950 = Status(named=(("ascend-950", S),), rest=U)


@pytest.mark.parametrize(
    "text",
    [
        f"仅支持{D950}",  # as the v26.1.0 tags' row-per-API tables write it
        "仅支持Ascend 950DT",
        "仅支持 Ascend 950DT。",
        f"**仅支持**{D950}",
        "Only Ascend 950DT",
        f"only {D950}.",
        "Only supported on Ascend 950DT",
        "Supported only on Ascend 950DT",
        "only supported by <term>Ascend 950DT</term>",
    ],
)
def test_only_supports_what_it_lists_and_denies_the_rest(text: str, catalogue: Catalogue) -> None:
    reading = read_status(text, catalogue)
    assert reading == Reading(ONLY_950)
    assert reading.status is not None
    assert reading.status.over(catalogue.scope) == {
        "atlas-a2": UNS,
        "atlas-a3": UNS,
        "ascend-950": SUP,
    }


def test_only_two_products(catalogue: Catalogue) -> None:
    reading = read_status(f"仅支持{A3}、{D950}", catalogue)
    assert reading == Reading(Status(named=(("atlas-a3", S), ("ascend-950", S)), rest=U))


@pytest.mark.parametrize(
    "text",
    [
        "仅支持",  # only what?
        "仅支持fp32",  # a restriction, not a product
        f"仅支持{D950}等",  # a tail that is no product
        f"是，仅支持{D950}",  # yes everywhere, and only on 950: which?
        f"仅支持{D950}，是",
        f"{A2}：仅支持",
    ],
)
def test_only_without_a_product_list_is_unreadable(text: str, catalogue: Catalogue) -> None:
    assert read_status(text, catalogue) == Reading(
        None, (Problem("status-unreadable", f"cannot read support status {text!r}"),)
    )


def test_only_with_an_unknown_product_is_reported(catalogue: Catalogue) -> None:
    reading = read_status("仅支持<term>Ascend 990</term>", catalogue)
    assert reading.problems == (Problem("unknown-product", "unknown product 'Ascend 990'"),)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("Yes, except Ascend 950DT.", EXCEPT_950),
        ("Yes, except Ascend 950DT。", EXCEPT_950),
        ("是，暂不支持 Atlas A3 训练系列产品、Ascend 950DT.", None),
        (f"{A2}：是.", Status(named=(("atlas-a2", S),))),
        (f"{A2}：是。{A3}：否.", Status(named=(("atlas-a2", S), ("atlas-a3", U)))),
        ("Yes.", Status(rest=S)),
    ],
)
def test_a_closing_full_stop_is_read_everywhere(
    text: str, status: Status | None, catalogue: Catalogue
) -> None:
    reading = read_status(text, catalogue)
    assert reading.problems == ()
    if status is None:  # two products excepted
        assert reading.status is not None and reading.status.rest == S
        assert reading.status.named == (("atlas-a3", U), ("ascend-950", U))
    else:
        assert reading.status == status


@pytest.mark.parametrize(
    "text",
    [
        "是，暂不支持<TERM>Ascend 950DT</TERM>",  # the tag in capitals
        "是，暂不支持<Term>Ascend 950DT</Term>",
        "是，暂不支持<term>Ascend\n950DT</term>",  # the name broken across lines
        "是，暂不支持<term>\n  Ascend 950DT\n</term>",
    ],
)
def test_term_markup_in_any_case_and_across_lines(text: str, catalogue: Catalogue) -> None:
    assert read_status(text, catalogue) == Reading(EXCEPT_950)


@pytest.mark.parametrize("separator", ["、", "/", "&", "&amp;", "和", " 和 ", " & "])
def test_exception_list_separators(separator: str, catalogue: Catalogue) -> None:
    text = f"是，暂不支持 Atlas A3 训练系列产品{separator}Ascend 950DT"
    assert read_status(text, catalogue) == Reading(
        Status(named=(("atlas-a3", U), ("ascend-950", U)), rest=S)
    )


# -- plain words ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "support"),
    [
        ("是", S),
        ("否", U),
        ("Yes", S),
        ("No", U),
        ("yes", S),
        ("NO", U),
        ("支持", S),
        ("不支持", U),
        ("Supported", S),
        ("Not supported", U),
        ("Not Supported", U),
        ("y", S),
        ("Y", S),
        ("n", U),
        ("N", U),
        ("unsupported", U),
        ("Unsupported", U),
        ("notsupported", U),
        ("Yes.", S),  # a closing full stop, ASCII
        ("Supported.", S),
        ("No.", U),
        ("否。", U),
        (" 是 ", S),
        ("是。", S),
        ("&#26159;", S),  # 是 as an HTML entity
    ],
)
def test_plain_words_speak_for_the_whole_scope(
    text: str, support: Support, catalogue: Catalogue
) -> None:
    reading = read_status(text, catalogue)
    assert reading.problems == ()
    assert reading.status == Status(named=(), rest=support)
    assert reading.status.over(catalogue.scope) == dict.fromkeys(catalogue.scope, support.value)


def test_plain_word_follows_the_scope_it_is_expanded_over(catalogue: Catalogue) -> None:
    status = read_status("是", catalogue).status
    assert status is not None
    assert status.over(("atlas-a2",)) == {"atlas-a2": SUP}
    assert status.over(("atlas-train", "atlas-infer")) == {"atlas-train": SUP, "atlas-infer": SUP}


# -- per-product statements ----------------------------------------------------


def test_per_product_with_exception(catalogue: Catalogue) -> None:
    text = f"{A2}：是，{A3}：否，暂不支持{D950}"
    reading = read_status(text, catalogue)
    assert reading.problems == ()
    assert reading.status == Status(
        named=(("atlas-a2", S), ("atlas-a3", U), ("ascend-950", U)), rest=None
    )


def test_per_product_without_term_markup(catalogue: Catalogue) -> None:
    text = "Atlas A2 训练系列产品：是，Atlas A3训练系列产品：否"
    assert expanded(text, catalogue) == {"atlas-a2": SUP, "atlas-a3": UNS, "ascend-950": UNSTATED}


def test_per_product_english(catalogue: Catalogue) -> None:
    text = (
        "<term>Atlas A2 Training Series Products</term>: Yes, "
        "<term>Atlas A3 Training Series Products</term>: No"
    )
    assert expanded(text, catalogue) == {"atlas-a2": SUP, "atlas-a3": UNS, "ascend-950": UNSTATED}


@pytest.mark.parametrize("separator", ["/", "、", " / ", "&", " & ", "和", " 和 ", "\t/\t"])
def test_product_list_leaves_the_third_product_unstated(
    separator: str, catalogue: Catalogue
) -> None:
    reading = read_status(f"{A2}{separator}{A3}：是", catalogue)
    assert reading.problems == ()
    assert reading.status == Status(named=(("atlas-a2", S), ("atlas-a3", S)), rest=None)
    assert reading.status.over(catalogue.scope) == {
        "atlas-a2": SUP,
        "atlas-a3": SUP,
        "ascend-950": UNSTATED,
    }


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ("Atlas A2：是；Atlas A3：否", (("atlas-a2", S), ("atlas-a3", U))),  # full-width ；
        ("Atlas A2: Yes; Atlas A3: No", (("atlas-a2", S), ("atlas-a3", U))),
        ("Atlas A2: y, Atlas A3: n", (("atlas-a2", S), ("atlas-a3", U))),
        ("Atlas A2: Yes., Atlas A3: unsupported", (("atlas-a2", S), ("atlas-a3", U))),
        ("Atlas A2 训练系列产品 ： 是", (("atlas-a2", S),)),  # spaces around the colon
        # the slash inside this name does not split it into two products
        ("Atlas 200I/500 A2 推理产品：是", (("atlas-200i-500-a2", S),)),
        ("<term>Atlas 200I/500 A2 推理产品</term>：否", (("atlas-200i-500-a2", U),)),
    ],
)
def test_per_product_claims(
    text: str, named: tuple[tuple[str, Support], ...], catalogue: Catalogue
) -> None:
    assert read_status(text, catalogue) == Reading(Status(named=named, rest=None))


def test_one_product_named_leaves_the_others_unstated(catalogue: Catalogue) -> None:
    assert expanded(f"{D950}：不支持", catalogue) == {
        "atlas-a2": UNSTATED,
        "atlas-a3": UNSTATED,
        "ascend-950": UNS,
    }


# -- what cannot be read -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        # a status that lost its leading 是: says nothing of the other products
        f"，暂不支持{D950}",
        "，暂不支持 Ascend 950DT",
        "暂不支持 Ascend 950DT",
        f"暂不支持{D950}",
        "Not supported on Ascend 950DT",
        # an exception opener with no product after it
        "是，暂不支持",
        "是，不支持",
        "Yes, except",
        # an exception list with a tail that is no product
        "是，暂不支持 Ascend 950DT 等",
        f"是，暂不支持{D950}等产品",
        # a name the catalogue does not know, not marked as a product by <term>
        "是，暂不支持 Ascend 990",
        # two verdicts for the whole scope
        "是，否",
        # no status word at all
        "maybe",
        "待定",
        "是，也许",
        f"{A2}：也许",
        f"{A2}",  # a product and no verdict
        # a product claim needs a colon between the products and the verdict
        f"{A2} - 是",
        "Atlas A2 = 是",
        # products listed without a separator
        f"{A2}{A3}：是",
        "Atlas A2 Atlas A3：是",
        # a 是 after the products' claims is not a verdict for the rest
        f"{A2}：否，是",
    ],
)
def test_unreadable_status_is_a_problem_not_a_guess(text: str, catalogue: Catalogue) -> None:
    # the problem quotes the status as written, markup and all
    assert read_status(text, catalogue) == Reading(
        None, (Problem("status-unreadable", f"cannot read support status {text!r}"),)
    )


@pytest.mark.parametrize("text", ["", "   ", "，", "<b></b>"])
def test_empty_status_is_unreadable(text: str, catalogue: Catalogue) -> None:
    assert read_status(text, catalogue) == Reading(
        None, (Problem("status-unreadable", "empty support status"),)
    )


def test_unreadable_message_quotes_the_text(catalogue: Catalogue) -> None:
    (problem,) = read_status("maybe\nlater", catalogue).problems
    assert "maybe later" in problem.message  # white space folded into one line
    assert "\n" not in problem.message


def test_a_reading_cannot_be_changed_once_made(catalogue: Catalogue) -> None:
    reading = read_status("是", catalogue)
    with pytest.raises(dataclasses.FrozenInstanceError):
        reading.status = None  # type: ignore[misc]


# -- unknown products ----------------------------------------------------------


def test_unknown_term_in_a_product_claim(catalogue: Catalogue) -> None:
    reading = read_status("<term>Atlas Z9 训练系列产品</term>：是", catalogue)
    assert [p.rule for p in reading.problems] == ["unknown-product"]
    assert "Atlas Z9 训练系列产品" in reading.problems[0].message
    # nothing is claimed for a product the catalogue does not know
    assert reading.status is not None
    assert reading.status.over(catalogue.scope) == dict.fromkeys(catalogue.scope, UNSTATED)


@pytest.mark.parametrize(
    "text",
    ["<TERM>Atlas Z9</TERM>：是", "<term>Atlas Z9</term>: Yes", "<term> Atlas Z9 </term>：是"],
)
def test_unknown_term_is_named_in_the_problem(text: str, catalogue: Catalogue) -> None:
    assert read_status(text, catalogue) == Reading(
        Status(named=(), rest=None), (Problem("unknown-product", "unknown product 'Atlas Z9'"),)
    )


def test_unknown_term_in_an_exception_list(catalogue: Catalogue) -> None:
    reading = read_status(f"是，暂不支持{D950}、<term>Ascend 990</term>", catalogue)
    assert [p.rule for p in reading.problems] == ["unknown-product"]
    assert "Ascend 990" in reading.problems[0].message
    assert reading.status == Status(named=(("ascend-950", U),), rest=S)


def test_known_and_unknown_products_in_one_list(catalogue: Catalogue) -> None:
    reading = read_status(f"{A2}/<term>Atlas Z9</term>：否", catalogue)
    assert [p.rule for p in reading.problems] == ["unknown-product"]
    assert reading.status == Status(named=(("atlas-a2", U),), rest=None)


# -- table marks ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("cell", "support"),
    [
        ("✔", S),
        ("✘", U),
        (" ✔ ", S),
        ("&#10004;", S),  # ✔ as an entity
        ("&#10008;", U),  # ✘ as an entity
        ("&#x2714;", S),
        ("<b>✔</b>", S),
    ],
)
def test_standard_marks(cell: str, support: Support) -> None:
    assert read_mark(cell) == (support, None)


@pytest.mark.parametrize(
    ("cell", "support", "shown"),
    [
        ("✓", S, "✓"),
        ("√", S, "√"),
        ("✅", S, "✅"),
        ("&#x2705;", S, "✅"),
        ("✗", U, "✗"),
        # &#10007; is U+2717 BALLOT X, the same character as the line above, not
        # ✘ (U+2718): decoded, it is read the same way as the literal ✗.
        ("&#10007;", U, "✗"),
        ("×", U, "×"),
        ("&times;", U, "×"),
        ("✕", U, "✕"),
        ("❌", U, "❌"),
        ("是", S, "是"),
        ("否", U, "否"),
        ("Yes", S, "Yes"),
        ("No", U, "No"),
        ("支持", S, "支持"),
        ("不支持", U, "不支持"),
        ("y", S, "y"),
        ("n", U, "n"),
        ("是。", S, "是。"),  # a closing full stop
        ("Yes.", S, "Yes."),
    ],
)
def test_other_marks_are_read_with_a_warning(cell: str, support: Support, shown: str) -> None:
    # quoted as the page writes it (an entity as an entity: a search of the
    # page for ✗ finds no &#10007;), with what it reads as
    meaning = support.value
    said = (
        f"mark {shown!r} (read as {meaning}) instead of ✔ / ✘"
        if cell == shown
        else f"mark {cell!r} ({shown}, read as {meaning}) instead of ✔ / ✘"
    )
    assert read_mark(cell) == (support, Problem("nonstandard-mark", said))


def test_entity_and_literal_marks_agree() -> None:
    assert read_mark("&#10004;") == read_mark("✔")
    assert read_mark("&#10007;")[0] == read_mark("✗")[0] == U
    assert read_mark("&#10007;")[1] == Problem(
        "nonstandard-mark", "mark '&#10007;' (✗, read as unsupported) instead of ✔ / ✘"
    )


@pytest.mark.parametrize(("cell", "support"), [("✔.", S), ("✘。", U), ("&#10004;.", S)])
def test_a_house_mark_with_a_full_stop_is_read_and_reported(cell: str, support: Support) -> None:
    read, problem = read_mark(cell)
    assert read == support and problem is not None and problem.rule == "nonstandard-mark"


@pytest.mark.parametrize(
    ("cell", "shown"),
    [
        ("", ""),
        ("?", "?"),
        ("待定", "待定"),
        ("✔✘", "✔✘"),
        ("<b></b>", ""),  # markup is not shown
        ("是，否", "是，否"),
    ],
)
def test_unreadable_marks(cell: str, shown: str) -> None:
    assert read_mark(cell) == (
        None,
        Problem("status-unreadable", f"cannot read table mark {shown!r}"),
    )
