"""Copies of the real master pages, mutated the way a docs engineer slips: every
finding and every verify result names the line of the text it is about, and a
contradiction is an error, never a silent last-one-wins. The corpus is only read.

Measured on the master snapshot (every version page alike): put_metric's heading
is torch-distributed-elastic.md:1844, its rows A2 1854, A3 1855, Ascend 950DT
1856, then a blank line 1857. In 2.12.0, torch.Tensor is headed at line 17 of
both Named-Tensors.md and torch-Tensor.md with the same table, and flatten()
(Named-Tensors.md:141, torch-Tensor.md:3018) has its 950DT row at 153 (✘) and
3030 (✔)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.cli import run

NATIVE = Path("docs/zh/api/native_api/pytorch_2-12-0")
ELASTIC = "torch-distributed-elastic.md"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
D950_ROW = "| <term>Ascend 950DT</term> | ✘ |"
Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str]) -> Invoke:
    """docs-check in-process, without the page cache: (exit code, stdout, stderr)."""

    def invoke(*argv: str) -> tuple[int, str, str]:
        code = run([*argv, "--no-cache"])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out, err

    return invoke


def copy_pages(corpus: Path, tmp_path: Path, *names: str) -> Path:
    """Pages of master's 2.12.0 folder, copied into tmp_path/master: the root."""
    root = tmp_path / "master"
    (root / NATIVE).mkdir(parents=True)
    for name in names:
        shutil.copyfile(corpus / "master" / NATIVE / name, root / NATIVE / name)
    return root


