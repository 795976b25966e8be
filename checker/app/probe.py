"""`probe --output FILE`: this machine's environment (torch, torch_npu, CANN,
NPU) and the behaviour tests of the expectations run here, written as
evidence for `verify --evidence`. A run that did not pass fails the command."""

from __future__ import annotations

import dataclasses

from checker.app.outcome import Outcome
from checker.app.setup import Reading, config_for
from checker.app.verify import Request, jobs_for, select_rules
from checker.progress import Progress
from checker.verify.evidence import Evidence


def probe(
    output: str, request: Request, config_file: str | None, progress: Progress | None = None
) -> Outcome[Evidence]:
    """`request`: the expectations to run (rule files, --api), where and how long."""
    from checker.files import write_atomically
    from checker.model.catalogue import default_catalogue
    from checker.torch.runner import live_evidence

    catalogue = default_catalogue()
    files = config_for(config_file, (), Reading()).rule_files(request.rule_files)
    rules = select_rules(dataclasses.replace(request, rule_files=files), catalogue)
    jobs = jobs_for(rules, ())
    evidence = live_evidence(jobs, catalogue, request.python, request.timeout, progress)
    write_atomically(output, evidence.to_json() + "\n")
    failed = any(run.verdict != "passed" for run in evidence.runs)
    return Outcome("probe", evidence, failed=failed)
