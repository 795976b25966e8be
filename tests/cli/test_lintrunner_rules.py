"""lintrunner shows a page that contradicts an API rule: the documented
`.lintrunner.toml` entry, run by the real lintrunner on test_lintrunner's
fixture repository, reports put_metric's Ascend 950DT flipped ✘ → ✔ as a
`doc-differs-from-rule` error at the row (lintrunner passes docs-check the
changed page alone). The fixture's metrics page is committed under the
shipped rule's `doc`, torch-distributed-elastic.md: a version without that
page is one the rule does not check."""

from __future__ import annotations

import json
import re
from pathlib import Path

from tests.cli.test_lintrunner import METRICS, docs_repository, lintrunner
from tests.helpers import git

PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
ROW = 15  # `| <term>Ascend 950DT</term> | ✘ |` of put_metric in the metrics page


def flipped(tmp_path: Path) -> Path:
    repo = docs_repository(tmp_path, (METRICS,))
    git(repo, "mv", METRICS, PAGE)
    git(repo, "commit", "-q", "-m", "the rule's page")
    page = repo / PAGE
    lines = page.read_text(encoding="utf-8").split("\n")
    assert lines[ROW - 1] == "| <term>Ascend 950DT</term> | ✘ |"
    lines[ROW - 1] = "| <term>Ascend 950DT</term> | ✔ |"
    page.write_text("\n".join(lines), encoding="utf-8")
    return repo


def test_lintrunner_shows_the_flip_at_the_row(tmp_path: Path) -> None:
    repo = flipped(tmp_path)
    code, out = lintrunner(repo, PAGE)  # the changed page, as lintrunner passes it
    assert code == 1, out
    assert f">>> Lint for {PAGE}:" in out
    assert "  Error (DOCS_CHECK) doc-differs-from-rule" in out
    said = "on ascend-950: docs say supported, the rule expects unsupported"
    assert said in " ".join(out.split())  # lintrunner wraps the description
    assert re.search(r">>> +15  \|\| <term>Ascend 950DT</term> \| ✔ \|", out), out
    code, out = lintrunner(repo, PAGE, "--output", "json")
    messages = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    assert [(m.get("line"), m["name"], m["severity"]) for m in messages] == [
        (ROW, "doc-differs-from-rule", "error")
    ]
    assert messages[0]["description"] == (
        "torch.distributed.elastic.metrics.put_metric 2.12.0 on ascend-950: "
        "docs say supported, the rule expects unsupported"
    )


def test_lintrunner_passes_the_page_as_the_rule_says(tmp_path: Path) -> None:
    repo = flipped(tmp_path)
    git(repo, "checkout", "--", PAGE)
    code, out = lintrunner(repo, "--all-files")
    assert code == 0, out
