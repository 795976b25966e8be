"""Property tests: reading never raises, whatever the text, and what it returns
stays inside the text it was given."""

from __future__ import annotations

import pytest
from hypothesis import Phase, find, given, settings
from hypothesis import strategies as st

from checker.ids.registry import REGISTRY
from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.status import Reading, read_status
from checker.model.support import Page, Status, Support
from checker.read.reader import read_text

CATALOGUE = default_catalogue()
DOC = DocFile("fuzz/docs/zh/api/native_api/pytorch_2-12-0/page.md", "2.12.0", "zh")
FORMATS = {"table", "inline", "blocks", "rows", ""}
FAST = settings(max_examples=200, deadline=None)

PRODUCTS = [
    "Atlas A2 训练系列产品",
    "Atlas A3训练系列产品",
    "Ascend 950DT",
    "Ascend 950DT系列产品",
    "Atlas 训练系列产品",
    "Atlas A9 训练系列产品",  # unknown
    "",
]
products = st.sampled_from(PRODUCTS)
terms = products.map(lambda name: f"<term>{name}</term>")
words = st.sampled_from(
    ["是", "否", "支持", "不支持", "暂不支持", "Yes", "No", "✔", "✘", "✓", "&#10004;", "&#10007;"]
)
names = st.sampled_from(["torch.x.y", "torch.nn.Module", "run()", "Tensor.abs", "torch._a_", ""])
ids = st.sampled_from(["1", "2", "7", "", "x y"])
npus = st.sampled_from(["910b", "A3", "950", "910B", "", '"'])
separators = st.sampled_from(["，", ",", "；", "、", "/", "：", ":", " ", "和"])

status_text = st.lists(st.one_of(words, terms, separators, st.text(max_size=4)), max_size=8).map(
    "".join
)

fragments = st.one_of(
    names.map(lambda n: f"### {n}"),
    names.map(lambda n: f"## {n}"),
    names.map(lambda n: f"### <code><i>class</i></code> {n}"),
    names.map(lambda n: f'> <font size="3">{n}</font>'),
    st.just('<div style="margin-left: 2em">'),
    st.just("</div>"),
    st.just(""),
    names.map(
        lambda n: f"**原生文档**：[{n}](https://pytorch.org/docs/2.12/generated/{n}.html#{n})"
    ),
    st.just("**支持情况**："),
    st.just("**产品支持情况**："),
    status_text.map(lambda s: f"**是否支持**：{s}"),
    status_text.map(lambda s: f"**限制与说明**：{s}"),
    st.just("| 硬件 | 是否支持 |"),
    st.just("| ---- | :----: |"),
    st.tuples(terms, words).map(lambda t: f"| {t[0]} | {t[1]} |"),
    st.just("|API名称|是否支持|限制与说明|"),
    st.just("|--|--|--|"),
    st.tuples(names, status_text).map(lambda t: f"|{t[0]}|{t[1]}|-|"),
    st.tuples(npus, ids).map(lambda t: f'<!-- npu="{t[0]}" id{t[1]} -->'),
    ids.map(lambda i: f"<!-- end id{i} -->"),
    st.tuples(terms, words).map(lambda t: f"- {t[0]}：{t[1]}"),
    st.just("<!--"),
    st.just("-->"),
    st.text(max_size=12),
)
titles = st.one_of(
    names.map(lambda n: f"### {n}"),
    names.map(lambda n: f"### _`class`_ {n}"),
    names.map(lambda n: f'> <font size="3">{n}</font>'),
)
links = names.map(lambda n: f"**原生文档**：[{n}](https://pytorch.org/docs/2.11/{n}.html#{n})")
table_rows = st.tuples(terms, words).map(lambda t: f"| {t[0]} | {t[1]} |")
table = st.lists(table_rows, max_size=4).map(
    lambda rows: ["**支持情况**：", "", "| 硬件 | 是否支持 |", "| ---- | :----: |", *rows]
)
block = st.tuples(npus, ids, st.lists(st.tuples(terms, words), max_size=2), ids, st.booleans())
blocks = st.lists(block, max_size=3).map(
    lambda found: [
        "**产品支持情况**：",
        "",
        *[
            line
            for npu, start, items, end, closed in found
            for line in [
                f'<!-- npu="{npu}" id{start} -->',
                *[f"- {term}：{word}" for term, word in items],
                *([f"<!-- end id{end} -->"] if closed else []),
            ]
        ],
    ]
)
inline = status_text.map(lambda text: [f"**是否支持**：{text}"])
notes = st.lists(st.one_of(status_text, terms), max_size=3).map(
    lambda parts: ["**限制与说明**：", "", *[f"- {part}" for part in parts]]
)
entry = st.tuples(
    titles,
    st.lists(links, max_size=1),
    st.lists(st.one_of(inline, table, blocks), max_size=1),
    st.lists(notes, max_size=1),
).map(
    lambda t: [
        t[0],
        "",
        '<div style="margin-left: 2em">',
        "",
        *[line for link in t[1] for line in (link, "")],
        *[line for section in t[2] for line in (*section, "")],
        *[line for section in t[3] for line in (*section, "")],
        "</div>",
    ]
)
# Whole entries in the docs' layout, with loose fragments (and so broken
# structure) in between.
doc_like = st.lists(st.one_of(entry, fragments.map(lambda f: [f])), max_size=12).map(
    lambda parts: "\n".join(line for part in parts for line in (*part, ""))
)
# Characters and tokens the markdown and status parsers branch on, in any order.
markup_soup = st.lists(
    st.sampled_from(
        [
            *"#|*_<>!-`[]() \n：，是否✔✘",
            *("<term>", "</term>", "<!--", "-->", "&#10004;", "&#", "torch.", "\n\n"),
            *('npu="910b" id1', "end id1", "**支持情况**：", '> <font size="3">'),
        ]
    ),
    max_size=80,
).map("".join)


