"""Names a terminal would act on: control characters (ESC, \\x01) in file and
API names, and in what evidence files say, are printed escaped (`\\x1b`) in
every text line, the report's and stderr's alike; never raw."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.files import named_from_here
from tests.helpers import REPO

Invoke = Callable[..., tuple[int, str, str]]
RED = "\x1b[31m"  # turns the terminal red
TITLE = "\x1b]0;pwned\x07"  # sets the terminal's title
TABLE = """| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
"""
SHOWN = "atlas-a2=supported  atlas-a3=unstated  ascend-950=unstated"


def escaped(text: str) -> str:
    return (
        text.replace("\x1b", "\\x1b")
        .replace("\x07", "\\x07")
        .replace("\x01", "\\x01")
        .replace("\x9b", "\\x9b")
    )


def raw_free(*texts: str) -> bool:
    return not any(c in text for text in texts for c in "\x1b\x07\x01\x9b")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs" / "zh" / "pytorch_2-12-0"
    folder.mkdir(parents=True)
    return folder


def test_a_file_name_with_control_characters_is_escaped(cli: Invoke, folder: Path) -> None:
    page = folder / f"torch-{RED}x\x01.md"
    page.write_text("# torch.x\n\n### torch.x.y\n\n**支持情况**：\n\n| 硬件 |\n| -- |\n")
    code, out, err = cli("lint", str(folder))
    assert (code, err) == (1, "1 finding (1 error, 0 warnings) in 1 file, 1 entry\n")
    assert out == f"{escaped(str(page))}:3: missing-status torch.x.y has no support status\n"
    assert raw_free(out, err)


def test_an_api_name_with_control_characters_is_escaped(cli: Invoke, folder: Path) -> None:
    api = f"torch.x.y{TITLE}\x9b2J"
    page = folder / "torch-x.md"
    page.write_text(f"# torch.x\n\n### {api}\n\n**支持情况**：\n\n{TABLE}\n### {api}\n\n"
                    f"**支持情况**：\n\n{TABLE}")  # fmt: skip
    code, out, err = cli("lint", str(folder))
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    # no API name either (checker.read.namespace), and said so, escaped
    no_name = f"api-name-incomplete the API title holds more than an API name: {escaped(api)}"
    assert out == (
        f"{page}:3: {no_name}\n{page}:11: {no_name}\n"
        f"{page}:11: duplicate-api {escaped(api)} is documented again for 2.12.0, "
        f"as at {named_from_here(str(page))}:3\n"
    )
    code, out, err = cli("show", api, "--docs", str(folder))
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        escaped(api),
        f"  2.12.0  zh table   {SHOWN}  {page}:3",
        f"  2.12.0  zh table   {SHOWN}  {page}:11",
    ]
    assert raw_free(out, err)


def test_error_lines_and_the_summary_escape_names(cli: Invoke, folder: Path) -> None:
    page = folder / f"{RED}bad.md"
    page.write_bytes(b"\xff\n")
    code, out, err = cli("lint", str(folder))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "0 findings (0 errors, 0 warnings) in 0 files, 0 entries",
        f"docs-check: error: {escaped(str(page))}:1: invalid UTF-8 at byte offset 0; file skipped",
    ]
    missing = str(folder / f"no{RED}such")
    code, out, err = cli("lint", missing)
    assert (code, out, err) == (
        2,
        "",
        f"docs-check: error: {escaped(missing)}: no such file or folder\n",
    )
    page.unlink()
    (folder / "torch-x.md").write_text(f"# torch.x\n\n### torch.x.y\n\n**支持情况**：\n\n{TABLE}")
    output = folder.parent / f"base{TITLE}.json"
    code, out, err = cli("baseline", str(folder), "--output", str(output))
    assert (code, out, err) == (0, "", f"wrote 0 findings to {escaped(str(output))}\n")
    assert raw_free(out, err)


def test_what_an_evidence_file_says_is_escaped_in_the_verify_report(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(REPO)
    fixture = REPO / "tests/fixtures/verify/evidence/npu-a3-torch-2.12.0-fail.json"
    document = json.loads(fixture.read_text(encoding="utf-8"))
    document["environment"]["note"] = f"NPU run{RED} on npu:0"
    (run,) = document["runs"]
    run["cases"][5]["detail"] = f"AssertionError:{TITLE} value 0.0\x01"
    evidence = tmp_path / f"npu{RED}.json"
    evidence.write_text(json.dumps(document), encoding="utf-8")
    argv = ("verify", "--docs", "examples/docs", "--no-live", "--evidence", str(evidence))
    code, out, err = cli(*argv)
    assert code == 1
    lines = out.splitlines()
    assert [line for line in lines if "npu" in line.casefold() and "\\x" in line] == [
        f"  {escaped(str(evidence))}: Linux 5.10.0-182.0.0.95.oe2203sp3.aarch64 aarch64 | "
        "Python 3.11.10 | torch 2.12.0+cpu | torch_npu 2.12.0 | CANN 8.5.RC1 | "
        "NPU Ascend910_9382 (atlas-a3) | visible NPUs 16",
        f"    NPU run{escaped(RED)} on npu:0",
    ]
    assert f"      FAILED zero value: AssertionError:{escaped(TITLE)} value 0.0\\x01" in lines
    assert raw_free(out, err)
