"""The cross-check, called directly: rule × version × product, docs against the
rule and against NPU evidence of the matching torch release. Pages come from
the small fixture docs (put_metric at line 21 of each page); evidence from the
hand-written records in fixtures/verify/evidence or made here."""

from __future__ import annotations

from dataclasses import FrozenInstanceError, replace
from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.evidence import Case, Environment, Evidence, Run
from checker.model.expectation import Expectation
from checker.model.finding import Finding, Severity
from checker.model.status import read_status
from checker.model.support import Page
from checker.model.verdict import (
    CLAIMS_FAILS,
    CONSISTENT,
    DENIES_PASSES,
    DIFFERS,
    ERROR,
    UNVERIFIED,
    Verdict,
)
from checker.sources.corpus import read_corpus
from checker.verify.crosscheck import Options, crosscheck
from checker.verify.evidence_load import load_evidence
from checker.verify.rule_files import load_rules
from tests.helpers import REPO

VERIFY = REPO / "tests" / "fixtures" / "verify"
DOCS = VERIFY / "docs"
EVIDENCE = VERIFY / "evidence"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
PAGE = str(DOCS / "docs/zh/api/native_api/pytorch_{}/torch-distributed-elastic.md")
PAGE_12, PAGE_13 = PAGE.format("2-12-0"), PAGE.format("2-13-0")
CATALOGUE = default_catalogue()
SCOPE = ("atlas-a2", "atlas-a3", "ascend-950")


def pages(root: Path = DOCS) -> tuple[Page, ...]:
    corpus = read_corpus([str(root)], CATALOGUE)
    assert corpus.errors == ()
    return corpus.pages


def shipped() -> Expectation:
    (rule,) = load_rules([REPO / "rules" / "put_metric.toml"], CATALOGUE)
    return rule


def rule(expect: str = "是，暂不支持 Ascend 950DT", **changes: object) -> Expectation:
    status = read_status(expect, CATALOGUE).status
    assert status is not None
    base = Expectation(
        id="test-rule",
        api=PUT_METRIC,
        doc="torch-distributed-elastic.md",
        expect=expect,
        expected=status,
        versions=(),
        behaviour="put_metric",
        test=None,
        source="/rules/test.toml:3",
    )
    return replace(base, **changes)  # type: ignore[arg-type]


def npu(
    product: str,
    verdict: str = "passed",
    torch: str = "2.13.0",
    api: str = PUT_METRIC,
    **env: object,
) -> Evidence:
    soc = {"atlas-a2": "Ascend910B3", "atlas-a3": "Ascend910_9382", "ascend-950": "Ascend950DT"}
    environment = Environment(
        platform="Linux 5.10.0 aarch64",
        python="3.11.10",
        torch=torch,
        torch_npu=torch,
        cann="8.5.RC1",
        npu_name=soc[product],
        visible_npus=8,
        product=product,
        device="npu",
        fake_npu=False,
        note=f"NPU run on {soc[product]}",
    )
    cases = (Case("default group is torchelastic", True),)
    if verdict == "failed":
        cases += (Case("zero value", False, "AssertionError: value 0.0"),)
    run = Run(
        api=api,
        behaviour="put_metric",
        source="behaviour",
        command=("python3", "harness.py"),
        cases=cases if verdict != "error" else (),
        duration_s=0.01,
        exit_code=0 if verdict != "error" else None,
        verdict=verdict,
        note="timed out after 120 s" if verdict == "error" else "",
    )
    return Evidence(replace(environment, **env), (run,), "hand-made")  # type: ignore[arg-type]


def off_catalogue(verdict: str = "passed") -> Evidence:
    """A real NPU run on a SoC the catalogue does not know (no product)."""
    evidence = npu("atlas-a2", verdict)
    environment = replace(evidence.environment, npu_name="Ascend610", product=None)
    return replace(evidence, environment=environment)


def fixture(name: str) -> Evidence:
    return load_evidence(str(EVIDENCE / name))


def check(
    evidence: list[Evidence],
    rules: list[Expectation] | None = None,
    options: Options | None = None,
    root: Path = DOCS,
) -> tuple[list[Verdict], list[Finding]]:
    return crosscheck(rules or [shipped()], pages(root), evidence, CATALOGUE, options or Options())


def row(results: list[Verdict], version: str, product: str) -> Verdict:
    (found,) = [r for r in results if (r.version, r.product) == (version, product)]
    return found


