"""`verify --backed [--api GLOB] [--shard I/N]`: the docs' claims against the
repository's own tests that back them. For each docs version that has an
environment (`--python-for VERSION=PY`, or the main interpreter for its own
torch release), the test tree at its `--test-ref` (else the working tree's
`--tests` folder) is mapped as `docs-check tests` maps it, the cases that
back the selected APIs are planned by module (checker.model.plan), this
runner's shard of them run (checker.verify.backed.run), and every claim judged
per product by the evidence, this run's and that of `--evidence` files
(merged across shards: checker.verify.backed.shards)."""

from __future__ import annotations

import dataclasses
import fnmatch
from collections.abc import Sequence
from dataclasses import dataclass, field

from checker.app.environments import Environments, check_interpreters
from checker.app.setup import Prepared, Settings, read_docs
from checker.app.tests import version_links
from checker.app.verify_request import Request, refs_read
from checker.app.version_trees import TestsRequest
from checker.errors import InputError, UsageError
from checker.files import write_atomically
from checker.i18n import N_, message
from checker.model.apis import checked_name, names_it
from checker.model.evidence import Evidence
from checker.model.plan import Plan
from checker.model.said import said_of
from checker.model.support import Entry, Page
from checker.model.version import version_key
from checker.outcome import Command, Outcome, Unverified
from checker.progress import Progress
from checker.results import BackedReport
from checker.sources.testtrees import extracted_tests
from checker.torch.runner import Session
from checker.verify.backed.judge import judged
from checker.verify.backed.planning import planned
from checker.verify.backed.run import Limits, run_plan
from checker.verify.backed.shards import merged
from checker.verify.crosscheck import Options, verifying_nothing
from checker.verify.evidence_load import load_evidence


@dataclass(frozen=True)
class BackedRequest:
    """What a `verify --backed` run asks: its docs, APIs, shard, interpreters and test refs."""

    docs: tuple[str, ...]
    api: str | None = None  # --api GLOB (or a full or short name)
    shard: tuple[int, int] = (0, 1)  # --shard I/N; (0, 1): the whole plan
    python: str | None = None
    python_for: tuple[tuple[str, str], ...] = ()
    test_refs: tuple[tuple[str, str], ...] = ()
    git_repo: str = "."
    tests: str = "test"  # --tests DIR
    evidence_files: tuple[str, ...] = ()
    live: bool = True
    limits: Limits = field(default_factory=Limits)
    options: Options = field(default_factory=Options)
    write_evidence: str | None = None  # --write-evidence FILE: this run's one record


def backed(
    request: BackedRequest, settings: Settings, progress: Progress | None = None
) -> Outcome[BackedReport]:
    ready, corpus = read_docs(request.docs, settings, progress)
    errors = list(corpus.errors)
    pattern = request.api or "*"
    entries = _selected(corpus.pages, pattern, ready)
    if not entries:
        raise UsageError.saying(N_("--api {pattern}: no documented API matches"), pattern=pattern)
    versions = sorted({entry.version for entry, _ in entries}, key=version_key)
    evidence: list[Evidence] = []
    plans: list[Plan] = []
    notes: list[str] = []
    if request.live:
        given = ready.config.test_refs_with(request.test_refs)  # and the configuration's
        refs = dict(given)
        if refs:  # as read: `origin/v2.12.0` for `v2.12.0`
            asked = Request(docs=request.docs, test_refs=tuple(given), git_repo=request.git_repo)
            refs = {version: ref.ref for version, ref in refs_read(asked)}
        for version, session in _sessions(request, ready, versions, notes):
            environment = session.probe()
            if session.evidence((version,)).speaks_for != version:  # its runs would count for none
                said = N_(
                    "docs {version}: the interpreter given for it has torch {torch}, not "
                    "{version}: its backing tests did not run"
                )
                torch = environment.torch if environment and environment.torch else "-"
                notes.append(message(said, version=version, torch=torch))
                session.close()
                continue
            documented = {e.api for e, _ in entries if e.version == version}
            every = {
                e.api for page in corpus.pages if page.version == version for e in page.entries
            }
            tests = TestsRequest(request.tests, tuple(refs.items()), request.git_repo)
            found = version_links(version, every, tests, settings, ready, errors)
            products = {p for e, said in entries if e.version == version for p in said}
            plan = planned(
                version,
                pattern,
                documented,
                found.links,
                found.tree,
                found.disabling,
                refs.get(version),
                products,
                request.shard,
            )
            plans.append(plan)
            evidence.append(_run(plan, session, request, progress))
    if request.write_evidence is not None:
        _write(request.write_evidence, evidence)
    loaded = [_load(name, ready, errors) for name in request.evidence_files]
    files, missing = merged([e for e in loaded if e is not None])
    errors += missing
    evidence += files
    notes += verifying_nothing(evidence, ready.catalogue.scope)
    claims = judged(entries, evidence, request.options)
    plans += [e.plan for e in files if e.plan is not None and e.plan not in plans]
    report = BackedReport(
        tuple(plans), tuple(claims), tuple(evidence), tuple(errors), tuple(notes), ready.fail_on
    )
    unverified = (Unverified.NPU,) if report.npu_unverified else ()
    return Outcome(
        Command.BACKED,
        report,
        report.errors,
        report.failed,
        unverified,
        exit_zero=settings.exit_zero,
    )


