"""`verify`: rules → the pages they name → static findings on those entries →
live behaviour runs and evidence files → cross-check. Returns a report and an
exit code; printing is the report modules' job.

With `resolve` (`--resolve-apis`) every page is read, and every version's
documented names are looked up in its torch (checker.torch.resolver); the
cross-check and the static findings still see only the rules' pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from checker.checks.lint import lint
from checker.errors import DataError, InputError, UsageError
from checker.model.catalogue import Catalogue
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, Page
from checker.process import Started
from checker.sources.corpus import ReadOptions, read_corpus
from checker.torch.resolver import Resolution, ResolveOptions, resolve_for, resolvers_started
from checker.torch.runner import Job, behaviour_file, live_evidence
from checker.verify.crosscheck import UNVERIFIED, Options, Result, belongs, crosscheck
from checker.verify.evidence import Evidence, load_evidence
from checker.verify.expectations import REPO_RULES, Rule, load_rules, shipped_rule_files

EXIT_CLEAN, EXIT_FAILED, EXIT_INPUT, EXIT_UNVERIFIED = 0, 1, 2, 3


@dataclass(frozen=True)
class Request:
    docs: tuple[str, ...]
    rule_files: tuple[str, ...] = ()
    api: str | None = None
    python: str | None = None
    evidence_files: tuple[str, ...] = ()
    live: bool = True
    options: Options = field(default_factory=Options)
    timeout: float = 120
    reading: ReadOptions = field(default_factory=ReadOptions)
    resolve: ResolveOptions | None = None  # --resolve-apis


@dataclass(frozen=True)
class VerifyReport:
    rules: tuple[Rule, ...]
    results: tuple[Result, ...]
    evidence: tuple[Evidence, ...]
    findings: tuple[Finding, ...]  # the resolution's findings among them
    errors: tuple[str, ...]
    resolution: Resolution | None = None  # with --resolve-apis

    @property
    def exit_code(self) -> int:
        if self.errors:
            return EXIT_INPUT
        # Runs on a product's NPU are judged through the verdicts (a failure on a
        # product the docs call unsupported is consistent); a reference run of a
        # selected rule that failed or could not run is a failure of its own.
        failed_runs = any(
            run.verdict != "passed" and any(belongs(run, rule) for rule in self.rules)
            for e in self.evidence
            if not e.environment.verifies_npu
            for run in e.runs
        )
        failed = any(r.severity is Severity.ERROR and r.verdict != UNVERIFIED for r in self.results)
        if failed or failed_runs or self.findings:
            return EXIT_FAILED
        if any(r.verdict == UNVERIFIED and r.severity is Severity.ERROR for r in self.results):
            return EXIT_UNVERIFIED
        if self.resolution is not None and self.resolution.incomplete:
            return EXIT_UNVERIFIED
        return EXIT_CLEAN


def select_rules(request: Request, catalogue: Catalogue) -> list[Rule]:
    files = shipped_rule_files()
    files += [Path(root, REPO_RULES) for root in request.docs if Path(root, REPO_RULES).is_file()]
    files += [Path(name) for name in request.rule_files]
    unique: dict[Path, Path] = {}  # a docs root or rule file given twice is read once
    for path in files:
        unique.setdefault(path.resolve(), path)
    rules = load_rules(unique.values(), catalogue)
    if request.api:
        rules = [rule for rule in rules if rule.api == request.api]
        if not rules:
            raise UsageError(f"no rule for API {request.api}")
    for rule in rules:
        if rule.behaviour:
            try:
                behaviour_file(rule.behaviour)
            except DataError as error:
                raise DataError(f"{rule.source}: {error}") from None
    return rules


def jobs_for(rules: Sequence[Rule], docs: Sequence[str]) -> list[Job]:
    jobs = [Job(rule.api, rule.behaviour) for rule in rules if rule.behaviour]
    for rule in rules:
        if rule.test:
            test_file = rule.test.split("::", 1)[0]
            for root in dict.fromkeys(docs):
                if Path(root, test_file).is_file():
                    jobs.append(Job(rule.api, rule.test, repo_test=rule.test, repo=root))
    return jobs


def verify(request: Request, catalogue: Catalogue) -> VerifyReport:
    rules = select_rules(request, catalogue)
    if request.resolve is None:
        return _verify(request, catalogue, rules, None)
    with resolvers_started(request.resolve) as started:  # torch imports while pages are read
        return _verify(request, catalogue, rules, started)


def _verify(
    request: Request,
    catalogue: Catalogue,
    rules: list[Rule],
    started: Mapping[str, Started] | None,
) -> VerifyReport:
    names = {rule.doc for rule in rules}
    reading = None if request.resolve else names  # resolving needs every page
    corpus = read_corpus(request.docs, catalogue, names=reading, options=request.reading)
    pages = [page for page in corpus.pages if Path(page.path).name in names]
    errors = list(corpus.errors)
    evidence: list[Evidence] = []
    for name in request.evidence_files:
        try:
            evidence.append(load_evidence(name))
        except InputError as error:
            errors.append(str(error))
    progress = request.reading.progress  # the same progress line as reading
    resolution = None
    if request.resolve is not None:  # before the live runs: the resolvers are waiting
        resolution = resolve_for(corpus.pages, request.resolve, progress, started)
        errors += resolution.errors
    if request.live:
        jobs = jobs_for(rules, request.docs)
        live = live_evidence(jobs, catalogue, request.python, request.timeout, progress)
        evidence.insert(0, live)
    results, findings = crosscheck(rules, pages, evidence, catalogue, request.options)
    touched = [_touched(pages, rule) for rule in rules]
    static = [f for f in lint(pages, catalogue) if any(_on(f, t) for t in touched)]
    if resolution is not None:
        static += resolution.report.findings()
    return VerifyReport(
        tuple(rules),
        tuple(results),
        tuple(evidence),
        tuple(sorted(findings + static)),
        tuple(errors),
        resolution,
    )


def _touched(pages: Sequence[Page], rule: Rule) -> list[tuple[str, int, int]]:
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