def verdicts(results: list[Verdict], version: str) -> dict[str, str]:
    return {r.product: r.verdict for r in results if r.version == version}


# -- the fixture docs themselves ----------------------------------------------------------


def test_fixture_pages_document_put_metric_at_line_21() -> None:
    entries = [e for page in pages() for e in page.entries if e.api == PUT_METRIC]
    assert [(e.path, e.line, e.version) for e in entries] == [
        (PAGE_12, 21, "2.12.0"),
        (PAGE_13, 21, "2.13.0"),
    ]
    assert Path(PAGE_13).read_text(encoding="utf-8").splitlines()[20] == f"### {PUT_METRIC}"


# -- consistent ---------------------------------------------------------------------------


def test_npu_evidence_of_every_product_is_consistent() -> None:
    evidence = [
        fixture("npu-a2-torch-2.13.0-pass.json"),
        fixture("npu-a3-torch-2.13.0-pass.json"),
        fixture("npu-950-torch-2.13.0-fail.json"),
    ]
    results, findings = check(evidence)
    assert findings == []
    rule_id, api = "elastic-put-metric", PUT_METRIC
    assert [r for r in results if r.version == "2.13.0"] == [
        Verdict(
            CONSISTENT,
            None,
            api,
            "2.13.0",
            ("atlas-a2",),
            PAGE_13,
            31,
            21,
            "",
            rule_id,
            "supported",
            "supported",
            "passed",
        ),
        Verdict(
            CONSISTENT,
            None,
            api,
            "2.13.0",
            ("atlas-a3",),
            PAGE_13,
            32,
            21,
            "",
            rule_id,
            "supported",
            "supported",
            "passed",
        ),
        Verdict(
            CONSISTENT,
            None,
            api,
            "2.13.0",
            ("ascend-950",),
            PAGE_13,
            33,
            21,
            "",
            rule_id,
            "unsupported",
            "unsupported",
            "failed",
        ),
    ]  # fmt: skip  (each at its product's row; 21 is the heading)
    # the 2.13.0 records say nothing of 2.12.0
    assert verdicts(results, "2.12.0") == dict.fromkeys(SCOPE, UNVERIFIED)
    assert {row(results, "2.12.0", p).detail for p in SCOPE} == {"no NPU evidence for torch 2.12.0"}


def test_results_come_in_version_then_scope_order() -> None:
    results, _ = check([])
    assert [(r.version, r.product) for r in results] == [
        (v, p) for v in ("2.12.0", "2.13.0") for p in SCOPE
    ]


def test_verdicts_checks_and_levels_as_reports_name_them() -> None:
    # 2.13.0: A2 passes, A3 fails, 950 (documented unsupported) passes;
    # 2.12.0: A2's run errs, A3 and 950 have no NPU run.
    evidence = [
        npu("atlas-a2"),
        npu("atlas-a3", "failed"),
        npu("ascend-950"),
        npu("atlas-a2", "error", torch="2.12.0"),
    ]
    results, _ = check(evidence)
    assert [(r.version, r.product, r.verdict, r.check, r.severity) for r in results] == [
        ("2.12.0", "atlas-a2", "error", "behaviour-run-error", Severity.ERROR),
        ("2.12.0", "atlas-a3", "unverified", "unverified", None),
        ("2.12.0", "ascend-950", "unverified", "unverified", None),
        ("2.13.0", "atlas-a2", "consistent", None, None),
        ("2.13.0", "atlas-a3", "doc-claims-support-test-fails", "doc-claims-support-test-fails",
         Severity.ERROR),
        ("2.13.0", "ascend-950", "doc-denies-support-test-passes",
         "doc-denies-support-test-passes", Severity.WARNING),
    ]  # fmt: skip
    differs, _ = check([], [rule("是")])
    result = row(differs, "2.13.0", "ascend-950")
    assert (result.verdict, result.check) == ("doc-differs-from-rule", "doc-differs-from-rule")


def test_results_and_options_are_values() -> None:
    results, _ = check([npu("atlas-a2")])
    result = row(results, "2.13.0", "atlas-a2")
    with pytest.raises(FrozenInstanceError):
        result.verdict = UNVERIFIED  # type: ignore[misc]
    assert len({result, replace(result)}) == 1
    options = Options(strict=True)
    with pytest.raises(FrozenInstanceError):
        options.strict = False  # type: ignore[misc]
    assert {options, Options(strict=True)} == {Options(True, False)}


