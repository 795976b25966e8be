"""`docs-check new-version NEW --from OLD` on a small docs root in every layout
and language (tests/fixtures/rewrite/new-version, copied into tmp_path), and
on a copy of the real master docs: every docs link and the old version's
name rewritten, statuses copied byte for byte, nothing overwritten, nothing
written at all when anything is wrong."""

from __future__ import annotations

import os
import shutil
from collections import Counter
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.helpers import FIXTURES, working_copy

NEW_VERSION = FIXTURES / "rewrite" / "new-version"
FOLDERS = (
    "docs/en/native_apis/pytorch_2-12-0",
    "docs/zh/api/native_api/pytorch_2-12-0",
    "docs/zh/native_apis/pytorch_2-12-0",
)
API = "docs/zh/api/native_api/pytorch_2-13-0"
CREATED = (
    "docs/en/native_apis/pytorch_2-13-0/torch-distributed-elastic.md: created (docs links ×2)\n"
    f"{API}/PyTorch-2-13-0.md: created (version names ×1)\n"
    f"{API}/overview.md: created (docs links ×2, version names ×1)\n"
    f"{API}/torch-fft.md: created (docs links ×5)\n"
    "docs/zh/native_apis/pytorch_2-13-0/torch-utils-data.md: created"
    " (docs links ×2, version names ×1)\n"
)
SUMMARY = (
    "created 5 pages (6 entries); statuses copied unchanged from 2.12.0:"
    " claims still to verify for 2.13.0\n"
)
# The lines each new page changes, by its old page; every other line, the
# statuses among them, is the old page's byte for byte.
REWRITTEN = {
    "docs/en/native_apis/pytorch_2-12-0/torch-distributed-elastic.md": {4, 9},
    "docs/zh/api/native_api/pytorch_2-12-0/PyTorch-2-12-0.md": {1},
    "docs/zh/api/native_api/pytorch_2-12-0/overview.md": {3, 9},
    "docs/zh/api/native_api/pytorch_2-12-0/torch-fft.md": {4, 10, 20, 28},
    "docs/zh/native_apis/pytorch_2-12-0/torch-utils-data.md": {4, 10},
}


CANONICAL = " (numbers without leading zeros)"


@pytest.fixture
def root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return working_copy(NEW_VERSION, tmp_path / "repo", monkeypatch)


