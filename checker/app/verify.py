"""`verify`: expectations → the pages they name, and every other page that
documents their APIs → static findings on those entries → live behaviour runs
and evidence files → cross-check → the gate. Returns one Outcome; printing is
the report modules' job.

With `resolve` (`--resolve-apis`) every version's documented names are also
looked up in its torch (checker.torch.resolve.resolver); the cross-check and the
static findings still see only the pages of the rules' APIs. With `tests`
(`--tests`), the claims of those entries are judged against the repository's
tests too (checker.app.tests), as findings."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from pathlib import Path

from checker.app.live import run_live
from checker.app.setup import Settings, resolvers, setup
from checker.app.verify_live import (
    environments_of,
    not_run_note,
    untested_finding,
    untested_note,
    versions_checked,
)
from checker.app.verify_request import Request, refs_read, select_rules, test_refs_used
from checker.checks.lint import lint_pages
from checker.errors import InputError, UsageError
from checker.i18n import N_, joined, message
from checker.model.catalogue import Catalogue
from checker.model.evidence import Evidence
from checker.model.expectation import Expectation
from checker.model.finding import Finding
from checker.model.support import Entry, Page
from checker.model.verdict import DENIES_PASSES, UNVERIFIED
from checker.outcome import Command, FailOn, Outcome, Unverified
from checker.progress import Progress
from checker.sources.corpus import read_corpus
from checker.sources.gitrefs import GitRef
from checker.torch.resolve.resolution import Ahead, resolve_for
from checker.verify.crosscheck import crosscheck, verifying_nothing
from checker.verify.docs_changes import DocsChanges, compared
from checker.verify.evidence_load import load_evidence
from checker.verify.needed import needed_pages
from checker.verify.verify_report import VerifyReport


def run_verify(request: Request, catalogue: Catalogue) -> VerifyReport:
    rules = select_rules(request, catalogue)
    # with --tests the test refs serve the test map too
    notes = test_refs_used(request.given_test_refs, rules) if request.tests is None else []
    if request.live and request.test_refs:  # as read: `origin/v2.7.1` for `v2.7.1`
        read = refs_read(request)
        request = dataclasses.replace(
            request,
            test_refs=tuple((version, ref.ref) for version, ref in read),
            test_at=tuple(ref for _, ref in read),
        )
    with resolvers(request.resolve) as ahead:  # torch imports while pages are read
        report = _verify(request, catalogue, rules, ahead)
    return dataclasses.replace(report, notes=(*notes, *report.notes))


def _verify(
    request: Request,
    catalogue: Catalogue,
    rules: list[Expectation],
    ahead: Ahead | None,
) -> VerifyReport:
    # Any page of a version may document a rule's API, and one that contradicts
    # the rule's page must be seen: the pages parsed are the rules' pages and
    # those whose bytes name a rule's API (checker.verify.needed), the same
    # pages as kept below after reading all. --resolve-apis looks up every
    # page's names and --base compares every page: they read them all.
    whole = request.resolve is not None or request.base is not None
    needed = None if whole else needed_pages((r.doc for r in rules), (r.api for r in rules))
    gathered = ahead.start if ahead is not None else None
    corpus = read_corpus(
        request.docs, catalogue, options=request.reading, needed=needed, gathered=gathered
    )
    apis, docs = {rule.api for rule in rules}, {rule.doc for rule in rules}
    if not any(Path(page.path).name in docs for page in corpus.pages):
        raise UsageError.saying(
            N_("no {pages} under {docs}"),
            pages=joined(sorted(docs), N_("{first} or {then}")),
            docs=", ".join(request.docs),
        )
    pages = [
        page
        for page in corpus.pages
        if Path(page.path).name in docs or any(entry.api in apis for entry in page.entries)
    ]
    errors = list(corpus.errors)
    evidence: list[Evidence] = []
    for name in request.evidence_files:
        try:
            evidence.append(load_evidence(name, catalogue))
        except InputError as error:
            errors.append(str(error))
    progress = request.reading.progress  # the same progress line as reading
    resolution = None
    if ahead is not None:  # --resolve-apis, before the live runs: the resolvers are waiting
        resolution = resolve_for(corpus.pages, ahead.options, progress, ahead.started)
        errors += resolution.errors
    notes: list[str] = []
    findings: list[Finding] = []
    if request.live:
        live = run_live(
            rules,
            versions_checked(rules, pages),
            request.docs,
            environments_of(request),
            catalogue,
            progress,
        )
        evidence[:0] = live.evidence
        findings += [untested_finding(u) for u in live.untested if u.ref is not None]
        notes += [untested_note(u, request.docs) for u in live.untested if u.ref is None]
        notes += [not_run_note(n) for n in live.not_run]
    notes += verifying_nothing(evidence, catalogue.scope)
    results, checked = crosscheck(rules, pages, evidence, catalogue, request.options)
    findings += checked
    touched = [_touched(pages, rule) for rule in rules]
    static = [f for f in lint_pages(pages, catalogue) if any(_on(f, t) for t in touched)]
    if request.tests is not None:
        # start-up: the test map's modules (some 50 ms) load only with --tests
        from checker.app.tests import test_map, verdict_findings

        mapped = test_map(pages, catalogue, rules, request.tests, request.reading)
        judged = verdict_findings(mapped.verdicts, request.levels)
        static += [f for f in judged if any(_on(f, t) for t in touched)]
        errors += mapped.errors
    if resolution is not None:
        static += resolution.report.findings()
    return VerifyReport(
        tuple(rules),
        tuple(results),
        tuple(evidence),
        tuple(sorted(findings + static)),
        tuple(errors),
        resolution,
        docs=_docs_changes(request, catalogue, corpus.pages, pages),
        notes=tuple(dict.fromkeys(notes)),
    )


def _docs_changes(
    request: Request, catalogue: Catalogue, checked: Sequence[Page], shown: Sequence[Page]
) -> DocsChanges:
    """With --base, the docs at that ref of the --git repository, compared with
    those checked, as `diff --git` compares two refs; the docs' paths are
    taken inside the repository when the docs checked are a working tree."""
    before: Sequence[Page] = ()
    if request.base is not None:
        base = request.base_ref or GitRef(request.git_repo, request.base)
        reading = dataclasses.replace(request.reading, refs=(base,))
        paths = request.docs if request.reading.refs else _in_repo(request)
        before = read_corpus(paths, catalogue, options=reading).pages
    return compared(request.base, before, checked, shown, catalogue)


def _in_repo(request: Request) -> tuple[str, ...]:
    """Working-tree docs paths as paths inside the --git repository."""
    root = Path(request.git_repo).resolve()
    inside = []
    for path in request.docs:
        try:
            inside.append(Path(path).resolve().relative_to(root).as_posix() or ".")
        except ValueError:
            where = message(
                N_("{path} is not inside the repository {repo}"), path=path, repo=request.git_repo
            )
            raise UsageError.saying(N_("{option}: {why}"), option="--base", why=where) from None
    return tuple(inside)


def _touched(pages: Sequence[Page], rule: Expectation) -> list[tuple[str, int, int]]:
    """(path, first line, last line) of each entry of the rule's API."""
    spans = []
    for page in pages:
        for index, entry in enumerate(page.entries):
            if entry.api == rule.api:
                spans.append((page.path, entry.line, _end(page.entries, index)))
    return spans


