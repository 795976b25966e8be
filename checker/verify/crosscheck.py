"""Cross-check: for each rule × version × product, what the docs say against
what the rule expects and what the behaviour test observed on that product's
NPU with the matching torch release. A CPU reference run is reported but never
counts as NPU verification; neither does a fake torch_npu."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from checker.checks.expected import differs_detail
from checker.i18n import N_, joined, message
from checker.model.catalogue import Catalogue
from checker.model.evidence import Evidence, Run
from checker.model.expectation import Expectation, compared
from checker.model.finding import Finding, finding
from checker.model.placed import with_api
from checker.model.run_notes import note_message
from checker.model.support import Entry, Page
from checker.model.verdict import (
    CLAIMS_FAILS,
    CONSISTENT,
    DENIES_PASSES,
    DIFFERS,
    ERROR,
    UNVERIFIED,
    Verdict,
    severity_of,
)
from checker.model.version import version_key
from checker.model.words import RUN_WORDS, word_message


@dataclass(frozen=True)
class Options:
    """How strictly verify judges: --strict and --require-npu."""

    strict: bool = False
    require_npu: bool = False


def crosscheck(
    rules: Sequence[Expectation],
    pages: Sequence[Page],
    evidence: Sequence[Evidence],
    catalogue: Catalogue,
    options: Options,
) -> tuple[list[Verdict], list[Finding]]:
    results: list[Verdict] = []
    findings: list[Finding] = []
    for rule in rules:
        # The rule's page, and every other page of its versions, whose entries of
        # the API are judged too: a second page saying otherwise is as wrong.
        by_version: dict[str, list[Page]] = {}
        elsewhere: dict[str, list[Page]] = {}
        for page in pages:
            group = by_version if Path(page.path).name == rule.doc else elsewhere
            group.setdefault(page.version, []).append(page)
        versions = rule.versions or tuple(sorted(by_version, key=version_key))
        if not versions:  # a rule that checks nothing must not pass
            path, _, line = rule.source.rpartition(":")
            said = message(
                N_("rule {rule}: no {doc} was found in the docs given"), rule=rule.id, doc=rule.doc
            )
            findings.append(finding("missing-entry", path, int(line), said, rule.api))
        for version in versions:
            if version not in by_version:
                said = message(
                    N_("rule {rule} lists {version}, but no {doc} for {version} was found"),
                    rule=rule.id,
                    version=version,
                    doc=rule.doc,
                )
                path, _, line = rule.source.rpartition(":")
                findings.append(finding("missing-entry", path, int(line), said, rule.api))
            for page in by_version.get(version, []):
                if not any(entry.api == rule.api for entry in page.entries):
                    said = message(
                        N_("{api} is not documented in this {version} page (rule {rule})"),
                        api=rule.api,
                        version=version,
                        rule=rule.id,
                    )
                    findings.append(finding("missing-entry", page.path, 1, said, rule.api))
            for page in by_version.get(version, []) + elsewhere.get(version, []):
                for entry in page.placed_entries():
                    if entry.api == rule.api:
                        results += _entry_results(rule, page, entry, evidence, catalogue, options)
    # a missing-entry on a page is told that page's version; one at the rule file none
    return results, with_api(findings, pages)


def _entry_results(
    rule: Expectation,
    page: Page,
    entry: Entry,
    evidence: Sequence[Evidence],
    catalogue: Catalogue,
    options: Options,
) -> list[Verdict]:
    """One result per product in scope, each at the line that states it."""
    version, results = entry.version, []
    # the products of the page's release, as lint compares them (checker.checks.expected)
    for product, documented, expected in compared(rule, page, entry, catalogue):
        runs = [r for e in evidence for r in _runs(e, rule, version, product)]
        others = [r for e in evidence for r in _reference_runs(e, rule, version)]
        verdict, observed, detail = _judge(documented, expected, runs, others, version)
        results.append(
            Verdict(
                verdict,
                severity_of(verdict, options.strict, options.require_npu),
                rule.api,
                version,
                (product,),
                entry.path,
                entry.line_of(product),
                entry.line,
                detail,
                rule.id,
                documented,
                expected,
                observed,
            )
        )
    return results


def _runs(evidence: Evidence, rule: Expectation, version: str, product: str) -> list[Run]:
    env = evidence.environment
    if not (env.verifies_npu and env.product == product and evidence.speaks_for == version):
        return []
    return [run for run in evidence.runs if belongs(run, rule)]


def _reference_runs(evidence: Evidence, rule: Expectation, version: str) -> list[tuple[str, Run]]:
    """Runs that verify no product, each with what it was (a Message)."""
    env = evidence.environment
    if env.verifies_npu or evidence.speaks_for != version:
        return []
    kind: str
    if env.fake_npu or env.fake_torch:
        double = "torch_npu" if env.fake_npu else f"torch {env.torch}"
        kind = message(N_("fake {double} run (test double, never counted)"), double=double)
    elif env.device == "npu":
        kind = message(
            N_("run on {npu} (no catalogue product: verifies nothing)"), npu=env.npu_name
        )
    else:
        kind = message(N_("CPU reference run"))
    return [(kind, run) for run in evidence.runs if belongs(run, rule)]


def verifying_nothing(evidence: Sequence[Evidence], scope: Sequence[str]) -> list[str]:
    """A note (a Message) for each NPU record whose runs verify nothing here:
    its SoC is of no catalogue product, or its product is outside the scope
    (an Ascend 950PR run, where the docs speak of the 950DT)."""
    notes: list[str] = []
    for record in evidence:
        env = record.environment
        if env.of_no_product:
            said = N_("{origin}: NPU {npu} is of no catalogue product: its runs verify nothing")
            notes.append(message(said, origin=record.origin, npu=env.npu_name))
        elif env.verifies_npu and env.product not in scope:
            said = N_(
                "{origin}: NPU {npu} is {product}, outside the scope ({scope}): its runs "
                "verify nothing here"
            )
            notes.append(
                message(
                    said,
                    origin=record.origin,
                    npu=env.npu_name,
                    product=env.product,
                    scope=", ".join(scope),
                )
            )
    return notes


def belongs(run: Run, rule: Expectation) -> bool:
    """A run speaks for a rule when it ran that rule's behaviour or repo test on
    its API; another rule's test of the same API is not this rule's evidence."""
    return run.api == rule.api and run.behaviour in (rule.behaviour, rule.test)


def _judge(
    documented: str,
    expected: str,
    runs: list[Run],
    others: list[tuple[str, Run]],
    version: str,
) -> tuple[str, str, str]:
    observed = _observed(runs)
    if documented != expected:  # lint reports it too (checker.checks.expected)
        return DIFFERS, observed, differs_detail(documented, expected)
    if observed == "none":
        if others:
            said = N_("{kind}: {verdict}")
            seen = [
                message(said, kind=kind, verdict=word_message(RUN_WORDS, run.verdict))
                for kind, run in others
            ]
            listed = joined(seen, N_("{first}; {then}"))
            return UNVERIFIED, observed, message(N_("no NPU evidence; {seen}"), seen=listed)
        none = message(N_("no NPU evidence for torch {version}"), version=version)
        return UNVERIFIED, observed, none
    if observed == "error":
        return ERROR, observed, note_message(next(r.note for r in runs if r.verdict == "error"))
    if documented == "supported" and observed == "failed":
        return CLAIMS_FAILS, observed, _failed_cases(runs)
    if documented == "unsupported" and observed == "passed":
        return DENIES_PASSES, observed, message(N_("the behaviour test passes on this product"))
    if documented == "unstated":
        return UNVERIFIED, observed, message(N_("the docs say nothing of this product"))
    return CONSISTENT, observed, ""


def _observed(runs: list[Run]) -> str:
    if not runs:
        return "none"
    for verdict in ("error", "failed"):
        if any(run.verdict == verdict for run in runs):
            return verdict
    return "passed"


def _failed_cases(runs: list[Run]) -> str:
    failed = [case.name for run in runs for case in run.cases if not case.passed]
    if not failed:
        return message(N_("the behaviour test failed"))
    return message(N_("failed: {cases}"), cases=joined(failed, N_("{first}; {then}")))
