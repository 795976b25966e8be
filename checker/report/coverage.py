"""`coverage`'s report in text, JSON (checker/schemas/coverage.schema.json)
and Markdown: per docs version, the counts per namespace, then every public
callable no entry documents; the excluded ones with their reasons in JSON."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING

from checker.i18n import _, say
from checker.outcome import Command
from checker.report.escape import markdown as text
from checker.report.escape import markdown_code as code
from checker.report.formats import own_report
from checker.report.markdown.parts import row
from checker.report.objects import picked, tagged
from checker.report.text import lines_of

if TYPE_CHECKING:
    from checker.outcome import Outcome
    from checker.results import CoverageReport
    from checker.torch.docs_coverage import Covered, Namespace


REPORTS = {Command.COVERAGE: own_report(__name__, "text", "json", "markdown")}


def as_json(outcome: Outcome[CoverageReport]) -> str:
    report = outcome.result
    covered = {
        **tagged("coverage"),
        "versions": [
            {
                **picked(version, ("version", "python", "torch")),
                "namespaces": [
                    {
                        "namespace": n.name,
                        **picked(n, ("source", "public", "documented")),
                        "excluded": [{"name": name, "reason": why} for name, why in n.excluded],
                        "missing": list(n.missing),
                    }
                    for n in version.namespaces
                ],
                "errors": [{"namespace": name, "error": why} for name, why in version.errors],
            }
            for version in report.versions
        ],
        "not_covered": [{"version": v, "why": why} for v, why in report.not_covered],
        "errors": list(outcome.errors),
    }
    return json.dumps(covered, ensure_ascii=False, indent=2) + "\n"


def counted(namespace: Namespace) -> str:
    """`39 of 141 undocumented (102 documented, 0 excluded)`."""
    said = _("{missing} of {public} undocumented ({documented} documented, {excluded} excluded)")
    return said.format(
        missing=len(namespace.missing),
        public=namespace.public,
        documented=namespace.documented,
        excluded=len(namespace.excluded),
    )


def _heading(version: Covered) -> str:
    return _("{version} against torch {torch} ({python})").format(
        version=version.version, torch=version.torch, python=version.python
    )


def _not_measured(version: str, why: str) -> str:
    return _("{version}: not measured: {why}").format(version=version, why=say(why))


def as_text(outcome: Outcome[CoverageReport], colour: bool = False) -> str:
    report = outcome.result
    lines: list[str] = []
    for version in report.versions:
        lines.append(_heading(version))
        width = max((len(n.name) for n in version.namespaces), default=0)
        lines += [f"  {n.name:<{width}}  {counted(n)}" for n in version.namespaces]
        lines += [f"  {name}: {why}" for name, why in version.errors]
        lines += [f"    {name}" for n in version.namespaces for name in n.missing]
    return lines_of(lines + [_not_measured(version, why) for version, why in report.not_covered])


def as_markdown(outcome: Outcome[CoverageReport]) -> str:
    report, errors = outcome.result, outcome.errors
    title = _("API coverage")
    lines = [f"## {title}"]
    for version in report.versions:
        lines += ["", f"### {text(_heading(version))}", ""]
        lines.append(row(_("namespace"), _("public"), _("documented"), _("excluded"), _("missing")))
        lines.append(row(*["---"] * 5))
        for n in version.namespaces:
            counts = (n.public, n.documented, len(n.excluded), len(n.missing))
            lines.append(row(code(n.name), *map(str, counts)))
        missing = [name for n in version.namespaces for name in n.missing]
        if missing:
            lines += ["", *(f"- {code(name)}" for name in missing)]
    for missed, why in report.not_covered:
        lines += ["", text(_not_measured(missed, why))]
    if errors:
        lines += ["", _("### Input errors"), "", *(f"- {text(error)}" for error in errors)]
    return "\n".join(lines) + "\n"
