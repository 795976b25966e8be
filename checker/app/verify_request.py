"""What a verify or probe run asks (`Request`: the command line's docs,
rules, API, interpreters, evidence files and test refs), and what is checked
of it before anything runs: the rules it selects (select_rules), its test
refs refused where no rule has a test (test_refs_used) and read as refs
(refs_read). verify, probe and verify --backed's live runs share them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from checker.errors import DataError, UsageError
from checker.i18n import N_, message
from checker.ids.suggest import hint
from checker.model.apis import checked_name, like, resolved
from checker.model.catalogue import Catalogue
from checker.model.expectation import Expectation
from checker.sources.corpus import ReadOptions
from checker.sources.gitrefs import GitRef, resolve_refs
from checker.torch.resolve.resolution import ResolveOptions
from checker.torch.runner import behaviour_file
from checker.verify.crosscheck import Options
from checker.verify.rule_files import load_rules, rule_files

if TYPE_CHECKING:
    from checker.app.version_trees import TestsRequest


@dataclass(frozen=True)
class Request:
    """What a verify or probe run asks: its docs, rules, APIs, evidence and live runs."""

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
    base: str | None = None  # --base REF: the docs there, compared with those checked
    base_ref: GitRef | None = None  # --base as resolved before anything was read
    # The command line's refs as given, to the ref read with its commit,
    # resolved before anything was read (checker.app.setup.Reading.resolved).
    resolved: tuple[tuple[str, GitRef], ...] = ()
    test_at: tuple[GitRef, ...] = ()  # the test refs as read, with their commits
    given_test_refs: tuple[tuple[str, str], ...] = ()  # those of the command line alone
    levels: Mapping[str, str] = field(default_factory=dict)  # the gate's, for the test verdicts
    tests: TestsRequest | None = None  # --tests: the test map, at the test refs


def select_rules(request: Request, catalogue: Catalogue) -> list[Expectation]:
    files = rule_files(request.docs, request.rule_files, bool(request.reading.refs))
    rules = load_rules(files, catalogue, request.rule_texts)
    if request.api is not None:
        api = checked_name(request.api, "--api")
        names = resolved(api, (rule.api for rule in rules))
        if not names:
            near = hint(like(api, (rule.api for rule in rules)))
            raise UsageError.saying(N_("no rule for API {api}{hint}"), api=api, hint=near)
        rules = [rule for rule in rules if rule.api in names]
    for rule in rules:
        missing = rule.behaviour_file and not Path(rule.behaviour_file).is_file()
        if missing and not rule.behaviour_ref:  # one at a ref is looked for when it runs
            raise DataError.saying(
                N_("{source}: no behaviour test file {file}"),
                source=rule.source,
                file=rule.behaviour_file,
            )
        if rule.behaviour and not rule.behaviour_file:
            try:
                behaviour_file(rule.behaviour)
            except DataError as error:
                raise DataError.saying(
                    N_("{path}: {error}"), path=rule.source, error=str(error)
                ) from None
    return rules


def test_refs_used(given: Sequence[tuple[str, str]], rules: Sequence[Expectation]) -> list[str]:
    """--test-ref runs the rules' repository tests: given where no rule of
    the run has one, it would do nothing, and is refused; where only some
    rules have one, a note names the others."""
    if not given:
        return []
    untested = [rule.id for rule in rules if not rule.test]
    if len(untested) == len(rules):
        raise UsageError.saying(
            N_(
                "--test-ref runs the rules' repository tests, but no rule of this run "
                "has a `test` (rules: {rules})"
            ),
            rules=", ".join(untested),
        )
    if not untested:
        return []
    said = N_("--test-ref serves only the rules with a `test`; these have none: {rules}")
    return [message(said, rules=", ".join(untested))]


def refs_read(request: Request) -> tuple[tuple[str, GitRef], ...]:
    """The test refs, each as read with its commit
    (checker.sources.gitrefs.resolve_refs): those of the command line as they
    were resolved before anything was read, the configuration's now; every
    unknown one is named in one error."""
    known = dict(request.resolved)
    wanted = [known.get(ref) or GitRef(request.git_repo, ref) for _, ref in request.test_refs]
    read = resolve_refs(wanted)
    return tuple(
        (version, read[ref]) for (version, _), ref in zip(request.test_refs, wanted, strict=True)
    )
