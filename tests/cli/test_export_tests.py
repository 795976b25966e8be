"""`export --tests`: each record with the test cases that reach its API at its
version (test, kind, line, exact, disabled_for, device), in JSON, JSON Lines and CSV;
the shape without --tests unchanged."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable

from checker.report.objects import RECORD_FIELDS
from tests.cli.test_tests_cli import DOCS, OBJECTS, OPS, TESTS
from tests.report.test_json_schema import valid

Invoke = Callable[..., tuple[int, str, str]]
MAPPED = (DOCS, "--tests", TESTS)


def _records(cli_at_repo: Invoke, *given: str) -> list[dict[str, object]]:
    code, out, err = cli_at_repo("export", *given, "--format", "json")
    assert (code, err) == (0, "")
    records: list[dict[str, object]] = valid("export", out)["records"]
    return records


def test_each_record_has_the_tests_of_its_api_and_version(cli_at_repo: Invoke) -> None:
    records = _records(cli_at_repo, *MAPPED)
    assert len(records) == 30  # ten entries over three products
    by = {(r["api"], r["product"]): r["tests"] for r in records}
    exponential = [
        {
            "test": f"{OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_{dtype}",
            "kind": "opinfo",
            "line": 14,
            "exact": True,
            "disabled_for": ["atlas-a2", "atlas-a3", "ascend-950"],
            "device": "npu",
        }
        for dtype in ("float32", "float64")
    ]
    assert by["torch.Tensor.exponential_", "atlas-a3"] == exponential
    synchronize = {
        "test": f"{OBJECTS}::TestObjects::test_synchronize",
        "kind": "call",
        "line": 21,
        "exact": True,
        "disabled_for": ["atlas-a2"],  # the list names A2 alone
        "device": "npu",  # torch_npu called
    }
    assert by["torch.cuda.synchronize", "ascend-950"] == [synchronize]
    assert by["torch.Tensor.add", "atlas-a2"][0]["exact"] is False  # by its name only
    assert by["torch.Tensor.add", "atlas-a2"][0]["device"] == "cpu"  # on CPU tensors
    assert by["torch.distributions.normal.Normal.log_prob", "atlas-a2"] == []


def test_without_tests_a_record_has_no_tests_key(cli_at_repo: Invoke) -> None:
    records = _records(cli_at_repo, DOCS)
    assert len(records) == 30
    assert all(list(r) == list(RECORD_FIELDS) for r in records)


def test_jsonl_lines_carry_the_same_tests(cli_at_repo: Invoke) -> None:
    code, out, _ = cli_at_repo("export", *MAPPED, "--format", "jsonl")
    assert code == 0
    assert [json.loads(line) for line in out.splitlines()] == _records(cli_at_repo, *MAPPED)


def test_csv_has_a_tests_column_only_with_tests(cli_at_repo: Invoke) -> None:
    code, out, _ = cli_at_repo("export", *MAPPED, "--format", "csv")
    assert code == 0
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == [*RECORD_FIELDS, "tests"]
    by = {(row["api"], row["product"]): row["tests"] for row in rows}
    assert by["torch.cuda.synchronize", "atlas-a3"] == (
        f"{OBJECTS}::TestObjects::test_synchronize call 21 yes atlas-a2 npu"
    )
    assert by["torch.Tensor.exponential_", "atlas-a2"] == "; ".join(
        f"{OPS}::TestOpsPRIVATEUSE1::test_exponential_npu_{dtype} opinfo 14 yes "
        "atlas-a2,atlas-a3,ascend-950 npu"
        for dtype in ("float32", "float64")
    )
    sort = f"{OPS}::TestOpsPRIVATEUSE1::test_sort_npu opinfo 24 yes - npu"
    assert by["torch.sort", "atlas-a2"] == sort
    assert by["torch.distributions.normal.Normal.log_prob", "atlas-a2"] == ""
    _, plain, _ = cli_at_repo("export", DOCS, "--format", "csv")
    assert plain.splitlines()[0] == ",".join(RECORD_FIELDS)


def test_export_takes_the_map_options_only_with_tests(cli_at_repo: Invoke) -> None:
    code, _, err = cli_at_repo("export", DOCS, "--disabled", f"2.12.0={TESTS}")
    assert (code, err.splitlines()[-1]) == (2, "Error: --disabled needs --tests")


def test_docs_formats_md_shows_a_test_link_as_export_writes_it(cli_at_repo: Invoke) -> None:
    from tests.helpers import REPO

    text = (REPO / "docs" / "formats.md").read_text(encoding="utf-8")
    shown = text.split('"disabled_for", "device"}`:\n\n```json\n', 1)[1].split("\n```\n", 1)[0]
    code, out, _ = cli_at_repo("export", *MAPPED, "--format", "jsonl")
    assert code == 0
    lines = [
        json.dumps(link, ensure_ascii=False)
        for r in map(json.loads, out.splitlines())
        for link in r["tests"]
    ]
    assert shown in lines
