"""The validation section of the Markdown report, in the shape the torch-npu
engineers paste into a pull request: per environment, a heading that names
the docs version it served, a table of what ran (target branch, torch,
torch_npu, CANN, NPU, the command to re-run it, its result), one VALIDATION
EVIDENCE block of KEY=VALUE lines, then each failed test's whole failure
text in a `<details>`. Where no NPU took part the NOTE says so, and a test
double is called FAKE wherever it appears.

Commands are those a reviewer re-runs from a checkout (checker.report.markdown.rerun),
never docs-check's harness call. TARGET_BRANCH is the ref the environment's
repository tests were read from (`working tree` for the working tree's), and
`-` when only docs-check's own behaviour tests ran: never a branch no run
came from.

Everything is shown in the run's language, the evidence's fixed English
sentences too (checker.report.notes); the block's KEYs stay as engineers
write them, and a framework's own summary line and an exception's text stay
as they are."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from checker.i18n import _, say
from checker.model.words import RUN_WORDS, word
from checker.report.environment import Field, environment_fields
from checker.report.escape import html
from checker.report.escape import markdown as text
from checker.report.escape import markdown_code as code
from checker.report.escape import markdown_fenced as fenced
from checker.report.markdown.parts import row
from checker.report.markdown.rerun import is_own, rerun
from checker.report.notes import NO_PRODUCT, is_reference_note, note_said, summary_said

if TYPE_CHECKING:
    from checker.model.evidence import Case, Environment, Evidence, Run


def evidence_section(evidence: Sequence[Evidence], docs_refs: Sequence[str]) -> list[str]:
    said = _("Docs read from {source}.").format(source=text(docs_source(docs_refs)))
    lines = ["", "### " + _("Validation evidence"), "", said, ""]
    return lines + evidence_records(evidence)


def docs_source(docs_refs: Sequence[str]) -> str:
    """Where the docs were read: `git ref master`, or the working tree."""
    if docs_refs:
        return _("git ref {refs}").format(refs=", ".join(docs_refs))
    return _("the working tree")


def evidence_records(evidence: Sequence[Evidence]) -> list[str]:
    """Per evidence record: its heading, the table of its runs, its block and
    its failures."""
    lines: list[str] = []
    if not evidence:
        lines.append(_("No evidence: no live run and no evidence file; no product was verified."))
    for number, record in enumerate(evidence, 1):
        said = _("{origin}: {served}").format(
            origin=code(origin(record)), served=text(served(record))
        )
        lines += [f"#### {number}. {said}", ""]
        headings = [_("target branch"), "torch", "torch_npu", "CANN", "NPU"]
        headings += [_("command to re-run"), _("result")]
        lines += [row(*headings), row(*["---"] * len(headings))]
        shown = dict(_shown(record.environment))
        cells = [text(shown[key]) for key in ("TORCH", "TORCH_NPU", "CANN", "NPU")]
        for run in record.runs:
            lines.append(row(_branch(run), *cells, code(rerun(run)), text(result(run))))
        if not record.runs:
            lines.append(row("–", *cells, "–", _("nothing ran")))
        lines += ["", *fenced(block(record)), ""]
        lines += failures(record)
    return lines


def notes_said(notes: Sequence[str]) -> list[str]:
    """The run's notes, an item each: what was asked and not done (a test
    that did not run), and why."""
    return [f"- {text(say(note))}" for note in notes]


def origin(record: Evidence) -> str:
    return _("live run on this machine") if record.origin == "live" else record.origin


def block(record: Evidence) -> list[str]:
    """The engineer's VALIDATION EVIDENCE block; a COMMAND and RESULT per run."""
    pairs = [
        ("API", ", ".join(dict.fromkeys(run.api for run in record.runs)) or "-"),
        ("TARGET_BRANCH", target_branch(record.runs)),
        *_shown(record.environment),
    ]
    for run in record.runs:
        pairs += [("COMMAND", rerun(run)), ("RESULT", result(run))]
    pairs.append(("NOTE", note(record)))
    lines = ["VALIDATION EVIDENCE"]
    lines += [f"{key}={' '.join(value.split())}" for key, value in pairs]
    for run in record.runs:
        lines += [f"  FAILED {c.name}: {_gist(c)}" for c in run.cases if not c.passed]
    return lines


def target_branch(runs: Sequence[Run]) -> str:
    """The refs the repository tests were read from; `-` for docs-check's own."""
    tests = [run for run in runs if not is_own(run)]
    named = [run.ref or _("working tree") for run in tests]
    return ", ".join(dict.fromkeys(named)) or "-"


