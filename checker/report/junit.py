"""JUnit XML for the test-report views of CI (Jenkins `junit`, GitLab
`artifacts:reports:junit`). A testcase fails exactly where the command's exit
code does: every finding fails `lint` and `verify`, so every finding is a
failing testcase (its `type` carries the severity); a warning verdict passes.

Class names carry no dots past the first (Jenkins splits a classname into
package and class at its last dot), so a version is written as its docs
folder writes it: `elastic-put-metric.pytorch_2-12-0`.

With --resolve-apis both commands add a `resolution` suite: its properties are
the counts (`2.13.0 resolves` = 3219, ...), and it has a testcase per docs
version, failing when an error-severity finding of the resolution is reported
on that version (a version not resolved is skipped, or fails with
--require-all-versions).

A testcase's `file` is the page it is about; a page read from a git ref
(`ref:path`) names its path in the repository there (checker.report.located),
while the testcase's name keeps the ref, which tells two refs' pages apart."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING
from xml.etree import ElementTree as ET

from checker.i18n import N_, _, labelled, message, say
from checker.ids.registry import REGISTRY, RESOLVE
from checker.model.finding import Finding, Severity
from checker.model.support import Page
from checker.model.words import LEVEL_WORDS, OBSERVED_WORDS, word, word_message
from checker.report.escape import xml as _safe
from checker.report.junit_xml import add_result as _add
from checker.report.junit_xml import document as _document
from checker.report.junit_xml import finding_lines as _lines
from checker.report.junit_xml import folder as _folder
from checker.report.junit_xml import input_errors as _input_errors
from checker.report.junit_xml import testcase as _case
from checker.report.located import located
from checker.report.notes import note_said
from checker.report.plurals import errors_said, findings_said

if TYPE_CHECKING:  # a lint run loads neither verify nor resolve
    from checker.linted import Linted
    from checker.outcome import Outcome
    from checker.torch.resolve.resolution import Resolution
    from checker.verify.verify_report import VerifyReport


def lint_document(outcome: Outcome[Linted]) -> str:
    linted = outcome.result
    pages, refs = linted.corpus.pages, linted.refs
    return lint_junit(pages, linted.findings, outcome.errors, linted.resolution, refs)


def verify_document(outcome: Outcome[VerifyReport]) -> str:
    return verify_junit(outcome.result)


def lint_junit(
    pages: Sequence[Page],
    findings: Sequence[Finding],
    errors: Sequence[str],
    resolution: Resolution | None = None,
    refs: Sequence[str] = (),
) -> str:
    """One testcase per page, failing with all of its findings. Per page rather
    than per finding: clean pages show as passed tests, so a clean run still
    reports tests (Jenkins fails a report with none) and a page's history stays
    one row in the CI's test view however its findings change."""
    suite = ET.Element("testsuite", name="docs-check lint")
    by_path: dict[str, list[Finding]] = {}
    for finding in findings:
        by_path.setdefault(finding.path, []).append(finding)
    classes = {page.path: f"{page.lang}.{_folder(page.version)}" for page in pages}
    for path in sorted(classes.keys() | by_path.keys()):
        case = _case(suite, classes.get(path, "lint"), path, located(path, refs)[1])
        found = by_path.get(path, [])
        if found:
            worst = "error" if any(f.severity is Severity.ERROR for f in found) else "warning"
            rules = _(", ").join(dict.fromkeys(f.rule for f in found))
            said = _("{count}: {rules}").format(count=findings_said(len(found)), rules=rules)
            _add(case, "failure", said, worst, _lines(found))
    _input_errors(suite, errors)
    suites = [suite]
    if resolution is not None:
        suites.append(_resolution_suite(resolution, findings))
    return _document("docs-check lint", suites)


def verify_junit(report: VerifyReport) -> str:
    """A suite per rule (a testcase per version × product), then the static
    findings, the evidence runs and the input errors."""
    suites = [_rule_suite(report, index) for index in range(len(report.rules))]
    if report.findings:
        suite = ET.Element("testsuite", name="findings")
        for f in report.findings:
            where = located(f.path, report.refs)[1]
            case = _case(suite, f"findings.{f.rule}", f"{f.path}:{f.line}", where)
            said = labelled(word(LEVEL_WORDS, f.severity.value), say(f.message))
            _add(case, "failure", said, f.rule, _lines([f]))
        suites.append(suite)
    if report.resolution is not None:
        suites.append(_resolution_suite(report.resolution, report.findings))
    if report.evidence:
        suites.append(_evidence_suite(report))
    if report.errors:
        suite = ET.Element("testsuite", name="input")
        _input_errors(suite, report.errors)
        suites.append(suite)
    return _document("docs-check verify", suites)


