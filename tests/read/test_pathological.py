"""Pages built to make a reader slow: a run of `(`, `<`, unclosed `<term>` or
`<!--`, a name of many parts. Each took the square of its length to read
(tens of seconds at these sizes); each is read here in well under a second,
and these tests say what is read. Timing is the benchmark's business
(benchmarks/bench.py, "pathological inputs"), never asserted here.

The linear scans that replaced the regexes are also compared with the regexes
they replace, on short texts of the characters that matter."""

from __future__ import annotations

import html
import re

from hypothesis import given, settings
from hypothesis import strategies as st

from checker.model.catalogue import default_catalogue
from checker.model.markup import (
    _CHARREF,
    CLOSE,
    OPEN,
    _unescape_one,
    drop_tags,
    plain,
    terms,
    unescape,
)
from checker.model.status import read_mark
from checker.model.support import Status, Support
from checker.read.block_ids import comments, has_blocks
from checker.read.names import without_signature
from checker.read.split import cut_lines
from tests.helpers import read_page

N = 100_000
S, U = Support.SUPPORTED, Support.UNSUPPORTED
A2 = "<term>Atlas A2 训练系列产品</term>"
PATH = "docs/zh/api/native_api/pytorch_2-12-0/torch-x.md"
CATALOGUE = default_catalogue()
SMALL = settings(max_examples=200, deadline=None)


def findings(text: str) -> list[tuple[int, str, str]]:
    return [(f.line, f.rule, f.message) for f in read_page(text).findings]


# -- names: the signature dropped from a title, a link's text -----------------


def test_a_heading_of_open_parentheses_is_read_as_written() -> None:
    page = read_page(f"### torch.x.run{'(' * N}\n\n**是否支持**：是\n")
    assert [(e.api, e.title, e.status) for e in page.entries] == [
        (f"torch.x.run{'(' * N}", f"torch.x.run{'(' * N}", Status((), S))
    ]
    # kept as written, and no name: it is said so
    assert [(f.line, f.rule) for f in page.findings] == [(1, "api-name-incomplete")]


def test_an_api_cell_of_open_parentheses_is_read_as_written() -> None:
    page = read_page(f"| API名称 | 是否支持 |\n|--|--|\n| torch.x.y{'(' * N} | 否 |\n")
    assert [(e.api, e.format, e.status) for e in page.entries] == [
        (f"torch.x.y{'(' * N}", "rows", Status((), U))
    ]


def test_a_link_text_of_open_parentheses_names_no_api() -> None:
    # full_name drops the signature from the link's text before comparing it
    page = read_page(
        f"### run()\n\n**原生文档**：[{'(' * N}](https://pytorch.org/docs/2.1/x.html)\n"
    )
    [entry] = page.entries
    assert (entry.api, entry.title) == ("run", "run")
    assert entry.link is not None and entry.link.text == "(" * N
    assert [(f.line, f.rule) for f in page.findings] == [(1, "api-name-incomplete")]


# -- statuses: tags and terms ------------------------------------------------


def test_a_status_of_open_angle_brackets_is_unreadable() -> None:
    text = "是" + "<" * N
    assert findings(f"### torch.x.y\n\n**是否支持**：{text}\n") == [
        (3, "status-unreadable", f"cannot read support status {text[:80]!r}")
    ]


def test_unclosed_terms_after_a_closed_one_are_dropped_as_tags() -> None:
    page = read_page(f"### torch.x.y\n\n**是否支持**：{A2}：否，{'<term>' * (N // 6)}\n")
    assert [e.status for e in page.entries] == [Status((("atlas-a2", U),), None)]
    assert page.findings == ()


def test_a_table_mark_of_open_angle_brackets_is_unreadable() -> None:
    mark = "<" * N
    text = f"### torch.x.y\n\n**支持情况**：\n\n| 硬件 | 是否支持 |\n|--|--|\n| {A2} | {mark} |\n"
    page = read_page(text)
    assert [e.status for e in page.entries] == [None]
    assert [(f.line, f.rule, f.message) for f in page.findings] == [
        (7, "status-unreadable", f"cannot read table mark {mark!r}")
    ]


def test_a_header_cell_of_open_angle_brackets_is_no_column() -> None:
    page = read_page(
        f"| API名称 | 是否支持 | {'<' * N} |\n|--|--|--|\n| torch.x.y | 是 | a note |\n"
    )
    assert [(e.api, e.status, e.notes_at) for e in page.entries] == [
        ("torch.x.y", Status((), S), ())
    ]


