"""`tests --format csv`: one row per docs version and documented API: the
products marked supported, whether an enabled NPU test backs it, the links by
kind, the number of tests and of NPU tests, the first test, and the verdicts
on it (the unbacked list is the rows whose `backed` is `no`). A text cell a
spreadsheet would read as a formula begins with `'` (checker.report.escape.csv_cell)."""

from __future__ import annotations

import csv
import io
from typing import TYPE_CHECKING

from checker.report.escape import csv_cell

if TYPE_CHECKING:
    from checker.results import TestsReport

FIELDS = (
    *("version", "api", "supported", "backed", "call", "method", "opinfo", "rule"),
    *("tests", "npu_tests", "first_test", "verdicts"),
)


def tests_csv(report: TestsReport) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(FIELDS)
    verdicts: dict[tuple[str, str], set[str]] = {}
    for v in report.verdicts:
        verdicts.setdefault((v.version, v.api), set()).add(v.verdict)
    for mapped in report.versions:
        links: dict[str, list[tuple[str, str]]] = {}
        on_npu: dict[str, set[str]] = {}
        for link in mapped.links:
            links.setdefault(link.api, []).append((link.kind, link.test))
            if link.on_npu:
                on_npu.setdefault(link.api, set()).add(link.test)
        backed = mapped.backed
        for api, products in mapped.claims:
            found = links.get(api, [])
            kinds = [sum(1 for kind, _ in found if kind == k) for k in FIELDS[4:8]]
            tests = sorted({test for _, test in found})
            cells = [
                mapped.version,
                api,
                " ".join(products),
                "yes" if api in backed else "no",
                *kinds,
                len(tests),
                len(on_npu.get(api, ())),
                tests[0] if tests else "",
                " ".join(sorted(verdicts.get((mapped.version, api), ()))),
            ]
            writer.writerow([csv_cell(cell) for cell in cells])
    return out.getvalue()