def test_one_product_verified_leaves_the_others_unverified() -> None:
    results, _ = check([npu("atlas-a3")])
    assert verdicts(results, "2.13.0") == {
        "atlas-a2": UNVERIFIED,
        "atlas-a3": CONSISTENT,
        "ascend-950": UNVERIFIED,
    }
    assert row(results, "2.13.0", "atlas-a2").detail == "no NPU evidence for torch 2.13.0"


# -- the docs claim support, the test fails -----------------------------------------------


def test_doc_claims_support_test_fails_is_an_error() -> None:
    results, findings = check([fixture("npu-a3-torch-2.12.0-fail.json")])
    assert findings == []
    result = row(results, "2.12.0", "atlas-a3")
    assert (result.documented, result.observed, result.verdict) == (
        "supported",
        "failed",
        CLAIMS_FAILS,
    )
    assert result.severity is Severity.ERROR
    assert result.detail == "failed: zero value"
    assert (result.path, result.line) == (PAGE_12, 32)  # the Atlas A3 row


def test_one_failing_run_among_passing_ones_fails() -> None:
    results, _ = check([npu("atlas-a2"), npu("atlas-a2", "failed"), npu("atlas-a2")])
    assert row(results, "2.13.0", "atlas-a2").verdict == CLAIMS_FAILS
    assert row(results, "2.13.0", "atlas-a2").detail == "failed: zero value"


def test_every_failed_case_of_every_run_is_named_in_order() -> None:
    first = npu("atlas-a2", "failed")
    cases = (Case("negative value", False, "ValueError"), Case("no group", True))
    first = replace(first, runs=(replace(first.runs[0], cases=first.runs[0].cases + cases),))
    second = npu("atlas-a2", "failed")
    results, _ = check([first, npu("atlas-a2"), second])
    assert row(results, "2.13.0", "atlas-a2").detail == (
        "failed: zero value; negative value; zero value"
    )


def test_failed_run_without_a_failed_case_says_the_test_failed() -> None:
    # e.g. the harness died after its cases had passed: the run failed, no case did
    evidence = npu("atlas-a2", "failed")
    run = replace(evidence.runs[0], cases=(Case("default group is torchelastic", True),))
    results, _ = check([replace(evidence, runs=(run,))])
    result = row(results, "2.13.0", "atlas-a2")
    assert (result.verdict, result.observed) == (CLAIMS_FAILS, "failed")
    assert result.detail == "the behaviour test failed"


# -- the docs deny support, the test passes -----------------------------------------------


def test_doc_denies_support_test_passes_is_a_warning() -> None:
    results, _ = check([npu("ascend-950")])
    result = row(results, "2.13.0", "ascend-950")
    assert (result.documented, result.observed, result.verdict) == (
        "unsupported",
        "passed",
        DENIES_PASSES,
    )
    assert result.severity is Severity.WARNING
    assert result.detail == "the behaviour test passes on this product"


def test_doc_denies_support_test_passes_is_an_error_when_strict() -> None:
    results, _ = check([npu("ascend-950"), npu("atlas-a2")], options=Options(strict=True))
    assert row(results, "2.13.0", "ascend-950").severity is Severity.ERROR
    # --strict raises only that verdict: consistent and unverified stay unlevelled
    assert row(results, "2.13.0", "atlas-a2").severity is None
    assert row(results, "2.13.0", "atlas-a3").severity is None


def test_require_npu_leaves_doc_denies_support_a_warning() -> None:
    results, _ = check([npu("ascend-950")], options=Options(require_npu=True))
    assert row(results, "2.13.0", "ascend-950").severity is Severity.WARNING


def test_unsupported_and_failing_is_consistent() -> None:
    results, _ = check([npu("ascend-950", "failed")])
    result = row(results, "2.13.0", "ascend-950")
    assert (result.verdict, result.severity) == (CONSISTENT, None)


# -- unverified ---------------------------------------------------------------------------


def test_no_evidence_is_unverified_and_no_error() -> None:
    results, findings = check([])
    assert findings == []
    assert len(results) == 6
    assert {(r.verdict, r.observed, r.severity) for r in results} == {(UNVERIFIED, "none", None)}


