"""`docs-check fix` on small pages in every format (tests/fixtures/rewrite/fix,
copied into tmp_path): exactly the lines of the certain fixes change, the
tree then lints clean of them with nothing new, a second run changes nothing
and writes no file, and a page whose fix would change what it says is left
as it was. The corpus test fixes every nonstandard mark of a real page."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.helpers import FIXTURES, working_copy, writable_copy

FIX = FIXTURES / "rewrite" / "fix"
V12 = "docs/zh/api/native_api/pytorch_2-12-0"
FFT, DATA, MENU, OVERVIEW = (
    f"{V12}/torch-fft.md",
    f"{V12}/torch-utils-data.md",
    f"{V12}/PyTorch-2-12-0.md",
    f"{V12}/overview.md",
)
INLINE = f"{V12}/torch-accelerator.md"
ROWS = "docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"
OLD = 1_000_000_000_000_000_000  # an mtime (ns) no write leaves

# What --diff prints for the fixture tree, written by hand (context lines
# start with a space, which the editor must keep).
DIFF = (FIXTURES / "rewrite" / "fix.diff").read_text(encoding="utf-8")

# The lines each fix changes, by page: nothing else may change.
CHANGED = {
    MENU: {1},
    OVERVIEW: {3, 7, 8},
    FFT: {7, 14, 15, 31, 33},
    DATA: {16, 31, 34, 36},
}
SUPPRESSED = "not shown: 3 suppressed"


@pytest.fixture
def tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The fixture tree copied, and the current folder: paths print as docs/..."""
    return working_copy(FIX, tmp_path / "tree", monkeypatch)


def contents(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes() for p in root.rglob("*") if p.is_file()}


def age(root: Path) -> dict[str, int]:
    """Every file's mtime set far in the past; returns them, to compare after."""
    for path in root.rglob("*.md"):
        os.utime(path, ns=(OLD, OLD))
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*.md")}


def mtimes(root: Path) -> dict[str, int]:
    return {p.relative_to(root).as_posix(): p.stat().st_mtime_ns for p in root.rglob("*.md")}


def test_diff_prints_every_certain_fix_and_writes_nothing(tree: Path, cli: Invoke) -> None:
    before = contents(tree)
    code, out, err = cli("fix", "docs", "--diff")
    assert (code, out) == (1, DIFF)
    assert err == f"would fix 13 findings in 4 files; 0 left; {SUPPRESSED}\n"
    assert contents(tree) == before


def test_fix_changes_only_the_lines_fixed_and_lints_clean(tree: Path, cli: Invoke) -> None:
    code, out, _ = cli("lint", "docs", "-q")
    assert code == 1 and len(out.splitlines()) == 13
    before = contents(tree)
    code, out, err = cli("fix", "docs")
    assert out == (
        f"{MENU}: fixed 1 (version-title ×1)\n"
        f"{OVERVIEW}: fixed 4 (link-docs-version ×4)\n"
        f"{FFT}: fixed 5 (link-version ×1, nonstandard-mark ×3, link-docs-version ×1)\n"
        f"{DATA}: fixed 3 (block-id-mismatch ×1, block-npu-unknown ×1, block-id-duplicate ×1)\n"
    )
    assert (code, err) == (0, f"fixed 13 findings in 4 files; 0 left; {SUPPRESSED}\n")
    # nothing fixed is found again, nothing new is found; the suppressed stay suppressed
    assert cli("lint", "docs") == (
        0,
        "",
        f"0 findings (0 errors, 0 warnings) in 6 files, 10 entries; {SUPPRESSED}\n",
    )
    after = contents(tree)
    assert after.keys() == before.keys()  # no file made, none left behind (atomic writes)
    for name, old in before.items():
        old_lines, new_lines = old.split(b"\n"), after[name].split(b"\n")
        assert len(old_lines) == len(new_lines), name
        differ = {n for n, (a, b) in enumerate(zip(old_lines, new_lines, strict=True), 1) if a != b}
        assert differ == CHANGED.get(name, set()), name


def test_fix_is_idempotent_and_writes_nothing_the_second_time(tree: Path, cli: Invoke) -> None:
    assert cli("fix", "docs")[0] == 0
    fixed = contents(tree)
    times = age(tree)
    code, out, err = cli("fix", "docs")
    assert (code, out) == (0, "")
    assert err == f"fixed 0 findings in 0 files; 0 left; {SUPPRESSED}\n"
    assert cli("fix", "docs", "--diff")[:2] == (0, "")
    assert contents(tree) == fixed
    assert mtimes(tree) == times


