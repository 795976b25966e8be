"""verify's live runs, as the release engineer makes them: one environment per
docs version, each running the rules' behaviour tests and that version's
repository tests.

A docs version runs in the interpreter `--python-for VERSION=PATH` gives it;
the main interpreter (`--python`, else this one) runs for its own torch
release, and only runs when some version the rules check has no interpreter
of its own (or `--python` names it). A version's repository tests come from
its `--test-ref` (the test's folder at that ref, extracted), else from the
docs root that holds them in the working tree."""

from __future__ import annotations

import dataclasses
import os
import threading
from collections.abc import Mapping, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from checker.app.environments import Environments, check_interpreters
from checker.errors import DataError
from checker.i18n import N_
from checker.model.catalogue import Catalogue
from checker.model.evidence import Evidence
from checker.model.expectation import Expectation
from checker.progress import Progress
from checker.signals import held
from checker.sources.testtrees import extracted_tests, folder_of_test
from checker.torch.runner import RUNNING, Session
from checker.torch.runs import Job


@dataclass(frozen=True)
class Untested:
    """A rule's repository test that did not run for a docs version: its file
    is not at the version's test ref (`ref`), or, with no test ref, in no
    docs root of the working tree (`ref` None)."""

    rule: str  # its id
    api: str
    at: str  # path:line of its `test`
    version: str | None  # the docs version the environment ran for; None: unknown
    path: str  # the test's file, inside the repository
    ref: str | None


@dataclass(frozen=True)
class NotRun:
    """A rule's repository test at the test ref of a docs version it checks,
    that no environment ran: none was given for the version and the main
    interpreter's torch is another release, or the one given for it
    (`given`) has another release's torch."""

    rule: str  # its id
    api: str
    version: str
    path: str  # the test's file, inside the repository
    ref: str
    python: str | None  # the interpreter that ran instead; None: this one
    given: bool  # it is the version's own (--python-for), not the main one
    torch: str | None  # its torch, as it reported it


@dataclass(frozen=True)
class Live:
    """What the live runs gave: an evidence record per environment, and the tests not run."""

    evidence: list[Evidence]  # one per environment, main first
    untested: list[Untested]
    not_run: list[NotRun]  # tests at a test ref that no environment of its version ran


