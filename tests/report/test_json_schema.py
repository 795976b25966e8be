"""Every JSON document the CLI writes — lint, verify and show with `--format
json`, the baseline file and probe's evidence file — validates against the
JSON Schema shipped for it in checker/schemas, run through the real CLI from
the repository root; the schemas are valid draft 2020-12 schemas, they agree
with the values the code can write, and they can fail.

The schemas are read from the installed package (the wheel in CI), so a
schema that did not ship fails here. Live runs use the FAKE harness (no torch);
--resolve-apis uses this interpreter's CPU torch (about a second)."""

from __future__ import annotations

import copy
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

import checker
from checker.ids.registry import REGISTRY
from checker.model import evidence
from checker.model.changes import Compared, Kind
from checker.model.finding import Severity
from checker.model.query import STATUSES
from checker.model.support import PageFormat
from checker.model.verdict import PER_ENTRY, PER_PRODUCT
from checker.report.objects import RECORD_FIELDS
from checker.torch.resolve.resolved import NOT_RESOLVED, Lookup
from tests.answered_once import answer_once
from tests.helpers import FAKE_HARNESS_PYTHON, REPO, git, use_fake_harness
from tests.report.conftest import EVIDENCE_FILES, VERIFY_EVIDENCE, VERIFY_FAILING

SCHEMAS = Path(checker.__file__).parent / "schemas"
NAMES = (
    *("lint", "verify", "show", "baseline", "evidence", "statistics"),
    *("export", "diff", "coverage", "stats"),
)
BASE = "https://docs-check.invalid/schemas/"
EXAMPLES = "examples/docs"
NATIVE = "docs/zh/api/native_api"
# docs that agree with the shipped rule (the examples' 2.11.0 page leaves Ascend 950 unstated)
CLEAN_PAGE = f"tests/fixtures/verify/docs/{NATIVE}/pytorch_2-13-0/torch-distributed-elastic.md"
ELASTIC_12 = f"{NATIVE}/pytorch_2-12-0/torch-distributed-elastic.md"
RESOLVE_DOCS = "tests/fixtures/resolve/docs"
RESOLVE_VERIFY = (
    *("verify", "--docs", RESOLVE_DOCS, "--rules", "tests/fixtures/resolve/rules.toml"),
    *("--api", "torch.Tensor.abs", "--no-live"),
)
Invoke = Callable[..., tuple[int, str, str]]
Document = dict[str, Any]


def schema(name: str) -> Document:
    loaded: Document = json.loads((SCHEMAS / f"{name}.schema.json").read_text(encoding="utf-8"))
    return loaded


# verify's schema refers to lint's $defs and to evidence's, show's and baseline's
# to lint's: they are resolved by their $id, as a reader holding the folder would.
REGISTRY_OF_SCHEMAS: Registry[Any] = Registry().with_resources(
    (schema(name)["$id"], Resource.from_contents(schema(name))) for name in NAMES
)


def validator(name: str) -> Draft202012Validator:
    return Draft202012Validator(
        schema(name),
        registry=REGISTRY_OF_SCHEMAS,
        format_checker=Draft202012Validator.FORMAT_CHECKER,
    )


def valid(name: str, text: str) -> Document:
    """The document, after it validated against `name`'s schema (every error named)."""
    document: Document = json.loads(text)
    errors = [
        f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
        for e in validator(name).iter_errors(document)
    ]
    assert errors == []
    return document


def tagged(document: Document, name: str) -> None:
    assert list(document)[:2] == ["schema", "schema_version"]
    assert (document["schema"], document["schema_version"]) == (f"docs-check/{name}", 1)


# -- the schemas themselves -----------------------------------------------------------------


def test_the_package_ships_the_schemas() -> None:
    shipped = {p.name for p in SCHEMAS.glob("*.schema.json")}
    assert {f"{name}.schema.json" for name in NAMES} <= shipped


@pytest.mark.parametrize("name", NAMES)
def test_each_schema_is_a_draft_2020_12_schema(name: str) -> None:
    document = schema(name)
    Draft202012Validator.check_schema(document)  # against the 2020-12 metaschema
    assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert document["$id"] == f"{BASE}{name}.schema.json"
    assert document["additionalProperties"] is False
    assert {"schema", "schema_version"} <= set(document["required"])


