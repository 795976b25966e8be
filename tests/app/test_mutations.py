"""Mutations of the real docs: each one, made on a copy in tmp_path, must turn
`verify --no-live` red (exit 1) and name path:line; the unmutated copies stay
green. The corpus itself is only read.

Measured on the master snapshot: in each of the four version pages put_metric's
heading is line 1844, its table rows are A2 1854, A3 1855, Ascend 950DT 1856,
and the entry ends before `## Events` at 1860."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.cli import run
from tests.helpers import REPO

PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
PAGE = "torch-distributed-elastic.md"
NATIVE = Path("docs/zh/api/native_api")
VERSIONS = {"2.7.1": "2-7-1", "2.11.0": "2-11-0", "2.12.0": "2-12-0", "2.13.0": "2-13-0"}
A2_ROW = "| <term>Atlas A2 训练系列产品</term> | ✔ |"
A3_ROW = "| <term>Atlas A3 训练系列产品</term> | ✔ |"
D950_ROW = "| <term>Ascend 950DT</term> | ✘ |"
Verify = Callable[..., tuple[int, list[str], str]]


@pytest.fixture
def verify(capsys: pytest.CaptureFixture[str]) -> Verify:
    """`verify --docs ROOT --no-live`: (exit code, stdout lines, stderr)."""

    def invoke(root: Path, *more: str) -> tuple[int, list[str], str]:
        code = run(["verify", "--docs", str(root), "--no-live", *more])
        out, err = capsys.readouterr()
        assert "Traceback" not in out + err
        return code, out.splitlines(), err

    return invoke


def copy_master(corpus: Path, tmp_path: Path) -> Path:
    """The four version pages of the master snapshot, in their folders."""
    root = tmp_path / "master"
    for folder in VERSIONS.values():
        source = corpus / "master" / NATIVE / f"pytorch_{folder}" / PAGE
        target = root / NATIVE / f"pytorch_{folder}" / PAGE
        target.parent.mkdir(parents=True)
        shutil.copyfile(source, target)
    return root


def copy_sample(corpus: Path, tmp_path: Path, sample: str) -> tuple[Path, Path]:
    """A one-page sample tree (inline, entity, blocks, rows): its root and page."""
    root = tmp_path / sample
    shutil.copytree(corpus / sample, root)
    (page,) = root.rglob("*.md")
    return root, page


def master_page(root: Path, version: str) -> Path:
    return root / NATIVE / f"pytorch_{VERSIONS[version]}" / PAGE


def edit(path: Path, line: int, old: str, new: str) -> None:
    """Replaces `old` by `new` in one line, which must contain it exactly once."""
    lines = path.read_text(encoding="utf-8").split("\n")
    assert lines[line - 1].count(old) == 1, f"{path}:{line} is {lines[line - 1]!r}"
    lines[line - 1] = lines[line - 1].replace(old, new)
    path.write_text("\n".join(lines), encoding="utf-8")


def delete(path: Path, first: int, last: int) -> list[str]:
    lines = path.read_text(encoding="utf-8").split("\n")
    removed = lines[first - 1 : last]
    path.write_text("\n".join(lines[: first - 1] + lines[last:]), encoding="utf-8")
    return removed


def said(lines: list[str]) -> dict[str, str]:
    """version -> `docs match the rule` or `DOCS DIFFER FROM THE RULE  path:line`."""
    found = {}
    for line in lines:
        if line.startswith("  ") and not line.startswith("   ") and ": " in line:
            version, _, rest = line.strip().partition(": ")
            if version[0].isdigit():
                found[version] = rest
    return found


# -- the real master snapshot -------------------------------------------------------------


def test_unmutated_master_copy_is_green(verify: Verify, corpus: Path, tmp_path: Path) -> None:
    root = copy_master(corpus, tmp_path)
    code, out, err = verify(root)
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"
    assert said(out) == {
        version: f"docs match the rule  {master_page(root, version)}:1844" for version in VERSIONS
    }
    for version in VERSIONS:  # the rows the mutations below edit
        lines = master_page(root, version).read_text(encoding="utf-8").splitlines()
        assert lines[1843] == f"### {PUT_METRIC}"
        assert lines[1853:1856] == [A2_ROW, A3_ROW, D950_ROW]
        assert lines[1859] == "## Events"


@pytest.mark.parametrize("version", list(VERSIONS))
def test_flipping_ascend_950_to_supported_is_red(
    verify: Verify, corpus: Path, tmp_path: Path, version: str
) -> None:
    root = copy_master(corpus, tmp_path)
    page = master_page(root, version)
    edit(page, 1856, "✘", "✔")
    code, out, err = verify(root)
    assert code == 1
    assert err == "12 results (1 doc-differs-from-rule, 11 unverified); 0 findings; exit 1\n"
    assert said(out)[version] == f"DOCS DIFFER FROM THE RULE  {page}:1856"  # the 950DT row
    assert [v for v, s in said(out).items() if s.startswith("docs match")] == [
        v for v in VERSIONS if v != version
    ]
    assert (
        "    ascend-950  documented supported   observed none   doc-differs-from-rule  "
        "(docs say supported, the rule expects unsupported)"
    ) in out


@pytest.mark.parametrize("version", ["2.7.1", "2.13.0"])
def test_flipping_atlas_a2_to_unsupported_is_red(
    verify: Verify, corpus: Path, tmp_path: Path, version: str
) -> None:
    root = copy_master(corpus, tmp_path)
    page = master_page(root, version)
    edit(page, 1854, "✔", "✘")
    code, out, _ = verify(root, "--format", "json")
    assert code == 1
    differs = [r for r in json.loads("\n".join(out))["results"] if r["verdict"] != "unverified"]
    assert [
        (r["version"], r["product"], r["documented"], r["verdict"], r["path"], r["line"])
        for r in differs
    ] == [(version, "atlas-a2", "unsupported", "doc-differs-from-rule", str(page), 1854)]
    assert differs[0]["severity"] == "error"
    assert differs[0]["entry_line"] == 1844


def test_dropping_the_entry_is_a_missing_entry_naming_the_page(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    root = copy_master(corpus, tmp_path)
    page = master_page(root, "2.12.0")
    removed = delete(page, 1844, 1859)
    assert removed[0] == f"### {PUT_METRIC}" and removed[-1] == ""
    code, out, err = verify(root)
    assert code == 1
    assert err == "9 results (9 unverified); 1 finding; exit 1\n"
    assert "2.12.0" not in said(out)
    assert out[-2:] == [
        "findings:",
        f"  {page}:1: missing-entry {PUT_METRIC} is not documented in this 2.12.0 page "
        "(rule elastic-put-metric)",
    ]


def test_dropping_a_version_page_listed_by_the_rule_is_red(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    root = copy_master(corpus, tmp_path)
    master_page(root, "2.11.0").unlink()
    rules = tmp_path / "versions.toml"
    shipped = (REPO / "rules" / "put_metric.toml").read_text(encoding="utf-8")
    rules.write_text(
        shipped.replace('id = "elastic-put-metric"', 'id = "elastic-put-metric-listed"')
        + 'versions = ["2.7.1", "2.11.0", "2.12.0", "2.13.0"]\n',
        encoding="utf-8",
    )
    code, out, _ = verify(root, "--rules", str(rules))
    assert code == 1
    assert out[-1] == (
        f"  {rules}:15: missing-entry rule elastic-put-metric-listed lists 2.11.0, "
        f"but no {PAGE} for 2.11.0 was found"
    )


def test_unknown_product_in_put_metric_table_is_named(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    root = copy_master(corpus, tmp_path)
    page = master_page(root, "2.13.0")
    edit(page, 1856, "Ascend 950DT", "Ascend 960DT")
    code, out, _ = verify(root)
    assert code == 1
    assert f"  {page}:1856: unknown-product unknown product 'Ascend 960DT'" in out


def test_mutating_another_api_leaves_verify_green(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    # events.record follows put_metric; its rows are 1872-1874 (the rule is about put_metric)
    root = copy_master(corpus, tmp_path)
    page = master_page(root, "2.13.0")
    lines = page.read_text(encoding="utf-8").splitlines()
    assert lines[1861] == "### torch.distributed.elastic.events.record"
    assert lines[1873] == D950_ROW
    edit(page, 1874, "✘", "✔")
    code, _, err = verify(root)
    assert code == 0
    assert err == "12 results (12 unverified); 0 findings; exit 0\n"


# -- the other real formats ---------------------------------------------------------------


def test_inline_sample_unmutated_is_green(verify: Verify, corpus: Path, tmp_path: Path) -> None:
    root, page = copy_sample(corpus, tmp_path, "inline-af7cebeb8")
    code, out, err = verify(root)
    assert (code, err) == (0, "3 results (3 unverified); 0 findings; exit 0\n")
    assert said(out) == {"2.12.0": f"docs match the rule  {page}:796"}


def test_inline_sample_without_leading_yes_is_status_unreadable(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    root, page = copy_sample(corpus, tmp_path, "inline-af7cebeb8")
    edit(page, 802, "**是否支持**：是，", "**是否支持**：，")
    code, out, err = verify(root)
    assert code == 1
    assert err == "3 results (3 doc-differs-from-rule); 1 finding; exit 1\n"
    assert said(out) == {"2.12.0": f"DOCS DIFFER FROM THE RULE  {page}:802"}
    assert out[-2:] == [
        "findings:",
        f"  {page}:802: status-unreadable cannot read support status "
        "'，暂不支持<term>Ascend 950DT</term>'",
    ]


def test_inline_sample_other_entry_unreadable_is_not_verifys_business(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    # line 812 is events.record's status: lint reports it, verify of put_metric does not
    root, page = copy_sample(corpus, tmp_path, "inline-af7cebeb8")
    edit(page, 812, "**是否支持**：是，", "**是否支持**：，")
    code, _, err = verify(root)
    assert (code, err) == (0, "3 results (3 unverified); 0 findings; exit 0\n")
    assert run(["lint", str(root)]) == 1


def test_inline_sample_exception_dropped_is_red(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    root, page = copy_sample(corpus, tmp_path, "inline-af7cebeb8")
    edit(page, 802, "是，暂不支持<term>Ascend 950DT</term>", "是")
    code, out, _ = verify(root)
    assert code == 1
    assert said(out) == {"2.12.0": f"DOCS DIFFER FROM THE RULE  {page}:802"}  # the status line


def test_blocks_sample_unmutated_is_green(verify: Verify, corpus: Path, tmp_path: Path) -> None:
    root, page = copy_sample(corpus, tmp_path, "blocks-020dcefad")
    code, out, _ = verify(root)
    assert code == 0
    assert said(out) == {"2.12.0": f"docs match the rule  {page}:236"}


def test_blocks_sample_950_flipped_is_red(verify: Verify, corpus: Path, tmp_path: Path) -> None:
    root, page = copy_sample(corpus, tmp_path, "blocks-020dcefad")
    edit(page, 251, "：不支持", "：支持")
    code, out, _ = verify(root)
    assert code == 1
    assert said(out) == {"2.12.0": f"DOCS DIFFER FROM THE RULE  {page}:251"}  # the block's item


def test_blocks_sample_wrong_npu_code_is_named(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    root, page = copy_sample(corpus, tmp_path, "blocks-020dcefad")
    edit(page, 250, 'npu="950"', 'npu="910b"')
    code, out, _ = verify(root)
    assert code == 1
    assert any(line.startswith(f"  {page}:250: block-npu-product ") for line in out), out


def test_entity_sample_a2_flipped_is_red(verify: Verify, corpus: Path, tmp_path: Path) -> None:
    root, page = copy_sample(corpus, tmp_path, "entity-8706fedbe")
    code, out, _ = verify(root)
    # unmutated: the docs match the rule; the entity &#10007; (✗) is a nonstandard-mark warning
    assert code == 0
    assert said(out) == {"2.12.0": f"docs match the rule  {page}:1265"}
    mark = "mark '&#10007;' (✗, read as unsupported) instead of ✔ / ✘"
    assert out[-1] == f"  {page}:1277: nonstandard-mark {mark}"
    edit(page, 1275, "&#10004;", "&#10008;")
    code, out, _ = verify(root)
    assert code == 1
    assert said(out) == {"2.12.0": f"DOCS DIFFER FROM THE RULE  {page}:1275"}


def test_rows_sample_within_its_products_green_then_red(
    verify: Verify, corpus: Path, tmp_path: Path
) -> None:
    # The rows format predates Ascend 950: its plain 是 speaks of every product in
    # scope, so the sample is checked over the products of its time.
    root, page = copy_sample(corpus, tmp_path, "rows-v2.7.1-7.3.0")
    code, out, _ = verify(root, "--scope", "atlas-a2,atlas-a3")
    assert code == 0
    assert said(out) == {"2.7.1": f"docs match the rule  {page}:106"}
    edit(page, 106, "|是|", "|否|")
    code, out, err = verify(root, "--scope", "atlas-a2,atlas-a3")
    assert code == 1
    assert said(out) == {"2.7.1": f"DOCS DIFFER FROM THE RULE  {page}:106"}
    assert err == "2 results (2 doc-differs-from-rule); 0 findings; exit 1\n"