def test_long_decimal_character_references_are_read() -> None:
    # int() refuses over 4300 digits; html.unescape raised ValueError on them
    yes = f"&#{'0' * 5000}26159;"  # 是, led by zeros
    page = read_page(f"### torch.x.y\n\n**是否支持**：{yes}\n")
    assert [e.status for e in page.entries] == [Status((), S)]
    too_big = f"是&#{'1' * 5000};"  # past U+10FFFF: U+FFFD
    assert findings(f"### torch.x.y\n\n**是否支持**：{too_big}\n") == [
        (3, "status-unreadable", f"cannot read support status {too_big[:80]!r}")
    ]
    assert read_mark(f"&#{'0' * 5000}10004;") == (S, None)  # ✔


# -- house-style blocks: comments ----------------------------------------------


def test_many_comments_on_one_line_before_a_block_start() -> None:
    comments = "<!-- x -->" * (N // 2)
    text = (
        "### torch.x.y\n\n**产品支持情况**：\n\n"
        f'{comments}<!-- npu="950" id7 -->\n'
        "- <term>Atlas A2训练系列产品</term>：支持\n"
        "<!-- end id7 -->\n"
    )
    page = read_page(text)
    assert [(e.format, e.status, e.product_lines) for e in page.entries] == [
        ("blocks", Status((("atlas-a2", S),), None), (("atlas-a2", 6),))
    ]
    assert [(f.line, f.rule) for f in page.findings] == [(5, "block-npu-product")]


def test_a_page_of_unclosed_comments_is_cut_only_before_them() -> None:
    # No `-->` ever: the raw html block runs to the end, and `## three` in it
    # is no place to cut. has_blocks looks at every comment of the page first.
    lines = ["## one", "", *(["text", ""] * 20_000), "## two", "", *(["<!--"] * 40_000)]
    lines += ["", "## three", "", "text"]
    text = "\n".join(lines) + "\n"
    assert not has_blocks(text)
    assert cut_lines(text, 100_000) == [40_002]


# -- names: the prefixes a page teaches ------------------------------------------


def test_a_name_of_many_parts_teaches_its_prefix() -> None:
    name = "torch." + "a." * (N // 2) + "Gear"
    page = read_page(f"### {name}\n\n**是否支持**：是\n\n### Gear.spin\n\n**是否支持**：否\n")
    assert [(e.api, e.status) for e in page.entries] == [
        (name, Status((), S)),
        (f"{name}.spin", Status((), U)),
    ]
    assert page.findings == ()


# -- the scans equal the regexes they replace ------------------------------------

_SIGNATURE = re.compile(r"\(.*\)$")
_TAG = re.compile(r"<[^>]*>")
_TERM = re.compile(r"<term>(.*?)</term>", re.IGNORECASE | re.DOTALL)
_COMMENT = re.compile(r"<!--(.*?)-->", re.DOTALL)


def texts(*pieces: str) -> st.SearchStrategy[str]:
    return st.lists(st.sampled_from(pieces), max_size=10).map("".join)


@SMALL
@given(texts("(", ")", ")\n", "\n", "a", "run"))
def test_without_signature_equals_the_regex(text: str) -> None:
    assert without_signature(text) == _SIGNATURE.sub("", text)


@SMALL
@given(texts("<", ">", "<b>", "a", "\n"))
def test_drop_tags_equals_the_regex(text: str) -> None:
    assert drop_tags(text) == _TAG.sub("", text)


@SMALL
@given(texts("<term>", "</term>", "<TERM>", "</Term>", "<", ">", "a", "\n", "&amp;"))
def test_terms_equal_the_regex(text: str) -> None:
    assert terms(text) == _TERM.sub(lambda m: OPEN + plain(m.group(1)) + CLOSE, text)


@SMALL
@given(texts("<!--", "-->", "-", "<!", ">", "a", "\n"))
def test_comments_equal_the_regex(text: str) -> None:
    expected = [(text.count("\n", 0, m.start()), m.group(1)) for m in _COMMENT.finditer(text)]
    assert comments(text) == expected


REFERENCES = ("&#", "&#x", "&", "#", ";", "0", "1", "6", "4", "f", "x", "amp", "lt", "00000000")


@SMALL
@given(texts(*REFERENCES, "99999999"))
def test_unescape_equals_html_unescape(text: str) -> None:
    assert unescape(text) == html.unescape(text)


@SMALL
@given(texts(*REFERENCES))
def test_the_way_for_long_decimal_references_equals_html_unescape(text: str) -> None:
    # what unescape does once a text holds one; here on any text
    assert _CHARREF.sub(_unescape_one, text) == html.unescape(text)
