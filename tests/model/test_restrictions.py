"""Which products restriction notes speak of as working
(checker.model.restrictions): notes that say how the API behaves on a product,
not notes that deny it the API or only name it."""

from __future__ import annotations

import dataclasses

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.restrictions import Working, working

CATALOGUE = default_catalogue()
A2 = "<term>Atlas A2 训练系列产品</term>"
A3 = "<term>Atlas A3 训练系列产品</term>"
D950 = "<term>Ascend 950DT</term>"


def products(notes: str) -> list[str]:
    return [said.product for said in working(notes, CATALOGUE)]


@pytest.mark.parametrize(
    "notes",
    [
        f"{D950}：不支持complex64，complex128",
        f" {D950}：不支持fp64, complex64, complex128",
        "Ascend 950DT：不支持fp64",  # no <term>
        f"{D950}: fp64 is not supported.",
        f"{D950}：支持",  # a status word for it: it works
        f"- {D950}：`self`仅支持fp16",  # a list marker left in a row's cell
        f"1. {D950}：`self`仅支持fp16",
        "Ascend 950DT上仅支持fp32",
        f"{D950}上，仅支持fp32",  # 上 ends the clause: the next one says how
        f"针对{D950}，由于硬件差异，精度可能不同",
        f"针对{D950}，当logits数值特别大时，精度可能和{A2}存在差异",  # A2 only compared
        f"对于{D950}：`stable`仅支持True",
        f"在{D950}上，`stable`仅支持True",
        "On Ascend 950DT, `stable` must be True",
        f"for {D950}: `stable` must be True",
        f"&lt;注意&gt;，{D950}：不支持fp64",  # the clause after a comma
        f"支持fp32<br>- {D950}：支持fp16",  # a row's cell, lines apart with <br>
        f"**{D950}**：不支持fp64",
    ],
)
def test_notes_that_say_how_it_works_on_950(notes: str) -> None:
    assert products(notes) == ["ascend-950"]


@pytest.mark.parametrize(
    "notes",
    [
        f"{D950}：不支持",
        f"{D950}：暂不支持",
        f"{D950}：不支持。",
        f"{D950}：否",
        f"{D950}: Not supported.",
        f"{D950}: unsupported",
        f"{D950}：不支持该接口",
        f"{D950}：暂不支持此API",
        f"{D950}：暂不支持该接口.",  # a full stop after it (。 ends the clause)
        f"针对{D950}，暂不支持该接口",
        f"针对{D950}，不支持",
        f"{D950}上不支持",
        f"{D950}：",  # nothing said of it
        f"针对{D950}",
        f"{D950}不支持跨NPU拷贝",  # no colon, 上 or lead: not read
        f"精度可能和{D950}存在差异",  # only named
        f"{D950}与{A2}精度不同",
        f"在使用{D950}时：不支持fp64",  # the products must open the clause
        "`dtype`支持fp16，fp32",
        f"{D950}<term>Ascend 990</term>：不支持fp64",  # no list separator: not one list
        f"{D950}、<term>Ascend 990</term>：不支持fp64",  # a name the catalogue does not know
        "only fp32：不支持",
    ],
)
def test_notes_that_deny_or_only_name_it(notes: str) -> None:
    assert products(notes) == []


def test_a_product_list_speaks_of_each() -> None:
    said = working(f"- {A2}、{A3}：`self`仅支持bf16，fp16", CATALOGUE)
    assert said == (
        Working("atlas-a2", "Atlas A2 训练系列产品", 0),
        Working("atlas-a3", "Atlas A3 训练系列产品", 0),
    )


def test_each_product_once_at_its_first_line() -> None:
    notes = f"`dtype`支持fp16\n{A3}：不支持fp64\nAscend 950DT：不支持int8\n{A3}：不支持bool"
    assert working(notes, CATALOGUE) == (
        Working("atlas-a3", "Atlas A3 训练系列产品", 1),
        Working("ascend-950", "Ascend 950DT", 2),
    )


def test_what_was_found_cannot_be_changed() -> None:
    (said,) = working(f"{D950}：不支持fp64", CATALOGUE)
    with pytest.raises(dataclasses.FrozenInstanceError):
        said.offset = 1  # type: ignore[misc]