def _rule_suite(report: VerifyReport, index: int) -> ET.Element:
    rule = report.rules[index]
    suite = ET.Element("testsuite", name=rule.id)
    properties = ET.SubElement(suite, "properties")
    for name, value in (("api", rule.api), ("expect", rule.expect), ("rule", rule.expect_at)):
        ET.SubElement(properties, "property", name=name, value=_safe(value))
    results = [r for r in report.results if r.rule == rule.id]
    places: dict[str, set[str]] = {}  # the entries of each version
    for r in results:
        places.setdefault(r.version, set()).add(f"{r.path}:{r.entry_line}")
    for r in results:
        where = f"{r.path}:{r.line}"
        # two pages for one version (en and zh): the testcase names say which
        name = r.product if len(places[r.version]) == 1 else f"{r.product} [{where}]"
        case = _case(
            suite, f"{rule.id}.{_folder(r.version)}", name, located(r.path, report.refs)[1]
        )
        seen = message(
            N_("documented {documented}, expected {expected}, observed on NPU {observed}"),
            documented=word_message(OBSERVED_WORDS, r.documented),
            expected=word_message(OBSERVED_WORDS, r.expected),
            observed=word_message(OBSERVED_WORDS, r.observed),
        )
        text = f"{say(r.detail)}\n{say(seen)}\n{where}"
        if r.severity is Severity.ERROR:
            element = "error" if r.check == "behaviour-run-error" else "failure"
            _add(case, element, r.verdict, r.verdict, text)
        elif r.check == "unverified":  # not a pass: no NPU of this product ran the test
            unverified = message(N_("unverified: {detail}"), detail=r.detail)
            ET.SubElement(case, "skipped", message=_safe(say(unverified)))
        elif r.severity is Severity.WARNING:
            ET.SubElement(case, "system-out").text = _safe(f"warning: {r.verdict}\n{text}")
    return suite


def _resolution_suite(resolution: Resolution, findings: Sequence[Finding]) -> ET.Element:
    """The counts as properties, and a testcase per docs version. The findings
    are those reported (after the gate), so a version fails exactly when an
    error finding of its names does."""
    report = resolution.report
    suite = ET.Element("testsuite", name="resolution")
    properties = ET.SubElement(suite, "properties")
    environments = [("environment", resolution.environments_line())]
    counts = [
        (f"{version} {outcome}", str(count))
        for version, by_outcome in report.counts().items()
        for outcome, count in by_outcome.items()
    ]
    for name, value in environments + counts:
        ET.SubElement(properties, "property", name=name, value=_safe(value))
    version_of: dict[tuple[str, int, str | None], str] = {
        (r.path, r.line, r.api): r.version for r in report.results
    }
    failing: dict[str, list[Finding]] = {}
    for f in findings:
        version = version_of.get((f.path, f.line, f.api))
        if REGISTRY[f.rule].stage == RESOLVE and f.severity is Severity.ERROR and version:
            failing.setdefault(version, []).append(f)
    not_resolved = dict(report.not_resolved)
    for version, by_outcome in report.counts().items():
        case = _case(suite, f"resolution.{_folder(version)}", f"torch {version}")
        if version in not_resolved:
            why = say(
                message(
                    N_("{count} names not resolved: {why}"),
                    count=not_resolved[version],
                    why=resolution.why_not(version),
                )
            )
            if resolution.options.require_all_versions:
                _add(case, "failure", why, "not-resolved", why)
            else:
                ET.SubElement(case, "skipped", message=_safe(why))
            continue
        shown = ", ".join(f"{count} {outcome}" for outcome, count in by_outcome.items())
        names = [
            f"{r.path}:{r.line}: {r.outcome.value} {r.api}"
            + (f" — {say(r.detail)}" if r.detail else "")
            for r in resolution.non_resolving()
            if r.version == version
        ]
        counted = say(message(N_("{version}: {counts}"), version=version, counts=shown))
        text = "\n".join([counted, *names])
        found = failing.get(version)
        if found:
            rules = _(", ").join(dict.fromkeys(f.rule for f in found))
            said = _("{count}: {rules}").format(count=errors_said(len(found)), rules=rules)
            _add(case, "failure", said, "error", _lines(found) + "\n" + text)
        else:
            ET.SubElement(case, "system-out").text = _safe(text)
    return suite


def _evidence_suite(report: VerifyReport) -> ET.Element:
    from checker.report.verify import evidence_lines  # start-up: verify's evidence only

    """A testcase per run. A run on a product's NPU is judged per product in the
    rule suites; a reference run of a selected rule that did not pass fails here,
    as it fails the exit code."""
    suite = ET.Element("testsuite", name="evidence")
    for evidence in report.evidence:
        env = evidence.environment
        for run in evidence.runs:
            at = f" at {run.ref}" if run.ref else ""
            run_for = f" for docs {evidence.run_for}" if evidence.run_for else ""
            name = f"{run.api} [{run.source} {run.behaviour}{at}] @ {evidence.origin}{run_for}"
            kind = "npu" if env.verifies_npu else "reference"
            case = _case(suite, f"evidence.{kind}", name, evidence.origin)
            selected = report.selects(run)
            lines = textwrap.dedent("\n".join(evidence_lines(evidence)))
            if kind == "reference" and selected and run.verdict != "passed":
                element = "error" if run.verdict == "error" else "failure"
                run_of = note_said(env.note) if env.note else _("reference run")
                said = _("{run}: {verdict}").format(run=run_of, verdict=run.verdict)
                _add(case, element, said, run.verdict, lines)
            else:
                ET.SubElement(case, "system-out").text = _safe(lines)
    return suite