def test_the_schemas_enums_are_the_codes_values() -> None:
    lint, verify, show, record = (
        schema(n)["$defs"] for n in ("lint", "verify", "show", "evidence")
    )
    assert lint["severity"]["enum"] == [s.value for s in Severity]
    assert lint["outcome"]["enum"] == [o.value for o in Lookup]
    counted = lint["resolution_counts"]["additionalProperties"]["propertyNames"]["anyOf"]
    assert counted[1] == {"const": NOT_RESOLVED}
    assert set(verify["verdict"]["enum"]) == set(PER_PRODUCT)
    tested = schema("tests")["$defs"]["verdict"]["properties"]
    assert tuple(tested["rule"]["enum"]) == PER_ENTRY
    run = record["run"]["properties"]
    assert tuple(run["verdict"]["enum"]) == evidence.VERDICTS
    assert tuple(run["source"]["enum"]) == evidence.SOURCES
    assert tuple(record["environment"]["properties"]["device"]["enum"]) == evidence.DEVICES
    top = schema("evidence")["properties"]
    assert (top["schema"]["const"], max(top["schema_version"]["enum"])) == (
        evidence.SCHEMA,
        evidence.SCHEMA_VERSION,
    )
    entry = show["entry"]["properties"]
    documented = {"supported", "unsupported", "unstated", "conflict"}
    assert set(entry["status"]["additionalProperties"]["enum"]) == documented
    assert {*verify["stated"]["enum"], "conflict"} == documented
    exported = schema("export")["$defs"]["record"]["properties"]
    assert set(exported["status"]["enum"]) == documented
    assert tuple(exported) == (*RECORD_FIELDS, "tests")  # `tests`: with --tests only
    from checker.testmap.backing import KINDS

    linked = schema("export")["$defs"]["test_link"]["properties"]
    assert tuple(linked["kind"]["enum"]) == KINDS
    diffed = schema("diff")
    assert diffed["$defs"]["change"]["properties"]["kind"]["enum"] == [k.value for k in Kind]
    assert list(diffed["properties"]["compared"]["enum"]) == [c.value for c in Compared]
    # the page formats: the readers' one list (checker.model.support.PageFormat); "" in
    # export and show is an entry read from no format (none in today's readers)
    formats = {f.value for f in PageFormat} | {""}
    assert set(entry["format"]["enum"]) == formats
    assert set(exported["format"]["enum"]) == formats
    counted = schema("stats")["properties"]["counts"]["items"]["properties"]
    assert tuple(counted)[4:] == STATUSES  # each status of the model a column
    rule = Draft202012Validator(lint["rule"])
    assert [check for check in REGISTRY if not rule.is_valid(check)] == []


# -- lint -------------------------------------------------------------------------------------


def test_lint_json_with_findings(cli: Invoke) -> None:
    code, out, _ = cli("lint", EXAMPLES, "--format", "json")
    assert code == 1
    document = valid("lint", out)
    tagged(document, "lint")
    placed = {
        (f["rule"], f["line"]): (f["api"], f["version"], f["entry_line"])
        for f in document["findings"]
    }
    assert placed[("status-unreadable", 32)] == (
        "torch.accelerator.current_device_index",
        "2.12.0",
        26,
    )
    assert {f["version"] for f in document["findings"]} == {"2.7.1", "2.11.0", "2.12.0"}


@pytest.mark.parametrize("command", ["lint", "verify"])
def test_statistics_json(cli: Invoke, command: str) -> None:
    argv = ("lint", EXAMPLES) if command == "lint" else ("verify", "--no-live", EXAMPLES)
    code, out, _ = cli(*argv, "--statistics", "--format", "json")
    assert code == 1
    document = valid("statistics", out)
    tagged(document, "statistics")
    assert document["command"] == command and document["statistics"]


def _statistics(cli: Invoke) -> Document:
    document: Document = json.loads(cli("lint", EXAMPLES, "--statistics", "--format", "json")[1])
    return document


def test_lint_json_of_a_clean_page(cli: Invoke) -> None:
    code, out, _ = cli("lint", CLEAN_PAGE, "--format", "json")
    assert code == 0
    document = valid("lint", out)
    assert (document["findings"], document["files"], document["errors"]) == ([], 1, [])


def test_lint_json_with_an_input_error(cli: Invoke, tmp_path: Path) -> None:
    page = tmp_path / NATIVE / "pytorch_2-12-0" / "x.md"
    page.parent.mkdir(parents=True)
    page.write_bytes(b"\xc3(\n")
    code, out, _ = cli("lint", str(tmp_path), "--format", "json")
    assert code == 2
    document = valid("lint", out)
    assert document["errors"] == [f"{page}:1: invalid UTF-8 at byte offset 0; file skipped"]


