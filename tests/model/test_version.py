"""torch-npu releases: the release a page was read at, from its path, and the
order of releases."""

from __future__ import annotations

import pytest

from checker.model.version import page_release, release_key

PAGE = "docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"


@pytest.mark.parametrize(
    ("path", "release"),
    [
        # filesystem paths: a folder named like the branch, or with a prefix before `-`
        (f"/work/shared/corpus/ascend-pytorch/rows-v2.7.1-7.3.0/{PAGE}", "7.3.0"),
        (f"/src/v2.7.1-7.3.0/{PAGE}", "7.3.0"),
        (f"checkouts/torch-npu-v2.1.0-6.0.rc1/{PAGE}", "6.0.rc1"),
        (f"checkouts/v2.1.0-6.0.RC2/{PAGE}", "6.0.rc2"),
        (f"C:\\src\\rows-v2.6.0-7.1.0\\{PAGE.replace('/', chr(92))}", "7.1.0"),
        # the innermost folder named like a release wins
        (f"/old/v2.6.0-7.1.0/copy/rows-v2.7.1-7.3.0/{PAGE}", "7.3.0"),
        # git pages, `ref:path`
        (f"v2.7.1-7.3.0:{PAGE}", "7.3.0"),
        (f"origin/v2.7.1-7.3.0:{PAGE}", "7.3.0"),
        (f"refs/heads/v2.6.0-7.1.0:{PAGE}", "7.1.0"),
    ],
)
def test_page_release(path: str, release: str) -> None:
    assert page_release(path) == release


@pytest.mark.parametrize(
    "path",
    [
        f"/work/shared/corpus/ascend-pytorch/master/{PAGE}",
        PAGE,  # a working tree, relative
        f"master:{PAGE}",
        f"0123abcd:{PAGE}",
        f"/src/v2.7.1-7.3.0-old/{PAGE}",  # the name must end with the release
        f"/src/rowsv2.7.1-7.3.0/{PAGE}",  # a prefix is set off by `-`
        f"/src/v2.7.1/{PAGE}",  # a torch version alone is no release
        f"/src/2.7.1-7.3.0/{PAGE}",
        "v2.7.1-7.3.0.md",  # the page's own name is no folder
        "",
    ],
)
def test_no_release(path: str) -> None:
    assert page_release(path) is None


def test_release_order() -> None:
    ordered = ["5.0.rc3", "6.0.rc1", "6.0.rc2", "6.0.0", "6.0.1", "7.0.0", "7.3.0", "7.10.0"]
    assert sorted(ordered, key=release_key) == ordered
    assert sorted(reversed(ordered), key=release_key) == ordered
    assert release_key("6.0.RC1") == release_key("6.0.rc1")
