"""Claims judged by their backing cases (checker.verify.backed.judge): only
cases run on the product's own NPU under the version's torch count; one the
release disables on that product is no evidence for it; a CPU reference run
is told and never counted."""

from __future__ import annotations

from dataclasses import replace

from checker.model.catalogue import default_catalogue
from checker.model.evidence import Case, Evidence, Run
from checker.model.plan import Plan, PlannedCase, dealt
from checker.model.said import said_of
from checker.verify.backed.judge import judged
from checker.verify.crosscheck import Options
from tests.helpers import read_page
from tests.verify.test_evidence import environment

PUT = "torch.distributed.elastic.metrics.put_metric"
MODULE = "test/test_m.py"
PAGE = """# torch.distributed.elastic

### torch.distributed.elastic.metrics.put_metric

<div style="margin-left: 2em">

**支持情况**：

| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Atlas A3 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | ✘ |

</div>
"""


def _entries() -> list[tuple[object, dict[str, str]]]:
    page = read_page(PAGE, "torch-distributed-elastic.md")
    return [(entry, said_of(default_catalogue(), page, entry)) for entry in page.entries]


def _record(passed: dict[str, bool], product: str, disabled_on: tuple[str, ...] = ()) -> Evidence:
    names = {name: f"{MODULE}::T::{name}" for name in passed}
    planned = [
        PlannedCase(full, (PUT,), False, disabled_on if n == "b" else ())
        for n, full in names.items()
    ]
    plan = Plan(PUT, "2.12.0", None, 0, 1, dealt([(MODULE, planned)], 1))
    cases = tuple(
        Case(names[n], ok, "" if ok else "AssertionError", "", (PUT,)) for n, ok in passed.items()
    )
    failed = not all(passed.values())
    run = Run(
        "",
        MODULE,
        "backing-test",
        ("python",),
        cases,
        1.0,
        int(failed),
        "failed" if failed else "passed",
        framework="unittest",
    )
    npu = {"atlas-a2": "Ascend910B1", "atlas-a3": "Ascend910_9382"}[product]
    env = environment(npu_name=npu, product=product, torch="2.12.0+cpu", torch_npu="2.12.0")
    return Evidence(env, (run,), "npu.json", None, plan)


def _verdicts(evidence: list[Evidence]) -> dict[str, tuple[str, str, int]]:
    claims = judged(_entries(), evidence, Options())  # type: ignore[arg-type]
    return {c.product: (c.verdict, c.observed, c.cases) for c in claims}


def test_a_pass_on_the_products_npu_backs_its_claim_and_counts_for_it_alone() -> None:
    said = _verdicts([_record({"a": True, "b": True}, "atlas-a3")])
    assert said == {
        "atlas-a2": ("unverified", "none", 0),
        "atlas-a3": ("consistent", "passed", 2),
        "ascend-950": ("unverified", "none", 0),
    }


def test_a_failure_on_the_npu_contradicts_a_supported_claim() -> None:
    said = _verdicts([_record({"a": True, "b": False}, "atlas-a2")])
    assert said["atlas-a2"] == ("doc-claims-support-test-fails", "failed", 2)


def test_a_case_disabled_on_the_product_is_no_evidence_for_it() -> None:
    said = _verdicts([_record({"a": True, "b": False}, "atlas-a2", disabled_on=("atlas-a2",))])
    assert said["atlas-a2"] == ("consistent", "passed", 1)


def test_a_cpu_reference_run_is_told_and_never_counted() -> None:
    record = _record({"a": True}, "atlas-a3")
    cpu = replace(
        record,
        environment=environment(
            torch="2.12.0+cpu", device="cpu-reference", npu_name=None, product=None, visible_npus=0
        ),
    )
    claims = judged(_entries(), [cpu], Options())  # type: ignore[arg-type]
    assert {(c.verdict, c.cases) for c in claims} == {("unverified", 0)}
    assert claims[0].detail == "no NPU evidence; CPU reference run: 1 of 1 cases passed"
