"""The summary lines' counts, each with its own plural (checker.report.plurals):
`1 finding`, `1 error`, `1 warning`, `1 file`, `1 entry` in English, where
the line said `1 findings` for every count; Chinese has one form."""

from __future__ import annotations

import pytest

from checker.i18n import chosen
from checker.model.finding import Finding, Severity
from checker.report.lint import findings_count
from checker.report.plurals import runs_failed_said


def found(errors: int, warnings: int) -> list[Finding]:
    def one(severity: Severity, line: int) -> Finding:
        return Finding("x.md", line, "missing-status", severity, "x")

    return [one(Severity.ERROR, n) for n in range(errors)] + [
        one(Severity.WARNING, 100 + n) for n in range(warnings)
    ]


@pytest.mark.parametrize(
    ("errors", "warnings", "files", "entries", "said"),
    [
        (1, 0, 1, 1, "1 finding (1 error, 0 warnings) in 1 file, 1 entry"),
        (0, 1, 2, 3, "1 finding (0 errors, 1 warning) in 2 files, 3 entries"),
        (2, 1, 1, 2, "3 findings (2 errors, 1 warning) in 1 file, 2 entries"),
        (0, 0, 0, 0, "0 findings (0 errors, 0 warnings) in 0 files, 0 entries"),
    ],
)
def test_each_count_has_its_own_plural(
    errors: int, warnings: int, files: int, entries: int, said: str
) -> None:
    with chosen("en"):
        assert findings_count(found(errors, warnings), files, entries) == said


def test_chinese_says_it_in_its_one_form() -> None:
    with chosen("zh"):
        assert (
            findings_count(found(1, 0), 1, 1)
            == "1 个问题（1 个错误，0 个警告），共 1 个文件、1 个条目"
        )
        assert runs_failed_said(1, 3) == "3 次运行中 1 次失败"


def test_runs_failed_follows_the_runs() -> None:
    with chosen("en"):
        assert runs_failed_said(1, 1) == "1 of 1 run failed"
        assert runs_failed_said(1, 5) == "1 of 5 runs failed"