def lines_of(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def put_line(path: Path, number: int, text: str, insert: bool = False) -> None:
    """Line `number` becomes `text`, or `text` goes in before it."""
    lines = lines_of(path)
    lines[number - 1 : number - 1 if insert else number] = [text]
    path.write_text("\n".join(lines), encoding="utf-8")


def lint_json(cli: Invoke, *paths: Path) -> list[dict[str, object]]:
    _, out, _ = cli("lint", *map(str, paths), "--format", "json")
    findings: list[dict[str, object]] = json.loads(out)["findings"]
    return findings


def located(findings: list[dict[str, object]], *rules: str) -> list[tuple[str, object, object]]:
    return [
        (Path(str(f["path"])).name, f["line"], f["rule"])
        for f in findings
        if not rules or f["rule"] in rules
    ]


def elastic(corpus: Path, tmp_path: Path) -> tuple[Path, Path]:
    root = copy_pages(corpus, tmp_path, ELASTIC)
    page = root / NATIVE / ELASTIC
    assert lines_of(page)[1843] == f"### {PUT_METRIC}"
    assert lines_of(page)[1855:1857] == [D950_ROW, ""]
    return root, page


# -- verify results at the row -----------------------------------------------------------


def test_sarif_of_a_flipped_row_starts_at_the_row(
    cli: Invoke, corpus: Path, tmp_path: Path
) -> None:
    root, page = elastic(corpus, tmp_path)
    put_line(page, 1856, "| <term>Ascend 950DT</term> | ✔ |")
    code, out, _ = cli("verify", "--docs", str(root), "--no-live", "--format", "sarif")
    assert code == 1
    results = json.loads(out)["runs"][0]["results"]
    (differs,) = [r for r in results if r["ruleId"] == "doc-differs-from-rule"]
    region = differs["locations"][0]["physicalLocation"]["region"]
    assert region == {"startLine": 1856}


# -- one product stated twice in one entry -----------------------------------------------


@pytest.mark.parametrize(
    "row",
    ["| <term>Ascend 950DT</term> | ✔ |", "| <term>Ascend 950</term> | ✔ |"],
    ids=["same-name", "another-name-of-the-product"],
)
def test_a_product_stated_twice_differently_is_a_conflict(
    cli: Invoke, corpus: Path, tmp_path: Path, row: str
) -> None:
    root, page = elastic(corpus, tmp_path)
    put_line(page, 1857, row, insert=True)  # a second 950 row under the first
    findings = lint_json(cli, page)
    # a conflict differs from any rule: the shipped one's 暂不支持 Ascend 950DT too,
    # which lint reports at the line as verify does (below)
    assert located(findings) == [
        (ELASTIC, 1857, "doc-differs-from-rule"),
        (ELASTIC, 1857, "status-conflict"),
    ]
    conflict = findings[1]
    name = "Ascend 950DT" if "950DT" in row else "Ascend 950"
    under = "" if name == "Ascend 950DT" else " as Ascend 950DT"
    assert conflict["message"] == (
        f"{name} is stated supported here, but unsupported at line 1856{under}"
    )
    assert (conflict["severity"], conflict["entry_line"]) == ("error", 1844)
    assert findings[0]["message"].endswith(": docs say conflict, the rule expects unsupported")

    code, out, _ = cli("show", PUT_METRIC, "--docs", str(root))
    assert code == 0
    assert "ascend-950=conflict" in out
    _, out, _ = cli("show", PUT_METRIC, "--docs", str(root), "--format", "json")
    (entry,) = json.loads(out)["entries"]
    assert entry["status"]["ascend-950"] == "conflict"
    assert entry["lines"]["ascend-950"] == 1857

    code, out, err = cli("verify", "--docs", str(root), "--no-live")
    assert code == 1
    assert f"  2.12.0: DOCS DIFFER FROM THE RULE  {page}:1857" in out.splitlines()
    assert (
        "    ascend-950  documented conflict    observed none   doc-differs-from-rule  "
        "(docs say conflict, the rule expects unsupported)"
    ) in out.splitlines()
    assert err == "3 results (1 doc-differs-from-rule, 2 unverified); 1 finding; exit 1\n"


def test_a_950pr_row_under_the_950dt_row_is_another_product(
    cli: Invoke, corpus: Path, tmp_path: Path
) -> None:
    """The 950PR is a product of its own: ✔ under the 950DT's ✘ is no
    conflict, and the 950DT stays unsupported."""
    root, page = elastic(corpus, tmp_path)
    put_line(page, 1857, "| <term>Ascend 950PR</term> | ✔ |", insert=True)
    findings = lint_json(cli, page)
    # only that its table names one product more than the page's other tables
    assert [f["rule"] for f in findings] == ["product-set-differs"]
    assert "ascend-950pr" in findings[0]["message"]
    _, out, _ = cli("show", PUT_METRIC, "--docs", str(root), "--format", "json")
    (entry,) = json.loads(out)["entries"]
    assert entry["status"]["ascend-950"] == "unsupported"
    assert entry["lines"]["ascend-950"] == 1856


def test_a_product_stated_twice_alike_is_a_warning(
    cli: Invoke, corpus: Path, tmp_path: Path
) -> None:
    root, page = elastic(corpus, tmp_path)
    put_line(page, 1857, "| <term>Ascend 950 系列产品</term> | ✘ |", insert=True)
    findings = lint_json(cli, page)
    assert located(findings) == [(ELASTIC, 1857, "duplicate-status")]
    assert findings[0]["message"] == (
        "Ascend 950 系列产品 is stated unsupported again (at line 1856 as Ascend 950DT)"
    )
    assert findings[0]["severity"] == "warning"
    _, out, _ = cli("show", PUT_METRIC, "--docs", str(root))
    assert "ascend-950=unsupported" in out


# -- one API on two pages of one version -------------------------------------------------


def test_two_pages_agreeing_warn_and_disagreeing_is_an_error(
    cli: Invoke, corpus: Path, tmp_path: Path
) -> None:
    root = copy_pages(corpus, tmp_path, "Named-Tensors.md", "torch-Tensor.md")
    named, tensor = root / NATIVE / "Named-Tensors.md", root / NATIVE / "torch-Tensor.md"
    assert lines_of(named)[152] == D950_ROW
    assert lines_of(tensor)[3029] == "| <term>Ascend 950DT</term> | ✔ |"
    findings = lint_json(cli, root)
    twice = ("duplicate-api", "api-conflict")
    # torch.Tensor heads its methods on both pages with the same table: the
    # pages' frame, no second entry (3 duplicate-api on master before)
    assert located(findings, *twice) == [
        ("torch-Tensor.md", 3030, "api-conflict"),  # flatten: 950DT ✔ here, ✘ there
    ]
    (disagree,) = [f for f in findings if f["rule"] in twice]
    assert disagree["severity"] == "error"
    assert disagree["message"] == (
        f"torch.Tensor.flatten for 2.12.0 contradicts {named}:153 "
        "(ascend-950 supported here, unsupported there)"
    )
    assert disagree["entry_line"] == 3018

    put_line(named, 153, "| <term>Ascend 950DT</term> | ✔ |")  # make flatten agree
    (agree,) = [f for f in lint_json(cli, root) if f["rule"] in twice]
    assert (Path(agree["path"]).name, agree["line"], agree["rule"]) == (
        "torch-Tensor.md",
        3018,
        "duplicate-api",
    )
    assert agree["severity"] == "warning"
    assert agree["message"] == (
        f"torch.Tensor.flatten is documented again for 2.12.0, as at {named}:141"
    )


def test_verify_reads_another_page_of_the_version_that_contradicts_the_rule(
    cli: Invoke, corpus: Path, tmp_path: Path
) -> None:
    root, page = elastic(corpus, tmp_path)
    other = page.with_name("torch-elastic-metrics.md")  # sorts after the rule's page
    shutil.copyfile(page, other)
    put_line(other, 1856, "| <term>Ascend 950DT</term> | ✔ |")
    code, out, _ = cli("verify", "--docs", str(root), "--no-live", "--format", "json")
    assert code == 1
    document = json.loads(out)
    differs = [r for r in document["results"] if r["verdict"] == "doc-differs-from-rule"]
    assert [(r["path"], r["line"], r["product"]) for r in differs] == [
        (str(other), 1856, "ascend-950")
    ]
    assert {r["path"] for r in document["results"]} == {str(page), str(other)}
    assert located(document["findings"]) == [("torch-elastic-metrics.md", 1856, "api-conflict")]
    assert document["findings"][0]["message"] == (
        f"{PUT_METRIC} for 2.12.0 contradicts {page}:1856 "
        "(ascend-950 supported here, unsupported there)"
    )
