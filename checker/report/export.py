"""`export`'s report: every record of the support model (one a product
status of an entry), as JSON (checker/schemas/export.schema.json), JSON
Lines or CSV. JSON Lines: one object a line (docs/formats.md), so a tool
can stream the model without holding one large document; a record line has
no schema tag, and the schema describes each line as its `record`. CSV: the
records as rows under a header of their field names (the JSON record's
keys, in order), for a spreadsheet. A working-tree page's `ref` is an empty
cell. With --tests, a `tests` column: the record's test links separated by
`; `, each `TEST KIND LINE EXACT DISABLED_FOR` (EXACT `yes`/`no`,
DISABLED_FOR the products joined by `,`, or `-`). A text cell that a
spreadsheet would read as a formula (it begins with `=`, `+`, `-`, `@`, a
tab or a carriage return) begins with `'` (checker.report.escape.csv_cell)."""

from __future__ import annotations

import csv
import io
import json
from typing import TYPE_CHECKING, Any

from checker.outcome import Command
from checker.report.escape import csv_cell
from checker.report.formats import own_report
from checker.report.objects import RECORD_FIELDS, exported_object, record_object, tagged

if TYPE_CHECKING:
    from checker.outcome import Outcome

REPORTS = {Command.EXPORT: own_report(__name__, "json", "jsonl", "csv")}


def as_json(outcome: Outcome[Any]) -> str:
    result = outcome.result
    records = [exported_object(record, result) for record in result.records]
    document = {**tagged("export"), "records": records, "errors": list(outcome.errors)}
    return json.dumps(document, ensure_ascii=False, indent=2) + "\n"


def as_jsonl(outcome: Outcome[Any]) -> str:
    exported = outcome.result
    return "".join(
        json.dumps(exported_object(record, exported), ensure_ascii=False) + "\n"
        for record in exported.records
    )


def as_csv(outcome: Outcome[Any]) -> str:
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
