"""Baselines: `docs-check baseline` records today's findings; `lint --baseline`
and `verify --baseline` report only new ones. Findings are matched by rule,
page and API (or message), never by line, and counted. A broken baseline file
is one line, exit 2. The real master snapshot is read in place, and mutated
only in copies."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.gate.baseline import SCHEMA, SCHEMA_VERSION, Project, key_of
from checker.model.finding import finding
from tests.helpers import REPO

X_MARK = "mark '✗' (read as unsupported) instead of ✔ / ✘"
EXAMPLES = REPO / "examples" / "docs"
RULES = REPO / "tests" / "fixtures" / "verify" / "rules"
LINT_LINES = (REPO / "tests" / "fixtures" / "cli" / "lint.txt").read_text(encoding="utf-8")
ELASTIC_12 = Path("docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md")
SUMMARY = "8 findings (6 errors, 2 warnings) in 6 files, 22 entries"
Invoke = Callable[..., tuple[int, str, str]]


def insert_lines(path: Path, before: int, count: int) -> None:
    lines = path.read_text(encoding="utf-8").split("\n")
    lines[before - 1 : before - 1] = [""] * count
    path.write_text("\n".join(lines), encoding="utf-8")


# -- recording and matching ---------------------------------------------------------------


def test_baseline_records_todays_findings(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    output = tmp_path / "baseline.json"
    code, out, err = cli("baseline", "--output", str(output))
    assert (code, out, err) == (0, "", f"wrote 8 findings to {output}\n")
    document = json.loads(output.read_text(encoding="utf-8"))
    assert list(document) == ["schema", "schema_version", "findings", "verdicts"]
    assert document["verdicts"] == []  # no --verify-report
    assert (document["schema"], document["schema_version"]) == (SCHEMA, SCHEMA_VERSION)
    put_metric = "torch.distributed.elastic.metrics.put_metric"
    assert [(f["path"], f["line"], f["rule"], f["api"]) for f in document["findings"]] == [
        (
            "docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md",
            9,
            "doc-differs-from-rule",
            put_metric,
        ),
        (
            "docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md",
            12,
            "duplicate-api",
            "torch.distributed.elastic.events.record",
        ),
        (
            "docs/zh/api/native_api/pytorch_2-11-0/torch-distributed-elastic.md",
            32,
            "doc-differs-from-rule",
            put_metric,
        ),
        (
            "docs/zh/api/native_api/pytorch_2-12-0/torch-accelerator.md",
            32,
            "status-unreadable",
            "torch.accelerator.current_device_index",
        ),
        (str(ELASTIC_12), 56, "nonstandard-mark", "torch.distributed.elastic.events.record"),
        (
            str(ELASTIC_12),
            64,
            "link-version",
            "torch.distributed.elastic.events.get_logging_handler",
        ),
        (
            "docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md",
            43,
            "block-id-mismatch",
            "torch.utils.data.Dataset",
        ),
        (
            "docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md",
            9,
            "doc-differs-from-rule",
            put_metric,
        ),
    ]
    assert list(document["findings"][0]) == ["rule", "path", "api", "message", "line"]


def test_lint_with_the_baseline_reports_nothing_known(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    output = str(tmp_path / "baseline.json")
    cli("baseline", "--output", output)
    code, out, err = cli("lint", "--baseline", output)
    assert (code, out) == (0, "")
    assert err == (
        "0 findings (0 errors, 0 warnings) in 6 files, 22 entries; not shown: 8 in the baseline\n"
    )
    code, out, _ = cli("lint", "--baseline", output, "--format", "json")
    assert code == 0
    assert json.loads(out)["findings"] == []


def test_edits_above_a_finding_do_not_make_it_new(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    output = str(tmp_path / "baseline.json")
    cli("baseline", "--output", output)
    insert_lines(repo / ELASTIC_12, 3, 7)  # every finding on the page moves down
    code, out, _ = cli("lint", "--baseline", output)
    assert (code, out) == (0, "")
    code, out, _ = cli("lint")
    assert f"{ELASTIC_12}:63: nonstandard-mark" in out  # moved, still known


def test_known_findings_are_counted(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    """The baseline has one ✗ in events.record's table; a second one is new."""
    output = str(tmp_path / "baseline.json")
    cli("baseline", "--output", output)
    page = repo / ELASTIC_12
    lines = page.read_text(encoding="utf-8").split("\n")
    assert lines[54] == "| <term>Atlas A3 训练系列产品</term> | ✔ |"
    lines[54] = lines[54].replace("✔", "✗")
    page.write_text("\n".join(lines), encoding="utf-8")
    code, out, err = cli("lint", "--baseline", output)
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    # the earlier of the two is taken for the known one
    assert out == f"{ELASTIC_12}:56: nonstandard-mark {X_MARK}\n"
    assert err.endswith("; not shown: 8 in the baseline\n")


