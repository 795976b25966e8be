"""`verify --format pr`: the two sections of the torch-npu pull-request
template, ready to paste, in Chinese unless --lang says otherwise (the
template is Chinese; the registry gives the format its language).

`# 【资料变更】` first answers the template's question, 涉及 or 不涉及: with
`verify --base REF` by comparing the docs checked with the docs at REF (as
`diff --git` compares two refs), each changed product listed as before →
after at path:line (`Ascend 950DT：✘ → ✔`); without --base nothing was
compared, and it says so rather than claim 不涉及. Then each page checked, per
rule, with the status it states for each product, and whether all of them are
what the rule expects, naming each that is not at its path:line. Products are
named as the pages write them (checker.verify.docs_changes).

`# 【功能验证】` says what ran and where: the verdict, what was observed on an
NPU, a line per environment without NPU verification naming the docs version
it served, the run's notes (a test asked for that did not run, and why),
then per environment the table of target branch, torch, torch_npu, CANN,
NPU, the command to re-run and the framework's own summary, and the
VALIDATION EVIDENCE block, as the Markdown report renders them
(checker.report.markdown.validation). A run that had no NPU says so, in the
evidence's words translated; only a run that verified a product's NPU is
reported as an NPU result.

The answer of 【资料变更】 with --base, each change as before → after at the
path:line of the docs checked (of the base for an API removed):

    - `docs/zh/…/pytorch_2-12-0/torch-distributed-elastic.md:21`（2.12.0）：
      `torch.distributed.elastic.metrics.put_metric` Ascend 950DT：✘ → ✔

Pages are named by their path in the repository, as a pull request names
them: at a git ref, the path inside it; in a working tree, the path from the
last `docs` folder above the page (torch-npu keeps its docs in `docs/`), so
the text is the same on every machine."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import PurePath
from typing import TYPE_CHECKING

from checker.i18n import N_, _, labelled, ngettext, say
from checker.model.changes import Change, Kind
from checker.model.records import Record
from checker.model.verdict import DIFFERS, Verdict
from checker.model.words import STATUS_WORDS
from checker.report.escape import markdown as text
from checker.report.escape import markdown_code as code
from checker.report.located import located
from checker.report.markdown.parts import MARKS
from checker.report.markdown.validation import (
    evidence_records,
    kind,
    notes_said,
    origin,
    version_served,
)
from checker.report.notes import is_reference_note, note_said
from checker.report.verify import failed_tests_said, verify_headline
from checker.verify.docs_changes import DocsChanges
from checker.verify.verify_report import VerifyReport, entry_groups

if TYPE_CHECKING:
    from checker.model.expectation import Expectation
    from checker.outcome import Outcome


def render(outcome: Outcome[VerifyReport]) -> str:
    report = outcome.result
    docs = report.docs or DocsChanges(None)
    lines = ["# 【资料变更】", "", *changes_said(docs, report.refs), ""]
    if report.refs:
        refs = text(", ".join(report.refs))
        lines.append(_("Checked these docs entries at {refs}:").format(refs=refs))
    else:
        lines.append(_("Checked these docs entries in the working tree:"))
    for rule in report.rules:
        lines += _rule(rule, [r for r in report.results if r.rule == rule.id], report.refs, docs)
    lines += _findings(report)
    lines += ["", "# 【功能验证】", ""]
    lines += _validation(outcome)
    lines += evidence_records(report.evidence)
    return "\n".join(lines).rstrip("\n") + "\n"


# a status as the sentences name it: the model's words, but a conflict's
STATUS = {**STATUS_WORDS, "conflict": N_("stated both ways")}


def _named(r: Verdict | Record, docs: DocsChanges) -> str:
    """The product as the page writes it (the configuration's name), escaped."""
    return text(docs.name(r.path, r.entry_line, r.product))


def _marks(rows: list[Verdict], docs: DocsChanges, documented: bool = True) -> str:
    return _(", ").join(
        f"{_named(r, docs)} {MARKS[r.documented if documented else r.expected]}" for r in rows
    )


def _rule(
    rule: Expectation, results: list[Verdict], refs: tuple[str, ...], docs: DocsChanges
) -> list[str]:
    groups = entry_groups(results)
    lines = ["", f"## {labelled(text(rule.id), code(rule.api))}", ""]
    for rows in groups:
        where = code(f"{repo_path(rows[0].path, refs)}:{rows[0].entry_line}")
        lines.append(item(where, rows[0].version, _marks(rows, docs)))
    missing = [v for v in rule.versions if not any(r.version == v for r in results)]
    lines.append("")
    expected = _marks(groups[0], docs, documented=False) if groups else ""
    differ = [[r for r in rows if r.verdict == DIFFERS] for rows in groups]
    differ = [rows for rows in differ if rows]
    if not groups:
        lines.append(
            _("No entry of {api} was found in the docs checked.").format(api=code(rule.api))
        )
    elif not differ:
        said = _("Entries checked: {count}; all state the rule's expectation “{expect}” ({marks}).")
        lines.append(said.format(count=len(groups), expect=text(rule.expect), marks=expected))
    else:
        said = _(
            "{count} of {total} entries differ from the rule's expectation “{expect}” ({marks}):"
        )
        lines.append(
            said.format(
                count=len(differ), total=len(groups), expect=text(rule.expect), marks=expected
            )
        )
        lines.append("")
        for rows in differ:
            where = code(f"{repo_path(rows[0].path, refs)}:{rows[0].line}")
            said = _("{product} is {documented}, the rule expects {expected}")
            what = _(", ").join(
                said.format(
                    product=_named(r, docs),
                    documented=_(STATUS[r.documented]),
                    expected=_(STATUS[r.expected]),
                )
                for r in rows
            )
            lines.append(item(where, rows[0].version, what))
    if missing:
        said = _("No entry found for: {versions}.").format(versions=text(", ".join(missing)))
        lines += ["", said]
    return lines


def _findings(report: VerifyReport) -> list[str]:
    """The static findings on the rules' entries, and the files not read."""
    lines: list[str] = []
    if report.findings:
        lines += ["", _("Other problems on these entries:"), ""]
        for f in report.findings:
            where = code(f"{repo_path(f.path, report.refs)}:{f.line}")
            lines.append(f"- {where} {labelled(f.rule, text(say(f.message)))}")
    if report.errors:
        lines += ["", _("Files that could not be read:"), ""]
        lines += [f"- {text(say(error))}" for error in report.errors]
    return lines


# the verdicts that are words, not registry ids (which stay as they are)
VERDICT_WORDS = {
    "consistent": N_("consistent"),
    "unverified": N_("unverified"),
    "error": N_("error"),
}


def _observed(r: Verdict, docs: DocsChanges) -> str:
    """`torch.x 2.12.0 on Ascend 950DT: doc-claims-support-test-fails (…)`."""
    verdict = _(VERDICT_WORDS[r.verdict]) if r.verdict in VERDICT_WORDS else r.verdict
    detail = _(" ({detail})").format(detail=say(r.detail)) if r.detail else ""
    product = docs.name(r.path, r.entry_line, r.product)  # escaped with the rest
    said = _("{api} {version} on {product}: {verdict}{detail}").format(
        api=r.api, version=r.version, product=product, verdict=verdict, detail=detail
    )
    return text(said)


def _validation(outcome: Outcome[VerifyReport]) -> list[str]:
    """The verdict, what verified on an NPU, and what did not use one."""
    report = outcome.result
    docs = report.docs or DocsChanges(None)
    failed = failed_tests_said(report).rstrip("; ")  # what failed, named in the verdict
    said = (
        _("Result: {headline} (exit {code}): {failed}.")
        if failed
        else _("Result: {headline} (exit {code}).")
    )
    headline = verify_headline(outcome)
    lines = [said.format(headline=headline, code=int(outcome.exit_code), failed=failed)]
    observed = [r for r in report.results if r.observed != "none"]
    if observed:
        lines += ["", _("Observed on an NPU:"), ""]
        lines += [f"- {_observed(r, docs)}" for r in observed]
    elif report.evidence:  # without any, the evidence records say so
        lines += ["", _("No product was verified on an NPU.")]
    without = [e for e in report.evidence if not e.environment.verifies_npu]
    if without:
        lines += ["", _("Runs without NPU verification (never counted as NPU results):"), ""]
        for record in without:
            env = record.environment
            note = note_said(env.note) if is_reference_note(env.note) else kind(env)
            said = _("{version} ({origin}): {note}").format(
                version=text(version_served(record)), origin=code(origin(record)), note=text(note)
            )
            lines.append(f"- {said}")
    if report.notes:
        lines += ["", _("Notes:"), "", *notes_said(report.notes)]
    return [*lines, ""]


def changes_said(docs: DocsChanges, refs: Sequence[str]) -> list[str]:
    """The 涉及 / 不涉及 line, then the changes."""
    head = ", ".join(refs) if refs else _("the working tree")
    if docs.base is None:
        said = _(
            "Docs changes: not determined: no --base REF was given to compare the docs "
            "with (e.g. the pull request's target branch)."
        )
        return [text(said)]
    sides = {"head": text(head), "base": code(docs.base)}
    if not docs.changes:
        said = _("Not involved: the docs entries at {head} are those at {base}.")
        return [said.format(**sides)]
    count = len(docs.changes)
    said = ngettext(
        "Involved: {count} change to docs entries at {head} against {base} (before → after):",
        "Involved: {count} changes to docs entries at {head} against {base} (before → after):",
        count,
    )
    lines = [said.format(count=count, **sides), ""]
    every = (docs.base, *refs)
    lines += [_line(change, docs, every) for change in docs.changes]
    return lines


def repo_path(path: str, refs: Sequence[str]) -> str:
    """A page's path in its repository: at a git ref, the path inside it; in
    a working tree, the path from the last `docs` folder above the page
    (torch-npu keeps its docs in `docs/`), the same on every machine."""
    ref, inside = located(path, refs)
    if ref is not None:
        return inside
    parts = PurePath(path).parts
    docs = [i for i, part in enumerate(parts[:-1]) if part == "docs"]
    return PurePath(*parts[docs[-1] :]).as_posix() if docs else path


def item(where: str, version: str, said: str) -> str:
    """A list item: `where` and `said` already Markdown, `version` text."""
    said = _("{where} ({version}): {said}").format(where=where, version=text(version), said=said)
    return "- " + said


def _line(change: Change, docs: DocsChanges, refs: Sequence[str]) -> str:
    api = code(change.api)
    if change.kind is Kind.CHANGED and change.before and change.after:
        before, after = change.before, change.after
        said = _("{api} {product}: {before} → {after}").format(
            api=api,
            product=_named(after, docs),
            before=MARKS.get(before.status, before.status),
            after=MARKS.get(after.status, after.status),
        )
        if repo_path(before.path, refs) != repo_path(after.path, refs) or before.line != after.line:
            said += _(" (before: {where})").format(where=code(_where(before, before.line, refs)))
        return item(code(_where(after, after.line, refs)), after.version, said)
    record = change.either
    said = _("{api} added") if change.kind is Kind.ADDED else _("{api} removed")
    return item(code(_where(record, record.entry_line, refs)), record.version, said.format(api=api))


def _where(record: Record, line: int, refs: Sequence[str]) -> str:
    return f"{repo_path(record.path, refs)}:{line}"
