"""verify's side of its live runs (checker.app.live): the docs versions
the rules check and the environments the request gives them, asked for; and
a rule's repository test that did not run, answered: a `repo-test-missing`
finding at a test ref, a note without one (probe says the finding too), and
a note for one at a test ref that no environment of its version ran."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from checker.app.environments import Environments
from checker.app.live import NotRun, Untested, git_top
from checker.app.verify_request import Request
from checker.i18n import N_, message
from checker.model.expectation import Expectation
from checker.model.finding import Finding, finding
from checker.model.support import Page
from checker.model.version import version_key


def untested_finding(untested: Untested) -> Finding:
    """`repo-test-missing` at the rule's `test`: the file is not at the ref."""
    path, _, line = untested.at.rpartition(":")
    said = message(
        N_("{path} is not at {ref}: rule {rule}'s test did not run for docs {version}"),
        path=untested.path,
        ref=untested.ref,
        rule=untested.rule,
        version=untested.version or "-",
    )
    return finding("repo-test-missing", path, int(line), said, untested.api)


def untested_note(untested: Untested, docs: Sequence[str]) -> str:
    """A rule's test without a test ref, that no working-tree docs root
    holds, nor its repository (checker.app.live.repository_roots): what to
    pass instead, in plain words."""
    tops = [str(top) for top in dict.fromkeys(map(git_top, docs)) if top is not None]
    where = (
        message(N_("looked up to {top}"), top=", ".join(tops))
        if tops
        else message(N_("no git repository holds it"))
    )
    said = N_(
        "rule {rule}'s test {path} is not in the repository of {roots} ({where}): not run; "
        "pass the repository's root (the folder holding {folder}/), or --test-ref "
        "{version}=REF to read it at a git ref"
    )
    return message(
        said,
        rule=untested.rule,
        path=untested.path,
        roots=", ".join(docs) or "-",
        where=where,
        folder=untested.path.split("/", 1)[0],
        version=untested.version or "VERSION",
    )


def not_run_note(not_run: NotRun) -> str:
    """A rule's test at a version's test ref that no environment ran, and why."""
    if not_run.given:
        why = message(
            N_("the interpreter given for it ({python}) has torch {torch}"),
            python=not_run.python,
            torch=not_run.torch or "-",
        )
    elif not_run.python is None:
        why = message(
            N_(
                "no environment for {version} (the installed torch is {torch}; "
                "give --python-for {version}=PATH)"
            ),
            version=not_run.version,
            torch=not_run.torch or "-",
        )
    else:
        why = message(
            N_(
                "no environment for {version} (the torch of --python {python} is {torch}; "
                "give --python-for {version}=PATH)"
            ),
            version=not_run.version,
            python=not_run.python,
            torch=not_run.torch or "-",
        )
    said = N_("rule {rule}'s test {path} at {ref} did not run for docs {version}: {why}")
    return message(
        said,
        rule=not_run.rule,
        path=not_run.path,
        ref=not_run.ref,
        version=not_run.version,
        why=why,
    )


def versions_checked(rules: Sequence[Expectation], pages: Sequence[Page]) -> list[str]:
    """The docs versions the rules check: those they list, else every version
    that has their page."""
    versions: set[str] = set()
    for rule in rules:
        versions.update(
            rule.versions or (p.version for p in pages if Path(p.path).name == rule.doc)
        )
    return sorted(versions, key=version_key)


def environments_of(request: Request) -> Environments:
    return Environments(
        request.python,
        request.python_for,
        request.test_refs,
        request.git_repo,
        request.timeout,
        request.reading.jobs,
        (*request.test_at, *request.reading.refs),  # a behaviour file is read at the docs ref
    )
