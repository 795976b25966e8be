"""The parts of a JUnit XML document (checker.report.junit builds lint's and
verify's from them): a testcase, its failure or error, the input errors, a
finding's line, a version as its docs folder, and the
testsuites counted into one document."""

from __future__ import annotations

from collections.abc import Sequence
from xml.etree import ElementTree as ET

from checker.i18n import say
from checker.model.finding import Finding
from checker.model.words import LEVEL_WORDS, word
from checker.report.escape import xml as safe

_COUNTS = ("tests", "failures", "errors", "skipped")


def testcase(suite: ET.Element, classname: str, name: str, path: str = "") -> ET.Element:
    case = ET.SubElement(suite, "testcase", classname=safe(classname), name=safe(name))
    if path:  # GitLab shows it; other readers ignore it
        case.set("file", safe(path))
    return case


def add_result(case: ET.Element, element: str, message: str, kind: str, text: str) -> None:
    ET.SubElement(case, element, message=safe(message), type=safe(kind)).text = safe(text)


def input_errors(suite: ET.Element, errors: Sequence[str]) -> None:
    for error in errors:
        said = say(error)
        add_result(testcase(suite, "input", error), "error", said, "input-error", said)


def finding_lines(findings: Sequence[Finding]) -> str:
    lines = [
        f"{f.path}:{f.line}: {word(LEVEL_WORDS, f.severity.value)} {f.rule} {say(f.message)}"
        for f in findings
    ]
    return "\n".join(lines)


def folder(version: str) -> str:
    return "pytorch_" + version.replace(".", "-")


def document(name: str, suites: list[ET.Element]) -> str:
    root = ET.Element("testsuites", name=name)
    totals = dict.fromkeys(_COUNTS, 0)
    for suite in suites:
        cases = suite.findall("testcase")
        counts = {
            "tests": len(cases),
            "failures": sum(1 for case in cases if case.find("failure") is not None),
            "errors": sum(1 for case in cases if case.find("error") is not None),
            "skipped": sum(1 for case in cases if case.find("skipped") is not None),
        }
        for key in _COUNTS:
            suite.set(key, str(counts[key]))
            totals[key] += counts[key]
        root.append(suite)
    for key in _COUNTS:
        root.set(key, str(totals[key]))
    ET.indent(root)
    data: bytes = ET.tostring(root, encoding="utf-8", xml_declaration=True)
    return data.decode("utf-8") + "\n"
