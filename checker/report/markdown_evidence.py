"""The validation section of the Markdown report, in the shape the torch-npu
engineers paste into a pull request: per environment, a table of what ran
(target branch, torch, torch_npu, test command, result), then one VALIDATION
EVIDENCE block of KEY=VALUE lines. Where no NPU took part the NOTE says so,
and a test double is called FAKE wherever it appears.

The prose and the table's headings are shown in the run's language (the
`pr` format's sections are Chinese); the block itself stays as engineers
write it, KEY=VALUE in English, with the evidence's own words."""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.i18n import _
from checker.report.markdown_text import code, fenced, row, text

if TYPE_CHECKING:
    from checker.verify.evidence import Environment, Evidence, Run


def evidence_section(evidence: Sequence[Evidence], docs_refs: Sequence[str]) -> list[str]:
    said = _("Docs read from {source}.").format(source=text(docs_source(docs_refs)))
    lines = ["", "### " + _("Validation evidence"), "", said, ""]
    return lines + evidence_records(evidence, docs_refs)


def docs_source(docs_refs: Sequence[str]) -> str:
    """Where the docs were read: `git ref master`, or the working tree."""
    if docs_refs:
        return _("git ref {refs}").format(refs=", ".join(docs_refs))
    return _("the working tree")


def evidence_records(evidence: Sequence[Evidence], docs_refs: Sequence[str]) -> list[str]:
    """Per evidence record: its heading, the table of its runs, its block."""
    lines: list[str] = []
    if not evidence:
        lines.append(_("No evidence: no live run and no evidence file; no product was verified."))
    for number, record in enumerate(evidence, 1):
        origin = _("live run on this machine") if record.origin == "live" else record.origin
        lines += [f"#### {number}. {code(origin)}: {text(_for(record))}", ""]
        headings = (_("target branch"), "torch", "torch_npu", _("test command"), _("result"))
        lines += [row(*headings), row(*["---"] * 5)]
        env = record.environment
        torch, torch_npu = text(_torch(env)), text(env.torch_npu or "-")
        for run in record.runs:
            branch = code(run.ref) if run.ref else _tree(run)
            lines.append(row(branch, torch, torch_npu, code(_command(run)), text(result(run))))
        if not record.runs:
            lines.append(row("–", torch, torch_npu, "–", _("nothing ran")))
        lines += ["", *fenced(block(record, docs_refs)), ""]
    return lines


def block(record: Evidence, docs_refs: Sequence[str]) -> list[str]:
    """The engineer's VALIDATION EVIDENCE block; a COMMAND and RESULT per run."""
    env = record.environment
    refs = [run.ref for run in record.runs if run.ref]
    target = ", ".join(dict.fromkeys(refs)) or ", ".join(docs_refs) or "working tree"
    npu = f"{env.npu_name} ({env.product or 'not a catalogue product'})" if env.npu_name else "-"
    if env.fake_npu:
        npu = f"{env.npu_name or '-'} (FAKE: reported by a test double)"
    pairs = [
        ("API", ", ".join(dict.fromkeys(run.api for run in record.runs)) or "-"),
        ("TARGET_BRANCH", target),
        ("PLATFORM", env.platform),
        ("PYTHON", env.python),
        ("TORCH", _torch(env)),
        ("TORCH_NPU", env.torch_npu or "-"),
        ("CANN", env.cann or "-"),
        ("NPU", npu),
        ("VISIBLE_NPU", str(env.visible_npus)),
    ]
    for run in record.runs:
        pairs += [("COMMAND", _command(run)), ("RESULT", result(run))]
    pairs.append(("NOTE", _note(record)))
    lines = ["VALIDATION EVIDENCE"]
    lines += [f"{key}={' '.join(value.split())}" for key, value in pairs]
    for run in record.runs:
        lines += [
            f"  FAILED {c.name}: {' '.join(c.detail.split())}" for c in run.cases if not c.passed
        ]
    return lines


def result(run: Run) -> str:
    """`Ran 7 tests in 0.054s, OK, exit 0`: the test's own words where it has
    them, else the case counts; an error gives its cause."""
    if run.verdict == "error":
        return f"error: {run.note}, exit {run.exit_code}"
    passed = sum(1 for case in run.cases if case.passed)
    said = run.summary or f"{run.verdict}: {passed} of {len(run.cases)} cases passed"
    return f"{said}, exit {run.exit_code}"


def _for(record: Evidence) -> str:
    env = record.environment
    if record.speaks_for:
        counts = _("docs {version}").format(version=record.speaks_for)
    elif record.version:
        counts = _("no docs version (run for {version}, but its torch is {torch})").format(
            version=record.version, torch=env.torch
        )
    else:
        counts = _("no docs version (torch {torch})").format(torch=env.torch)
    return f"{counts}{_(', ')}{kind(env)}"


def kind(env: Environment) -> str:
    """What kind of run it was: an NPU run, a CPU reference run or a FAKE."""
    if env.fake_npu:
        return _("FAKE torch_npu test double, not an NPU run")
    if env.verifies_npu:
        return _("NPU run on {npu}, verifies {product}").format(
            npu=env.npu_name, product=env.product
        )
    if env.device == "npu":
        return _("NPU run on {npu} (not a catalogue product)").format(npu=env.npu_name)
    return _("CPU reference run, no NPU")


def _torch(env: Environment) -> str:
    return (env.torch or "-") + (
        " (FAKE: a test double reporting this release)" if env.fake_torch else ""
    )


def _tree(run: Run) -> str:
    """Where a run's test came from when no ref: docs-check's own behaviour
    tests, or the working tree's repository test."""
    return _("– (docs-check behaviour)") if run.source == "behaviour" else _("working tree")


def _command(run: Run) -> str:
    return shlex.join(run.command)


def _note(record: Evidence) -> str:
    env = record.environment
    note = env.note
    if not env.verifies_npu and not note.startswith(("CPU reference run", "FAKE")):
        note = f"no NPU verification: {note}"
    if record.version and not record.speaks_for:
        note += f"; run for docs {record.version}, but its torch is {env.torch}: counts for none"
    return note
