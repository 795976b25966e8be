"""A job the harness runs (`Job`), and what the harness answers for it
turned into evidence (checker.model.evidence): the environment it reported,
and the job's `Run`, whose verdict is derived from its cases as verify
derives it (checker.torch.runner starts the harness and asks)."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Any

from checker.model.catalogue import Catalogue
from checker.model.evidence import Case, Environment, Run, derived_verdict, releases_pair
from checker.model.run_notes import NEEDS_EXTRA
from checker.process import CommandResult
from checker.torch.child import Answer

# What the docs repository's tests import beyond torch and torch_npu (torch's
# common_utils imports expecttest; test/ imports numpy and parameterized at the
# top of its modules): pyproject.toml's `verify` extra, which a note names
# when one of them is missing where the tests run.
TEST_MODULES = ("expecttest", "numpy", "parameterized")
_MISSING = re.compile(r"ModuleNotFoundError: No module named '([^'.]+)")


@dataclass(frozen=True)
class Job:
    """One behaviour (shipped) or repository test to run for one API."""

    api: str
    behaviour: str
    repo_test: str | None = None  # the test's id, `path::Class::test`, from the folder `repo`
    repo: str | None = None  # the working tree, or a ref's test folder extracted
    ref: str | None = None  # the git ref the test was read from; None: the working tree
    behaviour_path: str | None = None  # a docs repository's own behaviour file; None: shipped


def answered(argv: list[str], answer: Answer, exit_code: int | None = None) -> CommandResult:
    """The answer as the job's own command would have ended: exit 0 when the
    harness answered, the child's exit status when it died in the job."""
    code = answer.exit_code if exit_code is None else exit_code
    return CommandResult(tuple(argv), code, "", answer.stderr, answer.duration_s, answer.failure)


def environment_of(data: dict[str, Any], catalogue: Catalogue, cause: str) -> Environment:
    npu_name = data.get("npu_name")
    fake = bool(data.get("fake_npu"))
    on_npu = bool(data.get("npu_available")) and bool(npu_name) and bool(data.get("npu_op_ok"))
    if fake:
        note = f"FAKE torch_npu test double reporting {npu_name}: not an NPU run"
    elif on_npu:
        note = f"NPU run on {npu_name}: {data.get('npu_op')}"
    elif data.get("torch_import_error") and not cause:
        note = f"torch does not import here: {data['torch_import_error']}"
    else:
        failed_op = data.get("npu_op") if npu_name else None  # listed, but did not compute
        why = cause or failed_op or data.get("npu_error") or "no NPU reported by torch_npu"
        note = f"CPU reference run; NPU not available: {why}"
    real_torch = data.get("fake_torch")  # the installed torch, when a test double renamed it
    if real_torch:
        renamed = f"torch {real_torch} reports {data.get('torch')}"
        note = f"FAKE torch release (test double): {renamed}; {note}"
    paired = releases_pair(data.get("torch"), data.get("torch_npu"))
    if on_npu and not paired and not (fake or real_torch):
        unpaired = f"torch_npu {data.get('torch_npu')} does not go with torch {data.get('torch')}"
        note = f"{unpaired}: not counted as an NPU run; {note}"
    return Environment(
        platform=str(data.get("platform")),
        python=str(data.get("python")),
        torch=data.get("torch"),
        torch_npu=data.get("torch_npu"),
        cann=data.get("cann"),
        npu_name=npu_name,
        visible_npus=int(data.get("visible_npus") or 0),
        product=catalogue.by_soc(npu_name) if npu_name else None,
        device="npu" if on_npu and paired and not (fake or real_torch) else "cpu-reference",
        fake_npu=fake,
        note=note,
        fake_torch=bool(real_torch),
    )


def unknown_environment(interpreter: str, runs: list[Run]) -> Environment:
    note = runs[0].note if runs else "no run"
    return Environment(
        platform="unknown",
        python=f"unknown ({interpreter})",
        torch=None,
        torch_npu=None,
        cann=None,
        npu_name=None,
        visible_npus=0,
        product=None,
        device="cpu-reference",
        fake_npu=False,
        note=f"no environment: {note}",
    )


def run_of(
    job: Job, result: CommandResult, report: dict[str, Any] | None, env: dict[str, str]
) -> Run:
    command = tuple(f"{key}={value}" for key, value in env.items()) + result.argv
    source = "repo-test" if job.repo_test else "behaviour"
    name = job.repo_test or job.behaviour
    at = f" (at {job.ref})" if job.ref else ""
    outcome = (report.get("runs") or [{}])[0] if report else {}
    # a repository test's framework, whose exit status its run reports (the harness's is 0)
    framework = str(outcome.get("framework") or "") if job.repo_test else ""

    def failed(note: str, exit_code: int | None = None) -> Run:
        """`exit_code`: the test's own, where the harness (exit 0) could not run it."""
        duration = round(result.duration_s, 3)
        return Run(
            job.api,
            name,
            source,
            command,
            (),
            duration,
            result.exit_code if exit_code is None else exit_code,
            "error",
            note,
            job.ref,
            framework=framework,
        )

    if result.failure:
        return failed(result.failure)
    if report is None:
        return failed(f"harness crashed (exit {result.exit_code}): {result.last_words}")
    import_error = report["environment"].get("torch_import_error")
    if import_error:
        # the test never ran: its own command would have exited 1 on the ImportError
        return failed(f"torch does not import: {import_error}", 1)
    if outcome.get("error"):  # it did not run: its own command would not have exited 0
        missing = _MISSING.match(outcome["error"])
        hint = f"; {NEEDS_EXTRA}" if missing and missing.group(1) in TEST_MODULES else ""
        return failed(outcome["error"] + at + hint, 2 if framework == "pytest" else 1)
    cases = tuple(
        Case(c["name"], bool(c["passed"]), c.get("detail", ""), _inside(job, c.get("traceback")))
        for c in outcome["cases"]
    )
    status = outcome.get("exit_status")
    exit_code = status if framework and result.exit_code == 0 and isinstance(status, int) else None
    exit_code = result.exit_code if exit_code is None else exit_code
    verdict = derived_verdict(cases, exit_code)  # as verify derives it from the record
    duration = float(outcome.get("duration_s", result.duration_s))
    summary = str(outcome.get("summary") or "")
    return Run(
        job.api,
        name,
        source,
        command,
        cases,
        round(duration, 4),
        exit_code,
        verdict,
        "",
        job.ref,
        summary,
        framework,
    )


def _inside(job: Job, text: str | None) -> str:
    """A failure's text with the test folder's paths as the repository's
    (`test/x/test_y.py`), not as the temporary folder a ref was written to."""
    text = text or ""
    if job.repo_test and job.ref and job.repo:
        for root in dict.fromkeys((job.repo, os.path.realpath(job.repo))):
            text = text.replace(root.rstrip(os.sep) + os.sep, "")
    return text
