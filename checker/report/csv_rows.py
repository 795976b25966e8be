"""CSV: export's records as rows under a header of their field names (the
JSON record's keys, in order), for a spreadsheet. A working-tree page's
`ref` is an empty cell. With --tests, a `tests` column: the record's test
links separated by `; `, each `TEST KIND LINE EXACT DISABLED_FOR` (EXACT
`yes`/`no`, DISABLED_FOR the products joined by `,`, or `-`). A text cell
that a spreadsheet would read as a formula (it begins with `=`, `+`, `-`, `@`,
a tab or a carriage return) begins with `'` (checker.report.escape.csv_cell)."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING, Any

from checker.report.escape import csv_cell
from checker.report.objects import RECORD_FIELDS, record_object

if TYPE_CHECKING:
    from checker.outcome import Outcome


def render(outcome: Outcome[Any]) -> str:
    if outcome.command == "tests":
        from checker.report.tests_csv import tests_csv

        return tests_csv(outcome.result)
    exported = outcome.result
    out = io.StringIO()
    # "\n" endings, as every other report: the spreadsheets read both.
    linked = exported.tests is not None
    fields = (*RECORD_FIELDS, "tests") if linked else RECORD_FIELDS
    writer = csv.DictWriter(out, fieldnames=fields, lineterminator="\n")
    writer.writeheader()
    for record in exported.records:
        row = record_object(record, exported.refs)
        if linked:
            row["tests"] = "; ".join(
                f"{link.test} {link.kind} {link.line} {'yes' if link.exact else 'no'} "
                + (",".join(link.disabled_for) or "-")
                + f" {link.device}"
                for link in exported.links_of(record)
            )
        writer.writerow({field: csv_cell(value) for field, value in row.items()})
    return out.getvalue()
