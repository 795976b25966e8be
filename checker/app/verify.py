"""`verify`: expectations → the pages they name, and every other page that
documents their APIs → static findings on those entries → live behaviour runs
and evidence files → cross-check → the gate. Returns one Outcome; printing is
the report modules' job.

With `resolve` (`--resolve-apis`) every version's documented names are also
looked up in its torch (checker.torch.resolver); the cross-check and the
static findings still see only the pages of the rules' APIs."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from checker.app.live import Environments, live_runs
from checker.app.outcome import Outcome, Unverified
from checker.app.setup import Settings, resolvers, setup
from checker.checks.lint import lint
from checker.errors import DataError, InputError, UsageError
from checker.model.catalogue import Catalogue
from checker.model.finding import Finding
from checker.model.support import Entry, Page
from checker.model.version import version_key
from checker.process import Started
from checker.progress import Progress
from checker.sources.corpus import ReadOptions, read_corpus
from checker.torch.resolution import ResolveOptions, resolve_for
from checker.torch.runner import behaviour_file
from checker.verify.crosscheck import DENIES_PASSES, UNVERIFIED, Options, crosscheck
from checker.verify.evidence import Evidence, load_evidence
from checker.verify.expectations import Expectation, load_rules, rule_files
from checker.verify.verified import VerifyReport


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
    python_for: tuple[tuple[str, str], ...] = ()  # --python-for VERSION=PATH
    test_refs: tuple[tuple[str, str], ...] = ()  # --test-ref VERSION=REF, then the config's
    git_repo: str = "."  # the repository of the test refs
    rule_texts: Mapping[str, str] = field(default_factory=dict)  # rule files read at a ref


def select_rules(request: Request, catalogue: Catalogue) -> list[Expectation]:
    files = rule_files(request.docs, request.rule_files, bool(request.reading.refs))
    rules = load_rules(files, catalogue, request.rule_texts)
    if request.api is not None:
        from checker.model.apis import checked_name, like, resolved

        api = checked_name(request.api, "--api")
        names = resolved(api, (rule.api for rule in rules))
        if not names:
            from checker.checks.suggest import hint

            near = hint(like(api, (rule.api for rule in rules)))
            raise UsageError(f"no rule for API {api}{near}")
        rules = [rule for rule in rules if rule.api in names]
    for rule in rules:
        missing = rule.behaviour_file and not Path(rule.behaviour_file).is_file()
        if missing and not rule.behaviour_ref:  # one at a ref is looked for when it runs
            raise DataError(f"{rule.source}: no behaviour test file {rule.behaviour_file}")
        if rule.behaviour and not rule.behaviour_file:
            try:
                behaviour_file(rule.behaviour)
            except DataError as error:
                raise DataError(f"{rule.source}: {error}") from None
    return rules


def run_verify(request: Request, catalogue: Catalogue) -> VerifyReport:
    rules = select_rules(request, catalogue)
    with resolvers(request.resolve) as started:  # torch imports while pages are read
        return _verify(request, catalogue, rules, started)


def _verify(
    request: Request,
    catalogue: Catalogue,
    rules: list[Expectation],
    started: Mapping[str, Started] | None,
) -> VerifyReport:
    # Every page: any page of a version may document a rule's API, and one that
    # contradicts the rule's page must be seen (the page cache keeps this cheap).
    corpus = read_corpus(request.docs, catalogue, options=request.reading)
    apis, docs = {rule.api for rule in rules}, {rule.doc for rule in rules}
    if not any(Path(page.path).name in docs for page in corpus.pages):
        raise UsageError(f"no {' or '.join(sorted(docs))} under {', '.join(request.docs)}")
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
    if request.resolve is not None:  # before the live runs: the resolvers are waiting
        resolution = resolve_for(corpus.pages, request.resolve, progress, started)
        errors += resolution.errors
    if request.live:
        evidence[:0] = live_runs(
            rules,
            _versions(rules, pages),
            request.docs,
            _environments(request),
            catalogue,
            progress,
        )
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


def _versions(rules: Sequence[Expectation], pages: Sequence[Page]) -> list[str]:
    """The docs versions the rules check: those they list, else every version
    that has their page."""
    versions: set[str] = set()
    for rule in rules:
        versions.update(
            rule.versions or (p.version for p in pages if Path(p.path).name == rule.doc)
        )
    return sorted(versions, key=version_key)


def _environments(request: Request) -> Environments:
    return Environments(
        request.python, request.python_for, request.test_refs, request.git_repo, request.timeout
    )


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
    request = dataclasses.replace(
        request,
        docs=ready.docs,
        rule_files=ready.config.rule_files(request.rule_files),
        reading=settings.reading.options(progress),
        resolve=settings.resolve,
        test_refs=ready.config.test_refs_with(request.test_refs),
        rule_texts=ready.config.texts,
    )
    report = run_verify(request, ready.catalogue)
    gated = ready.gate.apply(report.findings, report.results)
    refs = settings.reading.refs
    report = dataclasses.replace(report, findings=gated.findings, results=gated.results, refs=refs)
    return outcome_of(report, hidden=gated.note, exit_zero=settings.exit_zero)


def outcome_of(
    report: VerifyReport, hidden: str = "", exit_zero: bool = False
) -> Outcome[VerifyReport]:
    unverified = [Unverified.NPU] if report.npu_unverified else []
    if report.resolution is not None and report.resolution.incomplete:
        unverified.append(Unverified.VERSIONS)
    return Outcome(
        "verify", report, report.errors, report.failed, tuple(unverified), hidden, exit_zero
    )
