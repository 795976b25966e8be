"""`--format junit`: stored snapshots, then the structure CI readers rely on.

No JUnit XSD ships in a PyPI package (junitparser keeps its XSDs out of its
wheel; xmlschema ships only the W3C meta-schemas), so the XML is parsed with
ElementTree and checked against the shape Jenkins and GitLab read: the
elements and attributes below, and counts that add up."""

from __future__ import annotations

import json
from pathlib import Path
from xml.etree import ElementTree as ET

from checker.model.evidence import Case, Environment, Evidence, Run
from checker.report.junit import verify_junit
from checker.verify.verify_report import VerifyReport

from .conftest import EVIDENCE, VERIFY_EVIDENCE, VERIFY_FAILING, Invoke, snapshot

PUT_METRIC = "elastic-put-metric"
COUNTS = ("tests", "failures", "errors", "skipped")
# element -> (allowed attributes, allowed children)
SHAPE = {
    "testsuites": ({"name", *COUNTS}, {"testsuite"}),
    "testsuite": ({"name", *COUNTS}, {"properties", "testcase"}),
    "properties": (set(), {"property"}),
    "property": ({"name", "value"}, set()),
    "testcase": ({"classname", "name", "file"}, {"failure", "error", "skipped", "system-out"}),
    "failure": ({"message", "type"}, set()),
    "error": ({"message", "type"}, set()),
    "skipped": ({"message"}, set()),
    "system-out": (set(), set()),
}


def parse(out: str) -> ET.Element:
    assert out.startswith("<?xml version='1.0' encoding='utf-8'?>\n")
    root = ET.fromstring(out.encode("utf-8"))
    check_shape(root)
    return root


def check_shape(root: ET.Element) -> None:
    assert root.tag == "testsuites"
    for element in root.iter():
        attributes, children = SHAPE[element.tag]
        assert set(element.attrib) <= attributes, element.tag
        assert {child.tag for child in element} <= children, element.tag
        if element.tag == "testcase":
            assert {"classname", "name"} <= set(element.attrib)
            assert len([c for c in element if c.tag != "system-out"]) <= 1
    totals = dict.fromkeys(COUNTS, 0)
    for suite in root:
        cases = suite.findall("testcase")
        counted = {
            "tests": len(cases),
            "failures": sum(case.find("failure") is not None for case in cases),
            "errors": sum(case.find("error") is not None for case in cases),
            "skipped": sum(case.find("skipped") is not None for case in cases),
        }
        assert {key: int(suite.get(key, "-1")) for key in COUNTS} == counted
        for key in COUNTS:
            totals[key] += counted[key]
    assert {key: int(root.get(key, "-1")) for key in COUNTS} == totals


def count(root: ET.Element) -> tuple[int, ...]:
    return tuple(int(root.get(key, "-1")) for key in COUNTS)


# -- lint ---------------------------------------------------------------------------------


def test_lint_junit_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "junit")
    assert code == 1
    assert out == snapshot("lint.xml")
    assert err == "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"


def test_lint_junit_is_a_testcase_per_page(cli: Invoke) -> None:
    _, out, _ = cli("lint", "examples/docs", "--format", "junit")
    root = parse(out)
    assert count(root) == (6, 6, 0, 0)
    cases = {case.get("name"): case for case in root.iter("testcase")}
    page = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
    failure = cases[page].find("failure")
    assert failure is not None
    assert failure.get("message") == "2 findings: nonstandard-mark, link-version"
    assert failure.get("type") == "error"
    assert (failure.text or "").splitlines() == [
        f"{page}:56: warning nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘",
        f"{page}:64: error link-version torch.distributed.elastic.events.get_logging_handler: "
        "native-doc link is for PyTorch docs 2.11, the page documents 2.12.0",
    ]
    assert cases[page].get("classname") == "zh.pytorch_2-12-0"
    unstated = "examples/docs/docs/zh/api/native_api/pytorch_2-11-0/torch-distributed-elastic.md"
    failure = cases[unstated].find("failure")  # Ascend 950 unstated: the shipped rule's ✘
    assert failure is not None and failure.get("message") == "1 finding: doc-differs-from-rule"