def _end(entries: Sequence[Entry], index: int) -> int:
    return entries[index + 1].line - 1 if index + 1 < len(entries) else 1 << 30


def _on(finding: Finding, spans: list[tuple[str, int, int]]) -> bool:
    return any(
        finding.path == path and first <= finding.line <= last for path, first, last in spans
    )


def verify(
    request: Request, settings: Settings, progress: Progress | None = None
) -> Outcome[VerifyReport]:
    """The command: configuration, the run, then the gate over its findings and
    verdicts. `request` is what the command line asked; the configuration adds
    its docs and rule files. --strict and --require-npu win over its levels."""
    levels = {DENIES_PASSES: "error"} if request.options.strict else {}
    levels |= {UNVERIFIED: "error"} if request.options.require_npu else {}
    ready = setup(request.docs, settings, levels)
    test_refs = ready.config.test_refs_with(request.test_refs)
    tests = dataclasses.replace(request.tests, test_refs=test_refs) if request.tests else None
    request = dataclasses.replace(
        request,
        given_test_refs=request.test_refs,
        docs=ready.docs,
        rule_files=ready.config.rule_files(request.rule_files),
        reading=settings.reading.options(progress),
        base_ref=settings.reading.git_ref(request.base) if request.base else None,
        resolved=settings.reading.resolved,
        resolve=settings.resolve,
        test_refs=test_refs,
        rule_texts=ready.config.texts,
        tests=tests,
        levels=ready.gate.severity,
    )
    report = run_verify(request, ready.catalogue)
    gated = ready.gate.apply(report.findings, report.results)
    refs = settings.reading.refs
    report = dataclasses.replace(
        report,
        findings=gated.findings,
        results=gated.results,
        refs=refs,
        fail_on_warnings=ready.fail_on is FailOn.WARNING,
    )
    return outcome_of(report, not_shown=gated.note, exit_zero=settings.exit_zero)


def outcome_of(
    report: VerifyReport, not_shown: str = "", exit_zero: bool = False
) -> Outcome[VerifyReport]:
    unverified = [Unverified.NPU] if report.npu_unverified else []
    if report.resolution is not None and report.resolution.incomplete:
        unverified.append(Unverified.VERSIONS)
    return Outcome(
        Command.VERIFY,
        report,
        report.errors,
        report.failed,
        tuple(unverified),
        not_shown,
        exit_zero,
    )
