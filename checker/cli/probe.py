"""`docs-check probe --out FILE`: evidence from this machine for `verify`."""

from __future__ import annotations

import click

from checker.cli.options import EXIT_CLEAN, EXIT_FINDINGS
from checker.cli.settings import config_for, config_option, progress_for


@click.command()
@click.option("--out", "out", required=True, help="Evidence file to write.")
@click.option(
    "--python", "python", help="Interpreter of the environment to test (default: this one)."
)
@click.option("--api", help="Only the rules of this API.")
@click.option("--rules", "rule_files", multiple=True, help="Extra rule file (repeatable).")
@click.option("--timeout", type=float, default=120, show_default=True, help="Seconds per run.")
@config_option
def probe(
    out: str,
    python: str | None,
    api: str | None,
    rule_files: tuple[str, ...],
    timeout: float,
    config_file: str | None,
) -> int:
    """Probe this environment (torch, torch_npu, CANN, NPU), run the rules'
    behaviour tests here and write the evidence for `verify --evidence`."""
    from checker.app.verify import Request, jobs_for, select_rules
    from checker.files import write_atomically
    from checker.model.catalogue import default_catalogue
    from checker.report.verify_text import evidence_lines
    from checker.torch.runner import live_evidence

    catalogue = default_catalogue()
    rule_files = config_for(config_file, (), {}).rule_files(rule_files)
    request = Request(docs=(), rule_files=rule_files, api=api, python=python, timeout=timeout)
    rules = select_rules(request, catalogue)
    with progress_for(quiet=False) as progress:
        evidence = live_evidence(jobs_for(rules, ()), catalogue, python, timeout, progress)
    write_atomically(out, evidence.to_json() + "\n")
    for line in evidence_lines(evidence):
        click.echo(line)
    failed = any(run.verdict != "passed" for run in evidence.runs)
    return EXIT_FINDINGS if failed else EXIT_CLEAN