def check_page(text: str, page: Page) -> None:
    lines = max(1, len(text.splitlines()))
    for entry in page.entries:
        assert 1 <= entry.line <= lines
        assert entry.format in FORMATS
        assert entry.version == DOC.version
        if entry.status is not None:
            assert set(entry.status.products) <= set(CATALOGUE.ids)
    for finding in page.findings:
        assert finding.rule in REGISTRY
        assert 0 <= finding.line <= lines


def check_reading(reading: Reading) -> None:
    assert reading.status is None or isinstance(reading.status, Status)
    if reading.status is not None:
        assert set(reading.status.products) <= set(CATALOGUE.ids)
        assert all(isinstance(s, Support) for _, s in reading.status.named)
    assert {p.rule for p in reading.problems} <= set(REGISTRY)


@FAST
@given(st.text())
def test_read_text_never_raises_on_any_text(text: str) -> None:
    check_page(text, read_text(text, DOC, CATALOGUE))


@FAST
@given(doc_like)
def test_read_text_never_raises_on_docs_like_text(text: str) -> None:
    check_page(text, read_text(text, DOC, CATALOGUE))


@FAST
@given(markup_soup)
def test_read_text_and_read_status_never_raise_on_markup_soup(text: str) -> None:
    check_page(text, read_text(text, DOC, CATALOGUE))
    check_reading(read_status(text, CATALOGUE))


@FAST
@given(st.text())
def test_read_status_never_raises_on_any_text(text: str) -> None:
    check_reading(read_status(text, CATALOGUE))


@FAST
@given(status_text)
def test_read_status_never_raises_on_status_like_text(text: str) -> None:
    check_reading(read_status(text, CATALOGUE))


@pytest.mark.parametrize("fmt", ["inline", "table", "blocks"])
def test_the_docs_like_strategy_reaches_every_heading_format(fmt: str) -> None:
    """The strategy is worth its name: it finds pages that read into entries of
    each heading format, and into findings."""

    def reaches(text: str) -> bool:
        page = read_text(text, DOC, CATALOGUE)
        return any(e.format == fmt for e in page.entries) and bool(page.findings)

    text = find(
        doc_like,
        reaches,
        settings=settings(max_examples=2000, database=None, phases=[Phase.generate]),
    )
    assert reaches(text)
