"""checker.i18n: the language a run chooses, messages that stay English in the
model (equal to their text, pickled and cached as template and arguments) and
are translated when shown, and a catalogue that is current: every message the
source marks, every help text and every registry text has a Chinese
translation with the same placeholders."""

from __future__ import annotations

import gettext
import pickle
import string
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.pofile import read_po

from checker import i18n
from checker.i18n import N_, Message, message, say
from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.read.reader import read_text
from checker.sources.page_cache.store import PageCache, blob_id
from tests.helpers import REPO, cached_page

LOCALE = REPO / "checker" / "locale"
PAGE = REPO / "tests/fixtures/i18n/docs/zh/api/native_api/pytorch_2-12-0/torch-i18n.md"


@pytest.mark.parametrize(
    ("environ", "language"),
    [
        ({"LANG": "zh_CN.UTF-8"}, "zh"),
        ({"LANG": "zh_TW.UTF-8"}, "zh"),
        ({"LANG": "en_US.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({}, "en"),
        ({"LANGUAGE": "en:zh", "LC_ALL": "zh_CN.UTF-8"}, "en"),  # the first set decides
        ({"LANGUAGE": "zh_CN:en", "LANG": "C"}, "zh"),
        ({"LANGUAGE": "", "LC_ALL": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
        ({"LC_MESSAGES": "zh_CN.UTF-8", "LANG": "en_US.UTF-8"}, "zh"),
        ({"LC_ALL": "fr_FR.UTF-8", "LANG": "zh_CN.UTF-8"}, "en"),
    ],
)
def test_the_language_of_a_locale(environ: dict[str, str], language: str) -> None:
    assert i18n.language_of(environ) == language


def test_the_compiled_catalogue_is_there() -> None:
    """The build (hatch_build.py) compiled the .po: without it zh shows English."""
    assert gettext.find(i18n.DOMAIN, str(i18n.LOCALE_DIR), ["zh"]) is not None


NESTED = message(
    N_("{product} is stated {support} again ({where}{under})"),
    product="Atlas A2 训练系列产品",
    support="supported",
    where=message(N_("at line {line}"), line=12),
    under="",
)


def test_a_message_is_its_english_text() -> None:
    assert NESTED == "Atlas A2 训练系列产品 is stated supported again (at line 12)"
    assert type(str(NESTED)) is str and hash(NESTED) == hash(str(NESTED))


def test_say_translates_a_message_and_its_message_arguments() -> None:
    with i18n.chosen("zh"):
        assert say(NESTED) == "Atlas A2 训练系列产品 再次被声明为 supported（在第 12 行）"
        assert say("Report format.") == "报告格式。"  # a plain text, as the catalogue has it
        assert say("torch.abs") == "torch.abs"  # not in it: as it is
        assert say("") == ""  # not the catalogue's header
    with i18n.chosen("en"):
        assert say(NESTED) == NESTED


def test_chosen_restores_the_language_before() -> None:
    with i18n.chosen("zh"):
        with i18n.chosen("en"):
            assert say(NESTED) == NESTED
        assert say(NESTED) != NESTED
    assert say(NESTED) == NESTED  # English outside any run


def test_a_message_pickles_with_its_template_and_arguments() -> None:
    again = pickle.loads(pickle.dumps(NESTED))
    assert isinstance(again, Message) and again == NESTED
    assert again.template == NESTED.template
    assert isinstance(again.args["where"], Message)
    assert again.args == NESTED.args
    with i18n.chosen("zh"):
        assert say(again) == say(NESTED)


def test_a_cached_page_keeps_its_messages_translatable(tmp_path: Path) -> None:
    doc = DocFile(str(PAGE), "2.12.0", "zh")
    data = PAGE.read_bytes()
    page = read_text(data.decode("utf-8"), doc, default_catalogue())
    cache = PageCache(tmp_path)
    cache.put(cache.key(doc, blob_id(data), default_catalogue()), page)
    cached = cached_page(cache, cache.key(doc, blob_id(data), default_catalogue()))
    assert cached is not None and cached == page
    messages = [f.message for f in cached.findings]
    assert all(isinstance(m, Message) for m in messages) and len(messages) == 3
    assert [(m.template, m.args) for m in messages] == [
        (m.template, m.args) for m in (f.message for f in page.findings) if isinstance(m, Message)
    ]
    with i18n.chosen("zh"):
        shown = [say(m) for m in messages]
    assert shown[1] == "未知产品 'Atlas Z9 训练系列产品'"
    assert shown[2] == "Atlas A2 训练系列产品 在此被声明为 unsupported，但在本行前面，为 supported"


def _key(msgid: str | tuple[str, ...]) -> str:
    return msgid[0] if isinstance(msgid, tuple) else msgid


def extracted() -> set[str]:
    """The msgids Babel extracts now, as docs/internals.md says to."""
    with (REPO / "babel.cfg").open(encoding="utf-8") as mapping:
        method_map, options_map = parse_mapping_cfg(mapping)
    found = extract_from_dir(str(REPO), method_map, options_map)
    return {_key(msgid) for _, _, msgid, _, _ in found}


def test_the_template_is_current() -> None:
    with (LOCALE / "docs-check.pot").open("rb") as pot:
        committed = {_key(m.id) for m in read_po(pot) if m.id}
    now = extracted()
    assert sorted(now - committed) == [], "new messages: extract the .pot again (docs/internals.md)"
    assert sorted(committed - now) == [], "messages no longer used: extract the .pot again"


def _fields(text: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(text) if field is not None}


def test_every_message_has_a_chinese_translation_with_its_placeholders() -> None:
    with (LOCALE / "docs-check.pot").open("rb") as pot:
        wanted = {_key(m.id) for m in read_po(pot) if m.id}
    with (LOCALE / "zh" / "LC_MESSAGES" / "docs-check.po").open("rb") as po:
        catalogue = read_po(po)
    translated = {
        _key(m.id): _key(m.string) for m in catalogue if m.id and _key(m.string) and not m.fuzzy
    }
    assert sorted(wanted - translated.keys()) == [], "translate these in docs-check.po"
    for msgid, msgstr in translated.items():
        assert _fields(msgstr) == _fields(msgid), msgid
        # written in Chinese, not the English copied (every text has a word or a mark to translate)
        assert any(ord(c) >= 0x2E80 for c in msgstr), msgid


def test_no_message_is_marked_inside_an_f_string() -> None:
    """pybabel's extraction does not look inside an f-string: a `_("...")`
    there is never in the catalogue, and shows in English on a Chinese run."""
    import ast

    import checker

    marked = {"_", "N_", "ngettext", "message"}
    hidden = []
    for path in sorted(Path(checker.__file__).parent.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if not isinstance(node, ast.JoinedStr):
                continue
            for inner in ast.walk(node):
                if (
                    isinstance(inner, ast.Call)
                    and isinstance(inner.func, ast.Name)
                    and inner.func.id in marked
                    and inner.args
                    and isinstance(inner.args[0], ast.Constant)
                ):
                    hidden.append(f"{path.name}:{inner.lineno}: {inner.args[0].value!r}")
    assert hidden == []
