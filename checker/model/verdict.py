"""A verdict: what the docs say of an API's products at a version, judged
against evidence. One record and one vocabulary for every command that judges
claims: verify's cross-check of the rules (checker.verify.crosscheck), `verify
--backed`'s backing tests (checker.verify.backed.judge) and `docs-check tests`'
test map (checker.testmap.backing). A verdict that is a problem is reported
under a registry id, at that id's level unless the run raises it."""

from __future__ import annotations

from dataclasses import dataclass

from checker.model.finding import Severity, default_severity

# verify and verify --backed, per API x version x product
CONSISTENT = "consistent"
DIFFERS = "doc-differs-from-rule"  # verify's only: lint reports it too
CLAIMS_FAILS = "doc-claims-support-test-fails"
DENIES_PASSES = "doc-denies-support-test-passes"
UNVERIFIED = "unverified"
ERROR = "error"
# docs-check tests, per API x version, naming the products concerned
UNBACKED = "claim-unbacked"
DISABLED = "claim-tests-disabled"
TESTED = "unsupported-but-tested"
PER_PRODUCT = (CONSISTENT, DIFFERS, CLAIMS_FAILS, DENIES_PASSES, UNVERIFIED, ERROR)
PER_ENTRY = (UNBACKED, DISABLED, TESTED)
# verdict -> the registry id it is reported under (a consistent one is no problem)
CHECK_OF = {
    DIFFERS: DIFFERS,
    CLAIMS_FAILS: CLAIMS_FAILS,
    DENIES_PASSES: DENIES_PASSES,
    UNVERIFIED: UNVERIFIED,
    ERROR: "behaviour-run-error",
    UNBACKED: UNBACKED,
    DISABLED: DISABLED,
    TESTED: TESTED,
}


@dataclass(frozen=True)
class Verdict:
    """One verdict on what a page says of a product."""

    verdict: str  # of the vocabulary above
    severity: Severity | None  # None: no problem (consistent), a note, or turned off
    api: str
    version: str
    products: tuple[str, ...]  # one, but for `tests`' verdicts on an entry's products
    path: str
    line: int  # where the entry states its (first) product concerned
    entry_line: int  # the entry's heading
    detail: str  # a Message (checker.i18n)
    rule: str = ""  # verify's: the rule judged
    documented: str = ""  # verify's and --backed's: supported / unsupported / unstated
    expected: str = ""  # verify's: what the rule expects
    observed: str = ""  # passed / failed / error / none: on this product's NPU
    cases: int = 0  # --backed's: the backing cases counted for it
    # `tests`' claim-tests-disabled: (test, the disabled list's path, the key's line)
    disabled: tuple[tuple[str, str, int], ...] = ()

    @property
    def product(self) -> str:
        """The product judged, of a verdict per product (verify, --backed)."""
        return self.products[0]

    @property
    def check(self) -> str | None:
        """The registry id this verdict is reported under; None when consistent."""
        return CHECK_OF.get(self.verdict)


def severity_of(verdict: str, strict: bool = False, require_npu: bool = False) -> Severity | None:
    """The registry's level, raised by verify's --strict and --require-npu."""
    if (verdict == DENIES_PASSES and strict) or (verdict == UNVERIFIED and require_npu):
        return Severity.ERROR
    check = CHECK_OF.get(verdict)
    return default_severity(check) if check else None
