"""Issue 28, escapes: page text carrying ESC and BEL (`\\x1b[31m`, the
terminal-title sequence `\\x1b]0;TITLE\\x07`) in API names, statuses, links and
file names reaches no report raw. Every format of lint, verify, show, diff
and export (and --statistics) is run on such a page, to a pipe and to --output: no C0
control character but the newline appears (a format that allows a tab would be
listed here; none writes one)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from checker.report.formats import STATISTICS, formats_for
from tests.conftest import Invoke
from tests.helpers import REPO

ESC = "\x1b[31m\x1b]0;TITLE\x07"
PAGE = "docs/zh/api/native_api/pytorch_2-13-0/torch-distributed-elastic.md"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
# C0 controls and DEL, but the newline
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def hostile_docs(tmp_path: Path) -> Path:
    """The verify fixture's docs, with ESC and BEL in a heading, a status, a
    link, a paragraph, and in the name of a page of its own."""
    docs = tmp_path / "docs"
    shutil.copytree(REPO / "tests" / "fixtures" / "verify" / "docs", docs)
    page = docs / PAGE
    text = page.read_text("utf-8")
    initialize = "### torch.distributed.elastic.metrics.initialize_metrics"
    text = text.replace(initialize, initialize + ESC, 1)
    text = text.replace(
        "| <term>Ascend 950DT</term> | ✘ |", f"| <term>Ascend 950DT</term> | ✘{ESC} |", 1
    )
    link = f"[{PUT_METRIC}](https://pytorch.org/docs/2.13/"
    text = text.replace(link, f"[{PUT_METRIC}{ESC}](https://pytorch.org/docs/2.12/{ESC}", 1)
    text += f"\n### torch.distributed.elastic.metrics.{ESC}x\n\n**支持情况**：{ESC}坏\n"
    page.write_text(text, "utf-8")
    (page.parent / f"torch-{ESC}.md").write_text(
        f"# t\n\n### torch.evil{ESC}\n\n**支持情况**：✔{ESC}\n", "utf-8"
    )
    return docs


def commands(docs: Path) -> dict[str, list[str]]:
    return {
        "lint": ["lint", str(docs)],
        "verify": ["verify", str(docs), "--no-live"],
        "show": ["show", f"torch.evil{ESC}", str(docs)],  # the API the hostile page names
        "diff": ["diff", "2.12.0", "2.13.0", str(docs)],
        "export": ["export", str(docs)],
    }


RUNS = [(command, name) for command in ("lint", "verify", "show", "diff", "export")
        for name in formats_for(command)]  # fmt: skip


@pytest.mark.parametrize(("command", "name"), RUNS, ids=[f"{c}-{n}" for c, n in RUNS])
def test_hostile_page_escapes_in_every_format(
    cli: Invoke, tmp_path: Path, command: str, name: str
) -> None:
    docs = hostile_docs(tmp_path)
    argv = [*commands(docs)[command], "--no-cache", "--format", name]
    code, out, err = cli(*argv)
    assert code in (0, 1), err
    assert "\\x1b" in out + err or "\\u001b" in out + err  # the page's text is shown, escaped
    assert CONTROL.findall(out + err) == []
    written = tmp_path / "report"
    assert cli(*argv, "--output", str(written))[0] == code
    assert CONTROL.findall(written.read_text("utf-8")) == []


@pytest.mark.parametrize("command", ["lint", "verify"])
@pytest.mark.parametrize("name", STATISTICS)
def test_hostile_page_escapes_in_statistics(
    cli: Invoke, tmp_path: Path, command: str, name: str
) -> None:
    docs = hostile_docs(tmp_path)
    code, out, err = cli(*commands(docs)[command], "--no-cache", "--statistics", "--format", name)
    assert code in (0, 1), err
    assert CONTROL.findall(out + err) == []