def failures(record: Evidence) -> list[str]:
    """Each failed case's whole failure text, folded away."""
    lines: list[str] = []
    for run in record.runs:
        for case in run.cases:
            if not case.passed and _whole(case).strip():
                # an HTML block: Markdown is not read in it, so HTML's escape and <code>
                named = f"<code>{html(case.name)}</code>"
                summary = html(_("Failure text of {test}")).format(test=named)
                lines += [f"<details><summary>{summary}</summary>", ""]
                lines += [*fenced(_whole(case).strip("\n").splitlines()), "", "</details>", ""]
    return lines


def _whole(case: Case) -> str:
    """A failure's whole text: the framework's traceback where the run kept
    it (evidence schema 3), else the case's detail."""
    return case.traceback or case.detail


def _gist(case: Case) -> str:
    """The failure in one line: the case's detail (its last line, where it has
    several), and a pointer to the whole text where there is more of it."""
    lines = [line.strip() for line in case.detail.splitlines() if line.strip()]
    if not lines:
        return "-"
    more = len(lines) > 1 or len(_whole(case).strip().splitlines()) > 1
    return lines[-1] + (_(" (the whole text below)") if more else "")


def result(run: Run) -> str:
    """`Ran 7 tests in 0.054s, OK, exit 0`: the test's own words where it has
    them, else the case counts; an error gives its cause."""
    if run.verdict == "error":
        said = _("error: {cause}").format(cause=note_said(run.note))
    else:
        passed = sum(1 for case in run.cases if case.passed)
        said = summary_said(run.summary) if run.summary else ""
        said = said or _("{verdict}: {passed} of {total} cases passed").format(
            verdict=word(RUN_WORDS, run.verdict), passed=passed, total=len(run.cases)
        )
    return _("{said}, exit {code}").format(said=said, code=run.exit_code)


def served(record: Evidence) -> str:
    """Which docs version the record served, and what kind of run it was."""
    comma = _(", ")
    return f"{version_served(record)}{comma}{kind(record.environment)}"


def version_served(record: Evidence) -> str:
    """`docs 2.12.0`, or why the record serves none."""
    env = record.environment
    if record.speaks_for:
        return _("docs {version}").format(version=record.speaks_for)
    if record.run_for:
        return _("no docs version (run for {version}, but its torch is {torch})").format(
            version=_run_for(record), torch=env.torch or "-"
        )
    return _("no docs version (torch {torch})").format(torch=env.torch)


def _run_for(record: Evidence) -> str:
    """The docs versions a run was made for, listed in the run's language."""
    return _(", ").join(record.version) if record.version else record.run_for


def kind(env: Environment) -> str:
    """What kind of run it was: an NPU run, a CPU reference run or a FAKE."""
    if env.fake_npu:
        return _("FAKE torch_npu test double, not an NPU run")
    if env.verifies_npu:
        return _("NPU run on {npu}, verifies {product}").format(
            npu=env.npu_name, product=env.product
        )
    if env.device == "npu":
        return _("NPU run on {npu} ({product})").format(npu=env.npu_name, product=_(NO_PRODUCT))
    return _("CPU reference run, no NPU")


def _shown(env: Environment) -> list[tuple[str, str]]:
    """(KEY, value) of each field of the environment (checker.report.environment),
    a test double's torch and NPU marked FAKE, the NPU named with its product."""
    return [(field.key, _marked(env, field)) for field in environment_fields(env)]


def _marked(env: Environment, field: Field) -> str:
    if field.key == "TORCH" and env.fake_torch:
        return field.value + _(" (FAKE: a test double reporting this release)")
    if field.key == "NPU" and env.fake_npu:
        return _("{npu} (FAKE: reported by a test double)").format(npu=field.value)
    if field.key == "NPU" and env.npu_name:
        return f"{field.value} ({env.product or _(NO_PRODUCT)})"
    return field.value


def _branch(run: Run) -> str:
    """Where a run's test came from: docs-check's own behaviour tests, a ref,
    or the working tree."""
    if is_own(run):
        return _("– (docs-check behaviour)")
    return code(run.ref) if run.ref else _("working tree")


def note(record: Evidence) -> str:
    """The record's note in the run's language, saying that it verified no
    NPU and, when its torch is not the version it ran for, that it counts for
    none."""
    env = record.environment
    said = note_said(env.note)
    if not env.verifies_npu and not is_reference_note(env.note):
        said = _("no NPU verification: {note}").format(note=said)
    if record.run_for and not record.speaks_for:
        said += _("; run for docs {version}, but its torch is {torch}: counts for none").format(
            version=_run_for(record), torch=env.torch or "-"
        )
    return said
