"""The status normaliser (checker.model.status) with the shipped catalogue.

Expected values are what the docs mean: `是，暂不支持<term>Ascend 950DT</term>`
is "supported everywhere in scope except Ascend 950"; a product nobody names is
"unstated", never guessed."""

from __future__ import annotations

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.status import read_mark, read_status
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


@pytest.mark.parametrize("separator", ["/", "、", " / "])
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
        f"，暂不支持{D950}",  # a status that lost its leading 是
        "，暂不支持 Ascend 950DT",
        "maybe",
        "待定",
        "是，也许",
        f"{A2}：也许",
        f"{A2}",  # a product and no verdict
    ],
)
def test_unreadable_status_is_a_problem_not_a_guess(text: str, catalogue: Catalogue) -> None:
    reading = read_status(text, catalogue)
    assert reading.status is None
    assert [p.rule for p in reading.problems] == ["status-unreadable"]


@pytest.mark.parametrize("text", ["", "   ", "，", "<b></b>"])
def test_empty_status_is_unreadable(text: str, catalogue: Catalogue) -> None:
    reading = read_status(text, catalogue)
    assert reading.status is None
    assert [p.rule for p in reading.problems] == ["status-unreadable"]


def test_unreadable_message_quotes_the_text(catalogue: Catalogue) -> None:
    (problem,) = read_status("maybe\nlater", catalogue).problems
    assert "maybe later" in problem.message  # white space folded into one line
    assert "\n" not in problem.message


# -- unknown products ----------------------------------------------------------


def test_unknown_term_in_a_product_claim(catalogue: Catalogue) -> None:
    reading = read_status("<term>Atlas Z9 训练系列产品</term>：是", catalogue)
    assert [p.rule for p in reading.problems] == ["unknown-product"]
    assert "Atlas Z9 训练系列产品" in reading.problems[0].message
    # nothing is claimed for a product the catalogue does not know
    assert reading.status is not None
    assert reading.status.over(catalogue.scope) == dict.fromkeys(catalogue.scope, UNSTATED)


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
        ("✗", U, "✗"),
        # &#10007; is U+2717 BALLOT X, the same character as the line above, not
        # ✘ (U+2718): decoded, it is read the same way as the literal ✗.
        ("&#10007;", U, "✗"),
        ("√", S, "√"),
        ("×", U, "×"),
        ("是", S, "是"),
        ("否", U, "否"),
        ("Yes", S, "Yes"),
    ],
)
def test_other_marks_are_read_with_a_warning(cell: str, support: Support, shown: str) -> None:
    got, problem = read_mark(cell)
    assert got is support
    assert problem is not None
    assert problem.rule == "nonstandard-mark"
    assert shown in problem.message


def test_entity_and_literal_marks_agree() -> None:
    assert read_mark("&#10004;") == read_mark("✔")
    assert read_mark("&#10007;") == read_mark("✗")


@pytest.mark.parametrize("cell", ["", "?", "待定", "✔✘"])
def test_unreadable_marks(cell: str) -> None:
    support, problem = read_mark(cell)
    assert support is None
    assert problem is not None
    assert problem.rule == "status-unreadable"