def test_a_tree_with_nothing_to_fix_keeps_every_mtime(tree: Path, cli: Invoke) -> None:
    for name in (FFT, DATA, MENU, OVERVIEW):
        (tree / name).unlink()
    times = age(tree)
    assert set(times) == {INLINE, ROWS}  # an inline page and a rows page
    assert cli("fix", "docs") == (0, "", "fixed 0 findings in 0 files; 0 left\n")
    assert mtimes(tree) == times


def test_select_fixes_only_that_rule(tree: Path, cli: Invoke) -> None:
    code, out, err = cli("fix", "docs", "--select", "nonstandard-mark")
    assert out == f"{FFT}: fixed 3 (nonstandard-mark ×3)\n"
    assert (code, err) == (0, f"fixed 3 findings in 1 file; 0 left; {SUPPRESSED}\n")
    lines = (tree / FFT).read_text(encoding="utf-8").splitlines()
    assert [lines[n - 1] for n in (14, 15, 31)] == [
        "| <term>Atlas A3 训练系列产品</term> | ✔ |",
        "| <term>Ascend 950DT</term> | ✘ |",
        "| <term>Ascend 950DT</term> | ✘ |",
    ]
    assert "2.11/generated/torch.fft.fft.html" in lines[6]  # link-version not fixed
    # every other rule's findings are all still there
    code, out, _ = cli("lint", "docs", "-q")
    rules = sorted(line.split()[1] for line in out.splitlines())
    assert rules == sorted(
        ["version-title", "link-version", "block-id-mismatch", "block-npu-unknown"]
        + ["block-id-duplicate"]
        + ["link-docs-version"] * 5
    )


def test_suppressed_findings_are_not_fixed(tree: Path, cli: Invoke) -> None:
    lines = (tree / FFT).read_text(encoding="utf-8").splitlines()
    assert lines[40] == "<!-- docs-check-disable-next-line link-version -->"
    assert lines[45] == "<!-- docs-check-disable nonstandard-mark -->"
    assert cli("fix", "docs")[0] == 0
    after = (tree / FFT).read_text(encoding="utf-8").splitlines()
    assert after[:40] != lines[:40]  # the page was fixed...
    # ...but not the suppressed link-version, nor the ✓ rows in a disabled region
    assert after[40:] == lines[40:]
    assert "2.11/generated/torch.fft.rfft.html" in after[41]
    assert after[48:50] == [
        "| <term>Atlas A2 训练系列产品</term> | ✓ |",
        "| <term>Atlas A3 训练系列产品</term> | ✓ |",
    ]


def test_a_word_mark_is_fixed_in_its_cell_only(tree: Path, cli: Invoke) -> None:
    """`n` (no) is also in `Ascend`: the edit is the mark's cell, pipes and all."""
    page = tree / FFT
    text = page.read_text(encoding="utf-8")
    text = text.replace("| <term>Ascend 950DT</term> | ✗ |", "| <term>Ascend 950DT</term> | n |")
    page.write_text(text, encoding="utf-8")
    cli("fix", "docs", "--select", "nonstandard-mark")
    assert "| <term>Ascend 950DT</term> | ✘ |" in page.read_text(encoding="utf-8")


