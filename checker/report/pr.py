"""`verify --format pr`: the two sections of the torch-npu pull-request
template, ready to paste, in Chinese unless --lang says otherwise (the
template is Chinese; the registry gives the format its language).

`# 【资料变更】` lists each page checked, per rule, with the status it states
for each product, and says whether all of them are what the rule expects,
naming each that is not at its path:line. `# 【功能验证】` says what ran and
where: the environments, commands and per-branch results, and the VALIDATION
EVIDENCE blocks, as the Markdown report renders them
(checker.report.markdown_evidence). A run that had no NPU says so, in the
evidence's own words ("CPU reference run; NPU not available: <cause>"); only
a run that verified a product's NPU is reported as an NPU result.

Pages are named by their path in the repository, as a pull request names
them: at a git ref, the path inside it; in a working tree, the path from the
last `docs` folder above the page (torch-npu keeps its docs in `docs/`), so
the text is the same on every machine."""

from __future__ import annotations

from pathlib import PurePath
from typing import TYPE_CHECKING

from checker.i18n import N_, _, say
from checker.report.located import located
from checker.report.markdown import MARKS
from checker.report.markdown_evidence import evidence_records, kind
from checker.report.markdown_text import code, text
from checker.report.summary import headline

if TYPE_CHECKING:
    from checker.app.outcome import Outcome
    from checker.verify.crosscheck import Result
    from checker.verify.expectations import Expectation
    from checker.verify.verified import VerifyReport


def render(outcome: Outcome[VerifyReport]) -> str:
    report = outcome.result
    lines = ["# 【资料变更】", ""]
    if report.refs:
        lines.append(_("Checked these docs entries at {refs}:").format(refs=", ".join(report.refs)))
    else:
        lines.append(_("Checked these docs entries in the working tree:"))
    for rule in report.rules:
        lines += _rule(rule, [r for r in report.results if r.rule == rule.id], report.refs)
    lines += _findings(report)
    lines += ["", "# 【功能验证】", ""]
    lines += _validation(outcome)
    lines += evidence_records(report.evidence, report.refs)
    return "\n".join(lines).rstrip("\n") + "\n"


def repo_path(path: str, refs: tuple[str, ...]) -> str:
    """A page's path in its repository (see the module's docstring)."""
    ref, inside = located(path, refs)
    if ref is not None:
        return inside
    parts = PurePath(path).parts
    docs = [i for i, part in enumerate(parts[:-1]) if part == "docs"]
    return PurePath(*parts[docs[-1] :]).as_posix() if docs else path


# a status as the sentences name it (the model's words, for translation)
STATUS = {
    "supported": N_("supported"),
    "unsupported": N_("unsupported"),
    "unstated": N_("unstated"),
    "conflict": N_("stated both ways"),
}


def _marks(rows: list[Result], documented: bool = True) -> str:
    return _(", ").join(
        f"{r.product} {MARKS[r.documented if documented else r.expected]}" for r in rows
    )


def _rule(rule: Expectation, results: list[Result], refs: tuple[str, ...]) -> list[str]:
    from checker.verify.crosscheck import DIFFERS
    from checker.verify.verified import entry_groups

    groups = entry_groups(results)
    lines = ["", f"## {text(rule.id)}: {code(rule.api)}", ""]
    for rows in groups:
        where = code(f"{repo_path(rows[0].path, refs)}:{rows[0].entry_line}")
        lines.append(_item(where, rows[0].version, _marks(rows)))
    missing = [v for v in rule.versions if not any(r.version == v for r in results)]
    lines.append("")
    expected = _marks(groups[0], documented=False) if groups else ""
    differ = [[r for r in rows if r.verdict == DIFFERS] for rows in groups]
    differ = [rows for rows in differ if rows]
    if not groups:
        lines.append(
            _("No entry of {api} was found in the docs checked.").format(api=code(rule.api))
        )
    elif not differ:
        said = _("Entries checked: {count}; all state the rule's expectation “{expect}” ({marks}).")
        lines.append(said.format(count=len(groups), expect=rule.expect, marks=expected))
    else:
        said = _(
            "{count} of {total} entries differ from the rule's expectation “{expect}” ({marks}):"
        )
        lines.append(
            said.format(count=len(differ), total=len(groups), expect=rule.expect, marks=expected)
        )
        lines.append("")
        for rows in differ:
            where = code(f"{repo_path(rows[0].path, refs)}:{rows[0].line}")
            said = _("{product} is {documented}, the rule expects {expected}")
            what = _(", ").join(
                said.format(
                    product=r.product,
                    documented=_(STATUS[r.documented]),
                    expected=_(STATUS[r.expected]),
                )
                for r in rows
            )
            lines.append(_item(where, rows[0].version, what))
    if missing:
        lines += ["", _("No entry found for: {versions}.").format(versions=", ".join(missing))]
    return lines


def _item(where: str, version: str, said: str) -> str:
    return "- " + _("{where} ({version}): {said}").format(where=where, version=version, said=said)


def _findings(report: VerifyReport) -> list[str]:
    """The static findings on the rules' entries, and the files not read."""
    lines: list[str] = []
    if report.findings:
        lines += ["", _("Other problems on these entries:"), ""]
        for f in report.findings:
            where = code(f"{repo_path(f.path, report.refs)}:{f.line}")
            lines.append(f"- {where} {f.rule}: {text(say(f.message))}")
    if report.errors:
        lines += ["", _("Files that could not be read:"), ""]
        lines += [f"- {text(error)}" for error in report.errors]
    return lines


def _validation(outcome: Outcome[VerifyReport]) -> list[str]:
    """The verdict, what verified on an NPU, and what did not use one."""
    from checker.report.problems import verdict_message

    report = outcome.result
    lines = [_("Result: {headline} (exit {code}).").format(
        headline=headline(outcome), code=int(outcome.exit_code)
    )]  # fmt: skip
    observed = [r for r in report.results if r.observed != "none"]
    if observed:
        lines += ["", _("Observed on an NPU:"), ""]
        lines += [f"- {text(verdict_message(r))}" for r in observed]
    elif report.evidence:  # without any, the evidence records say so
        lines += ["", _("No product was verified on an NPU.")]
    without = [e for e in report.evidence if not e.environment.verifies_npu]
    if without:
        lines += ["", _("Runs without NPU verification (never counted as NPU results):"), ""]
        for record in without:
            env = record.environment
            note = env.note if env.note.startswith("CPU reference run") else kind(env)
            lines.append(f"- {code(record.origin)}: {text(note)}")
    return [*lines, ""]
