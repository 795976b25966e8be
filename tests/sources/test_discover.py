"""Discovery: which files are API pages, of which version and language."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.errors import UsageError
from checker.model.docfile import DocFile
from checker.sources.discover import discover, doc_file
from tests.helpers import FIXTURES

TREE = FIXTURES / "read" / "discover"
DOCS = TREE / "docs"

# Every API page in the tree, by hand: the files inside pytorch_X-Y-Z folders,
# except the one in a hidden folder.
PAGES = {
    DOCS / "en/native_apis/pytorch_2-7-1/torch-sprocket.md": ("2.7.1", "en"),
    DOCS / "zh/api/native_api/pytorch_2-11-0/torch-sprocket.md": ("2.11.0", "zh"),
    DOCS / "zh/api/native_api/pytorch_2-12-0/torch-chain.md": ("2.12.0", "zh"),
    DOCS / "zh/api/native_api/pytorch_2-12-0/torch-sprocket.md": ("2.12.0", "zh"),
    DOCS / "zh/native_apis/pytorch_2-7-1/torch-sprocket.md": ("2.7.1", "zh"),
}


def test_discover_finds_every_page_with_version_and_language() -> None:
    found = discover([str(TREE)])
    assert {Path(doc.path): (doc.version, doc.lang) for doc in found} == PAGES
    assert len(found) == len(PAGES)  # no page twice


def test_discover_skips_files_outside_version_folders() -> None:
    paths = {Path(doc.path).name for doc in discover([str(TREE)])}
    assert "menu_native_api.md" not in paths
    assert "appendixes.md" not in paths
    assert "legend.txt" not in paths


def test_discover_skips_hidden_folders() -> None:
    assert all(".drafts" not in doc.path for doc in discover([str(TREE)]))


def test_discover_order_is_sorted_by_path() -> None:
    found = discover([str(TREE)])
    assert [doc.path for doc in found] == sorted(str(path) for path in PAGES)


def test_discover_order_does_not_depend_on_the_order_of_arguments() -> None:
    parts = [
        str(DOCS / "zh/api/native_api/pytorch_2-12-0"),
        str(DOCS / "en"),
        str(DOCS / "zh/native_apis"),
    ]
    forward = discover(parts)
    backward = discover(list(reversed(parts)))
    assert forward == backward
    assert [doc.path for doc in forward] == sorted(doc.path for doc in forward)
    assert len(forward) == 4


def test_discover_lists_a_page_once_when_given_twice() -> None:
    folder = DOCS / "zh/api/native_api/pytorch_2-12-0"
    page = folder / "torch-chain.md"
    found = discover([str(folder), str(page), str(folder)])
    assert [Path(doc.path).name for doc in found] == ["torch-chain.md", "torch-sprocket.md"]


def test_discover_a_single_file() -> None:
    page = DOCS / "zh/api/native_api/pytorch_2-11-0/torch-sprocket.md"
    assert discover([str(page)]) == [DocFile(str(page), "2.11.0", "zh")]


def test_discover_relative_path_inside_a_version_folder(monkeypatch: pytest.MonkeyPatch) -> None:
    # the version folder is above the working directory, not in the given path
    monkeypatch.chdir(DOCS / "en/native_apis/pytorch_2-7-1")
    assert discover(["."]) == [DocFile("torch-sprocket.md", "2.7.1", "en")]


def test_discover_writes_paths_as_pathlib_does_and_skips_a_bare_dot_md(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "docs/pytorch_2-13-0"
    folder.mkdir(parents=True)
    for name in ("torch.md", ".md", "UPPER.MD"):
        (folder / name).write_text("# t\n", "utf-8")
    monkeypatch.chdir(tmp_path)
    expected = [
        DocFile(f"docs/pytorch_2-13-0/{name}", "2.13.0", "zh") for name in ("UPPER.MD", "torch.md")
    ]
    assert discover(["./docs"]) == expected
    assert discover(["docs/"]) == expected
    walked = discover(["docs/../docs"])  # as written: pathlib keeps the ..
    assert [doc.path for doc in walked] == [f"docs/../{doc.path}" for doc in expected]


def test_discover_missing_path_is_a_usage_error(tmp_path: Path) -> None:
    missing = tmp_path / "no-such-docs"
    with pytest.raises(UsageError) as raised:
        discover([str(missing)])
    assert str(missing) in str(raised.value)


def test_discover_folder_without_api_pages_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no API pages"):
        discover([str(FIXTURES / "read" / "discover-none")])


def test_discover_file_outside_version_folder_alone_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="no API pages"):
        discover([str(DOCS / "zh/api/native_api/menu_native_api.md")])


def test_discover_empty_folder_is_a_usage_error(tmp_path: Path) -> None:
    with pytest.raises(UsageError):
        discover([str(tmp_path)])


# -- doc_file: one path's version and language ---------------------------------


@pytest.mark.parametrize(
    ("path", "version", "lang"),
    [
        ("docs/zh/api/native_api/pytorch_2-12-0/torch-nn.md", "2.12.0", "zh"),
        ("docs/zh/native_apis/pytorch_2-7-1/torch-nn.md", "2.7.1", "zh"),
        ("docs/en/native_apis/pytorch_2-10-0/torch-nn.md", "2.10.0", "en"),
        ("/abs/docs/en/native_apis/pytorch_2-7-1/torch-nn.md", "2.7.1", "en"),
        # a sub-folder below the version folder still belongs to that version
        ("docs/en/native_apis/pytorch_2-7-1/extra/torch-nn.md", "2.7.1", "en"),
        # the nearest version folder wins
        ("docs/zh/pytorch_2-12-0/pytorch_2-11-0/torch-nn.md", "2.11.0", "zh"),
        # leading zeros are numbers, not text
        ("docs/zh/native_apis/pytorch_2-07-01/torch-nn.md", "2.7.1", "zh"),
        ("docs/zh/native_apis/pytorch_2-12-0/torch-nn.MD", "2.12.0", "zh"),
    ],
)
def test_doc_file_version_and_language(path: str, version: str, lang: str) -> None:
    assert doc_file(Path(path)) == DocFile(path, version, lang)


def test_doc_file_language_folder_below_the_version_does_not_count() -> None:
    # "en" here is a sub-folder of a zh version folder, not the docs language
    doc = doc_file(Path("docs/zh/native_apis/pytorch_2-7-1/en/torch-nn.md"))
    assert doc is not None
    assert doc.lang == "zh"


@pytest.mark.parametrize(
    "path",
    [
        "docs/zh/api/native_api/menu_native_api.md",
        "docs/zh/native_apis/overview/pytorch-2-12-0.md",
        "docs/zh/native_apis/pytorch_2-12/torch-nn.md",  # not X-Y-Z
        "docs/zh/native_apis/pytorch_2-12-0-rc/torch-nn.md",
        "docs/zh/native_apis/pytorch_2-12-0/figure.png",
        "docs/zh/native_apis/pytorch_2-12-0.md",  # the version is the file, not a folder
    ],
)
def test_doc_file_non_api_paths(path: str) -> None:
    assert doc_file(Path(path)) is None
