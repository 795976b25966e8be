"""`lint` (and `baseline`, which records what lint finds): read the pages, run
the lint checks and, with --resolve-apis, look every documented name up in its
torch release, and with --tests judge the claims against the repository's
tests (checker.app.tests); then the gate over all their findings."""

from __future__ import annotations

from collections.abc import Sequence
from contextlib import nullcontext
from dataclasses import replace
from typing import TYPE_CHECKING

from checker.app.setup import Prepared, Settings, resolvers, setup
from checker.checks.lint import lint_pages, page_rules
from checker.gate.audit import Audit
from checker.gate.touched import touched
from checker.ids.registry import GATE, LINT, READ, RESOLVE
from checker.linted import Linted
from checker.model.checked import PageRules
from checker.model.expectation import Expectation
from checker.outcome import Command, Outcome, Unverified, fails
from checker.sources.corpus import Corpus, read_corpus, version_context
from checker.sources.page_cache.checked_store import CheckedStore
from checker.verify.rule_files import load_rules, rule_files

if TYPE_CHECKING:
    from checker.app.version_trees import TestsRequest
    from checker.gate.baseline import Project
    from checker.progress import Progress
    from checker.rewrite.fixes import FixedPages
    from checker.sources.buffers import Buffers
    from checker.sources.gitdiff import Since


def lint(
    paths: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    fixes: bool = False,
    tests: TestsRequest | None = None,
    since: Since | None = None,
) -> Outcome[Linted]:
    """`fixes`: also make the certain fixes, unwritten, for a report that
    hands them on (lintrunner's `replacement`); `tests` (--tests): also the
    claims against the repository's tests; `since` (--changed-since,
    --staged): only the findings on what that change touched."""
    linted, ready = checked(paths, settings, progress, tests, since)
    errors = linted.corpus.errors + (linted.resolution.errors if linted.resolution else ())
    errors += linted.mapping_errors
    if fixes:
        made = fixes_of(linted, ready)
        linted, errors = replace(linted, fixes=made.changes), errors + made.errors
    incomplete = linted.resolution is not None and linted.resolution.incomplete
    return Outcome(
        Command.LINT,
        linted,
        errors,
        failed=fails((f.severity for f in linted.findings), ready.fail_on),
        unverified=(Unverified.VERSIONS,) if incomplete else (),
        not_shown=linted.gated.note,
        exit_zero=settings.exit_zero,
    )


def checked(
    paths: Sequence[str],
    settings: Settings,
    progress: Progress | None = None,
    tests: TestsRequest | None = None,
    since: Since | None = None,
    buffers: Buffers | None = None,
) -> tuple[Linted, Prepared]:
    """The lint run itself, and the setup it ran under (`fix` gates what it
    fixes as lint gated what it found). `buffers` (the language server's):
    open pages' text in the editor in place of their files, and the pages read
    before, kept."""
    ready = setup(paths, settings)
    change = None
    if since is not None:  # before any page is read: outside a repository, one line at once
        from checker.sources.gitdiff import changed

        change = changed(since)
    resolve, resolution = settings.resolve, None
    with resolvers(resolve) as ahead:
        # the page rules run where each page is read (in the workers)
        read_with = PageRules(page_rules)
        options = replace(settings.reading.options(progress), page_rules=read_with, buffers=buffers)
        gathered = ahead.start if ahead is not None else None
        corpus = read_corpus(ready.docs, ready.catalogue, options=options, gathered=gathered)
        if ahead is not None:  # --resolve-apis
            # start-up: torch's resolver (and the processes it runs) loads only with --resolve-apis
            from checker.torch.resolve.resolution import resolve_for

            resolution = resolve_for(corpus.pages, ahead.options, progress, ahead.started)
    context = version_context(corpus, ready.catalogue, options, ready.docs)
    store = CheckedStore(options.cache, ready.catalogue) if options.cache else None
    rules = lint_rules(ready, settings)
    with store or nullcontext():
        findings = lint_pages(corpus.pages, ready.catalogue, context, store, rules, read_with.found)
    if resolution is not None:
        findings = sorted(findings + resolution.report.findings())
    mapping_errors: tuple[str, ...] = ()
    tested = None
    if tests is not None:
        # start-up: the test map's modules (some 50 ms) load only with --tests
        from checker.app.tests import test_map, verdict_findings
        from checker.app.tests_links import map_rules

        mapped = test_map(corpus.pages, ready.catalogue, map_rules(ready), tests, options)
        findings = sorted(findings + verdict_findings(mapped.verdicts, ready.gate.severity))
        mapping_errors, tested = mapped.errors, mapped.tested()
    audit = _audit(corpus, ready.gate.project, whole=not paths, resolved=resolve is not None)
    gated = ready.gate.apply(findings, pages=corpus.pages, audit=audit)
    if change is not None:
        kept = touched(gated.findings, corpus.pages, change)
        gated = replace(gated, findings=kept.findings, untouched=kept.untouched)
    linted = Linted(
        corpus, gated, ready.gate.project, resolution, mapping_errors=mapping_errors, tested=tested
    )
    return linted, ready


def fixes_of(linted: Linted, ready: Prepared, since: int | None = None) -> FixedPages:
    """The lint run's certain fixes made in its pages, unwritten (`fix`
    writes them; lint's `fixes` hands them on)."""
    from checker.rewrite.fixes import fixed_pages  # start-up: fix's, lintrunner's (40 ms)

    pages, findings = linted.corpus.pages, linted.findings
    return fixed_pages(pages, findings, ready.catalogue, ready.gate, ready.docs, since)


def lint_rules(ready: Prepared, settings: Settings) -> list[Expectation]:
    """The rules whose `expect` the pages are held to: those verify would
    cross-check (at git refs, those of the configuration at the docs ref).
    `diff` between refs holds both sides to them too."""
    configured = ready.config.rule_files(())
    files = rule_files(ready.docs, configured, bool(settings.reading.refs))
    return load_rules(files, ready.catalogue, ready.config.texts)


def _audit(corpus: Corpus, project: Project, whole: bool, resolved: bool) -> Audit:
    """What this lint run can judge of the exceptions (checker.gate.audit):
    the rules of the stages it ran, on the pages it read; and, when it read
    the whole docs without an error, ignores whose page is gone."""
    stages = frozenset({READ, LINT, GATE} | ({RESOLVE} if resolved else set()))
    pages = frozenset(project.path(page.path) for page in corpus.pages)
    return Audit(stages, whole and not corpus.errors, pages)