def contents(root: Path) -> dict[str, bytes]:
    """Every file and folder (hidden ones too: a staging folder left behind)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes() if p.is_file() else b"/"
        for p in root.rglob("*")
    }


def as_new(line: str) -> str:
    """A line as new-version must write it: docs links into 2.13, 2.12.0 named 2.13.0."""
    for old in ("docs/2.12/", "docs/2.11/"):
        line = line.replace(old, "docs/2.13/")
    return line.replace("PyTorch 2.12.0", "PyTorch 2.13.0")


def test_new_version_in_every_layout_and_language(root: Path, cli: Invoke) -> None:
    before = contents(root)
    assert cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs") == (
        0,
        CREATED,
        SUMMARY,
    )
    after = contents(root)
    assert {name: after[name] for name in before} == before  # nothing else touched
    made = sorted(set(after) - set(before))
    # each 2.12.0 folder's files and folders, for 2.13.0 (the menu page renamed)
    assert made == sorted(
        name.replace("2-12-0", "2-13-0") for name in before if name.startswith(FOLDERS)
    )
    assert f"{API}/PyTorch-2-13-0.md" in made
    # the picture is copied as it is, though it names the old version
    svg = "docs/zh/api/native_api/pytorch_2-13-0/figures/fft.svg"
    assert after[svg] == before[svg.replace("2-13-0", "2-12-0")]
    for name, lines in REWRITTEN.items():
        old = before[name].decode().split("\n")
        new = after[name.replace("2-12-0", "2-13-0")].decode().split("\n")
        assert len(new) == len(old)
        differ = {n for n, (a, b) in enumerate(zip(old, new, strict=True), 1) if a != b}
        assert differ == lines, name
        assert new == [as_new(line) for line in old], name
    # the menu page renamed and retitled; another version's name is not the old one's
    assert after[f"{API}/PyTorch-2-13-0.md"].startswith("# PyTorch 2.13.0版本\n".encode())
    assert "PyTorch 2.11.0版本的支持情况".encode() in after[f"{API}/overview.md"]


def test_the_new_folders_lint_with_what_the_old_ones_had_less_the_versions(
    root: Path, cli: Invoke
) -> None:
    old_folders = [f"docs/{f.split('docs/')[1]}" for f in FOLDERS]
    # the fixture's zh and en pages document different APIs: not what this is about
    code, out, _ = cli("lint", "-q", "--ignore", "lang-parity", *old_folders)
    assert code == 1
    assert out == (
        "docs/zh/api/native_api/pytorch_2-12-0/torch-fft.md:18: nonstandard-mark"
        " mark '✗' (read as unsupported) instead of ✔ / ✘\n"
        "docs/zh/api/native_api/pytorch_2-12-0/torch-fft.md:20: link-docs-version"
        " link into PyTorch docs 2.11, the page documents 2.12.0:"
        " https://pytorch.org/docs/2.11/generated/torch.fft.rfft.html\n"
    )
    cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs")
    new_folders = [f.replace("2-12-0", "2-13-0") for f in old_folders]
    # the mark is a status, copied as it was; the stray link is rewritten too
    assert cli("lint", "-q", "--ignore", "lang-parity", *new_folders)[:2] == (
        0,
        f"{API}/torch-fft.md:18: nonstandard-mark mark '✗' (read as unsupported) "
        "instead of ✔ / ✘\n",
    )


def test_an_existing_folder_is_never_overwritten(root: Path, cli: Invoke) -> None:
    (root / "docs/en/native_apis/pytorch_2-13-0").mkdir()
    before = contents(root)
    assert cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs") == (
        2,
        "",
        "docs-check: error: docs/en/native_apis/pytorch_2-13-0 already exists; not overwritten\n",
    )
    assert contents(root) == before


@pytest.mark.parametrize(
    ("arguments", "said"),
    [
        (("2.13", "--from", "2.12.0"), "'2.13' is not a PyTorch version X.Y.Z" + CANONICAL),
        (("2.13.0", "--from", "v2.12.0"), "'v2.12.0' is not a PyTorch version X.Y.Z" + CANONICAL),
        (("2.12.0", "--from", "2.12.0"), "--from 2.12.0 is the version to make"),
        (("2.13.0", "--from", "2.10.0"), "no pytorch_2-10-0 folder under docs"),
    ],
)
def test_a_bad_version_is_a_usage_error(
    root: Path, cli: Invoke, arguments: tuple[str, ...], said: str
) -> None:
    before = contents(root)
    code, out, err = cli("new-version", *arguments, "--docs", "docs")
    assert (code, out, err) == (2, "", f"docs-check: error: {said}\n")
    assert contents(root) == before


def test_an_unreadable_page_writes_nothing(root: Path, cli: Invoke) -> None:
    (root / "docs/zh/native_apis/pytorch_2-12-0/bad.md").write_bytes(b"# x\n\xff\n")
    before = contents(root)
    assert cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs") == (
        2,
        "",
        "created 0 pages (0 entries)\n"
        "docs-check: error: docs/zh/native_apis/pytorch_2-12-0/bad.md:2:"
        " invalid UTF-8 at byte offset 4; file skipped\n",
    )
    assert contents(root) == before


def test_a_page_the_rewrite_cannot_make_right_writes_nothing(root: Path, cli: Invoke) -> None:
    """A menu page titled for yet another version: only the old version's name
    is rewritten, so the new page would still name another one."""
    menu = root / "docs/zh/api/native_api/pytorch_2-12-0/PyTorch-2-12-0.md"
    menu.write_text(menu.read_text(encoding="utf-8").replace("2.12.0", "2.11.0"), encoding="utf-8")
    before = contents(root)
    assert cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs") == (
        2,
        "",
        "created 0 pages (0 entries)\n"
        f"docs-check: error: {API}/PyTorch-2-13-0.md:1: still names another version"
        " (version-title)\n",
    )
    assert contents(root) == before


def test_a_folder_that_cannot_be_placed_leaves_none(
    root: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second of three folders fails to move into place: the first, already
    there, is taken back, and no staging folder is left."""
    before = contents(root)
    renames: list[str] = []
    rename = os.rename

    def second_fails(source: str, target: str) -> None:
        renames.append(str(target))
        if len(renames) == 2:  # as os.rename says it: the source named first
            raise PermissionError(13, "Permission denied", str(source), None, str(target))
        rename(source, target)

    monkeypatch.setattr(os, "rename", second_fails)
    code, out, err = cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs")
    assert (code, out) == (2, "")
    assert renames == [
        f"docs/{layout}/pytorch_2-13-0" for layout in ("en/native_apis", "zh/api/native_api")
    ]
    assert err == f"docs-check: error: {renames[1]}: cannot write: Permission denied\n"
    assert contents(root) == before


