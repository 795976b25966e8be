"""A `verify --format json` report read back (`report --verify-report`): its
results, and the evidence records they were judged on, each checked whole as
an evidence file is (checker.verify.evidence_load), into a `Verification`, as
a site shows what verify runs found. A report comes from another machine, as
evidence does: a site must never show an NPU verification that the records do
not hold.

Whether a claim is verified is read from the results here, once: on an NPU of
its product (a result observed something there), by a CPU reference run only
(it ran the API under that torch release, on no NPU), by a test double only
(never counted: labelled fake), or not at all."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from checker.errors import InputError
from checker.i18n import N_, message
from checker.jsonfile import load_versioned, versioned
from checker.model.catalogue import Catalogue
from checker.model.evidence import SCHEMA, SCHEMA_VERSION, Evidence
from checker.model.finding import Severity
from checker.model.verdict import Verdict
from checker.verify.evidence_load import evidence_from


class Verified(StrEnum):
    NPU = "npu"
    REFERENCE = "reference"  # a CPU reference run: it verifies no product
    FAKE = "fake"  # a test double's run only: never verification
    NONE = "none"


@dataclass(frozen=True)
class Verification:
    """Verify reports read back: their verdicts and evidence records."""

    files: tuple[str, ...]  # the reports read, in the order given
    results: tuple[Verdict, ...]  # as verify judged them (checker.verify.crosscheck)
    evidence: tuple[Evidence, ...]
    # a cache of `of`'s answers, filled when first asked: no part of the value
    _index: dict[Any, Any] = field(
        default_factory=dict,
        init=False,
        repr=False,
        compare=False,
        hash=False,
    )

    def of(self, api: str, version: str, product: str) -> Verified:
        """How the claim of `api` at `version` for `product` was verified."""
        if not self._index:
            self._index.update(_indexed(self))
        best = self._index.get((api, version, product))
        if best is not None:
            return Verified.NPU
        ran = self._index.get((api, version))
        return ran if ran is not None else Verified.NONE

    def judged_at(self, version: str, apis: set[str]) -> list[Verdict]:
        """The results of these APIs at this docs version, in report order."""
        return [r for r in self.results if r.version == version and r.api in apis]

    def runs_at(self, version: str, apis: set[str]) -> list[tuple[Evidence, str, str]]:
        """(evidence, API, run summary) of each run of these APIs that speaks
        for this docs version, in the order read."""
        found = []
        for evidence in self.evidence:
            if version not in evidence.docs_versions:
                continue
            for run in evidence.runs:
                if run.api in apis:
                    found.append((evidence, run.api, run.summary or run.verdict))
        return found


def _indexed(verification: Verification) -> dict[Any, Any]:
    """(api, version, product) -> True where an NPU of that product observed
    the API; (api, version) -> REFERENCE or FAKE where only such runs did
    (a reference run outranks a fake one: it is real, on the CPU)."""
    index: dict[Any, Any] = {}
    for result in verification.results:
        if result.observed != "none":
            index[(result.api, result.version, result.product)] = True
    for evidence in verification.evidence:
        env = evidence.environment
        kind = Verified.FAKE if env.fake_npu or env.fake_torch else Verified.REFERENCE
        if env.device == "npu" and kind is Verified.REFERENCE:
            continue  # an NPU run counts through the results, for its product only
        for version in evidence.docs_versions:
            for run in evidence.runs:
                if index.get((run.api, version)) is not Verified.REFERENCE:
                    index[(run.api, version)] = kind
    return index


_TEXTS = ("rule", "api", "version", "product", "documented", "expected", "observed")
_MORE = ("verdict", "detail", "path")


def load_verification(paths: Sequence[str], catalogue: Catalogue) -> Verification:
    results: list[Verdict] = []
    evidence: list[Evidence] = []
    for path in paths:
        found, ran = load_report(path, catalogue)
        results += found
        evidence += ran
    return Verification(tuple(paths), tuple(results), tuple(evidence))


def load_report(path: str, catalogue: Catalogue) -> tuple[list[Verdict], list[Evidence]]:
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


def _judged(path: str, index: int, item: Any) -> Verdict:
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
    texts = {name: item[name] for name in (*_TEXTS, *_MORE) if name != "product"}
    level = Severity(severity) if severity is not None else None
    return Verdict(
        **texts,
        products=(item["product"],),
        severity=level,
        line=item["line"],
        entry_line=item["entry_line"],
    )


def _broken(path: str, what: str) -> InputError:
    return InputError.saying(N_("{path}: broken report: {what}"), path=path, what=what)