def test_master_snapshot_baseline_then_one_new_broken_status(
    cli: Invoke, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    master, output = corpus / "master", tmp_path / "master-baseline.json"
    monkeypatch.chdir(master)
    code, _, err = cli("baseline", "--output", str(output))
    assert (code, err) == (0, f"wrote 33 findings to {output}\n")
    assert len(json.loads(output.read_text(encoding="utf-8"))["findings"]) == 33

    copy = tmp_path / "master"
    shutil.copytree(master, copy)
    page = copy / ELASTIC_12
    lines = page.read_text(encoding="utf-8").split("\n")
    assert lines[1855] == "| <term>Ascend 950DT</term> | ✘ |"
    lines[1855] = "| <term>Ascend 950DT</term> | ✗ |"
    page.write_text("\n".join(lines), encoding="utf-8")
    insert_lines(copy / "docs/zh/api/native_api/pytorch_2-12-0/torch-Tensor.md", 5, 3)
    monkeypatch.chdir(copy)
    code, out, err = cli("lint", "--baseline", str(output))
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    assert out == f"{ELASTIC_12}:1856: nonstandard-mark {X_MARK}\n"
    assert err == (
        "1 finding (0 errors, 1 warning) in 252 files, 13133 entries; "
        "not shown: 33 in the baseline\n"
    )


def test_paths_are_named_from_the_config_folder(
    cli: Invoke, repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (repo / ".docs-check.toml").write_text('docs = ["docs"]\n', encoding="utf-8")
    output = str(tmp_path / "baseline.json")
    monkeypatch.chdir(repo / "docs" / "zh")
    cli("baseline", "--output", output)
    monkeypatch.chdir(repo)
    code, out, _ = cli("lint", "--baseline", output)
    assert (code, out) == (0, "")


def test_verify_with_the_baseline_reports_only_new_findings(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    output = str(tmp_path / "baseline.json")
    cli("baseline", "--output", output)
    rule = str(RULES / "extra-record.toml")
    code, out, err = cli("verify", "--no-live", "--rules", rule, "--baseline", output)
    assert code == 1
    # missing-entry is verify's own: lint never reports it, so no baseline holds it
    assert out.split("findings:\n")[1] == (
        f"  {rule}:3: missing-entry rule elastic-record lists 2.13.0, "
        "but no torch-distributed-elastic.md for 2.13.0 was found\n"
    )
    assert err.endswith("; 1 finding; exit 1; not shown: 2 in the baseline\n")


PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
DIFFERS = "doc-differs-from-rule"


def verdicts_recorded(cli: Invoke, tmp_path: Path) -> tuple[Path, dict[str, Any]]:
    """A verify run's JSON report, and a baseline that records its verdicts."""
    report, output = tmp_path / "verify.json", tmp_path / "baseline.json"
    code, _, _ = cli("verify", "--no-live", "--format", "json", "--output", str(report))
    assert code == 1  # the example's three doc-differs-from-rule verdicts
    code, out, err = cli("baseline", "--verify-report", str(report), "--output", str(output))
    assert (code, out, err) == (0, "", f"wrote 8 findings and 3 verdicts to {output}\n")
    document: dict[str, Any] = json.loads(output.read_text(encoding="utf-8"))
    return output, document


def test_baseline_records_the_verdicts_of_a_verify_report(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    _, document = verdicts_recorded(cli, tmp_path)
    assert document["schema_version"] == SCHEMA_VERSION == 2
    assert [
        (v["rule"], v["verdict"], v["api"], v["version"], v["product"], v["path"], v["line"])
        for v in document["verdicts"]
    ] == [
        (
            "elastic-put-metric",
            DIFFERS,
            PUT_METRIC,
            "2.7.1",
            "ascend-950",
            "docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md",
            9,
        ),
        (
            "elastic-put-metric",
            DIFFERS,
            PUT_METRIC,
            "2.11.0",
            "ascend-950",
            "docs/zh/api/native_api/pytorch_2-11-0/torch-distributed-elastic.md",
            32,
        ),
        (
            "elastic-put-metric",
            DIFFERS,
            PUT_METRIC,
            "2.7.1",
            "ascend-950",
            "docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md",
            9,
        ),
    ]


def test_verify_with_the_baseline_leaves_the_known_verdicts_out(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    output, _ = verdicts_recorded(cli, tmp_path)
    code, out, err = cli("verify", "--no-live", "--baseline", str(output))
    assert code == 0
    assert "findings:" not in out
    assert err.endswith("; 0 findings; exit 0; not shown: 3 in the baseline\n")
    code, out, _ = cli("verify", "--no-live", "--baseline", str(output), "--format", "json")
    results = json.loads(out)["results"]
    assert [r["severity"] for r in results if r["verdict"] == DIFFERS] == [None] * 3  # rows kept


def test_a_stale_verdict_is_reported_at_its_record_and_the_new_one_fails(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    output, document = verdicts_recorded(cli, tmp_path)
    document["verdicts"][0]["verdict"] = "doc-claims-support-test-fails"  # no longer so
    output.write_text(json.dumps(document, indent=2, ensure_ascii=False), encoding="utf-8")
    record = (
        output.read_text(encoding="utf-8").split("\n").index('      "rule": "elastic-put-metric",')
    )
    code, out, err = cli("verify", "--no-live", "--baseline", str(output))
    assert code == 1
    assert out.split("findings:\n")[1] == (
        f"  {output}:{record + 1}: stale-baseline baseline verdict doc-claims-support-test-fails "
        f"of rule elastic-put-metric ({PUT_METRIC} 2.7.1 on ascend-950) is no longer found\n"
    )
    assert err.endswith("; 1 finding; exit 1; not shown: 2 in the baseline\n")


def test_a_schema_1_baseline_still_loads_and_knows_no_verdict(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    output, document = verdicts_recorded(cli, tmp_path)
    del document["verdicts"]
    output.write_text(json.dumps({**document, "schema_version": 1}), encoding="utf-8")
    assert cli("lint", "--baseline", str(output))[0] == 0
    code, _, err = cli("verify", "--no-live", "--baseline", str(output))
    assert code == 1  # the three verdicts are new again
    assert err.endswith("; 0 findings; exit 1\n")


def test_a_verify_report_that_is_not_one_is_exit_2(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    output = tmp_path / "baseline.json"
    code, _, err = cli("baseline", "--verify-report", str(output), "--output", str(output))
    assert code == 2
    assert err.startswith(f"docs-check: error: {output}: cannot read verify report")
    assert not output.exists()


def test_ignored_findings_stay_out_of_the_baseline(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    (repo / ".docs-check.toml").write_text('[severity]\nlink-version = "off"\n', encoding="utf-8")
    output = tmp_path / "baseline.json"
    code, _, err = cli("baseline", "--output", str(output), "--quiet")
    assert (code, err) == (0, "")
    records = json.loads(output.read_text(encoding="utf-8"))["findings"]
    assert [record["rule"] for record in records].count("link-version") == 0
    assert len(records) == 7


def test_keys_leave_out_lines_and_git_refs(tmp_path: Path) -> None:
    project = Project(tmp_path, refs=("v2.12.0",))
    on_entry = finding("link-version", "v2.12.0:docs/x.md", 60, "2.11 link", api="torch.x")
    assert key_of(on_entry, project) == ("link-version", "docs/x.md", "torch.x")
    placeless = finding("block-unclosed", str(tmp_path / "docs/y.md"), 3, "opened at line 3")
    moved = finding("block-unclosed", str(tmp_path / "docs/y.md"), 9, "opened at line 9")
    assert key_of(placeless, project) == key_of(moved, project)
    assert key_of(placeless, project) == ("block-unclosed", "docs/y.md", "opened at line N")


def test_a_path_is_named_from_the_root_as_relpath_names_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page inside the root is named without relpath, which was most of a
    warm lint's naming of its pages (some 15 µs a page, twice each); one
    outside it, the root itself and one at the file system's root as before."""
    project = Project(tmp_path / "repo")
    outside = str(tmp_path / "elsewhere" / "x.md")
    named = [
        project.path(outside),
        project.path(str(tmp_path / "repo")),
        Project(Path("/")).path("/a/b.md"),
    ]
    assert named == ["../elsewhere/x.md", ".", "a/b.md"]

    def refused(path: str, start: str | None = None) -> str:
        raise AssertionError("relpath called for a page inside the root")

    monkeypatch.setattr("os.path.relpath", refused)
    inside = tmp_path / "repo" / "docs" / "zh" / "x.md"
    assert project.path(str(inside)) == "docs/zh/x.md"
    monkeypatch.chdir(tmp_path / "..")
    assert project.path(f"{tmp_path.name}/repo/./docs//y.md") == "docs/y.md"


# -- broken baselines and outputs ---------------------------------------------------------

BROKEN = [
    ("", ":1: not a baseline file: Expecting value: line 1 column 1 (char 0)"),
    ("[]", ": not a docs-check baseline file (no schema 'docs-check/baseline')"),
    (
        '{"schema": "docs-check/evidence", "schema_version": 1}',
        ": not a docs-check baseline file (no schema 'docs-check/baseline')",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": "1"}',
        ": broken baseline: schema_version '1'",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 3, "findings": []}',
        ": baseline schema version 3 is newer than this docs-check reads (2); upgrade docs-check",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 2, "findings": []}',
        ": broken baseline: 'verdicts' is not a list",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 2, "findings": [], '
        '"verdicts": [{"rule": "r", "verdict": "v", "api": "a", "version": "2.12.0"}]}',
        ": broken baseline: verdicts[0]: 'product' must be a string",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 1}',
        ": broken baseline: 'findings' is not a list",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 1, "findings": [3]}',
        ": broken baseline: findings[0]: not an object",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 1, "findings": '
        '[{"rule": "x", "path": "y", "message": "z"}]}',
        ": broken baseline: findings[0]: 'api' must be a string or null",
    ),
    (
        '{"schema": "docs-check/baseline", "schema_version": 1, "findings": '
        '[{"rule": "x", "path": 1, "message": "z", "api": null}]}',
        ": broken baseline: findings[0]: 'path' must be a string",
    ),
]


@pytest.mark.parametrize(("text", "message"), BROKEN)
def test_a_broken_baseline_is_one_line_exit_2(
    cli: Invoke, repo: Path, tmp_path: Path, text: str, message: str
) -> None:
    path = tmp_path / "baseline.json"
    path.write_text(text, encoding="utf-8")
    for command in (["lint"], ["verify", "--no-live"]):
        code, out, err = cli(*command, "--baseline", str(path))
        assert (code, out) == (2, "")
        assert err == f"docs-check: error: {path}{message}\n"


def test_a_missing_baseline(cli: Invoke, repo: Path) -> None:
    code, out, err = cli("lint", "--baseline", "nope.json")
    assert (code, out) == (2, "")
    assert err == "docs-check: error: nope.json: cannot read baseline: No such file or directory\n"


def test_an_unwritable_output_leaves_nothing_behind(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    target = tmp_path / "no-such-folder" / "baseline.json"
    code, out, err = cli("baseline", "--output", str(target))
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: {target}: cannot write: No such file or directory\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["repo"]


def test_the_baseline_replaces_the_old_file_whole(cli: Invoke, repo: Path, tmp_path: Path) -> None:
    output = tmp_path / "baseline.json"
    output.write_text("old", encoding="utf-8")
    cli("baseline", "--output", str(output))
    assert json.loads(output.read_text(encoding="utf-8"))["schema"] == SCHEMA
    assert sorted(p.name for p in tmp_path.iterdir()) == ["baseline.json", "repo"]
