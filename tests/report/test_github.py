"""`--format github`: GitHub Actions workflow commands, one a problem; stored
snapshots, then the escaping GitHub's toolkit applies (actions/toolkit,
packages/core/src/command.ts: `%`, CR and LF in the message; `:` and `,` too
in a property value)."""

from __future__ import annotations

import re

from checker.model.finding import Finding, Severity
from checker.report.github import command

from .conftest import VERIFY_FAILING, Invoke, snapshot

COMMAND = re.compile(r"::(error|warning) file=[^,:]+,line=[1-9]\d*,title=[a-z-]+::.+")


def test_lint_github_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "github")
    assert code == 1
    assert out == snapshot("lint.github.txt")
    assert all(COMMAND.fullmatch(line) for line in out.splitlines())
    assert err == "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"


def test_verify_github_annotates_findings_then_verdicts_with_a_severity(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--format", "github")
    assert code == 1
    assert out == snapshot("verify.github.txt")
    lines = out.splitlines()
    assert all(COMMAND.fullmatch(line) for line in lines)
    titles = re.findall(r",title=([a-z-]+)::", out)
    # three findings, then the verdicts: no line for `consistent` or a plain `unverified`
    assert titles[:3] == ["duplicate-api", "nonstandard-mark", "missing-entry"]
    assert set(titles[3:]) == {"doc-differs-from-rule", "doc-claims-support-test-fails"}


def test_the_message_escapes_percent_and_line_breaks_and_keeps_colons_and_commas() -> None:
    finding = Finding("docs/x.md", 3, "link-version", Severity.ERROR, "50%: a, b\r\nnext")
    assert command(finding) == (
        "::error file=docs/x.md,line=3,title=link-version::50%25: a, b%0D%0Anext"
    )


def test_property_values_escape_colons_and_commas_too() -> None:
    finding = Finding("docs/a,b:c%\n.md", 0, "nonstandard-mark", Severity.WARNING, "m")
    # a finding on no line is annotated at the first, as SARIF places it
    assert command(finding) == (
        "::warning file=docs/a%2Cb%3Ac%25%0A.md,line=1,title=nonstandard-mark::m"
    )


def test_a_page_at_a_git_ref_is_annotated_at_its_path_in_the_repository() -> None:
    at_ref = Finding("v2.12.0:docs/x.md", 4, "link-version", Severity.ERROR, "m")
    assert command(at_ref, ("master", "v2.12.0")) == (
        "::error file=docs/x.md,line=4,title=link-version::m"
    )
    # a colon in a working tree's file name is no ref
    assert command(at_ref, ()).startswith("::error file=v2.12.0%3Adocs/x.md,")


def test_input_errors_go_to_stderr_not_into_annotations(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "no/such/folder", "--format", "github")
    assert code == 2
    assert out == snapshot("lint.github.txt")
    assert err.splitlines()[-1] == "docs-check: error: no/such/folder: no such file or folder"


def test_verify_github_messages_follow_the_language(cli: Invoke) -> None:
    """Workflow command, properties and title stay as they are; the message a
    person reads in the annotation is in the language of the run."""
    _, out, _ = cli("--lang", "zh", *VERIFY_FAILING, "--format", "github")
    lines = out.splitlines()
    assert all(COMMAND.fullmatch(line) for line in lines)
    assert lines[-1].startswith("::error file=")
    assert lines[-1].endswith(
        ",title=doc-claims-support-test-fails::"
        "torch.distributed.elastic.metrics.put_metric 2.12.0 在 atlas-a3 上：未通过：zero value"
    )
