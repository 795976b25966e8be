"""What verify runs found, as a site shows it (`report --verify-report`): each
result (one rule x version x product: the docs' claim, the rule's, what an
NPU run of that product observed, the verdict) and the evidence records they
were judged on. Whether a claim is verified is read from them here, once:
on an NPU of its product (a result observed something there), by a CPU
reference run only (it ran the API under that torch release, on no NPU), by
a test double only (never counted: labelled fake), or not at all."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from checker.model.evidence import Evidence
from checker.verify.crosscheck import Result


class Verified(StrEnum):
    NPU = "npu"
    REFERENCE = "reference"  # a CPU reference run: it verifies no product
    FAKE = "fake"  # a test double's run only: never verification
    NONE = "none"


@dataclass(frozen=True)
class Verification:
    files: tuple[str, ...]  # the reports read, in the order given
    results: tuple[Result, ...]  # as verify judged them (checker.verify.crosscheck)
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

    def judged_at(self, version: str, apis: set[str]) -> list[Result]:
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
