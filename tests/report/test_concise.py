"""`--format concise`: one `path:line: rule message` line per problem and
nothing on stderr but input errors."""

from __future__ import annotations

from .conftest import VERIFY_FAILING, Invoke, snapshot


def test_lint_concise_is_text_without_the_summary(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "concise")
    assert (code, err) == (1, "")
    assert out == snapshot("lint.concise.txt")
    _, text, said = cli("lint", "examples/docs")
    assert out == text  # lint's text lists the findings alike
    assert said != ""


def test_verify_concise_lists_findings_then_verdicts_with_a_severity(cli: Invoke) -> None:
    code, out, err = cli(*VERIFY_FAILING, "--format", "concise")
    assert (code, err) == (1, "")
    assert out == snapshot("verify.concise.txt")
    lines = out.splitlines()
    assert len(lines) == 3 + 4  # three findings, four verdicts that fail; no unverified
    assert lines[-1].endswith(
        ":37: doc-claims-support-test-fails torch.distributed.elastic.metrics.put_metric "
        "2.12.0 on atlas-a3: failed: zero value"
    )


def test_input_errors_still_go_to_stderr(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "no/such/folder", "--format", "concise")
    assert code == 2
    assert out == snapshot("lint.concise.txt")
    assert err == "docs-check: error: no/such/folder: no such file or folder\n"
