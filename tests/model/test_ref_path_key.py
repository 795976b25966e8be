"""A page at a git ref sorts by its `ref:path` name's path_key, which a
history's thousands of names make from the parts' keys, each made once."""

from __future__ import annotations

import pytest

from checker.model.version import path_key, ref_path_key

REFS = ["master", "v2.7.1-7.3.0", "r12", "115346fee", "c70e59540", "7", ""]
PATHS = [
    "docs/zh/api/native_api/pytorch_2-13-0/torch-p1.md",
    "x.md",
    "2-x",
    "",
    "docs/a10b",
]


@pytest.mark.parametrize("ref", REFS)
def test_the_key_of_a_ref_and_a_path_is_that_of_its_name(ref: str) -> None:
    for path in PATHS:
        assert ref_path_key(ref, path) == path_key(f"{ref}:{path}")
    names = [(r, p) for r in REFS for p in PATHS]
    assert sorted(names, key=lambda name: ref_path_key(*name)) == sorted(
        names, key=lambda name: path_key(f"{name[0]}:{name[1]}")
    )
