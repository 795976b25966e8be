"""A `verify --format json` report read back (`report --verify-report`): its
results, and the evidence records they were judged on, each checked whole as
an evidence file is (checker.verify.evidence_load). A report comes from
another machine, as evidence does: a site must never show an NPU
verification that the records do not hold."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from checker.errors import InputError
from checker.i18n import N_, message
from checker.jsonfile import load_versioned, versioned
from checker.model.catalogue import Catalogue
from checker.model.evidence import SCHEMA, SCHEMA_VERSION, Evidence
from checker.model.finding import Severity
from checker.verify.crosscheck import Result
from checker.verify.evidence_load import evidence_from
from checker.verify.verification import Verification

_TEXTS = ("rule", "api", "version", "product", "documented", "expected", "observed")
_MORE = ("verdict", "detail", "path")


def load_verification(paths: Sequence[str], catalogue: Catalogue) -> Verification:
    results: list[Result] = []
    evidence: list[Evidence] = []
    for path in paths:
        found, ran = load_report(path, catalogue)
        results += found
        evidence += ran
    return Verification(tuple(paths), tuple(results), tuple(evidence))


def load_report(path: str, catalogue: Catalogue) -> tuple[list[Result], list[Evidence]]:
    document = load_versioned(
        path, "docs-check/verify", 1, N_("verify report"), N_("broken report")
    )
    results, records = document.get("results"), document.get("evidence")
    for name, value in (("results", results), ("evidence", records)):
        if not isinstance(value, list):
            raise _broken(path, message(N_("'{name}' is not a list"), name=name))
    assert isinstance(results, list) and isinstance(records, list)
    judged = [_judged(path, index, item) for index, item in enumerate(results)]
    ran = []
    for index, item in enumerate(records):
        where = f"{path}: evidence[{index}]"
        record = versioned(item, where, SCHEMA, SCHEMA_VERSION, N_("evidence"), N_("broken report"))
        ran.append(evidence_from(record, where, catalogue))
    return judged, ran


def _judged(path: str, index: int, item: Any) -> Result:
    if not isinstance(item, dict) or not all(
        isinstance(item.get(name), str) for name in (*_TEXTS, *_MORE)
    ):
        raise _broken(path, f"results[{index}]")
    severity = item.get("severity")
    if severity is not None and severity not in tuple(Severity):
        raise _broken(path, f"results[{index}]: severity")
    for name in ("line", "entry_line"):
        if not isinstance(item.get(name), int) or isinstance(item.get(name), bool):
            raise _broken(path, f"results[{index}]: {name}")
    texts = {name: item[name] for name in (*_TEXTS, *_MORE)}
    level = Severity(severity) if severity is not None else None
    return Result(**texts, severity=level, line=item["line"], entry_line=item["entry_line"])


def _broken(path: str, what: str) -> InputError:
    return InputError(message(N_("{path}: broken report: {what}"), path=path, what=what))
