"""`--format lintrunner`: lintrunner's LintMessages, one JSON object a line;
stored snapshots, each line checked against the LintMessage shape lintrunner
reads (lintrunner's src/lint_message.rs), then the protocol's rules: its own
failures are messages and it exits 0, usage errors still exit 2. The real
lintrunner runs the documented entry in tests/cli/test_lintrunner.py."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from checker.report import lintrunner as adapter
from tests.helpers import REPO

from .conftest import VERIFY_FAILING, Invoke, snapshot

NULLABLE_STRING = {"type": ["string", "null"]}
NULLABLE_LINE = {"type": ["integer", "null"], "minimum": 1}
LINT_MESSAGE = {
    "type": "object",
    "properties": {
        "path": NULLABLE_STRING,
        "line": NULLABLE_LINE,
        "char": NULLABLE_LINE,
        "code": {"type": "string", "minLength": 1},
        "severity": {"enum": ["error", "warning", "advice", "disabled"]},
        "name": {"type": "string", "minLength": 1},
        "original": NULLABLE_STRING,
        "replacement": NULLABLE_STRING,
        "description": NULLABLE_STRING,
    },
    "required": ["code", "severity", "name"],
    "additionalProperties": False,
}


def messages(out: str) -> list[dict[str, Any]]:
    parsed = [json.loads(line) for line in out.splitlines()]
    for message in parsed:
        jsonschema.validate(message, LINT_MESSAGE)
    return parsed


def test_lint_lintrunner_matches_snapshot_and_exits_zero(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "lintrunner")
    assert (code, err) == (0, "")  # the findings are in the messages; stderr is empty
    assert out == snapshot("lint.lintrunner.jsonl")
    found = messages(out)
    assert [(m["line"], m["name"], m["severity"]) for m in found] == [
        (9, "doc-differs-from-rule", "error"),
        (12, "duplicate-api", "warning"),
        (32, "doc-differs-from-rule", "error"),
        (32, "status-unreadable", "error"),
        (56, "nonstandard-mark", "warning"),
        (64, "link-version", "error"),
        (43, "block-id-mismatch", "error"),
        (9, "doc-differs-from-rule", "error"),
        (None, "fix", "warning"),
        (None, "fix", "warning"),
    ]
    assert {(m["code"], m["char"]) for m in found} == {("DOCS_CHECK", None)}
    assert [m["original"] is None for m in found] == [True] * 8 + [False] * 2


def test_verify_lintrunner_gives_verdicts_and_notes_as_advice(cli: Invoke) -> None:
    code, out, err = cli(*VERIFY_FAILING, "--format", "lintrunner")
    assert (code, err) == (0, "")
    assert out == snapshot("verify.lintrunner.jsonl")
    severities = [(m["name"], m["severity"]) for m in messages(out)]
    assert severities[:3] == [
        ("duplicate-api", "warning"),
        ("nonstandard-mark", "warning"),
        ("missing-entry", "error"),
    ]
    assert set(severities[3:]) == {
        ("doc-differs-from-rule", "error"),
        ("doc-claims-support-test-fails", "error"),
        ("unverified", "advice"),
    }
    # the 11 unverified verdicts of the markdown report; `consistent` is none
    assert severities.count(("unverified", "advice")) == 11


def test_require_npu_makes_unverified_an_error_and_still_exits_zero(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--require-npu", "--format", "lintrunner")
    assert code == 0
    assert ("unverified", "error") in {(m["name"], m["severity"]) for m in messages(out)}


def test_the_code_is_the_linters_code(cli: Invoke) -> None:
    code, out, _ = cli(
        "lint", "examples/docs", "--format", "lintrunner", "--lintrunner-code", "DOCS"
    )
    assert code == 0
    assert {m["code"] for m in messages(out)} == {"DOCS"}


@pytest.mark.parametrize("fmt", ["text", "json", "sarif"])
def test_the_code_is_for_lintrunner_only(cli: Invoke, fmt: str) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", fmt, "--lintrunner-code", "X")
    assert (code, out) == (2, "")
    assert err.endswith(f"Error: --lintrunner-code takes --format lintrunner, not --format {fmt}\n")


def test_an_input_error_is_a_message_at_its_path_and_line(cli: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / "pytorch_2-12-0"
    folder.mkdir()
    (folder / "torch-x.md").write_bytes(b"# torch.x\n\xff\n")
    code, out, err = cli("lint", str(folder), "no/such/folder", "--format", "lintrunner")
    assert (code, err) == (0, "")
    assert messages(out) == [
        adapter.lint_message(
            "no/such/folder", None, "DOCS_CHECK", "error", "input-error", "no such file or folder"
        ),
        adapter.lint_message(
            str(folder / "torch-x.md"),
            2,
            "DOCS_CHECK",
            "error",
            "input-error",
            "invalid UTF-8 at byte offset 10; file skipped",
        ),
    ]


def test_a_usage_error_still_exits_2(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "lintrunner", "--select", "no-such")
    assert (code, out) == (2, "")
    assert err.startswith("docs-check: error: ")


@pytest.mark.parametrize(
    ("error", "path", "line", "what"),
    [
        ("docs/x.md:12: bad", "docs/x.md", 12, "bad"),
        ("docs/x.md: not UTF-8: skipped", "docs/x.md", None, "not UTF-8: skipped"),
        # a page at a git ref is named by its path in the repository
        ("v2.12.0:docs/x.md:3: bad", "docs/x.md", 3, "bad"),
        ("no place given", None, None, "no place given"),
    ],
)
def test_input_errors_are_parsed_from_their_line(
    error: str, path: str | None, line: int | None, what: str
) -> None:
    parsed = adapter._input_error(error, "C", ("v2.12.0",))
    assert (parsed["path"], parsed["line"], parsed["description"]) == (path, line, what)
    assert (parsed["name"], parsed["severity"]) == ("input-error", "error")


def test_a_fixable_page_is_one_message_with_its_texts_as_fix_makes_them(
    cli: Invoke, tmp_path: Path
) -> None:
    """`lintrunner -a` writes `replacement`: exactly what `docs-check fix` writes."""
    tree = tmp_path / "docs"
    shutil.copytree(REPO / "examples" / "docs", tree)
    code, out, _ = cli("lint", str(tree), "--format", "lintrunner")
    fixes = {m["path"]: m for m in messages(out) if m["name"] == "fix"}
    assert code == 0
    before = {path: Path(path).read_text(encoding="utf-8") for path in fixes}
    assert [Path(path).name for path in fixes] == [
        "torch-distributed-elastic.md",
        "torch-utils-data.md",
    ]
    assert {(m["line"], m["severity"]) for m in fixes.values()} == {(None, "warning")}
    assert all(m["original"] == before[path] for path, m in fixes.items())
    assert cli("fix", str(tree))[0] == 1  # a finding with no fix is left
    for path, m in fixes.items():
        assert m["replacement"] == Path(path).read_text(encoding="utf-8") != before[path]


def test_a_page_at_a_git_ref_gets_no_fix(cli: Invoke) -> None:
    """lintrunner writes files of the working tree; a page read at a ref is none."""
    code, out, _ = cli(
        "lint", "--git", str(REPO), "--ref", "HEAD", "examples/docs", "--format", "lintrunner"
    )
    assert code == 0
    assert [m for m in messages(out) if m["name"] == "fix"] == []


def test_an_input_error_in_chinese_is_still_placed_at_its_path_and_line(
    cli: Invoke, tmp_path: Path
) -> None:
    """The path is split off the English text, the rest said in Chinese."""
    folder = tmp_path / "pytorch_2-12-0"
    folder.mkdir()
    (folder / "torch-x.md").write_bytes(b"# torch.x\n\xff\n")
    argv = ("lint", str(folder), "no/such/folder", "--format", "lintrunner")
    code, out, err = cli("--lang", "zh", *argv)
    assert (code, err) == (0, "")
    assert messages(out) == [
        adapter.lint_message(
            "no/such/folder", None, "DOCS_CHECK", "error", "input-error", "没有这个文件或文件夹"
        ),
        adapter.lint_message(
            str(folder / "torch-x.md"),
            2,
            "DOCS_CHECK",
            "error",
            "input-error",
            "字节偏移 10 处的 UTF-8 无效；已跳过该文件",
        ),
    ]
