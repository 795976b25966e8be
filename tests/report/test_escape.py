"""Issue 45 §4: the one escaper per target (checker.report.escape). Markdown
text and code spans read back, through markdown-it-py, as exactly the text
given, wherever a report puts them (a paragraph, a list item, a table cell);
a CSV cell a spreadsheet would compute is text; what the pull-request and
Markdown reports write of a ref, a product, a rule's expectation and a test
case's name is that text, not markup."""

from __future__ import annotations

import html

import pytest
from markdown_it import MarkdownIt

from checker.app.verify import outcome_of
from checker.i18n import chosen
from checker.model.evidence import Case, Environment, Evidence, Run
from checker.report.escape import (
    FORMULA_START,
    csv_cell,
    markdown,
    markdown_code,
    terminal_patch,
    xml,
)
from checker.report.markdown import pr, validation
from checker.verify.verify_report import VerifyReport

MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])

HOSTILE = [
    "Evil**X**[link](http://e.invalid)<b>B</b>",
    "_i_ and __init__ and ~~s~~ and ~t~",
    "x<h1>PASSED</h1>",
    "<img src=x onerror=alert(1)>",
    "&lt;b&gt; &amp; \\*",
    "# heading",
    "- item",
    "+ item",
    "1. item",
    "2) item",
    "---",
    "= x",
    "a | b",
    "`code` and ``more``",
    "<http://e.invalid> and ![i](x.png)",
]


def read_back(rendered: str, tag: str) -> str:
    """The one element's text that `rendered` holds inside <tag>…</tag>."""
    start = rendered.index(f"<{tag}>") + len(tag) + 2
    inner = rendered[start : rendered.index(f"</{tag}>", start)]
    assert "<" not in inner, rendered  # no element inside: no markup was made
    return html.unescape(inner)


@pytest.mark.parametrize("text", HOSTILE)
def test_markdown_text_reads_back_as_itself_in_a_paragraph(text: str) -> None:
    assert read_back(MD.render(markdown(text)), "p") == text


@pytest.mark.parametrize("text", HOSTILE)
def test_markdown_text_reads_back_as_itself_in_a_list_item(text: str) -> None:
    assert read_back(MD.render(f"- {markdown(text)}\n"), "li") == text


@pytest.mark.parametrize("text", HOSTILE)
def test_markdown_text_reads_back_as_itself_in_a_table_cell(text: str) -> None:
    rendered = MD.render(f"| a | b |\n| --- | --- |\n| {markdown(text)} | x |\n")
    assert read_back(rendered, "td") == text


def test_markdown_text_keeps_a_name_readable() -> None:
    """`_` inside a word is no emphasis: put_metric stays as it is written."""
    assert markdown("torch.distributed.elastic.metrics.put_metric") == (
        "torch.distributed.elastic.metrics.put_metric"
    )
    assert markdown("2.12.0: 3 APIs") == "2.12.0: 3 APIs"  # a version is no list item
    assert markdown("-") == "-"  # nor is a table's dash


@pytest.mark.parametrize("text", [*HOSTILE, "`", "``x", "x`", "a```b````c"])
def test_markdown_code_reads_back_as_itself(text: str) -> None:
    assert read_back(MD.render(f"x {markdown_code(text)} y"), "code").strip() == (
        text.replace("|", "\\|")  # outside a table, GitHub's `\|` stays (in one, it is `|`)
    )
    rendered = MD.render(f"| a | b |\n| --- | --- |\n| {markdown_code(text)} | x |\n")
    assert read_back(rendered, "code").strip() == text


@pytest.mark.parametrize("start", FORMULA_START)
def test_a_csv_cell_that_would_be_a_formula_is_text(start: str) -> None:
    assert csv_cell(f"{start}1+2") == f"'{start}1+2"


def test_a_csv_cell_that_is_a_number_or_plain_text_is_as_it_was() -> None:
    assert csv_cell(-1) == -1  # a number the report writes as one is no formula
    assert csv_cell("torch.abs") == "torch.abs"
    assert csv_cell("") == ""
    assert csv_cell("a=1") == "a=1"  # only the first character makes a formula


# -- the reports: the cases, read back -----------------------------------------------


def reference_run(note: str = "") -> Environment:
    return Environment(
        "L", "3.11", "2.13.0", None, None, None, 0, None, "cpu-reference", False, note
    )


def test_the_pr_report_writes_a_ref_as_text() -> None:
    """`--ref 'x<h1>PASSED</h1>'` was written raw in 已检查 … 下以下资料条目."""
    run = Run("torch.x", "b", "behaviour", ("py",), (Case("c", True),), 0.1, 0, "passed")
    report = VerifyReport(
        (), (), (Evidence(reference_run(), (run,), "live"),), (), (), refs=("x<h1>PASSED</h1>",)
    )
    with chosen("zh"):
        out = pr.render(outcome_of(report))
    assert "\n已检查 x\\<h1\\>PASSED\\</h1\\> 下以下资料条目：\n" in out
    assert "<h1>PASSED" not in MD.render(out)


def test_a_failed_cases_name_is_text_in_its_summary() -> None:
    """The `<details>` summary is an HTML block, where Markdown's escapes are
    not read: the name is escaped for HTML, in a <code>."""
    name = "test_`x`</summary><img src=x onerror=alert(1)>"
    case = Case(name, False, "AssertionError", "Traceback\nAssertionError")
    run = Run("torch.x", "b", "behaviour", ("py",), (case,), 0.1, 1, "failed")
    with chosen("en"):
        lines = validation.failures(Evidence(reference_run(), (run,), "live"))
    rendered = MD.render("\n".join(lines))
    assert f"<summary>Failure text of <code>{html.escape(name)}</code></summary>" in rendered
    assert "<img" not in rendered


def test_a_patch_keeps_tabs_and_crlf_and_escapes_the_rest() -> None:
    """`fix --diff` wrote a page's ESC and BEL to the terminal as they were;
    a tab and a CRLF ending stay, for the patch to apply."""
    patch = "+a\tb\r\n+c\x1b]0;TITLE\x07\n+d\re\n"
    assert terminal_patch(patch) == "+a\tb\r\n+c\\x1b]0;TITLE\\x07\n+d\\x0de\n"


def test_xml_escapes_exactly_what_xml_cannot_hold() -> None:
    """XML 1.0's Char production, over every code point: what it allows is
    kept, the rest escaped (its pattern names the few ranges it refuses)."""
    allowed = [(0x9, 0x9), (0xA, 0xA), (0xD, 0xD), (0x20, 0xD7FF), (0xE000, 0xFFFD)]
    allowed.append((0x10000, 0x10FFFF))
    for code in range(0x110000):
        char = chr(code)
        held = any(low <= code <= high for low, high in allowed)
        assert (xml(char) == char) is held, hex(code)
