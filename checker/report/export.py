"""JSON Lines: export's records, one object a line (docs/formats.md), so a
tool can stream the model without holding one large document. A record
line has no schema tag; checker/schemas/export.schema.json describes each
line as its `record`."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from checker.report.objects import exported_object

if TYPE_CHECKING:
    from checker.outcome import Outcome


def render(outcome: Outcome[Any]) -> str:
    exported = outcome.result
    return "".join(
        json.dumps(exported_object(record, exported), ensure_ascii=False) + "\n"
        for record in exported.records
    )
