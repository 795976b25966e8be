"""Content that was dropped or passed without a word: the rest of a page after
markup nested deeper than markdown-it's limit, a status table with no product
rows, a page that is only a byte order mark."""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.errors import InputError
from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.support import Page
from checker.read.load import decode_page
from checker.read.reader import read_text
from checker.sources.workers import PART_MIN_SIZE, read_all, work_units

Invoke = Callable[..., tuple[int, str, str]]
CATALOGUE = default_catalogue()

TABLE = """| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Atlas A3 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | ✘ |
"""


def entry(api: str, table: str = TABLE) -> str:
    return f"### {api}\n\n**支持情况**：\n\n{table}\n"


def lists(depth: int) -> str:
    """A list nested `depth` lists deep (markdown-it counts two levels a list)."""
    return "".join("  " * level + f"- level {level + 1}\n" for level in range(depth))


def quotes(depth: int) -> str:
    return ">" * depth + " deep\n"


def notes(text: str) -> str:
    return f"**限制与说明**：\n\n{text}\n"


def page_file(tmp_path: Path, text: str) -> Path:
    folder = tmp_path / "docs" / "zh" / "pytorch_2-12-0"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "torch-sprocket.md"
    path.write_text(text, encoding="utf-8")
    return path


def read(text: str) -> Page:
    return read_text(text, DocFile("pytorch_2-12-0/torch-sprocket.md", "2.12.0", "zh"), CATALOGUE)


def line_of(path: Path, text: str) -> int:
    (number,) = [
        n for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if line == text
    ]
    return number


# -- nesting past markdown-it's limit --------------------------------------------------------

A, B = "torch.sprocket.a", "torch.sprocket.b"
THREE = "# torch.sprocket\n\n{a}{notes}{b}{b}"


@pytest.mark.parametrize(
    ("deep", "deepest"),
    [(lists(12), (26, "level 12")), (quotes(30), (15, "deep"))],
    ids=["12 nested lists", "30 nested quotes"],
)
def test_a_page_nested_past_the_preset_limit_is_read_whole(
    cli: Invoke, tmp_path: Path, deep: str, deepest: tuple[int, str]
) -> None:
    """The commonmark preset stops at 20 levels (ten lists) and skipped the rest
    of the page (of a block quote: the rest of the quote): one of three
    entries, the duplicate after it unreported, the deepest notes dropped."""
    text = THREE.format(a=entry(A), notes=notes(deep), b=entry(B))
    a, *others = read(text).entries
    assert [a.api] + [e.api for e in others] == [A, B, B]
    assert a.notes_at[-1] == deepest
    path = page_file(tmp_path, text)
    first, second = [n for n, line in enumerate(text.splitlines(), 1) if line == f"### {B}"]
    code, out, err = cli("lint", str(tmp_path))
    assert (code, err) == (0, "1 finding (0 errors, 1 warning) in 1 file, 3 entries\n")
    assert out == (
        f"{path}:{second}: duplicate-api {B} is documented again for 2.12.0, as at {path}:{first}\n"
    )


def test_nesting_at_the_limit_stays_within_a_shallow_stack() -> None:
    """49 lists (98 levels) and 99 quotes, read whole with 300 frames to spare:
    the parser recurses twice a level, never past Python's stack."""
    text = THREE.format(a=entry(A), notes=notes(lists(49) + "\n" + quotes(99)), b=entry(B))
    depth, frame = 0, sys._getframe()
    while frame is not None:
        depth, frame = depth + 1, frame.f_back
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + 300)
    try:
        page = read(text)
    finally:
        sys.setrecursionlimit(limit)
    assert [e.api for e in page.entries] == [A, B, B]


@pytest.mark.parametrize(
    ("deep", "stop"),
    [(lists(60), "  " * 49 + "- level 50"), (quotes(120), quotes(120).rstrip("\n"))],
    ids=["60 nested lists", "120 nested quotes"],
)
def test_nesting_past_the_limit_is_an_error_where_reading_stops(
    cli: Invoke, tmp_path: Path, deep: str, stop: str
) -> None:
    """Past 100 levels the page is not read in part, as if whole: it is one
    error line, at the line where the parser would stop reading it."""
    text = THREE.format(a=entry(A), notes=notes(deep), b=entry(B))
    path = page_file(tmp_path, text)
    other = path.with_name("torch-other.md")
    other.write_text(f"# torch.other\n\n{entry('torch.other.c')}", encoding="utf-8")
    line = line_of(path, stop)
    code, out, err = cli("lint", str(tmp_path))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "0 findings (0 errors, 0 warnings) in 1 file, 1 entry",
        f"docs-check: error: {path}:{line}: markup nested more than 100 levels deep "
        "(lists, block quotes); file skipped",
    ]


def test_a_big_page_read_in_parts_is_the_same_error() -> None:
    """A page cut for the workers (checker.read.split) gives the error of the
    part nested too deep, for the whole page, as one process does."""
    many = "".join(entry(f"torch.sprocket.f{n:04d}") for n in range(600))
    text = THREE.format(a=many, notes=notes(lists(60)), b=many)
    assert len(text) >= 2 * PART_MIN_SIZE
    path = "docs/zh/pytorch_2-12-0/torch-sprocket.md"
    doc, data = DocFile(path, "2.12.0", "zh"), text.encode("utf-8")
    assert work_units([(doc, data, None)], CATALOGUE, None, workers=2)[1] == [2]
    line = text.splitlines().index("  " * 49 + "- level 50") + 1
    error = (
        f"{path}:{line}: markup nested more than 100 levels deep (lists, block quotes); "
        "file skipped"
    )
    for jobs in (1, 2):
        assert list(read_all([(doc, data, None)], CATALOGUE, None, jobs)) == [error]


# -- a status table without product rows -----------------------------------------------------

HEADER_ONLY = "| 硬件 | 是否支持 |\n| ---- | :----: |\n"


def test_a_status_table_without_product_rows_is_missing_status(cli: Invoke, tmp_path: Path) -> None:
    text = "# torch.sprocket\n\n" + entry(A, HEADER_ONLY) + entry(B)
    (a, b) = read(text).entries
    assert (a.api, a.status, a.raw, a.format) == (A, None, "", "table")
    assert b.status is not None
    path = page_file(tmp_path, text)
    code, out, err = cli("lint", str(tmp_path))
    assert (code, err) == (1, "1 finding (1 error, 0 warnings) in 1 file, 2 entries\n")
    assert out == f"{path}:3: missing-status {A} has no support status\n"


# -- a page that is only a byte order mark ---------------------------------------------------


@pytest.mark.parametrize(
    "data", [b"\xef\xbb\xbf", b"\xef\xbb\xbf\n \t\n"], ids=["bom", "bom and blanks"]
)
def test_a_page_of_only_a_byte_order_mark_is_empty(
    cli: Invoke, tmp_path: Path, data: bytes
) -> None:
    with pytest.raises(InputError) as raised:
        decode_page("x.md", data)
    assert str(raised.value) == "x.md: empty file"
    path = page_file(tmp_path, "")
    path.write_bytes(data)
    code, out, err = cli("lint", str(tmp_path))
    assert (code, out) == (2, "")
    assert err.splitlines() == [
        "0 findings (0 errors, 0 warnings) in 0 files, 0 entries",
        f"docs-check: error: {path}: empty file",
    ]