def run_live(
    rules: Sequence[Expectation],
    versions: Sequence[str],
    docs: Sequence[str],
    environments: Environments,
    catalogue: Catalogue,
    progress: Progress | None = None,
) -> Live:
    """One Evidence per environment, main first, the repository tests that
    had no file to run, and those of a test ref of a version the rules check
    that no environment of that version's torch ran (each requested test
    runs or is named). `versions`: the docs versions the rules check; `docs`:
    the working-tree docs roots. The same job (a behaviour, or a repository
    test at a ref, for one API) runs once in each environment, however many
    rules name it; each rule's results cite that one run."""
    check_interpreters(environments)
    mapped, test_refs = dict(environments.python_for), dict(environments.test_refs)
    sessions: list[tuple[str | None, str | None]] = []  # (interpreter, version it runs for)
    if environments.python or not mapped or any(v not in mapped for v in versions):
        sessions.append((environments.python, None))
    sessions += [(python, version) for version, python in mapped.items()]
    behaviours = behaviour_jobs(rules)
    tested = [rule for rule in rules if rule.test]
    folders = {folder_of_test(rule.test) for rule in tested if rule.test}
    refs = list(dict.fromkeys(test_refs.values()))  # checked even when no rule has a test
    for job in behaviours:  # a docs repository's behaviour file read at the docs ref
        if job.ref and job.behaviour_path:
            folders.add(folder_of_test(job.behaviour_path))
            refs.append(job.ref)
    roots = repository_roots(docs)
    count = _Counter(progress, len(sessions))
    halt, opened = threading.Event(), list[Session]()  # for the main thread to stop them
    with extracted_tests(environments.git_repo, refs, folders, environments.test_at) as trees:
        behaviours = [_extracted(job, trees) for job in behaviours]

        def one(
            session_of: tuple[str | None, str | None],
        ) -> tuple[Evidence, list[Untested], str | None]:
            python, given = session_of
            version: tuple[str, ...] | None = None if given is None else (given,)
            # one interpreter (one torch import) for the probe, the behaviours
            # and the repository tests, which depend on what the probe found
            with Session(catalogue, python, environments.timeout, halt) as session:
                opened.append(session)
                session.run_all(behaviours)
                if given is None and (mapped or test_refs):  # the main one: which release?
                    unmapped = [v for v in versions if v not in mapped]
                    version = _main_version(session, mapped, unmapped)
                # repository tests only for the version its torch is (speaks_for): one
                # whose torch is another release's runs none
                session.probe()
                tests_for = session.evidence(version).speaks_for
                wrong_torch = version is not None and tests_for is None
                ref = test_refs.get(tests_for or "")
                jobs = [] if wrong_torch else repo_jobs(tested, ref, trees, roots)
                untested = [] if wrong_torch else _untested(tested, tests_for, ref, trees, roots)
                session.run_all(jobs)
            count.finished()
            return session.evidence(version), untested, None if wrong_torch else tests_for

        # environments side by side (each its own interpreter), the results in
        # the order of `sessions` whatever order they finish in
        workers = max(1, min(len(sessions), environments.jobs or os.cpu_count() or 1))
        with ThreadPoolExecutor(workers) as pool:
            waiting: list[Future[tuple[Evidence, list[Untested], str | None]]] = []
            try:
                with held():  # the pool's threads leave SIGINT and SIGTERM to this one
                    waiting += [pool.submit(one, session) for session in sessions]
                results = [each.result() for each in waiting]
            except BaseException:
                for each in waiting:  # those not started yet start none
                    each.cancel()
                # Ctrl-C or SIGTERM reaches the main thread only. The pool's
                # exit waits for its threads, which wait on their children's
                # answers: the children end now (their own process groups, which
                # no signal to ours reaches), or they would outlive the run.
                halt.set()
                for session in opened:
                    session.stop()
                raise
    evidence = [found for found, _, _ in results]
    untested = [missing for _, lacking, _ in results for missing in lacking]
    count.done()
    ran = {tests_for for _, _, tests_for in results}
    torch_of = {
        given: found.environment.torch for (_, given), found in zip(sessions, evidence, strict=True)
    }
    not_run = [
        NotRun(
            rule.id,
            rule.api,
            version,
            _test_file(rule),
            ref,
            mapped.get(version, environments.python),
            version in mapped,
            torch_of.get(version if version in mapped else None),
        )
        for version, ref in test_refs.items()
        if version in versions and version not in ran
        for rule in tested
        if not rule.versions or version in rule.versions
    ]
    return Live(evidence, list(dict.fromkeys(untested)), not_run)


def _main_version(
    session: Session, mapped: Mapping[str, str], unmapped: list[str]
) -> tuple[str, ...]:
    """What the main interpreter runs for: its own torch release, whose test
    ref it takes; but where --python-for gives that release to another
    interpreter, only that one's runs count for it, and the main one runs for
    the versions left to it, which its torch is not."""
    environment = session.probe()
    release = environment.release if environment else None
    if release is not None and release not in mapped:
        return (release,)
    return tuple(unmapped)  # () for none


def behaviour_jobs(rules: Sequence[Expectation]) -> list[Job]:
    """The shipped behaviour tests, and the docs repository's own (those at a
    git ref are given their extracted file by the live runs)."""
    jobs = [
        Job(rule.api, rule.behaviour, ref=rule.behaviour_ref, behaviour_path=rule.behaviour_file)
        for rule in rules
        if rule.behaviour
    ]
    return list(dict.fromkeys(jobs))  # two rules of one API and behaviour: one run


def _extracted(job: Job, trees: Mapping[str, str]) -> Job:
    """A behaviour file at a ref, as written out of it; any other as it is."""
    if not (job.ref and job.behaviour_path):
        return job
    return dataclasses.replace(job, behaviour_path=str(Path(trees[job.ref], job.behaviour_path)))


