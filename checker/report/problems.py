"""What the formats of one line (or one object) per problem report: every
finding and, for `verify`, every verdict that carries a severity, after them,
in the order SARIF gives its results. A verdict without a severity
(`consistent`, `unverified` by default, a verdict turned off) is no problem.

A verdict is reported as a Finding under its registry id, so that every such
format handles the two alike; its `api` names the version and product too, so
that the baseline's notion of the same finding (checker.gate.baseline.key_of)
tells the verdicts of one entry apart."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from checker.checks.expected import verdict_said
from checker.model.finding import Finding, Severity

if TYPE_CHECKING:  # a lint run loads no verify code
    from checker.model.verdict import Verdict
    from checker.outcome import Outcome


def problems(outcome: Outcome[Any], verdicts: bool = False) -> list[Finding]:
    """`verdicts`: the command's verdicts are problems too (verify's table
    says so, checker.report.verify)."""
    result = outcome.result
    found = list(result.findings)
    if verdicts:
        found += [verdict_finding(r, r.severity) for r in result.results if r.severity is not None]
    return found


def verdict_message(r: Verdict) -> str:
    """`torch.x 2.12.0 on atlas-a3: failed: zero value`."""
    return verdict_said(r.api, r.version, r.product, r.verdict, r.detail)


def verdict_finding(r: Verdict, severity: Severity) -> Finding:
    return Finding(
        r.path,
        r.line,
        r.check or r.verdict,
        severity,
        verdict_message(r),
        api=f"{r.api} {r.version} {r.product}",
        entry_line=r.entry_line,
    )
