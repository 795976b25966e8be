"""The page cache's entry format: every field of a page comes back as it was
(no silent rebuild hiding a loss), a head of the wrong types is refused (the
entry rebuilt), and a body of the wrong types, which only a forged entry can
have past its digest, is an error naming the entry when it is looked at."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from checker.errors import InputError
from checker.i18n import Message
from checker.model.edit import Edit
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, Mention, NativeLink, Page, Status, Support
from checker.model.suppression import Directive
from checker.sources.page_cache.store import PageCache
from tests.helpers import cached_page
from tests.sources.page_cache.test_store import entry_bytes

KEY = "ab" + "0" * 62
NESTED = Message("{api} contradicts {where}", {"api": "torch.x", "where": Message("{n}", {"n": 3})})


def entry(api: str, line: int, **fields: Any) -> Entry:
    made = {
        "api": api, "version": "2.13.0", "lang": "zh", "path": "docs/p.md", "line": line,
        "format": "table", "status": Status((("atlas-a2", Support.SUPPORTED),), None),
        "raw": "| 硬件 | ✔ |", "status_line": line + 2,
    }  # fmt: skip
    return Entry(**{**made, **fields})


PAGE = Page(
    path="docs/p.md",
    version="2.13.0",
    lang="zh",
    entries=(
        entry(
            "torch.a",
            3,
            link=NativeLink("a", "https://pytorch.org/docs/2.13/a.html", "2.13", "torch.a"),
            notes_at=((9, "<term>Atlas A3 训练系列产品</term>"),),
            title="a",
            link_line=5,
            product_lines=(("atlas-a2", 8),),
            status_lines=(6, 8),
        ),
        entry("torch.b", 20, status=None, raw=""),
        entry("torch.c", 30, link=NativeLink("c", "u", None, None), format="rows"),
        entry("torch.d", 40, status=Status((), Support.UNSUPPORTED), raw="否"),
    ),
    findings=(
        Finding("docs/p.md", 3, "api-conflict", Severity.ERROR, NESTED),
        Finding("docs/p.md", 4, "x", Severity.WARNING, "plain text", fix=(Edit(4, "✗", "✘"),)),
        Finding(
            "docs/p.md", 5, "y", Severity.WARNING, Message("{n} {none}", {"n": 2, "none": None})
        ),
    ),
    tree="",
    directives=(Directive(2, "disable-next-line", ("link-version",), "why"),),
    mentions=(Mention(5, "link", "https://pytorch.org/docs/2.13/a.html", "2.13"),),
)


def stored(tmp_path: Path, head: dict[str, Any], body: bytes) -> Page | None:
    (tmp_path / KEY[:2]).mkdir(exist_ok=True)
    line = json.dumps(head).encode()  # its digest right: only the types are wrong
    (tmp_path / KEY[:2] / f"{KEY}.json").write_bytes(entry_bytes(KEY, line, body))
    return cached_page(PageCache(tmp_path), KEY)


def written(tmp_path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    """The head's page and the body PAGE is written as."""
    PageCache(tmp_path).put(KEY, PAGE)
    _, head, *_, body = (tmp_path / KEY[:2] / f"{KEY}.json").read_bytes().split(b"\n")
    return json.loads(head), json.loads(body)


def test_every_field_comes_back(tmp_path: Path) -> None:
    cache = PageCache(tmp_path)
    cache.put(KEY, PAGE)
    got = cached_page(cache, KEY)
    assert got is not None
    assert got == PAGE
    assert [type(f.message) for f in got.findings] == [Message, str, Message]
    assert isinstance(got.findings[0].message, Message)
    assert got.findings[0].message.args["where"] == NESTED.args["where"]
    assert isinstance(got.findings[0].message.args["where"], Message)
    assert got.entries[1].status is None and got.entries[2].link == NativeLink("c", "u", None, None)
    assert got.entries[0].status is got.entries[2].status  # one status table a page


def wrong(**changes: Any) -> list[Any]:
    """A head's findings: one finding, right but for `changes`, kept compact
    (its path and message in their tables, model_rows.findings_data)."""
    right = {"path": "p", "line": 1, "rule": "r", "severity": "error", "message": "m", "fix": []}
    f = {**right, **changes}
    row = [0, f["line"], f["rule"], f["severity"], 0, None, None, None, 0]
    return [[f["path"]], [f["message"]], [f["fix"]], [row]]


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("entries", "4"),
        ("entries", True),
        ("mentions", -1),
        ("findings", wrong(path=1)),
        ("findings", wrong(rule=2)),
        ("findings", wrong(message=7)),
        ("findings", wrong(message={"template": 1, "args": {}})),
        ("findings", wrong(message={"template": "t", "args": []})),
        ("findings", wrong(message={"template": "{a}", "args": {"a": 1.5}})),
        ("findings", wrong(message={"template": "{a}", "args": {"a": True}})),
        ("directives", [[1, "disable", ["x"]]]),
    ],
)
def test_a_head_of_the_wrong_types_is_refused(tmp_path: Path, field: str, value: Any) -> None:
    head, body = written(tmp_path)
    assert stored(tmp_path, head, json.dumps(body).encode()) == PAGE  # as written: read
    right = {**head, "findings": wrong()} if field == "findings" else head
    assert stored(tmp_path, right, json.dumps(body).encode()) is not None  # one right finding
    assert stored(tmp_path, {**head, field: value}, json.dumps(body).encode()) is None


@pytest.mark.parametrize(
    "forge",
    [
        lambda body: {**body, "raws": [1, *body["raws"][1:]]},
        lambda body: {**body, "entries": ["not a row", *body["entries"][1:]]},
        lambda body: {
            **body,
            "entries": [[*body["entries"][0][:4], True, *body["entries"][0][5:]]],
        },
        lambda body: {**body, "entries": [[*body["entries"][0][:3], "0", *body["entries"][0][4:]]]},
        lambda body: {**body, "statuses": [[[["atlas-a2", "maybe"]], None]]},
        lambda body: {**body, "mentions": [[1, "link"]]},
    ],
)
def test_a_body_of_the_wrong_types_is_an_error_naming_the_entry(tmp_path: Path, forge: Any) -> None:
    head, body = written(tmp_path)
    page = stored(tmp_path, head, json.dumps(forge(body)).encode())
    assert page is not None  # the head is right, and the body matches its digest
    with pytest.raises(InputError, match="a page cache entry that docs-check did not write"):
        list(page.entries)
    with pytest.raises(InputError) as caught:  # and again, for the mentions made with them
        list(page.mentions)
    assert str(tmp_path / KEY[:2] / f"{KEY}.json") in str(caught.value)
