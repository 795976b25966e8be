"""`probe --output FILE`: this machine's environment (torch, torch_npu, CANN,
NPU) and the behaviour tests of the expectations run here, written as
evidence for `verify --evidence`. A run that did not pass fails the command."""

from __future__ import annotations

from collections.abc import Sequence

from checker.app.outcome import Outcome
from checker.app.setup import Reading, config_for
from checker.progress import Progress
from checker.verify.evidence import Evidence


def probe(
    output: str,
    *,
    python: str | None = None,
    api: str | None = None,
    rule_files: Sequence[str] = (),
    timeout: float = 120,
    config_file: str | None = None,
    progress: Progress | None = None,
) -> Outcome[Evidence]:
    from checker.app.verify import Request, jobs_for, select_rules
    from checker.files import write_atomically
    from checker.model.catalogue import default_catalogue
    from checker.torch.runner import live_evidence

    catalogue = default_catalogue()
    files = config_for(config_file, (), Reading()).rule_files(rule_files)
    request = Request(docs=(), rule_files=files, api=api, python=python, timeout=timeout)
    rules = select_rules(request, catalogue)
    evidence = live_evidence(jobs_for(rules, ()), catalogue, python, timeout, progress)
    write_atomically(output, evidence.to_json() + "\n")
    failed = any(run.verdict != "passed" for run in evidence.runs)
    return Outcome("probe", evidence, failed=failed)
