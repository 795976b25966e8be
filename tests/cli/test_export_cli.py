"""`docs-check export`: one record per API x version x language x product, in
JSON, JSON Lines and CSV alike; input errors are one line each and the other
pages are still exported (exit 2)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.report.objects import RECORD_FIELDS

EXAMPLES = "examples/docs"
ACCELERATOR = f"{EXAMPLES}/docs/zh/api/native_api/pytorch_2-12-0/torch-accelerator.md"
Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    return cli_at_repo


def test_jsonl_is_one_record_a_line_each_product_at_its_line(cli: Invoke) -> None:
    code, out, err = cli("export", ACCELERATOR, "--format", "jsonl")
    assert (code, err) == (0, "")
    records = [json.loads(line) for line in out.splitlines()]
    device_count = [r for r in records if r["api"] == "torch.accelerator.device_count"]
    assert [(r["product"], r["status"], r["format"], r["line"]) for r in device_count] == [
        ("atlas-a2", "supported", "inline", 12),
        ("atlas-a3", "supported", "inline", 12),
        ("ascend-950", "unsupported", "inline", 12),
    ]
    assert {(r["version"], r["lang"], r["path"], r["ref"]) for r in device_count} == {
        ("2.12.0", "zh", ACCELERATOR, None)
    }


def test_a_table_states_each_product_on_its_own_row(cli: Invoke) -> None:
    code, out, _ = cli("export", EXAMPLES, "--format", "jsonl")
    assert code == 0
    put_metric = [
        (r["version"], r["lang"], r["product"], r["status"], r["line"])
        for r in map(json.loads, out.splitlines())
        if r["api"].endswith("put_metric") and r["version"] == "2.12.0"
    ]
    assert put_metric == [
        ("2.12.0", "zh", "atlas-a2", "supported", 36),
        ("2.12.0", "zh", "atlas-a3", "supported", 37),
        ("2.12.0", "zh", "ascend-950", "unsupported", 38),
    ]


def test_csv_holds_the_json_records_under_a_header(cli: Invoke) -> None:
    code, out, err = cli("export", EXAMPLES, "--format", "csv")
    assert (code, err) == (0, "")
    assert out.splitlines()[0] == ",".join(RECORD_FIELDS)
    rows = list(csv.DictReader(io.StringIO(out)))
    records = json.loads(cli("export", EXAMPLES, "--format", "json")[1])["records"]
    as_text = [{k: "" if v is None else str(v) for k, v in r.items()} for r in records]
    assert rows == as_text
    assert len(rows) == 66


def test_json_is_the_default_format(cli: Invoke) -> None:
    code, out, _ = cli("export", ACCELERATOR)
    assert code == 0
    assert json.loads(out)["schema"] == "docs-check/export"


def test_an_unreadable_page_is_one_error_and_the_others_are_exported(
    cli: Invoke, tmp_path: Path
) -> None:
    folder = tmp_path / "docs/zh/api/native_api/pytorch_2-12-0"
    folder.mkdir(parents=True)
    (folder / "bad.md").write_bytes(b"\xc3(\n")
    (folder / "good.md").write_text("## torch.abs\n\n**是否支持**：是\n", encoding="utf-8")
    code, out, err = cli("export", str(tmp_path), "--format", "jsonl")
    assert code == 2
    bad = folder / "bad.md"
    assert err == f"docs-check: error: {bad}:1: invalid UTF-8 at byte offset 0; file skipped\n"
    assert [json.loads(line)["api"] for line in out.splitlines()] == ["torch.abs"] * 3
