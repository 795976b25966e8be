"""API names as pages write them, the native-doc link, and name completion."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from markdown_it.token import Token

from checker.model.support import NativeLink
from checker.read.names import (
    _SIGNATURE,
    _SIMPLE_LINK,
    _plain_parts,
    first_link,
    full_name,
    native_link,
    title_name,
    written_text,
)
from checker.read.tokens import LINK_LABELS, children, labelled, line_of, parse
from tests.helpers import read_page


def inline(markdown: str) -> Token:
    """The inline token of the first block of `markdown`."""
    for token in parse(markdown):
        if token.type == "inline":
            return token
    raise AssertionError(f"no inline content in {markdown!r}")


def link(text: str, url: str, version: str | None, target: str | None) -> NativeLink:
    return NativeLink(text, url, version, target)


# -- titles --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("markdown", "name"),
    [
        ("### torch.sprocket.mesh", "torch.sprocket.mesh"),
        ("### <code><i>class</i></code> torch.sprocket.Gear", "torch.sprocket.Gear"),
        ("### _`class`_ torch.sprocket.Gear", "torch.sprocket.Gear"),
        ("### gear.ratio", "gear.ratio"),
        ('> <font size="3">spin(speed)</font>', "spin"),
        ('> <font size="3">stop()</font>', "stop"),
        ('> <font size="3">T</font>', "T"),
        ("### torch.sprocket.mesh()", "torch.sprocket.mesh"),
        # as written: the zero-width space is the name form's to drop (named)
        ("## &#8203;torch.sprocket", "\u200btorch.sprocket"),
        # underscores that markdown reads as emphasis are the name's own
        ("### torch.sprocket._foreach_spin_", "torch.sprocket._foreach_spin_"),
        ("### torch.sprocket.Gear.__call__", "torch.sprocket.Gear.__call__"),
    ],
)
def test_title_name(markdown: str, name: str) -> None:
    assert title_name(inline(markdown)) == name


def test_empty_title() -> None:
    assert title_name(Token("inline", "", 0, content="")) == ""


# -- the native-doc link -------------------------------------------------------


def test_native_link_with_anchor() -> None:
    url = "https://pytorch.org/docs/2.12/sprocket.html#torch.sprocket.Gear"
    got = native_link(inline(f"**原生文档**：[torch.sprocket.Gear]({url})"))
    assert got == link("torch.sprocket.Gear", url, "2.12", "torch.sprocket.Gear")


def test_native_link_to_a_generated_page() -> None:
    url = "https://docs.pytorch.org/docs/2.7/generated/torch.sprocket.mesh.html"
    got = native_link(inline(f"[mesh]({url})"))
    assert got == link("mesh", url, "2.7", "torch.sprocket.mesh")


def test_native_link_anchor_is_unquoted_and_text_unescaped() -> None:
    url = "https://pytorch.org/docs/2.12/sprocket.html#torch.sprocket.Gear.%5F%5Fcall%5F%5F"
    got = native_link(inline(rf"[torch.sprocket.Gear.\_\_call\_\_]({url})"))
    assert got == link("torch.sprocket.Gear.__call__", url, "2.12", "torch.sprocket.Gear.__call__")


def test_native_link_without_version_or_target() -> None:
    url = "https://pytorch.org/sprocket.html"
    assert native_link(inline(f"[sprocket]({url})")) == link("sprocket", url, None, None)


def test_native_link_stable_docs() -> None:
    url = "https://pytorch.org/docs/stable/generated/torch.sprocket.mesh.html"
    got = native_link(inline(f"[torch.sprocket.mesh]({url})"))
    assert got is not None
    assert got.docs_version == "stable"


def test_native_link_takes_the_first_link() -> None:
    first = "https://pytorch.org/docs/2.12/generated/torch.sprocket.mesh.html"
    second = "https://pytorch.org/docs/2.12/generated/torch.sprocket.align.html"
    got = native_link(inline(f"[a]({first}) 或 [b]({second})"))
    assert got is not None
    assert (got.text, got.url) == ("a", first)


def test_no_native_link() -> None:
    assert native_link(inline("**原生文档**：无")) is None


# -- reading without an inline parse gives what the parse gives ----------------


@pytest.mark.parametrize(
    "title",
    [
        "torch.sprocket._foreach_spin_",
        "torch.sprocket.Gear.__call__",
        "torch.sprocket.__init__  spin",
        "torch.sprocket.a_b_c__d",
        "_torch_ sprocket __x__ _",
        "<code><i>class</i></code> torch.sprocket.Gear",
        "<code><i>class</i></code>torch.sprocket.Gear",
        '<font size="3">spin_up(speed)</font>',
        "<font size='3'>spin_up(speed)</font>",
        "<i>[torch.sprocket._mesh](https://pytorch.org/docs/2.12/s.html)</i>",
        "<b>torch.sprocket.<x</b>",
    ],
)
def test_title_read_as_written_equals_the_parse(title: str) -> None:
    token = inline(f"### {title}")
    assert title_name(token) == parsed_title(token)


def parsed_title(token: Token) -> str:
    """A title's name from the inline parse, the way title_name reads it."""
    words = written_text(children(token)).split()
    return _SIGNATURE.sub("", words[-1]) if words else ""


