"""A JSON report written in pieces, its findings one at a time (issue 49: a
history's lint JSON is 41 MB, and was held whole, with every finding's
object): the same bytes as the document dumped whole."""

from __future__ import annotations

import json
from typing import Any

import pytest

from checker.report.objects import json_pieces

DOCUMENTS = [
    ({"schema": "s", "findings": [], "files": 0}, []),
    ({"schema": "s", "findings": [], "errors": ["a\nb"]}, [{"rule": "r", "line": 1}]),
    (
        {"findings": [], "resolution": {"findings": [], "n": [1, {"k": "v"}]}},
        [{"rule": "中文", "fix": {"edits": [[1, "x"]]}, "api": None}, {"findings": []}],
    ),
]


@pytest.mark.parametrize(("document", "items"), DOCUMENTS)
def test_pieces_are_the_document_dumped_whole(
    document: dict[str, Any], items: list[dict[str, Any]]
) -> None:
    pieces = list(json_pieces(document, "findings", iter(items)))
    whole = json.dumps({**document, "findings": items}, ensure_ascii=False, indent=2)
    assert "".join(pieces) == whole
    assert len(pieces) >= len(items)  # an item a piece at least: none held for the others