def test_cpu_reference_run_is_mentioned_but_stays_unverified() -> None:
    results, _ = check([fixture("cpu-reference-torch-2.13.0-pass.json")])
    for product in SCOPE:
        result = row(results, "2.13.0", product)
        assert (result.verdict, result.observed) == (UNVERIFIED, "none")
        assert result.detail == "no NPU evidence; CPU reference run: passed"
    # a 2.13.0 reference run says nothing of 2.12.0
    assert row(results, "2.12.0", "atlas-a2").detail == "no NPU evidence for torch 2.12.0"


def test_failing_cpu_reference_run_is_mentioned_but_stays_unverified() -> None:
    cpu = fixture("cpu-reference-torch-2.13.0-pass.json")
    failing = replace(cpu, runs=(replace(cpu.runs[0], verdict="failed"),))
    results, _ = check([failing])
    result = row(results, "2.13.0", "atlas-a2")
    assert (result.verdict, result.severity) == (UNVERIFIED, None)
    assert result.detail == "no NPU evidence; CPU reference run: failed"


def test_fake_npu_evidence_never_counts() -> None:
    fake = fixture("fake-npu-a3-torch-2.13.0-pass.json")
    results, _ = check([fake])
    assert row(results, "2.13.0", "atlas-a3").verdict == UNVERIFIED
    assert row(results, "2.13.0", "atlas-a3").observed == "none"
    # not even a fake record that claims the npu device, failing or not
    claims = replace(fake, environment=replace(fake.environment, device="npu"))
    failing = replace(claims, runs=(replace(claims.runs[0], verdict="failed"),))
    for evidence in (claims, failing):
        results, _ = check([evidence])
        assert verdicts(results, "2.13.0") == dict.fromkeys(SCOPE, UNVERIFIED)
    # each product's row says what the run was, the npu device notwithstanding
    results, _ = check([failing])
    assert {row(results, "2.13.0", p).detail for p in SCOPE} == {
        "no NPU evidence; fake torch_npu run (test double, never counted): failed"
    }
    assert row(results, "2.12.0", "atlas-a3").detail == "no NPU evidence for torch 2.12.0"


def test_fake_npu_run_is_named_as_a_test_double() -> None:
    results, _ = check([fixture("fake-npu-a3-torch-2.13.0-pass.json")])
    result = row(results, "2.13.0", "atlas-a3")
    assert (result.verdict, result.severity) == (UNVERIFIED, None)
    assert (
        result.detail == "no NPU evidence; fake torch_npu run (test double, never counted): passed"
    )


def test_run_on_a_non_catalogue_npu_is_named_and_stays_unverified() -> None:
    # a real NPU whose SoC the catalogue does not know: no product to verify
    unknown = off_catalogue("failed")
    results, _ = check([unknown])
    assert verdicts(results, "2.13.0") == dict.fromkeys(SCOPE, UNVERIFIED)
    for product in SCOPE:
        result = row(results, "2.13.0", product)
        assert (result.observed, result.severity) == ("none", None)
        assert result.detail == (
            "no NPU evidence; run on Ascend610 (no catalogue product: verifies nothing): failed"
        )


def test_several_reference_runs_are_all_named_in_evidence_order() -> None:
    cpu = fixture("cpu-reference-torch-2.13.0-pass.json")
    fake = fixture("fake-npu-a3-torch-2.13.0-pass.json")
    unknown = off_catalogue("failed")
    results, _ = check([cpu, npu("atlas-a3"), unknown, fake])
    assert row(results, "2.13.0", "atlas-a2").detail == (
        "no NPU evidence; CPU reference run: passed; "
        "run on Ascend610 (no catalogue product: verifies nothing): failed; "
        "fake torch_npu run (test double, never counted): passed"
    )
    # the product an NPU run verified is judged on that run alone
    assert row(results, "2.13.0", "atlas-a3").verdict == CONSISTENT
    assert row(results, "2.13.0", "atlas-a3").detail == ""


def test_require_npu_makes_unverified_an_error() -> None:
    results, _ = check([npu("atlas-a2")], options=Options(require_npu=True))
    assert row(results, "2.13.0", "atlas-a2").severity is None
    assert row(results, "2.13.0", "atlas-a3").severity is Severity.ERROR
    assert row(results, "2.12.0", "atlas-a2").severity is Severity.ERROR