def test_a_fix_that_would_bring_a_new_finding_is_not_made(
    tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a word mark's fix to replace every occurrence of the word on its
    row (an edit of the text, not of the cell), `n` would change `Ascend`
    too. The page read back would name an unknown product (and its table so
    leave a product out, the first new finding told), so nothing of it is
    written: though --select reports only the marks, the proof sees every rule."""
    import checker.read.table as table
    from checker.model.edit import Edit

    monkeypatch.setattr(table, "_marked", lambda ctx, line, old, new: (Edit(line, old, new),))
    page = tree / FFT
    text = page.read_text(encoding="utf-8")
    text = text.replace("| <term>Ascend 950DT</term> | ✗ |", "| <term>Ascend 950DT</term> | n |")
    page.write_text(text, encoding="utf-8")
    for name in (DATA, MENU, OVERVIEW):
        (tree / name).unlink()
    before = page.read_bytes()
    code, out, err = cli("fix", "docs", "--select", "nonstandard-mark", "--no-cache")
    assert out == (
        f"{FFT}:11: not fixed: the fixed page would have a new product-set-differs finding"
        " at line 11\n"
        f"{FFT}:14: nonstandard-mark mark '是' (read as supported) instead of ✔ / ✘\n"
        f"{FFT}:15: nonstandard-mark mark 'n' (read as unsupported) instead of ✔ / ✘\n"
        f"{FFT}:31: nonstandard-mark mark '&#10007;' (✗, read as unsupported) instead of ✔ / ✘\n"
    )
    assert (code, err) == (1, f"fixed 0 findings in 0 files; 3 left; {SUPPRESSED}\n")
    assert page.read_bytes() == before


def test_a_fix_that_would_change_a_status_is_not_made(
    tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were the table reader to attach a wrong mark (✘ for a mark read as
    supported), its findings would go, and no new one come: reading the page
    back finds that the statuses changed, and the page is kept."""
    import checker.read.table as table
    from checker.model.support import Support

    swapped = {Support.SUPPORTED: "✘", Support.UNSUPPORTED: "✔"}
    monkeypatch.setattr(table, "MARK_OF", swapped)
    before = contents(tree)
    code, out, err = cli("fix", "docs", "--select", "nonstandard-mark", "--no-cache")
    assert out.splitlines()[0] == (
        f"{FFT}:3: not fixed: the fixed page would say something else of the entry at line 3"
    )
    assert (code, err) == (1, f"fixed 0 findings in 0 files; 3 left; {SUPPRESSED}\n")
    assert contents(tree) == before


def test_a_failed_write_leaves_the_page_and_no_temporary_file(
    tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    before = contents(tree)

    def refuse(source: object, target: object) -> None:
        raise PermissionError(13, "Permission denied", str(target))

    monkeypatch.setattr(os, "replace", refuse)
    code, _, err = cli("fix", "docs", "--select", "block-id-mismatch")
    assert code == 2
    assert "Permission denied" in err
    assert contents(tree) == before


def test_fix_removes_every_nonstandard_mark_of_a_real_page(
    corpus: Path, tmp_path: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """entity-8706fedbe's torch-distributed-elastic.md writes its marks as HTML
    entities: measured, 122 rows write &#10007; (and its ✔ as &#10004;, which
    reads as the house mark already). Every one becomes ✘, and nothing else
    of the page changes."""
    root = tmp_path / "entity"
    writable_copy(corpus / "entity-8706fedbe", root)
    monkeypatch.chdir(root)
    page = root / "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
    before = page.read_text(encoding="utf-8").split("\n")
    code, out, _ = cli("lint", "docs", "-q", "--select", "nonstandard-mark")
    marks = len(out.splitlines())
    assert (code, marks) == (0, 122)
    code, out, _ = cli("lint", "docs", "-q")
    others = [line for line in out.splitlines() if " nonstandard-mark " not in line]
    cli("fix", "docs")
    code, out, _ = cli("lint", "docs", "-q")
    assert out.splitlines() == others  # the marks gone, nothing else found, nothing new
    after = page.read_text(encoding="utf-8").split("\n")
    assert len(after) == len(before)
    changed = [(a, b) for a, b in zip(before, after, strict=True) if a != b]
    assert len(changed) == marks
    for old, new in changed:
        assert old.endswith("| &#10007; |") and new == old.replace("| &#10007; |", "| ✘ |")


def test_a_line_separator_in_the_text_does_not_move_a_fix(tree: Path, cli: Invoke) -> None:
    page = tree / FFT
    text = page.read_text(encoding="utf-8").replace(
        "# torch.fft\n", "# torch.fft\n\n说明\u2028续\n", 1
    )
    page.write_text(text, encoding="utf-8")
    cli("fix", "docs", "--select", "nonstandard-mark")
    assert "| ✗ |" not in page.read_text(encoding="utf-8")


def test_a_crlf_page_with_a_bom_keeps_both(tree: Path, cli: Invoke) -> None:
    page = tree / FFT
    lf = page.read_bytes()
    page.write_bytes(b"\xef\xbb\xbf" + lf.replace(b"\n", b"\r\n"))
    assert cli("fix", "docs", "--select", "nonstandard-mark")[0] == 0
    fixed = (
        lf.replace("| 是 |".encode(), "| ✔ |".encode())
        .replace("| ✗ |".encode(), "| ✘ |".encode())
        .replace(b"| &#10007; |", "| ✘ |".encode())
    )
    assert page.read_bytes() == b"\xef\xbb\xbf" + fixed.replace(b"\n", b"\r\n")


def test_paths_may_come_from_a_file_as_lintrunner_and_pre_commit_pass_them(
    tree: Path, cli: Invoke
) -> None:
    (tree / "pages.txt").write_text(f"{DATA}\n", encoding="utf-8")
    code, out, _ = cli("fix", "--diff", "@pages.txt")
    assert code == 1
    assert [line for line in out.splitlines() if line.startswith("+++ ")] == [f"+++ b/{DATA}"]