def one_page_repo(tmp_path: Path) -> Path:
    """A git repository whose master holds examples/docs's 2.12.0 elastic page."""
    repo = tmp_path / "repo"
    (repo / ELASTIC_12).parent.mkdir(parents=True)
    (repo / ELASTIC_12).write_bytes((REPO / EXAMPLES / ELASTIC_12).read_bytes())
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "docs")
    return repo


def test_lint_json_of_a_page_at_a_git_ref(cli: Invoke, tmp_path: Path) -> None:
    repo = one_page_repo(tmp_path)
    code, out, _ = cli("lint", "--git", str(repo), "--ref", "master", "--format", "json")
    assert code == 1
    document = valid("lint", out)
    assert document["findings"] != []
    assert {f["version"] for f in document["findings"]} == {"2.12.0"}


@pytest.mark.parametrize("argv", [("lint", RESOLVE_DOCS), RESOLVE_VERIFY], ids=["lint", "verify"])
def test_json_with_resolve_apis(
    cli: Invoke, argv: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_once(monkeypatch)  # lint and verify ask this interpreter for the same names
    code, out, _ = cli(*argv, "--resolve-apis", "--python", sys.executable, "--format", "json")
    assert code == 1
    document = valid(argv[0], out)
    tagged(document, argv[0])
    assert document["resolution"] != []
    resolved = [f for f in document["findings"] if f["rule"].startswith("api-")]
    assert resolved != []
    assert {(f["version"], f["api"] is not None) for f in resolved} == {("2.13.0", True)}


# -- verify -----------------------------------------------------------------------------------


def test_verify_json_judged_by_every_evidence_fixture(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_EVIDENCE, "--format", "json")
    document = valid("verify", out)
    tagged(document, "verify")
    assert code == 1
    assert len(document["evidence"]) == len(EVIDENCE_FILES)
    assert {r["verdict"] for r in document["results"]} >= {"consistent", "unverified"}


def test_verify_json_with_findings_on_pages_and_on_a_rule_file(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--format", "json")
    assert code == 1
    document = valid("verify", out)
    versions = {(f["rule"], Path(f["path"]).suffix): f["version"] for f in document["findings"]}
    # a page's finding has its version; the rule file's missing-entry is on no page
    assert versions[("nonstandard-mark", ".md")] == "2.12.0"
    assert versions[("missing-entry", ".toml")] is None


def test_verify_json_of_a_live_run(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    use_fake_harness(monkeypatch, tmp_path / "asked.jsonl")
    argv = ("verify", "--docs", "tests/fixtures/verify/docs", "--python", FAKE_HARNESS_PYTHON)
    code, out, _ = cli(*argv, "--format", "json")
    assert code == 0
    document = valid("verify", out)
    (live,) = document["evidence"]
    assert (live["origin"], live["environment"]["device"]) == ("live", "cpu-reference")


# -- show -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("api", "code", "count"), [("put_metric", 0, 4), ("no_such_api", 1, 0)])
def test_show_json(cli: Invoke, api: str, code: int, count: int) -> None:
    got, out, _ = cli("show", api, "--docs", EXAMPLES, "--format", "json")
    assert got == code
    document = valid("show", out)
    tagged(document, "show")
    assert len(document["entries"]) == count


# -- export -----------------------------------------------------------------------------------


def test_export_json(cli: Invoke) -> None:
    code, out, _ = cli("export", EXAMPLES, "--format", "json")
    assert code == 0
    document = valid("export", out)
    tagged(document, "export")
    assert len(document["records"]) == 66  # 22 entries, each over three products
    assert document["errors"] == []


def test_export_jsonl_lines_are_the_schemas_records(cli: Invoke) -> None:
    record = Draft202012Validator(
        {"$ref": f"{BASE}export.schema.json#/$defs/record"}, registry=REGISTRY_OF_SCHEMAS
    )
    code, out, _ = cli("export", EXAMPLES, "--format", "jsonl")
    assert code == 0
    lines = [json.loads(line) for line in out.splitlines()]
    assert [list(record.iter_errors(line)) for line in lines] == [[]] * len(lines)
    assert lines == _export(cli)["records"]
    lines[0]["status"] = "maybe"
    assert not record.is_valid(lines[0])


def test_export_json_of_a_page_at_a_git_ref(cli: Invoke, tmp_path: Path) -> None:
    repo = one_page_repo(tmp_path)
    code, out, _ = cli("export", "--git", str(repo), "--ref", "master", "--format", "json")
    assert code == 0
    records = valid("export", out)["records"]
    assert {(r["ref"], r["path"]) for r in records} == {("master", ELASTIC_12)}


# -- diff -------------------------------------------------------------------------------------


@pytest.mark.parametrize("sides", [("2.12.0", "2.13.0"), ("zh", "en")])
def test_diff_json(cli: Invoke, sides: tuple[str, str]) -> None:
    code, out, _ = cli("diff", *sides, "tests/fixtures/diff", "--format", "json")
    assert code == 0
    document = valid("diff", out)
    tagged(document, "diff")
    assert {change["kind"] for change in document["changes"]} >= {"removed", "changed"}


# -- coverage ---------------------------------------------------------------------------------


def test_coverage_json(cli: Invoke) -> None:
    document = valid("coverage", json.dumps(_coverage(cli)))
    tagged(document, "coverage")
    assert [v["version"] for v in document["versions"]] == ["2.13.0"]
    assert [v["version"] for v in document["not_covered"]] == ["2.12.0"]


# -- stats ------------------------------------------------------------------------------------


def test_stats_json(cli: Invoke) -> None:
    code, out, _ = cli("stats", EXAMPLES, "--format", "json")
    assert code == 0
    document = valid("stats", out)
    tagged(document, "stats")
    assert (document["pages"], document["entries"]) == (6, 22)
    assert {(row["ref"], row["lang"]) for row in document["counts"]} == {(None, "zh"), (None, "en")}


def test_stats_json_of_a_page_at_a_git_ref(cli: Invoke, tmp_path: Path) -> None:
    repo = one_page_repo(tmp_path)
    code, out, _ = cli("stats", "--git", str(repo), "--ref", "master", "--format", "json")
    assert code == 0
    counts = valid("stats", out)["counts"]
    assert {(r["ref"], r["lang"], r["version"]) for r in counts} == {("master", "zh", "2.12.0")}


# -- the files written: baseline and evidence -------------------------------------------------


def test_baseline_file(cli: Invoke, tmp_path: Path) -> None:
    written = tmp_path / "baseline.json"
    code, _, _ = cli("baseline", EXAMPLES, "--output", str(written))
    assert code == 0
    document = valid("baseline", written.read_text(encoding="utf-8"))
    assert len(document["findings"]) == 8


def test_baseline_file_with_verdicts(cli: Invoke, tmp_path: Path) -> None:
    report, written = tmp_path / "verify.json", tmp_path / "baseline.json"
    cli("verify", EXAMPLES, "--no-live", "--format", "json", "--output", str(report))
    argv = ("baseline", EXAMPLES, "--verify-report", str(report), "--output", str(written))
    assert cli(*argv)[0] == 0
    document = valid("baseline", written.read_text(encoding="utf-8"))
    assert (document["schema_version"], len(document["verdicts"])) == (2, 3)


def test_probe_evidence_file(cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    use_fake_harness(monkeypatch, tmp_path / "asked.jsonl")
    written = tmp_path / "evidence.json"
    code, _, _ = cli("probe", "--output", str(written), "--python", FAKE_HARNESS_PYTHON)
    assert code == 0
    document = valid("evidence", written.read_text(encoding="utf-8"))
    assert document["schema_version"] == evidence.SCHEMA_VERSION
    assert [run["verdict"] for run in document["runs"]] == ["passed"]


@pytest.mark.parametrize("name", EVIDENCE_FILES)
def test_the_evidence_fixtures_verify_reads(name: str) -> None:
    """Schema version 1 and 2 records alike."""
    valid("evidence", (REPO / name).read_text(encoding="utf-8"))


# -- the schemas can fail -----------------------------------------------------------------------


def _lint(cli: Invoke) -> Document:
    document: Document = json.loads(cli("lint", EXAMPLES, "--format", "json")[1])
    return document


def _verify(cli: Invoke) -> Document:
    document: Document = json.loads(cli(*VERIFY_FAILING, "--format", "json")[1])
    return document


def _show(cli: Invoke) -> Document:
    document: Document = json.loads(
        cli("show", "put_metric", "--docs", EXAMPLES, "--format", "json")[1]
    )
    return document


def _export(cli: Invoke) -> Document:
    document: Document = json.loads(cli("export", EXAMPLES, "--format", "json")[1])
    return document


_COVERED: list[Document] = []  # one torch subprocess for the tests that need its report


def _coverage(cli: Invoke) -> Document:
    if not _COVERED:
        argv = ("coverage", "tests/fixtures/coverage", "--python", sys.executable)
        with pytest.MonkeyPatch.context() as patch:
            answer_once(patch)  # tests/torch/test_docs_coverage.py asks the same
            code, out, _ = cli(*argv, "--format", "json")
        assert code == 0
        _COVERED.append(json.loads(out))
    return copy.deepcopy(_COVERED[0])


def _diff(cli: Invoke) -> Document:
    document: Document = json.loads(
        cli("diff", "2.12.0", "2.13.0", "tests/fixtures/diff", "--format", "json")[1]
    )
    return document


def _stats(cli: Invoke) -> Document:
    document: Document = json.loads(cli("stats", EXAMPLES, "--format", "json")[1])
    return document


def _negative_count(document: Document) -> None:
    document["counts"][0]["conflict"] = -1


def _unknown_source(document: Document) -> None:
    document["versions"][0]["namespaces"][0]["source"] = "guessed"


def _unknown_kind(document: Document) -> None:
    document["changes"][0]["kind"] = "moved"


def _unknown_record_status(document: Document) -> None:
    document["records"][0]["status"] = "maybe"


def _evidence(_: Invoke) -> Document:
    document: Document = json.loads((REPO / EVIDENCE_FILES[0]).read_text(encoding="utf-8"))
    return document


def _severity(value: str) -> Callable[[Document], None]:
    def change(document: Document) -> None:
        document["findings"][0]["severity"] = value

    return change


def _unknown_status(document: Document) -> None:
    document["entries"][0]["status"]["atlas-a2"] = "maybe"


def _unknown_verdict(document: Document) -> None:
    document["runs"][0]["verdict"] = "skipped"


def _result_severity(document: Document) -> None:
    document["results"][0]["severity"] = "fatal"


def _unknown_key(document: Document) -> None:
    document["findings"][0]["column"] = 3  # the model has no column


BASELINE = {
    "schema": "docs-check/baseline",
    "schema_version": 1,
    "findings": [{"rule": "duplicate-api", "path": "x.md", "api": None, "message": "m", "line": 3}],
}
WRONG = {
    "lint-severity": ("lint", _lint, _severity("fatal")),
    "lint-unknown-key": ("lint", _lint, _unknown_key),
    "verify-finding-severity": ("verify", _verify, _severity("note")),
    "verify-result-severity": ("verify", _verify, _result_severity),
    "show-status": ("show", _show, _unknown_status),
    "export-status": ("export", _export, _unknown_record_status),
    "diff-kind": ("diff", _diff, _unknown_kind),
    "coverage-source": ("coverage", _coverage, _unknown_source),
    "stats-count": ("stats", _stats, _negative_count),
    "evidence-verdict": ("evidence", _evidence, _unknown_verdict),
    "baseline-unknown-key": ("baseline", lambda _: copy.deepcopy(BASELINE), _unknown_key),
}


@pytest.mark.parametrize("case", sorted(WRONG))
def test_a_document_with_an_unknown_value_is_rejected(cli: Invoke, case: str) -> None:
    name, make, change = WRONG[case]
    document = make(cli)
    assert validator(name).is_valid(document)
    changed = copy.deepcopy(document)
    change(changed)
    assert not validator(name).is_valid(changed)


MAKERS: dict[str, Callable[[Invoke], Document]] = {
    "lint": _lint,
    "verify": _verify,
    "show": _show,
    "evidence": _evidence,
    "baseline": lambda _: copy.deepcopy(BASELINE),
    "statistics": _statistics,
    "export": _export,
    "diff": _diff,
    "coverage": _coverage,
    "stats": _stats,
}


@pytest.mark.parametrize("name", NAMES)
def test_a_document_without_its_schema_version_is_rejected(cli: Invoke, name: str) -> None:
    document = MAKERS[name](cli)
    assert validator(name).is_valid(document)
    del document["schema_version"]
    assert not validator(name).is_valid(document)
    document["schema_version"] = 99
    assert not validator(name).is_valid(document)
