"""The buffer-to-finding path of the language server, without the protocol:
an editor's text linted as `lint` lints the file (ids, lines, messages, the
configuration and cross-page rules), only the changed page read again, and
the quick fixes as `fix` makes them."""

from __future__ import annotations

import os
from collections.abc import Iterator, Sequence
from dataclasses import replace
from pathlib import Path

import pytest

from checker.app.lint import checked
from checker.app.setup import Settings
from checker.model.finding import Finding
from checker.rewrite.replacements import Replacement
from checker.server.edits import actions
from checker.server.session import Session, Shown
from tests.server.tree import PUT_METRIC, entry, page, write_tree


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    monkeypatch.chdir(tmp_path)  # the workspace's root, as the server runs in it
    return write_tree(tmp_path)


def _opened(session: Session, path: str, text: str) -> dict[str, tuple[Shown, ...]]:
    """The page's text in the editor, linted: what the server publishes."""
    session.edited(path, text)
    return session.lint(path)


def _flipped(text: str) -> str:
    """put_metric's Ascend 950DT ✘ flipped to ✔."""
    head = text.index(f"### {PUT_METRIC}")
    at = text.index("| <term>Ascend 950DT</term> | ✘ |", head)
    return text[:at] + text[at:].replace("✘", "✔", 1)


def _seen(findings: Sequence[Finding]) -> list[tuple[str, int, str, str, str]]:
    return [(f.path, f.line, f.rule, f.severity, f.message) for f in findings]


def test_the_buffer_is_linted_as_lint_lints_the_file(tree: dict[str, Path]) -> None:
    elastic = tree["elastic"]
    session = Session(Settings())
    text = _flipped(elastic.read_text(encoding="utf-8"))
    published = _opened(session, str(elastic), text)
    assert elastic.read_text(encoding="utf-8") != text  # the file is not what was linted
    found = session.findings(str(elastic))
    assert [f.rule for f in found] == ["doc-differs-from-rule"]
    assert published[str(elastic)] == found
    elastic.write_text(text, encoding="utf-8")
    linted, _ = checked(["docs"], Settings())
    assert _seen(found) == _seen([f for f in linted.findings if f.path == found[0].path])


def test_a_change_reads_that_page_only(
    tree: dict[str, Path], monkeypatch: pytest.MonkeyPatch
) -> None:
    from checker.sources import workers

    read: list[str] = []
    reader = workers.read_all

    def counted(
        todo: Sequence[tuple[object, bytes, str | None]], *rest: object
    ) -> Iterator[object]:
        read.extend(doc.path for doc, _, _ in todo)
        return reader(todo, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(workers, "read_all", counted)
    session = Session(Settings(reading=replace(Settings().reading, no_cache=True)))
    elastic = tree["elastic"]
    _opened(session, str(elastic), elastic.read_text(encoding="utf-8"))
    assert len(read) == 3  # the first read: the whole tree
    read.clear()
    _opened(session, str(elastic), _flipped(elastic.read_text(encoding="utf-8")))
    assert [os.path.abspath(path) for path in read] == [str(elastic)]


def test_a_change_refreshes_the_pages_it_affects(tree: dict[str, Path]) -> None:
    """An API documented again on another page: duplicate-api on both, and
    the other page's findings go when the buffer drops it again."""
    elastic, crossed = tree["elastic"], tree["crossed"]
    session = Session(Settings(ignore=("nonstandard-mark",)))
    text = crossed.read_text(encoding="utf-8")
    assert _opened(session, str(crossed), text) == {str(crossed): ()}
    again = text + "\n" + entry(PUT_METRIC, "2.12")
    published = _opened(session, str(crossed), again)
    assert set(published) == {str(crossed), str(elastic)}
    assert {f.rule for f in published[str(elastic)]} == {"duplicate-api"}
    assert _opened(session, str(crossed), text) == {str(crossed): (), str(elastic): ()}


def test_the_configuration_and_the_selection_apply(tree: dict[str, Path]) -> None:
    crossed = tree["crossed"]
    text = crossed.read_text(encoding="utf-8")
    assert [f.rule for f in _opened(Session(Settings()), str(crossed), text)[str(crossed)]] == [
        "nonstandard-mark"
    ]
    ignored = Session(Settings(ignore=("nonstandard-",)))
    assert _opened(ignored, str(crossed), text) == {str(crossed): ()}
    Path(".docs-check.toml").write_text('ignore = ["nonstandard-mark"]\n', encoding="utf-8")
    assert _opened(Session(Settings()), str(crossed), text) == {str(crossed): ()}


def _applied(text: str, edits: Sequence[Replacement]) -> str:
    """Line edits applied as an editor applies them (an insertion: last = first - 1)."""
    lines = text.split("\n")
    for edit in sorted(edits, reverse=True):
        lines[edit.first - 1 : edit.last] = list(edit.lines)
    return "\n".join(lines)


def test_the_quick_fix_is_fixs_edit(tree: dict[str, Path], cli: object) -> None:
    crossed = tree["crossed"]
    session = Session(Settings())
    text = crossed.read_text(encoding="utf-8")
    _opened(session, str(crossed), text)
    (finding,) = session.findings(str(crossed))
    offered = actions(
        [finding], text, finding.line, finding.line, session.fixed(str(crossed), text)
    )
    assert [(a.title, a.preferred) for a in offered] == [
        ("docs-check: fix nonstandard-mark", True),
        ("docs-check: silence nonstandard-mark here", False),
        ("docs-check: fix all on this page", False),
    ]
    from checker.cli import run

    assert run(["fix", "docs"]) == 0
    written = crossed.read_text(encoding="utf-8")
    assert _applied(text, offered[0].edits) == _applied(text, offered[2].edits) == written


def test_the_suppression_goes_around_the_table_and_silences(tree: dict[str, Path]) -> None:
    crossed = tree["crossed"]
    session = Session(Settings())
    text = crossed.read_text(encoding="utf-8")
    _opened(session, str(crossed), text)
    (finding,) = session.findings(str(crossed))
    silence = actions([finding], text, 1, 100, None)[0]
    silenced = _applied(text, silence.edits)
    lines = silenced.split("\n")
    top = lines.index("| 硬件 | 是否支持 |")
    assert lines[top - 1] == (
        "<!-- docs-check-disable nonstandard-mark -- why this case is right -->"
    )
    assert lines[top + 5] == "<!-- docs-check-enable nonstandard-mark -->"
    assert _opened(session, str(crossed), silenced) == {str(crossed): ()}


def test_an_inline_status_is_silenced_on_the_line_before(tree: dict[str, Path]) -> None:
    inline = tree["elastic"].with_name("torch-inline.md")
    text = page(f"### {PUT_METRIC}\n\n**是否支持**：视情况而定\n")
    inline.write_text(text, encoding="utf-8")
    session = Session(Settings(ignore=("doc-differs-from-rule", "duplicate-api")))
    found = _opened(session, str(inline), text)[str(inline)]
    assert [(f.rule, f.line) for f in session.findings(str(inline))] == [("status-unreadable", 7)]
    silence = actions(session.findings(str(inline)), text, 7, 7, None)[-1]
    silenced = _applied(text, silence.edits)
    assert silenced.split("\n")[6:8] == [
        "<!-- docs-check-disable-next-line status-unreadable -- why this case is right -->",
        "**是否支持**：视情况而定",
    ]
    assert found and _opened(session, str(inline), silenced) == {str(inline): ()}