def repo_jobs(
    rules: Sequence[Expectation], ref: str | None, trees: Mapping[str, str], docs: Sequence[str]
) -> list[Job]:
    """The rules' repository tests: from the ref's extracted tree, where it
    holds the test's file, else from every working-tree docs root that holds
    it; each once, however many rules name it."""
    jobs: list[Job] = []
    for rule in rules:
        assert rule.test is not None
        test_file = _test_file(rule)
        if ref is not None:
            if Path(trees[ref], test_file).is_file():
                jobs.append(Job(rule.api, rule.test, rule.test, trees[ref], ref))
            continue
        for root in dict.fromkeys(docs):
            if Path(root, test_file).is_file():
                _inside(rule, root, Path(root, test_file))
                jobs.append(Job(rule.api, rule.test, rule.test, root))
    return list(dict.fromkeys(jobs))


def git_top(path: str) -> Path | None:
    """The top level of the git repository holding `path`, found as git finds
    it (`git rev-parse --show-toplevel`): the nearest folder at or above it
    holding `.git` (a folder, or a worktree's file); None outside one."""
    start = Path(path).absolute()
    return next((f for f in (start, *start.parents) if (f / ".git").exists()), None)


def repository_roots(docs: Sequence[str]) -> list[str]:
    """Where a rule's repository test is looked for: each docs root given,
    then each folder above it up to its repository's top level, so that
    `verify docs` runs the tests that `verify .` runs at the root. Outside a
    git repository, the root given alone. Each folder once."""
    roots: list[str] = []
    seen: set[str] = set()
    for given in docs:
        start, top = Path(given).absolute(), git_top(given)
        above = [f for f in start.parents if top is not None and f.is_relative_to(top)]
        for root in (given, *map(str, above)):
            real = os.path.realpath(root)
            if real not in seen:
                seen.add(real)
                roots.append(root)
    return roots


def _untested(
    rules: Sequence[Expectation],
    version: str | None,
    ref: str | None,
    trees: Mapping[str, str],
    docs: Sequence[str],
) -> list[Untested]:
    """The rules' tests whose file is not where `repo_jobs` looks for it."""
    missing = []
    for rule in rules:
        test_file = _test_file(rule)
        roots = [trees[ref]] if ref is not None else list(docs)
        if not any(Path(root, test_file).is_file() for root in roots):
            missing.append(Untested(rule.id, rule.api, rule.test_at, version, test_file, ref))
    return missing


def _test_file(rule: Expectation) -> str:
    """The file of a rule's `test` (`path::Case.test` -> path)."""
    assert rule.test is not None  # only the rules with a test are asked
    return rule.test.split("::", 1)[0]


def _inside(rule: Expectation, root: str, test_file: Path) -> None:
    """A test file that a link takes out of the repository is not its test."""
    real = test_file.resolve()
    if not real.is_relative_to(Path(root).resolve()):
        raise DataError.saying(
            N_("{source}: 'test' {test} is {real}, outside the docs repository {root}"),
            source=rule.source,
            test=rule.test,
            real=str(real),
            root=root,
        )


class _Counter:
    """The progress line of the runs: one step per environment, taken when it
    has run its jobs. They run in one interpreter, so there is nothing to
    count between them, and a repository test that finds no file to run is
    no step at all (counting jobs, examples/docs showed 2/2 for one run)."""

    def __init__(self, progress: Progress | None, total: int) -> None:
        self.progress, self.total, self.started = progress, total, 0
        self.lock = threading.Lock()
        if progress:
            progress(RUNNING, 0, total)

    def finished(self) -> None:
        with self.lock:  # environments finish on threads of their own
            self.started += 1
            if self.progress and self.started < self.total:  # done() says the last
                self.progress(RUNNING, min(self.started, self.total), self.total)

    def done(self) -> None:
        if self.progress:
            self.progress(RUNNING, self.total, self.total)