def test_lint_junit_clean_run_still_has_tests(cli: Invoke) -> None:
    code, out, _ = cli(
        "lint",
        "tests/fixtures/verify/docs/docs/zh/api/native_api/pytorch_2-13-0",
        "--format",
        "junit",
    )
    assert code == 0
    assert count(parse(out)) == (1, 0, 0, 0)


def test_lint_junit_input_error_is_an_error_testcase(cli: Invoke, tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere")
    code, out, err = cli("lint", "examples/docs", missing, "--format", "junit")
    assert code == 2
    root = parse(out)
    assert count(root) == (7, 6, 1, 0)
    (error,) = root.iter("error")
    assert err.splitlines()[-1] == f"docs-check: error: {error.get('message')}"
    assert missing in (error.text or "")


# -- verify -------------------------------------------------------------------------------


def test_verify_junit_matches_snapshots(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--format", "junit")
    assert code == 1
    assert out == snapshot("verify.xml")
    code, out, err = cli(*VERIFY_EVIDENCE, "--format", "junit")
    assert code == 1
    assert out == snapshot("verify-evidence.xml")
    assert err == (
        "6 results (2 consistent, 1 doc-claims-support-test-fails, 1 error, 2 unverified); "
        "3 of 7 runs failed; 0 findings; exit 1\n"
    )


def test_verify_junit_structure(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_FAILING, "--format", "junit")
    root = parse(out)
    assert [suite.get("name") for suite in root] == [
        "elastic-put-metric",
        "elastic-record",
        "findings",
        "evidence",
    ]
    # 15 verdicts + 3 findings + 2 evidence runs; 4 error verdicts + 3 findings fail
    assert count(root) == (20, 7, 0, 11)
    put_metric = root[0]
    assert {p.get("name"): p.get("value") for p in put_metric.iter("property")} == {
        "api": "torch.distributed.elastic.metrics.put_metric",
        "expect": "是，暂不支持 Ascend 950DT",
        "rule": "rules/put_metric.toml:19",  # its `expect`, as text and Markdown name it
    }
    _, text, _ = cli(*VERIFY_FAILING)
    assert "expect: 是，暂不支持 Ascend 950DT  (rules/put_metric.toml:19)" in text
    case = put_metric.find(f"testcase[@classname='{PUT_METRIC}.pytorch_2-12-0'][@name='atlas-a3']")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None
    assert failure.get("message") == "doc-claims-support-test-fails"
    page = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
    assert (failure.text or "").splitlines() == [
        "failed: zero value",
        "documented supported, expected supported, observed on NPU failed",
        f"{page}:37",  # the Atlas A3 row
    ]
    skipped = put_metric.find(f"testcase[@classname='{PUT_METRIC}.pytorch_2-11-0']/skipped")
    assert skipped is not None
    assert skipped.get("message") == "unverified: no NPU evidence for torch 2.11.0"
    # 2.7.1 has an en and a zh page: the names say which
    names = [(c.get("classname"), c.get("name")) for c in put_metric.iter("testcase")]
    assert len(names) == len(set(names)) == 12
    findings = root[2]
    assert [(c.get("classname"), c.find("failure") is not None) for c in findings] == [
        ("findings.duplicate-api", True),
        ("findings.nonstandard-mark", True),  # a warning fails verify's exit too
        ("findings.missing-entry", True),
    ]


def test_verify_junit_error_verdict_is_an_error_element(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "junit")
    root = parse(out)
    assert count(root) == (13, 1, 1, 2)
    (error,) = root.iter("error")
    assert (error.get("message"), (error.text or "").splitlines()[0]) == (
        "error",
        "timed out after 120 s",
    )


def test_require_npu_makes_unverified_a_failure(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_EVIDENCE, "--require-npu", "--format", "junit")
    assert code == 1
    root = parse(out)
    assert count(root) == (13, 3, 1, 0)
    messages = {f.get("message") for f in root.iter("failure")}
    assert messages == {"doc-claims-support-test-fails", "unverified"}


def test_unverified_only_with_require_npu_exits_3_and_fails(cli: Invoke) -> None:
    argv = ("verify", "--docs", "tests/fixtures/verify/docs", "--no-live", "--require-npu")
    code, out, _ = cli(*argv, "--format", "junit")
    assert code == 3
    assert count(parse(out)) == (6, 6, 0, 0)


def test_failed_cpu_reference_run_fails_in_the_evidence_suite(cli: Invoke, tmp_path: Path) -> None:
    record = json.loads(Path(EVIDENCE, "cpu-reference-torch-2.13.0-pass.json").read_text("utf-8"))
    record["runs"][0]["verdict"] = "failed"
    record["runs"][0]["cases"][0]["passed"] = False
    failed = tmp_path / "cpu-fail.json"
    failed.write_text(json.dumps(record), encoding="utf-8")
    argv = ("verify", "--docs", "tests/fixtures/verify/docs", "--no-live")
    code, out, _ = cli(*argv, "--evidence", str(failed), "--format", "junit")
    assert code == 1
    root = parse(out)
    assert count(root) == (7, 1, 0, 6)
    (failure,) = root.iter("failure")
    assert failure.get("message") == (
        "CPU reference run; NPU not available: torch_npu is not installed: failed"
    )


def test_exit_code_fails_exactly_when_junit_does(cli: Invoke) -> None:
    runs = [
        VERIFY_FAILING,
        VERIFY_EVIDENCE,
        ("verify", "--docs", "tests/fixtures/verify/docs", "--no-live"),
        ("lint", "examples/docs"),
        ("lint", "examples/docs/docs/zh/api/native_api/pytorch_2-11-0"),
    ]
    for argv in runs:
        code, out, _ = cli(*argv, "--format", "junit")
        _, failures, errors, _ = count(parse(out))
        assert (code != 0) == (failures + errors > 0), argv


def test_control_characters_are_kept_out_of_the_xml() -> None:
    env = Environment(
        "Linux", "3.11", "2.13.0", None, None, None, 0, None, "cpu-reference", False, "CPU\x1b[0m"
    )
    case = Case("colour \x1b[31mred\x1b[0m", passed=False, detail="\x00nul")
    run = Run("torch.x", "b", "behaviour", ("python",), (case,), 0.1, 1, "failed")
    report = VerifyReport((), (), (Evidence(env, (run,), "live"),), (), ())
    root = parse(verify_junit(report))
    (out,) = root.iter("system-out")
    assert "\\x1b[31mred" in (out.text or "")
    assert "\\x00nul" in (out.text or "")


def test_junit_s_messages_in_chinese(cli: Invoke, tmp_path: Path) -> None:
    """The words of the messages and texts translated; names, classnames,
    rule ids, verdicts and paths as they are."""
    missing = str(tmp_path / "nowhere")
    code, out, _ = cli("--lang", "zh", "lint", "examples/docs", missing, "--format", "junit")
    assert code == 2
    root = parse(out)
    cases = {case.get("name"): case for case in root.iter("testcase")}
    page = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
    failure = cases[page].find("failure")
    assert failure is not None
    assert failure.get("message") == "2 个问题：nonstandard-mark，link-version"
    (error,) = root.iter("error")
    assert error.get("message") == error.text == f"{missing}：没有这个文件或文件夹"
    _, out, _ = cli("--lang", "zh", *VERIFY_FAILING, "--format", "junit")
    put_metric = parse(out)[0]
    case = put_metric.find(f"testcase[@classname='{PUT_METRIC}.pytorch_2-12-0'][@name='atlas-a3']")
    assert case is not None
    failure = case.find("failure")
    assert failure is not None and failure.get("message") == "doc-claims-support-test-fails"
    assert (failure.text or "").splitlines()[1] == ("文档为 支持，期望 支持，在 NPU 上观察到 失败")
    skipped = put_metric.find(f"testcase[@classname='{PUT_METRIC}.pytorch_2-11-0']/skipped")
    assert skipped is not None
    assert skipped.get("message") == "未验证：没有 torch 2.11.0 的 NPU 证据"
