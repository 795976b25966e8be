"""Each command's report in the format asked for, as one string: printed, or
written to `--output FILE`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.model.finding import Finding
from checker.model.support import Entry, Page

if TYPE_CHECKING:  # types only: a lint run should not import verify and resolve
    from checker.app.verify import VerifyReport
    from checker.torch.resolver import Resolution


def lint_report(
    fmt: str,
    pages: Sequence[Page],
    findings: Sequence[Finding],
    errors: Sequence[str],
    refs: Sequence[str] = (),
    resolution: Resolution | None = None,
) -> str:
    files, entries = len(pages), sum(len(page.entries) for page in pages)
    if fmt == "json":
        from checker.report.json import lint_json

        return lint_json(findings, files, entries, errors, resolution) + "\n"
    if fmt == "junit":
        from checker.report.junit import lint_junit

        return lint_junit(pages, findings, errors, resolution)
    if fmt == "sarif":
        from checker.report.sarif import lint_sarif

        return lint_sarif(findings, errors, refs, resolution)
    if fmt == "markdown":
        from checker.report.markdown import lint_markdown

        return lint_markdown(findings, files, entries, errors, resolution)
    from checker.report.text import findings_text, resolution_text

    lines = findings_text(findings)
    return _lines(lines + (resolution_text(resolution) if resolution else []))


def verify_report(fmt: str, report: VerifyReport, refs: Sequence[str] = ()) -> str:
    if fmt == "json":
        from checker.report.json import verify_json

        return verify_json(report) + "\n"
    if fmt == "junit":
        from checker.report.junit import verify_junit

        return verify_junit(report)
    if fmt == "sarif":
        from checker.report.sarif import verify_sarif

        return verify_sarif(report.findings, report.results, report.errors, refs, report.resolution)
    if fmt == "markdown":
        from checker.report.markdown import verify_markdown

        return verify_markdown(report, refs)
    from checker.report.verify_text import verify_text

    return _lines(verify_text(report))


def show_report(fmt: str, entries: Sequence[Entry], scope: Sequence[str]) -> str:
    if fmt == "json":
        from checker.report.json import entries_json

        return entries_json(entries, scope) + "\n"
    from checker.report.text import entries_text

    return _lines(entries_text(entries, scope))


def _lines(lines: Sequence[str]) -> str:
    return "".join(line + "\n" for line in lines)
