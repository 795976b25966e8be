"""The diffs of `fix --diff` and `migrate --diff` (checker.rewrite.unified_diff): made
from the replacements the rewrite made, each region diffed on its own, so a
hunk removes only the lines that changed and the cost is linear in the page;
and still a patch that `patch` applies to make the page the command writes."""

from __future__ import annotations

import difflib
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from checker.rewrite.replacements import Replacement
from checker.rewrite.unified_diff import unified
from tests.conftest import Invoke

FOLDER = "docs/zh/api/native_api/pytorch_2-12-0"
PAGE = f"{FOLDER}/torch-gen.md"
ENTRIES = 300  # past 200 lines difflib's junk heuristic starts to count


def entry(number: int, marks: tuple[str, str, str]) -> str:
    """One entry as the master snapshot writes it: a per-product table."""
    name = f"torch.gen.f{number}"
    link = f"https://pytorch.org/docs/2.12/generated/{name}.html"
    a2, a3, ascend = marks
    return (
        f'### {name}\n\n<div style="margin-left: 2em">\n\n**原生文档**：[{name}]({link})\n\n'
        "**支持情况**：\n\n| 硬件 | 是否支持 |\n| ---- | :----: |\n"
        f"| <term>Atlas A2 训练系列产品</term> | {a2} |\n"
        f"| <term>Atlas A3 训练系列产品</term> | {a3} |\n"
        f"| <term>Ascend 950DT</term> | {ascend} |\n\n</div>\n\n"
    )


def page(odd: dict[int, tuple[str, str, str]]) -> str:
    marks = ("✔", "✔", "✘")
    return "# torch.gen\n\n" + "".join(entry(n, odd.get(n, marks)) for n in range(ENTRIES))


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A page of ENTRIES entries, the last with three nonstandard marks."""
    root = tmp_path / "tree"
    (root / FOLDER).mkdir(parents=True)
    (root / PAGE).write_text(page({ENTRIES - 1: ("是", "✗", "&#10007;")}), encoding="utf-8")
    monkeypatch.chdir(root)
    return root


def applied(tree: Path, diff: str, tmp_path: Path) -> bytes:
    """The page as `patch -p1` makes it from the diff, in a copy of the tree."""
    copy = tmp_path / "patched"
    shutil.copytree(tree, copy)
    subprocess.run(["patch", "-p1", "-s"], cwd=copy, input=diff.encode(), check=True)
    return (copy / PAGE).read_bytes()


def removed(diff: str) -> list[str]:
    return [line for line in diff.splitlines() if line[:1] == "-" and line[:3] != "---"]


def test_fix_diff_removes_only_the_lines_it_changes(
    tree: Path, cli: Invoke, tmp_path: Path
) -> None:
    """difflib on the whole page removed 6 lines here for the 3 it changed."""
    code, diff, _ = cli("fix", "docs", "--diff")
    assert code == 1
    assert removed(diff) == [
        "-| <term>Atlas A2 训练系列产品</term> | 是 |",
        "-| <term>Atlas A3 训练系列产品</term> | ✗ |",
        "-| <term>Ascend 950DT</term> | &#10007; |",
    ]
    assert diff.count("\n@@ ") == 1
    patched = applied(tree, diff, tmp_path)
    assert cli("fix", "docs")[0] == 0
    assert patched == (tree / PAGE).read_bytes()


@pytest.fixture
def matched(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every pair of sequences difflib is asked to match."""
    sizes: list[int] = []

    class Recording(difflib.SequenceMatcher):  # type: ignore[type-arg]
        def set_seqs(self, a: Any, b: Any) -> None:
            sizes.append(len(a) + len(b))
            super().set_seqs(a, b)

    monkeypatch.setattr(difflib, "SequenceMatcher", Recording)
    return sizes


def test_migrate_diff_diffs_each_changed_region_on_its_own(
    tree: Path, cli: Invoke, tmp_path: Path, matched: list[int]
) -> None:
    """Every entry's table becomes blocks: 300 regions, none diffed with the
    page around it (difflib on the whole page is quadratic); the diff is the
    patch of what migrate writes."""
    code, diff, _ = cli("migrate", "--to", "blocks", "--diff", "docs")
    assert code == 1 and diff.count("\n@@ ") == ENTRIES
    assert matched and max(matched) <= 30  # a table's 7 lines, its blocks' 11
    patched = applied(tree, diff, tmp_path)
    assert cli("migrate", "--to", "blocks", "docs")[0] == 0
    assert patched == (tree / PAGE).read_bytes()


def test_hunks_join_as_git_joins_them() -> None:
    """Changes 6 lines apart share a hunk (their contexts touch); 7 apart,
    not; changed lines next to each other show removed, then added."""
    old = [f"{n}\n" for n in range(1, 31)]
    new = list(old)
    for line in (3, 4, 11, 19):
        new[line - 1] = f"{line} changed\n"
    regions = [Replacement(n, n, (new[n - 1].rstrip("\n"),)) for n in (3, 4, 11, 19)]
    ours = unified(old, new, regions, ("a/x", "b/x"))
    theirs = "".join(difflib.unified_diff(old, new, "a/x", "b/x"))
    assert ours == theirs
    assert [line for line in ours.splitlines() if line.startswith("@@")] == [
        "@@ -1,14 +1,14 @@",
        "@@ -16,7 +16,7 @@",
    ]
