"""`--format gitlab`: a GitLab Code Quality report. No package on PyPI ships
GitLab's JSON schema for it (the converters that write it, such as
cppcheck-codequality, gitlab-cq, pytest-gitlab-code-quality,
flake8-gl-codeclimate and valgrind-codequality, ship none), so the report is
checked field by field against GitLab's documentation ("Code Quality report
format", docs.gitlab.com/ci/testing/code_quality): a JSON array of objects
with `description`, `check_name`, `fingerprint`, `severity` (one of info,
minor, major, critical, blocker), `location.path` (relative to the
repository, no leading `./`) and `location.lines.begin`.

Fingerprints: the same finding keeps its fingerprint from run to run and when
lines above it move; two equal findings on one page have two."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

from checker.gate.baseline import Project, key_of
from checker.model.finding import Finding, Severity
from checker.report.gitlab import fingerprint

from .conftest import SNAPSHOTS, VERIFY_FAILING, Invoke, snapshot

SEVERITIES = {"info", "minor", "major", "critical", "blocker"}
PAGE = Path("docs/zh/api/native_api/pytorch_2-12-0/torch-marks.md")


def valid(out: str) -> list[dict[str, Any]]:
    """The report, every field as GitLab's documentation gives it."""
    issues = json.loads(out)
    assert isinstance(issues, list)
    for issue in issues:
        assert set(issue) == {"description", "check_name", "fingerprint", "severity", "location"}
        assert isinstance(issue["description"], str) and issue["description"]
        assert isinstance(issue["check_name"], str) and issue["check_name"]
        assert re.fullmatch(r"[0-9a-f]{64}", issue["fingerprint"])
        assert issue["severity"] in SEVERITIES
        location = issue["location"]
        assert set(location) == {"path", "lines"}
        path = location["path"]
        assert isinstance(path, str) and not path.startswith(("./", "/")) and ":" not in path
        assert set(location["lines"]) == {"begin"}
        assert isinstance(location["lines"]["begin"], int) and location["lines"]["begin"] >= 1
    fingerprints = [issue["fingerprint"] for issue in issues]
    assert len(set(fingerprints)) == len(fingerprints)
    return issues


def test_lint_gitlab_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", "examples/docs", "--format", "gitlab")
    assert code == 1
    assert valid(out) == json.loads(snapshot("lint.gitlab.json"))
    assert err == "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"


def test_lint_gitlab_carries_every_finding(cli: Invoke) -> None:
    _, out, _ = cli("lint", "examples/docs", "--format", "gitlab")
    _, listed, _ = cli("lint", "examples/docs", "--format", "json")
    findings = json.loads(listed)["findings"]
    issues = valid(out)
    assert [
        (i["location"]["path"], i["location"]["lines"]["begin"], i["check_name"], i["description"])
        for i in issues
    ] == [(f["path"], f["line"], f["rule"], f["message"]) for f in findings]
    severity = {"error": "major", "warning": "minor"}
    assert [i["severity"] for i in issues] == [severity[f["severity"]] for f in findings]


def test_verify_gitlab_has_findings_then_verdicts_with_a_severity(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--format", "gitlab")
    assert code == 1
    issues = valid(out)
    assert issues == json.loads((SNAPSHOTS / "verify.gitlab.json").read_text(encoding="utf-8"))
    assert [i["check_name"] for i in issues] == [
        "duplicate-api",
        "nonstandard-mark",
        "missing-entry",
        *["doc-differs-from-rule"] * 3,
        "doc-claims-support-test-fails",
    ]


@pytest.fixture
def marks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A docs tree whose one page has two equal findings (a ✗ on two rows of
    one entry) and an unreadable status; the run is made from its root."""
    page = tmp_path / PAGE
    page.parent.mkdir(parents=True)
    shutil.copyfile(SNAPSHOTS / "torch-marks.md", page)
    monkeypatch.chdir(tmp_path)
    return page


def test_equal_findings_on_one_page_have_distinct_fingerprints(cli: Invoke, marks: Path) -> None:
    code, out, _ = cli("lint", "docs", "--format", "gitlab")
    assert code == 1
    issues = valid(out)
    assert [(i["check_name"], i["location"]["lines"]["begin"]) for i in issues] == [
        ("nonstandard-mark", 9),
        ("nonstandard-mark", 10),
        ("status-unreadable", 15),
    ]
    assert {i["location"]["path"] for i in issues} == {PAGE.as_posix()}


def test_fingerprints_stay_when_lines_above_move_and_run_after_run(
    cli: Invoke, marks: Path
) -> None:
    _, before, _ = cli("lint", "docs", "--format", "gitlab")
    _, again, _ = cli("lint", "docs", "--format", "gitlab")
    assert again == before
    text = marks.read_text(encoding="utf-8")
    marks.write_text(text.replace("\n\n", "\n\nA line of prose.\n\n", 1), encoding="utf-8")
    _, moved, _ = cli("lint", "docs", "--format", "gitlab")
    lines = [i["location"]["lines"]["begin"] for i in valid(moved)]
    assert lines == [11, 12, 17]
    fingerprints = [i["fingerprint"] for i in valid(moved)]
    assert fingerprints == [i["fingerprint"] for i in valid(before)]


def test_a_fingerprint_is_the_baseline_key_and_the_place_among_equals() -> None:
    project = Project(Path.cwd())
    one = Finding("docs/x.md", 3, "nonstandard-mark", Severity.WARNING, "m", api="torch.x")
    moved = Finding("docs/x.md", 30, "nonstandard-mark", Severity.WARNING, "m", api="torch.x")
    other_api = Finding("docs/x.md", 3, "nonstandard-mark", Severity.WARNING, "m", api="torch.y")
    key = key_of(one, project)
    assert fingerprint(key, 0) == fingerprint(key_of(moved, project), 0)
    assert fingerprint(key, 0) != fingerprint(key, 1)
    assert fingerprint(key, 0) != fingerprint(key_of(other_api, project), 0)


def test_verify_gitlab_descriptions_follow_the_language(cli: Invoke) -> None:
    """Field names, check names and fingerprints (of the English) stay; the
    description a person reads is in the language of the run."""
    _, english, _ = cli(*VERIFY_FAILING, "--format", "gitlab")
    _, chinese, _ = cli("--lang", "zh", *VERIFY_FAILING, "--format", "gitlab")
    en, zh = valid(english), valid(chinese)
    assert [i["fingerprint"] for i in zh] == [i["fingerprint"] for i in en]
    assert zh[-1]["description"] == (
        "torch.distributed.elastic.metrics.put_metric 2.12.0 在 atlas-a3 上：未通过：zero value"
    )
