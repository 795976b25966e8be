"""`lint`'s report: its renderer in each format it offers, and its summary
line on stderr, `1 finding (1 error, 0 warnings) in 1 file, 3 entries`.

Text is a `path:line: rule-id message` line a finding, then the resolution
section; JSON the document of checker/schemas/lint.schema.json; Markdown
the counts, the findings, the resolution and the input errors for a pull
request. The CI formats (JUnit, SARIF, GitHub, GitLab, lintrunner, concise)
and --statistics are shared with verify; lint's problems are its findings,
and lintrunner carries lint's certain fixes."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from checker.i18n import _, say
from checker.model.finding import Finding, Severity
from checker.outcome import Command
from checker.report.escape import markdown as _text
from checker.report.formats import Report, renderer
from checker.report.located import located
from checker.report.markdown.parts import errors_section as _errors
from checker.report.markdown.parts import findings_section as _findings
from checker.report.markdown.parts import headed
from checker.report.markdown.parts import resolution_section as _resolution
from checker.report.objects import finding_object, json_pieces, resolution_objects, tagged
from checker.report.plurals import (
    entries_said,
    errors_said,
    files_said,
    findings_said,
    warnings_said,
)
from checker.report.text import finding_lines, headline, lines_of, resolution_text

if TYPE_CHECKING:
    from checker.linted import Linted
    from checker.outcome import Outcome
    from checker.torch.resolve.resolution import Resolution

REPORTS = {
    Command.LINT: Report(
        {
            "text": renderer(f"{__name__}.as_text"),
            "json": renderer(f"{__name__}.as_json"),
            "junit": renderer("checker.report.junit.lint_document"),
            "sarif": renderer("checker.report.sarif.render"),
            "markdown": renderer(f"{__name__}.as_markdown"),
            "concise": renderer("checker.report.concise.render"),
            "github": renderer("checker.report.github.render"),
            "gitlab": renderer("checker.report.gitlab.render"),
            "lintrunner": renderer("checker.report.lintrunner.render", fixes=True),
        },
        summary=renderer(f"{__name__}.summary"),
        statistics=renderer("checker.report.rule_counts.render"),
    )
}


def as_text(outcome: Outcome[Linted], colour: bool = False) -> Iterator[str]:
    """A line a finding, as each is made (written so: never held whole), then
    the resolution's."""
    resolution = outcome.result.resolution
    yield from finding_lines(outcome.result.findings, colour)
    if resolution:
        yield lines_of(resolution_text(resolution))


def as_json(outcome: Outcome[Linted]) -> Iterator[str]:
    """The document in pieces, a finding's object made as it is written
    (objects.json_pieces)."""
    result = outcome.result
    corpus, resolution = result.corpus, result.resolution
    yield from lint_json(
        result.findings,
        len(corpus.pages),
        corpus.entry_count,
        outcome.errors,
        resolution,
        result.refs,
    )
    yield "\n"


def lint_json(
    findings: Sequence[Finding],
    files: int,
    entries: int,
    errors: Sequence[str],
    resolution: Resolution | None = None,
    refs: Sequence[str] = (),
) -> Iterator[str]:
    document = {
        **tagged("lint"),
        "findings": [],
        "files": files,
        "entries": entries,
        "errors": list(errors),
        **resolution_objects(resolution, refs),
    }
    return json_pieces(document, "findings", (finding_object(f, refs) for f in findings))


def as_markdown(outcome: Outcome[Linted]) -> str:
    linted = outcome.result
    lines = ["## docs-check lint", "", headed(headline(outcome), outcome) + _text(counts(linted))]
    lines += _findings(linted.findings)
    lines += _resolution(linted.resolution) if linted.resolution else []
    lines += _errors(outcome.errors)
    return "\n".join(lines) + "\n"


def findings_count(findings: Sequence[Finding], files: int, entries: int) -> str:
    """`1 finding (1 error, 0 warnings) in 1 file, 3 entries`: each count with
    its own plural (it said `1 findings` until 0.2)."""
    errors = sum(1 for f in findings if f.severity is Severity.ERROR)
    return _("{findings} ({errors}, {warnings}) in {files}, {entries}").format(
        findings=findings_said(len(findings)),
        errors=errors_said(errors),
        warnings=warnings_said(len(findings) - errors),
        files=files_said(files),
        entries=entries_said(entries),
    )


def counts(linted: Linted) -> str:
    corpus, resolution = linted.corpus, linted.resolution
    said = findings_count(linted.findings, len(corpus.pages), corpus.entry_count)
    return said + (resolution.summary() if resolution else "")


def counts_by_ref(linted: Linted) -> list[str]:
    """`REF: 3 findings (...) in 6 files, 22 entries`, for each git ref read
    (--summary-by-ref): a history's findings, ref by ref. Findings on no page
    (a configuration's unused ignore) count in the total line only."""
    lines = []
    for ref in linted.refs:
        pages = [page for page in linted.corpus.pages if page.tree == ref]
        found = [f for f in linted.findings if located(f.path, linted.refs)[0] == ref]
        entries = sum(len(page.entries) for page in pages)
        lines.append(f"{ref}: {findings_count(found, len(pages), entries)}")
    return lines


def summary(outcome: Outcome[Any], by_ref: bool = False) -> str:
    """The counts, and what the gate left out; `by_ref` (--summary-by-ref): a
    line for each git ref first."""
    refs = counts_by_ref(outcome.result) if by_ref else []
    return "\n".join([*refs, counts(outcome.result) + say(outcome.not_shown)])