@pytest.mark.parametrize(
    "markdown",
    [
        "[torch.sprocket.mesh](https://pytorch.org/docs/2.12/generated/torch.sprocket.mesh.html)",
        "[torch.sprocket._foreach_spin_](https://pytorch.org/docs/2.12/s.html#torch.sprocket._foreach_spin_)",
        "[ torch.sprocket.Gear.__call__ ](https://pytorch.org/docs/2.12/s.html#torch.sprocket.Gear.__call__)",
        "[Gear.spin(speed, *, torque=1)](https://pytorch.org/docs/2.12/s.html#x)",
        "[](https://pytorch.org/docs/2.12/s.html)",
        "[a](https://user@PyTorch.ORG:443/docs/2.12/s.html?x=1;y=2+3,4$#t~u)",
        # beyond the simple form, the parse itself reads them
        "[a](https://pytorch.org/docs/2.12/s.html#torch.%5F%5Fx)",
        "[a](https://pytorch.org/docs/2.12/s(1).html)",
        "[a](https://pytorch.org/docs/2.12/s.html?a=1&amp;b=2)",
        r"[torch.\_x](https://pytorch.org/docs/2.12/s.html)",
        "[`torch.x`](https://pytorch.org/docs/2.12/s.html)",
        "[a](<https://pytorch.org/docs/2.12/s t.html>)",
    ],
)
def test_link_read_without_a_parse_equals_the_parse(markdown: str) -> None:
    token = inline(f"**原生文档**：{markdown}")
    parsed = first_link(children(inline(markdown)))
    assert parsed is not None
    assert native_link(token, markdown) == parsed
    assert native_link(inline(markdown)) == parsed


# -- completing short names ----------------------------------------------------

ANCHOR = "https://pytorch.org/docs/2.12/sprocket.html#"
PAGE = "https://pytorch.org/docs/2.12/sprocket.html"


def test_full_name_keeps_a_full_name() -> None:
    other = link("torch.sprocket.chain", ANCHOR + "torch.sprocket.chain", "2.12", None)
    assert full_name("torch.sprocket.mesh", other, "torch.sprocket.Gear") == "torch.sprocket.mesh"
    assert full_name("torch_npu.sprocket.mesh", None, None) == "torch_npu.sprocket.mesh"


def test_full_name_from_link_text() -> None:
    text = link("torch.sprocket.Gear.spin", PAGE, "2.12", None)
    assert full_name("spin", text, None) == "torch.sprocket.Gear.spin"


def test_full_name_from_link_text_with_signature() -> None:
    text = link("torch.sprocket.Gear.spin(speed)", PAGE, "2.12", None)
    assert full_name("spin", text, None) == "torch.sprocket.Gear.spin"


def test_full_name_from_generated_page_target() -> None:
    generated = link("gear.ratio", PAGE, "2.12", "torch.sprocket.gear.ratio")
    assert full_name("gear.ratio", generated, None) == "torch.sprocket.gear.ratio"


def test_full_name_from_enclosing_class() -> None:
    bare = link("halt", PAGE, "2.12", None)
    assert full_name("halt", bare, "torch.sprocket.Gear") == "torch.sprocket.Gear.halt"
    assert full_name("halt", None, "torch.sprocket.Gear") == "torch.sprocket.Gear.halt"


def test_full_name_prefers_link_text_then_target_then_class() -> None:
    both = link("torch.sprocket.Gear.spin", ANCHOR, "2.12", "torch.sprocket.base.Gear.spin")
    assert full_name("spin", both, "torch.sprocket.Other") == "torch.sprocket.Gear.spin"
    target_only = link("spin", ANCHOR, "2.12", "torch.sprocket.base.Gear.spin")
    assert full_name("spin", target_only, "torch.sprocket.Other") == (
        "torch.sprocket.base.Gear.spin"
    )


def test_full_name_does_not_believe_a_link_to_another_api() -> None:
    elsewhere = link("chain.length", PAGE, "2.12", "torch.sprocket.chain.length")
    assert full_name("gear.ratio", elsewhere, None) == "gear.ratio"
    # "ratio" is not a whole trailing part of "torch.sprocket.gear_ratio"
    lookalike = link("x", PAGE, "2.12", "torch.sprocket.gear_ratio")
    assert full_name("ratio", lookalike, None) == "ratio"


def test_full_name_without_any_clue() -> None:
    assert full_name("spin", None, None) == "spin"
    assert full_name("", None, "torch.sprocket.Gear") == ""