def test_unstated_product_is_unverified_even_with_evidence() -> None:
    # examples 2.11.0 documents A2 and A3 only; a rule that says nothing of 950 either
    examples = REPO / "examples" / "docs" / "docs" / "zh" / "api" / "native_api" / "pytorch_2-11-0"
    a2_a3 = rule("<term>Atlas A2 训练系列产品</term>/<term>Atlas A3 训练系列产品</term>：是")
    evidence = [npu("ascend-950", torch="2.11.0"), npu("atlas-a2", torch="2.11.0")]
    results, findings = check(evidence, [a2_a3], root=examples)
    assert findings == []
    result = row(results, "2.11.0", "ascend-950")
    assert (result.documented, result.expected, result.observed, result.verdict) == (
        "unstated",
        "unstated",
        "passed",
        UNVERIFIED,
    )
    assert result.detail == "the docs say nothing of this product"
    assert row(results, "2.11.0", "atlas-a2").verdict == CONSISTENT


# -- evidence that does not speak for this version, product or API ------------------------


def test_evidence_of_another_torch_release_does_not_count() -> None:
    results, _ = check([fixture("npu-a3-torch-2.12.0-fail.json")])
    assert row(results, "2.13.0", "atlas-a3").verdict == UNVERIFIED
    assert row(results, "2.13.0", "atlas-a3").detail == "no NPU evidence for torch 2.13.0"
    results, _ = check([npu("atlas-a3", torch="2.13.1")])
    assert verdicts(results, "2.13.0") == dict.fromkeys(SCOPE, UNVERIFIED)


def test_local_version_suffix_still_matches_the_release() -> None:
    results, _ = check([npu("atlas-a3", torch="2.13.0+cpu")])
    assert row(results, "2.13.0", "atlas-a3").verdict == CONSISTENT


def test_pre_release_and_source_builds_match_their_release() -> None:
    for torch in ("2.13.0a0+git1234abc", "2.13.0rc1"):
        results, _ = check([npu("atlas-a3", torch=torch)])
        assert row(results, "2.13.0", "atlas-a3").verdict == CONSISTENT, torch


def test_another_behaviour_of_the_same_api_does_not_count() -> None:
    evidence = npu("atlas-a3", "failed")
    other = replace(evidence.runs[0], behaviour="someone_elses_test")
    results, _ = check([replace(evidence, runs=(other,))])
    assert row(results, "2.13.0", "atlas-a3").verdict == UNVERIFIED


def test_run_of_the_rules_repo_test_counts() -> None:
    evidence = npu("atlas-a3", "failed")
    repo_test = replace(evidence.runs[0], behaviour="test_put_metric", source="repo-test")
    with_test = rule(test="test_put_metric")
    results, _ = check([replace(evidence, runs=(repo_test,))], [with_test])
    assert row(results, "2.13.0", "atlas-a3").verdict == CLAIMS_FAILS
    # the same run does not speak for a rule without that test
    results, _ = check([replace(evidence, runs=(repo_test,))], [rule()])
    assert row(results, "2.13.0", "atlas-a3").verdict == UNVERIFIED


def test_evidence_of_another_api_does_not_count() -> None:
    results, _ = check([npu("atlas-a3", "failed", api="torch.distributed.elastic.events.record")])
    assert row(results, "2.13.0", "atlas-a3").verdict == UNVERIFIED


def test_evidence_of_another_product_does_not_count() -> None:
    train = npu("atlas-a2", "failed", npu_name="Ascend910A")
    train = replace(train, environment=replace(train.environment, product="atlas-train"))
    results, _ = check([train])
    assert verdicts(results, "2.13.0") == dict.fromkeys(SCOPE, UNVERIFIED)


# -- error runs ---------------------------------------------------------------------------


def test_npu_run_with_verdict_error_is_an_error() -> None:
    results, _ = check([fixture("npu-a2-torch-2.13.0-error.json")])
    result = row(results, "2.13.0", "atlas-a2")
    assert (result.observed, result.verdict, result.severity) == ("error", ERROR, Severity.ERROR)
    assert result.detail == "timed out after 120 s"


def test_error_wins_over_failed_and_passed() -> None:
    evidence = [npu("atlas-a2"), npu("atlas-a2", "failed"), npu("atlas-a2", "error")]
    results, _ = check(evidence)
    result = row(results, "2.13.0", "atlas-a2")
    assert (result.observed, result.verdict) == ("error", ERROR)
    assert result.detail == "timed out after 120 s"  # the erring run's note, not the others'


def test_error_on_an_unsupported_product_is_still_an_error() -> None:
    results, _ = check([npu("ascend-950", "error")])
    assert row(results, "2.13.0", "ascend-950").verdict == ERROR


