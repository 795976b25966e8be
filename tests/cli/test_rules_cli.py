"""`docs-check rule ID` and `docs-check rules`, through the real command line."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

import checker
from checker.ids.examples import examples
from checker.ids.registry import CHECKS, REGISTRY
from checker.report.rule import NO_FIX
from tests.conftest import Invoke

# from the installed package: a schema that did not ship fails here
SCHEMA = Path(checker.__file__).parent / "schemas" / "rules.schema.json"

LINK_VERSION = """\
link-version: a native-doc link into another PyTorch docs version
default level: error
stage: lint
automatic fix: always: the link takes the page's docs version (docs-check fix)

The 原生文档 link goes to the upstream docs of another PyTorch version than the
page documents.

wrong (docs/zh/api/native_api/pytorch_2-12-0/torch-example.md):
    # torch.nn

    ### torch.nn.parameter.is_lazy

    <div style="margin-left: 2em">

    **原生文档**：[torch.nn.parameter.is_lazy](https://pytorch.org/docs/2.11/generated/torch.nn.parameter.is_lazy.html)

    **是否支持**：是

    </div>

right (docs/zh/api/native_api/pytorch_2-12-0/torch-example.md):
    # torch.nn

    ### torch.nn.parameter.is_lazy

    <div style="margin-left: 2em">

    **原生文档**：[torch.nn.parameter.is_lazy](https://pytorch.org/docs/2.12/generated/torch.nn.parameter.is_lazy.html)

    **是否支持**：是

    </div>

fix: Use the page's PyTorch version in the link.
"""


def test_rule_prints_the_whole_description_of_one_id(cli: Invoke) -> None:
    assert cli("rule", "link-version") == (0, LINK_VERSION, "")


@pytest.mark.parametrize("rule", list(REGISTRY))
def test_rule_describes_every_id_of_the_registry(rule: str, cli: Invoke) -> None:
    check, example = REGISTRY[rule], examples()[rule]
    code, out, err = cli("rule", rule)
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == [
        f"{rule}: {check.summary}",
        f"default level: {check.level}",
        f"stage: {check.stage}" + (f" (also {', '.join(check.also)})" if check.also else ""),
        f"automatic fix: {check.autofix} (docs-check fix)"
        if check.fixable
        else "automatic fix: no",
    ]
    for label, text in (("wrong (", example.wrong), ("right (", example.right)):
        at = next(n for n, line in enumerate(lines) if line.startswith(label))
        shown = [line.removeprefix("    ") for line in lines[at + 1 :]]
        assert shown[: len(text.strip("\n").splitlines())] == text.strip("\n").splitlines()
    fix = " ".join(out.split("\nfix: ")[1].split())  # unwrapped
    assert fix == (check.fix or NO_FIX)


def test_a_verdict_shows_its_rule_file_and_what_the_run_observed(cli: Invoke) -> None:
    code, out, _ = cli("rule", "unverified")
    assert code == 0
    assert "\nrule file (verify --rules FILE):\n    [[rule]]\n" in out
    assert "\npage (docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md):\n" in out
    assert "\nwrong (what the run observed):\n    verify ran put_metric" in out


def test_a_misspelt_id_is_a_usage_error_naming_the_closest(cli: Invoke) -> None:
    expected = "docs-check: error: unknown rule 'link-versoin'; did you mean 'link-version'?\n"
    assert cli("rule", "link-versoin") == (2, "", expected)
    assert cli("rule", "LINK-VERSION")[2].endswith("did you mean 'link-version'?\n")


def test_an_id_like_none_is_a_usage_error_without_suggestion(cli: Invoke) -> None:
    assert cli("rule", "zzz") == (2, "", "docs-check: error: unknown rule 'zzz'\n")


def test_an_empty_id_is_a_usage_error(cli: Invoke) -> None:
    expected = "docs-check: error: rule: the id is empty (`docs-check rules` lists every id)\n"
    assert cli("rule", "") == (2, "", expected)
    assert cli("rule", " ")[0] == 2
    code, _, err = cli("rule")
    assert code == 2 and "Missing argument 'ID'" in err


def test_rules_lists_every_id_aligned(cli: Invoke) -> None:
    code, out, err = cli("rules")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[:4] == [
        "rule                            level    stage    summary",
        "status-unreadable               error    read     a support status the normaliser "
        "cannot read",
        "unknown-product                 error    read     a product name the catalogue does "
        "not know",
        "status-conflict                 error    read     one entry states a product twice, "
        "differently",
    ]
    assert [line.split()[:3] for line in lines[1:]] == [
        [check.id, check.level, check.stage] for check in CHECKS
    ]
    column = lines[0].index("summary")
    assert [line[column:] for line in lines[1:]] == [check.summary for check in CHECKS]


def validated(out: str) -> dict[str, object]:
    document: dict[str, object] = json.loads(out)
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator(schema).validate(document)
    return document


def test_rules_json_holds_every_check_with_its_example(cli: Invoke) -> None:
    code, out, err = cli("rules", "--format", "json")
    assert (code, err) == (0, "")
    document = validated(out)
    assert (document["schema"], document["schema_version"]) == ("docs-check/rules", 1)
    rules = document["rules"]
    assert isinstance(rules, list)
    assert [r["id"] for r in rules] == [check.id for check in CHECKS]
    assert rules[0]["example"]["wrong"] == examples()[CHECKS[0].id].wrong


def test_rule_json_holds_the_one_asked_for(cli: Invoke) -> None:
    code, out, _ = cli("rule", "unused-ignore", "--format", "json")
    assert code == 0
    (only,) = validated(out)["rules"]  # type: ignore[misc]
    assert only["id"] == "unused-ignore"
    assert (only["fixable"], only["autofix"]) == (False, None)
    assert only["example"]["shows"] == "configuration"
    assert only["example"]["right"].startswith("[[ignore]]\n")


def test_rule_json_says_when_docs_check_fixes_it(cli: Invoke) -> None:
    code, out, _ = cli("rule", "nonstandard-mark", "--format", "json")
    assert code == 0
    (only,) = validated(out)["rules"]  # type: ignore[misc]
    assert (only["fixable"], only["autofix"]) == (True, REGISTRY["nonstandard-mark"].autofix)


def test_rule_writes_its_report_to_output(cli: Invoke, tmp_path: Path) -> None:
    written = tmp_path / "link-version.txt"
    assert cli("rule", "link-version", "--output", str(written)) == (0, "", "")
    assert written.read_text(encoding="utf-8") == LINK_VERSION


def test_rules_takes_no_format_of_a_run(cli: Invoke) -> None:
    code, _, err = cli("rules", "--format", "sarif")
    assert code == 2 and "'sarif' is not one of 'text', 'json'" in err


def test_a_verdict_that_lint_reports_too_says_both_stages(cli: Invoke) -> None:
    """doc-differs-from-rule is verify's verdict and lint's finding alike."""
    assert REGISTRY["doc-differs-from-rule"].stages == ("verify", "lint")
    _, out, _ = cli("rule", "doc-differs-from-rule")
    assert out.splitlines()[2] == "stage: verify (also lint)"
    assert [r for r, check in REGISTRY.items() if check.also] == ["doc-differs-from-rule"]
