"""`lint --tests` and `verify --tests`: the claims against the repository's
tests (docs-check tests' verdicts) as findings, through the gate like every
other (levels, comments, selection, ignores, baseline), in every format; the
options of the test map declared once, and refused where they mean nothing."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.report.formats import formats_for
from tests.cli.test_tests_cli import (
    DOCS,
    LIST,
    OBJECTS,
    OPS,
    PAGE,
    TESTS,
    repo_with_tests_on_a_branch,
)
from tests.helpers import REPO

Invoke = Callable[..., tuple[int, str, str]]

DISABLED_59 = (
    f"{PAGE}:59: claim-tests-disabled torch.Tensor.exponential_ is marked supported on "
    "atlas-a2, atlas-a3, ascend-950 for 2.12.0, and every test that reaches it is disabled on "
    f"NPU: {OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_float32 ({LIST}:2); "
    f"{OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_float64 ({LIST}:3)\n"
)
DISABLED_69 = (
    f"{PAGE}:69: claim-tests-disabled torch.cuda.synchronize is marked supported on atlas-a2 "
    "for 2.12.0, and every test that reaches it is disabled on NPU: "
    f"{OBJECTS}::TestObjects::test_synchronize ({LIST}:4)\n"
)
LINT_TEXT = DISABLED_59 + DISABLED_69
LINT_SUMMARY = "2 findings (0 errors, 2 warnings) in 1 file, 10 entries\n"


def test_lint_reports_the_test_verdicts_with_a_level(cli_at_repo: Invoke) -> None:
    assert cli_at_repo("lint", DOCS, "--tests", TESTS) == (0, LINT_TEXT, LINT_SUMMARY)


def test_lint_without_tests_reads_no_test_tree(cli_at_repo: Invoke) -> None:
    said = "0 findings (0 errors, 0 warnings) in 1 file, 10 entries\n"
    assert cli_at_repo("lint", DOCS) == (0, "", said)


def test_a_note_is_a_finding_once_the_configuration_gives_it_a_level(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    config = tmp_path / "c.toml"
    config.write_text('[severity]\n"claim-unbacked" = "error"\n', encoding="utf-8")
    code, out, err = cli_at_repo("lint", DOCS, "--tests", TESTS, "--config", str(config))
    assert code == 1
    assert out == (
        f"{PAGE}:39: claim-unbacked torch.Tensor.add is marked supported on atlas-a2, "
        "atlas-a3, ascend-950 for 2.12.0, and only tests on the CPU reach it: "
        f"{OBJECTS}::TestObjects::test_tensor_add\n"
    ) + LINT_TEXT.replace(
        DISABLED_69,
        DISABLED_69
        + f"{PAGE}:79: claim-unbacked torch.distributions.normal.Normal.log_prob is marked "
        "supported on atlas-a2, atlas-a3, ascend-950 for 2.12.0, and no test reaches it\n"
        f"{PAGE}:89: claim-unbacked torch.distributed.elastic.metrics.put_metric is marked "
        "supported on atlas-a2, atlas-a3 for 2.12.0, and no test reaches it\n",
    )
    assert err == "5 findings (3 errors, 2 warnings) in 1 file, 10 entries\n"


def test_the_selection_and_the_ignores_take_the_verdicts(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    code, out, err = cli_at_repo("lint", DOCS, "--tests", TESTS, "--ignore", "claim-")
    assert (code, out) == (0, "")
    config = tmp_path / "c.toml"
    config.write_text(
        '[[ignore]]\nrule = "claim-tests-disabled"\npath = "torch.md"\n'
        'api = "torch.cuda.*"\nreason = "synchronize is tested elsewhere"\n',
        encoding="utf-8",
    )
    code, out, err = cli_at_repo("lint", DOCS, "--tests", TESTS, "--config", str(config))
    assert (code, out) == (0, DISABLED_59)
    assert err == "1 finding (0 errors, 1 warning) in 1 file, 10 entries; not shown: 1 ignored\n"


def test_a_docs_check_comment_silences_a_verdict(cli_at_repo: Invoke, tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(REPO / DOCS, docs)
    page = docs / "docs/zh/api/native_api/pytorch_2-12-0/torch.md"
    lines = page.read_text(encoding="utf-8").splitlines(keepends=True)
    assert lines[52:63:10] == ["### torch.Tensor.exponential_\n", "### torch.cuda.synchronize\n"]
    off, on = (f"<!-- docs-check-{do} claim-tests-disabled -->\n" for do in ("disable", "enable"))
    page.write_text("".join([*lines[:52], off, *lines[52:62], on, *lines[62:]]), "utf-8")
    code, out, err = cli_at_repo("lint", str(docs), "--tests", TESTS)
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    assert out.startswith(f"{page}:71: claim-tests-disabled torch.cuda.synchronize ")
    assert len(out.splitlines()) == 1
    assert err.endswith("; not shown: 1 suppressed\n")


def test_the_baseline_records_the_verdicts_and_lint_leaves_them_out(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    recorded = tmp_path / "baseline.json"
    code, _, _ = cli_at_repo("baseline", DOCS, "--tests", TESTS, "--output", str(recorded))
    assert code == 0
    rules = [f["rule"] for f in json.loads(recorded.read_text(encoding="utf-8"))["findings"]]
    assert rules == ["claim-tests-disabled", "claim-tests-disabled"]
    code, out, err = cli_at_repo("lint", DOCS, "--tests", TESTS, "--baseline", str(recorded))
    assert (code, out) == (0, "")
    assert err == (
        "0 findings (0 errors, 0 warnings) in 1 file, 10 entries; not shown: 2 in the baseline\n"
    )


@pytest.mark.parametrize("fmt", formats_for("lint"))
def test_every_lint_format_carries_the_verdicts(cli_at_repo: Invoke, fmt: str) -> None:
    code, out, _ = cli_at_repo("lint", DOCS, "--tests", TESTS, "--format", fmt)
    assert code == 0  # warnings only, and lintrunner's protocol: findings in band
    assert out.count("claim-tests-disabled") >= 2
    assert "torch.cuda.synchronize" in out
    _, plain, _ = cli_at_repo("lint", DOCS, "--format", fmt)
    assert "torch.cuda.synchronize" not in plain


def test_the_lint_json_report_is_valid_with_the_verdicts(cli_at_repo: Invoke) -> None:
    from jsonschema import Draft202012Validator

    import checker

    schemas = Path(checker.__file__).parent / "schemas"
    schema = json.loads((schemas / "lint.schema.json").read_text(encoding="utf-8"))
    _, out, _ = cli_at_repo("lint", DOCS, "--tests", TESTS, "--format", "json")
    document = json.loads(out)
    assert [e.message for e in Draft202012Validator(schema).iter_errors(document)] == []
    first = document["findings"][0]
    said = (first["rule"], first["line"], first["entry_line"], first["api"], first["version"])
    assert said == ("claim-tests-disabled", 59, 53, "torch.Tensor.exponential_", "2.12.0")


@pytest.mark.parametrize(
    "given, said",
    [
        (["--test-ref", "2.12.0=master"], "--test-ref needs --tests"),
        (["--disabled", f"2.12.0={TESTS}"], "--disabled needs --tests"),
    ],
)
def test_the_map_options_need_tests(cli_at_repo: Invoke, given: list[str], said: str) -> None:
    code, out, err = cli_at_repo("lint", DOCS, *given)
    assert (code, out, err.splitlines()[-1]) == (2, "", f"Error: {said}")


def test_lint_reads_the_tests_at_a_git_ref(cli: Invoke, tmp_path: Path) -> None:
    repo = repo_with_tests_on_a_branch(tmp_path)
    given = ("--git", str(repo), "--test-ref", "2.12.0=v2.12.0", "--tests", "test")
    code, out, _ = cli("lint", str(repo / "docs"), *given)
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    page = repo / "docs/docs/zh/api/native_api/pytorch_2-12-0/torch.md"
    assert out.startswith(f"{page}:59: claim-tests-disabled torch.Tensor.exponential_ ")
    assert "(v2.12.0:test/unsupported_test_cases/.pytorch-disabled-tests.json:2)" in out


RULE = """\
[[rule]]
id = "exponential"
api = "torch.Tensor.exponential_"
doc = "torch.md"
expect = "是"
behaviour = "put_metric"
"""


def test_verify_shows_the_verdicts_of_its_rules_entries(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text(RULE, encoding="utf-8")
    api = "torch.Tensor.exponential_"
    given = ("verify", DOCS, "--no-live", "--rules", str(rules), "--api", api)
    code, out, err = cli_at_repo(*given, "--tests", TESTS)
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    assert out.split("findings:\n", 1)[1] == "  " + DISABLED_59
    assert err == "3 results (3 unverified); 1 finding; exit 0\n"
    code, out, _ = cli_at_repo(*given)
    assert code == 0
    assert "findings:" not in out and "claim-" not in out


def test_verify_takes_disabled_only_with_tests(cli_at_repo: Invoke) -> None:
    code, _, err = cli_at_repo("verify", DOCS, "--no-live", "--disabled", f"2.12.0={TESTS}")
    assert (code, err.splitlines()[-1]) == (2, "Error: --disabled needs --tests")