# -- the docs differ from the rule --------------------------------------------------------


def test_doc_differs_from_rule_names_path_and_line() -> None:
    everywhere = rule("是")
    results, findings = check([npu("ascend-950", "failed")], [everywhere])
    assert findings == []
    result = row(results, "2.13.0", "ascend-950")
    assert (result.verdict, result.severity) == (DIFFERS, Severity.ERROR)
    assert (result.path, result.line, result.entry_line) == (PAGE_13, 33, 21)  # the 950DT row
    assert result.detail == "docs say unsupported, the rule expects supported"
    assert result.observed == "failed"  # what was observed is still reported
    assert row(results, "2.13.0", "atlas-a2").verdict == UNVERIFIED


def test_doc_differs_wins_over_passing_evidence() -> None:
    nowhere = rule("否")
    results, _ = check([npu("atlas-a2")], [nowhere])
    assert row(results, "2.13.0", "atlas-a2").verdict == DIFFERS
    assert row(results, "2.13.0", "ascend-950").verdict == UNVERIFIED


# -- missing entries ----------------------------------------------------------------------


def test_version_in_rule_without_a_page_is_a_missing_entry_at_the_rule() -> None:
    listed = rule(versions=("2.11.0", "2.12.0", "2.13.0"))
    results, findings = check([], [listed])
    assert [(f.path, f.line, f.rule, f.severity, f.message) for f in findings] == [
        (
            "/rules/test.toml",
            3,
            "missing-entry",
            Severity.ERROR,
            "rule test-rule lists 2.11.0, but no torch-distributed-elastic.md for 2.11.0 was found",
        )
    ]
    assert sorted({r.version for r in results}) == ["2.12.0", "2.13.0"]


def test_rule_versions_limit_the_check() -> None:
    results, findings = check([], [rule(versions=("2.13.0",))])
    assert findings == []
    assert {r.version for r in results} == {"2.13.0"}


def test_page_without_the_entry_is_a_missing_entry_at_the_page() -> None:
    lacking = VERIFY / "lacking"
    results, findings = check([], root=lacking)
    page = str(lacking / "docs/zh/api/native_api/pytorch_2-13-0/torch-distributed-elastic.md")
    assert results == []
    assert [(f.path, f.line, f.rule, f.severity, f.api, f.message) for f in findings] == [
        (
            page,
            1,
            "missing-entry",
            Severity.ERROR,
            PUT_METRIC,
            f"{PUT_METRIC} is not documented in this 2.13.0 page (rule elastic-put-metric)",
        )
    ]


def test_rule_whose_page_is_nowhere_is_a_missing_entry() -> None:
    # before the fix: no results, no findings — a rule that checked nothing passed
    ghost = rule(doc="torch-ghost.md")
    results, findings = check([], [ghost])
    assert results == []
    assert [(f.path, f.line, f.rule, f.severity, f.api, f.message) for f in findings] == [
        (
            "/rules/test.toml",
            3,
            "missing-entry",
            Severity.ERROR,
            PUT_METRIC,
            "rule test-rule: no torch-ghost.md was found in the docs given",
        )
    ]


def test_api_on_another_page_of_the_version_is_judged_too() -> None:
    # examples documents put_metric in torch-distributed-elastic.md, not in the
    # torch-accelerator.md this rule names: one missing entry on the rule's page,
    # and the other page of the version is cross-checked all the same
    other = rule(doc="torch-accelerator.md")
    results, findings = check([], [other], root=REPO / "examples" / "docs")
    elastic = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
    assert {(r.version, r.path, r.entry_line) for r in results} == {
        ("2.12.0", str(REPO / elastic), 26)
    }
    assert [r.line for r in results] == [36, 37, 38]  # A2, A3, 950DT rows
    page = REPO / "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-accelerator.md"
    assert [(f.path, f.line, f.rule, f.message) for f in findings] == [
        (
            str(page),
            1,
            "missing-entry",
            f"{PUT_METRIC} is not documented in this 2.12.0 page (rule test-rule)",
        )
    ]


@pytest.mark.parametrize("strict", [False, True])
def test_options_do_not_change_verdicts(strict: bool) -> None:
    evidence = [npu("ascend-950"), fixture("npu-a3-torch-2.12.0-fail.json")]
    plain, _ = check(evidence)
    other, _ = check(evidence, options=Options(strict=strict, require_npu=True))
    assert [r.verdict for r in plain] == [r.verdict for r in other]