def test_every_title_and_link_in_the_corpus_reads_as_the_parse_gives(corpus: Path) -> None:
    """Over every page of the real docs: the names and links read without an
    inline parse are the ones the parse gives (headings, method lines, link
    paragraphs and table cells)."""
    titles = links = 0
    for path in sorted(corpus.rglob("*.md")):
        tokens = parse(path.read_text(encoding="utf-8"))
        for index, token in enumerate(tokens):
            if token.type != "inline":
                continue
            where = f"{path}:{line_of(token)}"
            if tokens[index - 1].type == "heading_open" or token.content.startswith("<font"):
                titles += 1
                assert title_name(token) == parsed_title(token), where
            if "](" in token.content:
                links += 1
                expected = first_link(children(token))
                assert native_link(token) == expected, where
                label = labelled(token)
                if label is not None and label.key in LINK_LABELS:
                    assert native_link(token, label.text) == expected, where
    assert titles > 7_000
    assert links > 13_000


# -- names in the one form they are compared in ----------------------------------


def test_a_row_name_with_an_invisible_character_is_keyed_plain_and_reported() -> None:
    page = read_page("|API名称|是否支持|\n|--|--|\n|torch.x.put\u2060_metric|是|\n")
    assert [entry.api for entry in page.entries] == ["torch.x.put_metric"]
    assert [(f.rule, f.line) for f in page.findings] == [("api-name-not-plain", 3)]


def test_a_short_title_completes_from_a_link_written_with_a_hidden_character() -> None:
    """The link's text and anchor are cleaned before they complete the title;
    the finding is at the link's line, where the character is."""
    url = "https://pytorch.org/docs/2.12/x.html#torch.x.\ufeffrun"
    page = read_page(f"## run\n\n**原生文档**：[torch.x.\ufeffrun]({url})\n\n**是否支持**：是\n")
    (entry,) = page.entries
    assert (entry.api, entry.title) == ("torch.x.run", "run")
    assert entry.link is not None and (entry.link.text, entry.link.target) == (
        "torch.x.run",
        "torch.x.run",
    )
    assert [(f.rule, f.line) for f in page.findings] == [("api-name-not-plain", 3)]


def test_a_plain_name_is_no_finding_and_a_fullwidth_one_is() -> None:
    assert not read_page("### torch.x.run\n\n**是否支持**：是\n").findings
    page = read_page("### torch.x.ｒun\n\n**是否支持**：是\n")
    assert [entry.api for entry in page.entries] == ["torch.x.run"]
    (found,) = page.findings
    assert found.message == (
        "'torch.x.ｒun' is not written plainly: U+FF52 FULLWIDTH LATIN SMALL LETTER R; "
        "it is read as torch.x.run"
    )


def test_a_hidden_character_makes_no_second_api_on_the_page() -> None:
    """Keyed plain, the two headings are one API stated twice, differently."""
    from checker.checks.lint import lint_pages
    from checker.model.catalogue import default_catalogue

    page = read_page(
        "### torch.x.run\n\n**是否支持**：是\n\n### torch.x.r\u2060un\n\n**是否支持**：否\n"
    )
    rules = [(f.rule, f.line) for f in lint_pages([page], default_catalogue())]
    assert ("api-conflict", 7) in rules and ("api-name-not-plain", 5) in rules


def test_chinese_text_glued_to_a_name_is_no_look_alike() -> None:
    """A real table cell: the note written into the API cell. Its fullwidth
    punctuation and ideographs are no name's letters (the name is keyed in
    NFKC all the same)."""
    cell = "torch.x.run在当前版本中，sdpa（run）接口仅作为一项试用特性"
    page = read_page(f"|API名称|是否支持|\n|--|--|\n|{cell}|是|\n")
    # no look-alike: only that the cell holds more than a name, quoted as written
    assert [f.rule for f in page.findings] == ["api-name-incomplete"]
    assert [entry.api for entry in page.entries] == [cell]


def test_the_characters_named_are_at_most_five() -> None:
    from checker.model.name_form import unplain

    said = unplain("torch.x.\u0440\u0443\u0442\u0430\u0435\u0441\u0441\u043e")
    assert said.count("CYRILLIC") == 5 and said.endswith(", …")


# the characters `_SIMPLE_LINK` takes in a web address, those that split one most often
_ADDRESS = st.text(st.sampled_from("/?#:@.-_~$+,;=aZ09"), max_size=24)


@given(st.sampled_from(["http://", "https://"]), _ADDRESS)
@example("https://", "pytorch.org/docs/2.12/generated/torch.abs.html#torch.abs")
@example("http://", "host?q=/a#b?c#d")
def test_a_simple_links_path_and_fragment_are_urlsplits(scheme: str, rest: str) -> None:
    url = scheme + rest
    if _SIMPLE_LINK.fullmatch(f"[x]({url})") is None:  # an empty address is no simple link
        return
    parts = urlsplit(url)
    assert _plain_parts(url) == (parts.path, parts.fragment)
