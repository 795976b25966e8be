"""A small docs tree shaped like the master snapshot's (docs/zh/api/native_api/
pytorch_X-Y-Z/, per-product tables), with put_metric's entry as master
writes it, which the shipped rule (rules/put_metric.toml) judges."""

from __future__ import annotations

from pathlib import Path

FOLDER = "docs/zh/api/native_api"


def entry(api: str, version: str, ascend_950: str = "✘", anchor: str = "") -> str:
    """One API's entry as master writes it: heading, native link, table."""
    link = f"https://pytorch.org/docs/{version}/elastic/metrics.html#{anchor or api}"
    return f"""### {api}

<div style="margin-left: 2em">

**原生文档**：[{api}]({link})

**支持情况**：

| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Atlas A3 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | {ascend_950} |

</div>
"""


def page(*entries: str) -> str:
    return "# torch.distributed.elastic\n\n## Metrics\n\n" + "\n".join(entries)


PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
ELASTIC = {
    "2.11": page(entry(PUT_METRIC, "2.11")),
    "2.12": page(
        entry("torch.distributed.elastic.metrics.prof", "2.12"),
        entry(PUT_METRIC, "2.12"),
    ),
}
# a page with the upstream's ✗ for ✘: nonstandard-mark, which `fix` fixes
CROSSED = page(entry("torch.distributed.elastic.metrics.get_elapsed_time_ms", "2.12", "✗"))


def write_tree(root: Path) -> dict[str, Path]:
    """The tree under `root`; its pages by name."""
    pages = {
        "elastic-2.11": root / FOLDER / "pytorch_2-11-0" / "torch-distributed-elastic.md",
        "elastic": root / FOLDER / "pytorch_2-12-0" / "torch-distributed-elastic.md",
        "crossed": root / FOLDER / "pytorch_2-12-0" / "torch-distributed-elastic-events.md",
    }
    texts = {"elastic-2.11": ELASTIC["2.11"], "elastic": ELASTIC["2.12"], "crossed": CROSSED}
    for name, path in pages.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(texts[name], encoding="utf-8")
    return pages
