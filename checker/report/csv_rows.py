"""CSV: export's records as rows under a header of their field names (the
JSON record's keys, in order), for a spreadsheet. A working-tree page's
`ref` is an empty cell."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from checker.report.json import RECORD_FIELDS, record_object

if TYPE_CHECKING:
    from checker.app.outcome import Outcome


def render(outcome: Outcome[Any]) -> str:
    if outcome.command == "tests":
        from checker.report.tests_csv import tests_csv

        return tests_csv(outcome.result)
    exported = outcome.result
    out = io.StringIO()
    # "\n" endings, as every other report: the spreadsheets read both.
    writer = csv.DictWriter(out, fieldnames=RECORD_FIELDS, lineterminator="\n")
    writer.writeheader()
    for record in exported.records:
        writer.writerow(record_object(record, exported.refs))
    return out.getvalue()