def _selected(
    pages: Sequence[Page], pattern: str, ready: Prepared
) -> list[tuple[Entry, dict[str, str]]]:
    """Each entry of an API the pattern names, with its products' statuses."""
    pattern = checked_name(pattern, "--api")
    globbed = any(char in pattern for char in "*?[")
    chosen = []
    for page in pages:
        for entry in page.placed_entries():
            if fnmatch.fnmatchcase(entry.api, pattern) if globbed else names_it(pattern, entry.api):
                chosen.append((entry, said_of(ready.catalogue, page, entry)))
    return chosen


def _sessions(
    request: BackedRequest, ready: Prepared, versions: Sequence[str], notes: list[str]
) -> list[tuple[str, Session]]:
    """The environment of each docs version: its --python-for interpreter,
    else the main one (--python, else this one) for its own torch release; a
    version with neither is a note, and is not run."""
    check_interpreters(Environments(request.python, request.python_for))
    timeout, mapped = request.limits.module_timeout, dict(request.python_for)
    sessions = [
        (version, Session(ready.catalogue, mapped[version], timeout))
        for version in versions
        if version in mapped
    ]
    left = [version for version in versions if version not in mapped]
    if left:
        main = Session(ready.catalogue, request.python, timeout)
        environment = main.probe()
        release = environment.release if environment else None
        if release in left:
            sessions.append((release, main))
        for version in left:
            if version != release:
                said = N_(
                    "docs {version}: no environment of torch {version} (the main "
                    "interpreter's torch is {torch}; see --python-for): its backing "
                    "tests did not run"
                )
                torch = environment.torch if environment and environment.torch else "-"
                notes.append(message(said, version=version, torch=torch))
    return sorted(sessions, key=lambda pair: version_key(pair[0]))


def _run(
    plan: Plan, session: Session, request: BackedRequest, progress: Progress | None
) -> Evidence:
    """This runner's part of the plan, in its version's environment, with the
    tests as they are at the plan's ref (extracted) or in the working tree."""
    refs = [plan.ref] if plan.ref else []
    with extracted_tests(request.git_repo, refs, [request.tests]) as trees:
        root = trees.get(plan.ref) if plan.ref else None
        runs = run_plan(plan, session, root, request.limits, progress)
    session.probe()
    session.close()  # its interpreter, which ran every module of the plan
    return dataclasses.replace(session.evidence((plan.version,), plan), runs=tuple(runs))


def _load(name: str, ready: Prepared, errors: list[str]) -> Evidence | None:
    try:
        return load_evidence(name, ready.catalogue)
    except InputError as error:
        errors.append(str(error))
        return None


def _write(path: str, evidence: Sequence[Evidence]) -> None:
    """This run's record, written atomically: one environment's, as a runner
    of the CI matrix makes it (one release, one shard)."""
    if len(evidence) != 1:
        ran = ", ".join(e.run_for or "-" for e in evidence) or message(N_("none"))
        raise UsageError.saying(
            N_(
                "--write-evidence {path}: writes one environment's record, and this run has "
                "{count} (docs versions: {ran}); run one docs version per job"
            ),
            path=path,
            count=len(evidence),
            ran=ran,
        )
    write_atomically(path, evidence[0].to_json() + "\n")
