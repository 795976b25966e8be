"""`probe --output FILE`: this machine's environment (torch, torch_npu, CANN,
NPU) and the behaviour tests of the expectations run here (with --test-ref,
their repository tests for this torch release too, from its ref), written as
evidence for `verify --evidence`. A run that did not pass fails the command."""

from __future__ import annotations

import dataclasses

from checker.app.environments import Environments
from checker.app.live import run_live
from checker.app.setup import Reading, catalogue_for, config_for
from checker.app.verify_live import untested_finding
from checker.app.verify_request import Request, refs_read, select_rules, test_refs_used
from checker.files import write_atomically
from checker.i18n import say
from checker.model.evidence import Evidence
from checker.outcome import Command, Outcome
from checker.progress import Progress


def probe(
    output: str, request: Request, config_file: str | None, progress: Progress | None = None
) -> Outcome[Evidence]:
    """`request`: the expectations to run (rule files, --api), where and how long."""
    config = config_for(config_file, (), Reading())
    catalogue = catalogue_for(None, config)
    files = config.rule_files(request.rule_files)
    rules = select_rules(dataclasses.replace(request, rule_files=files), catalogue)
    test_refs_used(request.test_refs, rules)  # --test-ref where no rule has a test: refused
    # the repository tests of this interpreter's torch release, from its test ref
    test_refs = config.test_refs_with(request.test_refs)
    # as read (`origin/v2.12.0` for `v2.12.0` in a clone), with their commits
    read = refs_read(dataclasses.replace(request, test_refs=test_refs)) if test_refs else ()
    where = Environments(
        request.python,
        (),
        tuple((version, ref.ref) for version, ref in read),
        request.git_repo,
        request.timeout,
        test_at=tuple(ref for _, ref in read),
    )
    live = run_live(rules, (), (), where, catalogue, progress)
    (evidence,) = live.evidence
    write_atomically(output, evidence.to_json() + "\n")
    failed = any(run.verdict != "passed" for run in evidence.runs)
    # a test asked for at a ref that does not hold it: the probe could not run it
    missing = tuple(
        f"{u.at}: {say(untested_finding(u).message)}" for u in live.untested if u.ref is not None
    )
    return Outcome(Command.PROBE, evidence, errors=missing, failed=failed)
