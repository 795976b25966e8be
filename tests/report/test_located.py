"""The one split of a `ref:path` name into the ref and the path in the repository."""

from __future__ import annotations

from checker.report.located import located


def test_a_path_at_a_ref_read_is_split() -> None:
    assert located("v2.12.0:docs/x.md", ["master", "v2.12.0"]) == ("v2.12.0", "docs/x.md")
    assert located("release/v2.12.0:docs/x.md", ["release/v2.12.0"]) == (
        "release/v2.12.0",
        "docs/x.md",
    )


def test_any_other_path_is_a_file_path_colons_and_all() -> None:
    assert located("v2.12.0:docs/x.md", []) == (None, "v2.12.0:docs/x.md")
    assert located("docs/a:b.md", ["docs"]) == (None, "docs/a:b.md")
    assert located("v2:docs/x.md", ["v2.12"]) == (None, "v2:docs/x.md")


def test_the_longest_ref_wins() -> None:
    assert located("a:b:docs/x.md", ["a", "a:b"]) == ("a:b", "docs/x.md")
    assert located("a:b:docs/x.md", ["a:b", "a"]) == ("a:b", "docs/x.md")