NATIVE = "docs/zh/api/native_api"
LINK_RULES = ("link-version", "link-docs-version", "version-title")


def rules_of(report: str) -> Counter[str]:
    return Counter(line.split()[1] for line in report.splitlines())


@pytest.fixture
def master(corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of master's 2.13.0 folder where it is in the repository; the
    current folder is the copy's root."""
    root = tmp_path / "master"
    folder = f"{NATIVE}/pytorch_2-13-0"
    shutil.copytree(corpus / "master" / folder, root / folder)
    monkeypatch.chdir(root)
    return root


def test_copying_the_folder_by_hand_leaves_thousands_of_version_findings(
    master: Path, cli: Invoke
) -> None:
    """What the team did: `cp -r pytorch_2-13-0 pytorch_2-14-0`. Measured:
    3249 entries, each with a native-doc link into 2.13 (link-version), 122
    other docs links (link-docs-version) and the menu page's title."""
    shutil.copytree(master / NATIVE / "pytorch_2-13-0", master / NATIVE / "pytorch_2-14-0")
    code, out, err = cli("lint", f"{NATIVE}/pytorch_2-14-0")
    counts = rules_of(out)
    assert code == 1
    assert {rule: counts[rule] for rule in LINK_RULES} == {
        "link-version": 3249,
        "link-docs-version": 122,
        "version-title": 1,
    }
    assert sum(counts[rule] for rule in LINK_RULES) == 3372
    assert err.endswith("in 62 files, 3249 entries\n")


def test_new_version_on_master_leaves_no_version_finding(master: Path, cli: Invoke) -> None:
    """The same folder made by new-version: every link and the title rewritten,
    the other findings those of 2.13.0 (the one link-version there is a link
    into another version, rewritten too)."""
    code, out, _ = cli("lint", f"{NATIVE}/pytorch_2-13-0")
    old = rules_of(out)
    assert old == Counter(
        {
            "notes-product": 4,
            "notes-contradict-status": 2,
            "product-set-differs": 1,
            "link-version": 1,
        }
    )
    code, out, err = cli("new-version", "2.14.0", "--from", "2.13.0", "--docs", "docs")
    assert code == 0
    assert len(out.splitlines()) == 62
    assert f"{NATIVE}/pytorch_2-14-0/PyTorch-2-14-0.md: created (version names ×1)\n" in out
    assert err == (
        "created 62 pages (3249 entries); statuses copied unchanged from 2.13.0:"
        " claims still to verify for 2.14.0\n"
    )
    code, out, err = cli("lint", f"{NATIVE}/pytorch_2-14-0")
    new = rules_of(out)
    assert not any(rule.startswith("link-") or rule == "version-title" for rule in new)
    assert new == old - Counter({"link-version": 1})
    assert err.endswith("in 62 files, 3249 entries\n")
