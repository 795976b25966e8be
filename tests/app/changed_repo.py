"""The release-repo fixture (tests/app/release_repo.py, shaped like
torch-npu's: every version's docs on master) whose 2.12.0 page carries two
findings from before any change under test, as torch-nn.md carries its
notes-product and link-version: an entry linking 2.11's docs (an error) and
marking a product ✗ (a warning)."""

from __future__ import annotations

from pathlib import Path

from tests.app.release_repo import NATIVE_DOCS, build_release_repo
from tests.helpers import git

PAGE = f"{NATIVE_DOCS}/pytorch_2-12-0/torch-distributed-elastic.md"
TITLE = 9  # `### torch.distributed.elastic.metrics.put_metric`
ROW = 21  # put_metric's `| <term>Ascend 950DT</term> | ✘ |`
API = "torch.distributed.elastic.metrics.initialize_metrics"
OLD_ENTRY = f"""
### {API}

<div style="margin-left: 2em">

**原生文档**：[{API}](https://pytorch.org/docs/2.11/elastic/metrics.html#{API})

**支持情况**：

| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Atlas A3 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | ✗ |

</div>
"""
BEFORE = (  # the findings the page had before
    f"{PAGE}:29: link-version {API}: native-doc link is for PyTorch docs 2.11, "
    "the page documents 2.12.0\n"
    f"{PAGE}:37: nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘\n"
)
FLIPPED = (
    f"{PAGE}:{ROW}: doc-differs-from-rule torch.distributed.elastic.metrics.put_metric "
    "2.12.0 on ascend-950: docs say supported, the rule expects unsupported\n"
)


def build_changed_repo(folder: Path) -> Path:
    """The repository at `folder`, master checked out, the page's old
    findings committed."""
    repo = build_release_repo(folder)
    page = repo / PAGE
    page.write_text(page.read_text(encoding="utf-8") + OLD_ENTRY, encoding="utf-8")
    git(repo, "commit", "-qam", "an entry with two findings")
    return repo


def edit_line(repo: Path, number: int, old: str, new: str) -> None:
    """Line `number` of the page, `old` in it replaced by `new`."""
    page = repo / PAGE
    lines = page.read_text(encoding="utf-8").split("\n")
    assert old in lines[number - 1], lines[number - 1]
    lines[number - 1] = lines[number - 1].replace(old, new)
    page.write_text("\n".join(lines), encoding="utf-8")


def retitle(repo: Path) -> None:
    """One space more in put_metric's title: a change with no finding."""
    edit_line(repo, TITLE, "### ", "###  ")


def flip(repo: Path) -> None:
    """put_metric's Ascend 950DT ✘ → ✔, which the shipped rule refuses."""
    edit_line(repo, ROW, "| ✘ |", "| ✔ |")
