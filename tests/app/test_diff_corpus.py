"""`diff` on the real master snapshot, its counts checked against a plain scan
of the markdown that shares no code with the readers: an entry is named by the
first `torch…` name of its heading (else its 原生文档 link's text, else the
link's target), and each `| <term>PRODUCT</term> | ✔/✘ |` row under it is a
status. Every page of these versions is in the table format, which the scan
needs and checks."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

NATIVE = "master/docs/zh/api/native_api"
Invoke = Callable[..., tuple[int, str, str]]

_HEADING = re.compile(r"^(#{2,6} |> <font)")
_NAME = re.compile(r"torch[\w.\\]*\w")
_LINK = re.compile(r"\*\*原生文档\*\*：\[([^\]]*)\]\(([^)#]*?)(?:\.html)?(?:#([^)]*))?\)")
_ROW = re.compile(r"\|\s*<term>(.+?)</term>\s*\|\s*(✔|✘)\s*\|")


def scanned(folder: Path) -> dict[str, dict[str, str]]:
    """API -> product as the page writes it -> mark, the first entry of each API."""
    apis: dict[str, dict[str, str]] = {}
    for page in sorted(folder.glob("*.md")):
        heading = api = None
        for line in page.read_text(encoding="utf-8").splitlines():
            if _HEADING.match(line):
                named = _NAME.search(line)
                heading, api = (named.group() if named else None), None
            elif link := _LINK.search(line):
                text, target = link.group(1), link.group(3) or link.group(2).rsplit("/", 1)[-1]
                api = (heading or (text if text.startswith("torch") else target)).replace("\\", "")
            elif api and (row := _ROW.match(line)):
                apis.setdefault(api, {}).setdefault(row.group(1), row.group(2))
    return apis


def plain_diff(corpus: Path, a: str, b: str) -> tuple[int, int, list[tuple[str, str, str, str]]]:
    old, new = (scanned(corpus / NATIVE / f"pytorch_{v.replace('.', '-')}") for v in (a, b))
    changed = [
        (api, product, old[api][product], new[api][product])
        for api in sorted(old.keys() & new.keys())
        for product in old[api]
        if product in new[api] and old[api][product] != new[api][product]
    ]
    return len(new.keys() - old.keys()), len(old.keys() - new.keys()), changed


@pytest.mark.parametrize(
    ("a", "b", "counts", "changed"),
    [
        ("2.11.0", "2.12.0", (2, 0, 1), ["torch.Tensor.view"]),
        (
            "2.12.0",
            "2.13.0",
            (19, 17, 6),
            [
                "torch.Tensor.flatten",
                "torch.accelerator.current_device_idx",
                "torch.accelerator.device_count",
                "torch.accelerator.set_device_idx",
                "torch.accelerator.set_device_index",
                "torch.accelerator.set_stream",
            ],
        ),
    ],
)
def test_diff_of_two_versions_of_master(
    cli: Invoke,
    corpus: Path,
    a: str,
    b: str,
    counts: tuple[int, int, int],
    changed: list[str],
) -> None:
    code, out, err = cli("diff", a, b, str(corpus / "master"), "--format", "json")
    assert (code, err) == (0, "")
    document = json.loads(out)
    assert tuple(document["counts"].values()) == counts
    changes = [c for c in document["changes"] if c["kind"] == "changed"]
    # Each one is Ascend 950 going from unsupported to supported.
    assert [
        (c["api"], c["product"], c["before"]["status"], c["after"]["status"]) for c in changes
    ] == [(api, "ascend-950", "unsupported", "supported") for api in changed]
    added, removed, plain = plain_diff(corpus, a, b)
    assert (added, removed, len(plain)) == counts
    assert plain == [(api, "Ascend 950DT", "✘", "✔") for api in changed]
