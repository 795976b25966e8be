"""Issue 28's cases against the rewriting commands (`fix`, `migrate`,
`new-version`), each named after its case: an edit saved while a command
runs is never reverted, a page is never written larger than docs-check reads,
mode and ownership are kept and a read-only page refused, pages reached
through a symlink leaving the tree are refused (and links inside it left as
links), new-version keeps links as links and names only canonical versions."""

from __future__ import annotations

import os
import shutil
import stat
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.helpers import FIXTURES, working_copy

FIX = FIXTURES / "rewrite" / "fix"
MIGRATE = FIXTURES / "migrate"
NEW_VERSION = FIXTURES / "rewrite" / "new-version"
V12 = "docs/zh/api/native_api/pytorch_2-12-0"
MENU, FFT, OVERVIEW = f"{V12}/PyTorch-2-12-0.md", f"{V12}/torch-fft.md", f"{V12}/overview.md"
ACCELERATOR = f"{V12}/torch-accelerator.md"
NATIVE = "docs/zh/native_apis/pytorch_2-12-0"


@pytest.fixture
def fix_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return working_copy(FIX, tmp_path / "tree", monkeypatch)


@pytest.fixture
def migrate_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return working_copy(MIGRATE, tmp_path / "tree", monkeypatch)


def after_reading(monkeypatch: pytest.MonkeyPatch, page: str, then: Callable[[Path], None]) -> None:
    """The rewrite's own read of `page` (checker.rewrite.source) followed by
    `then`: what a person's editor saving the page at that moment does."""
    from checker.rewrite import source

    read = source.load_bytes

    def reading(path: str) -> bytes:
        data = read(path)
        if Path(path).resolve() == Path(page).resolve():
            then(Path(path))
        return data

    monkeypatch.setattr(source, "load_bytes", reading)


def saved(text: str) -> Callable[[Path], None]:
    def save(path: Path) -> None:
        path.write_bytes(path.read_bytes() + text.encode("utf-8"))

    return save


# 1. An edit saved while the command runs is never reverted.


def test_fix_refuses_a_page_edited_while_it_ran(
    fix_tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    after_reading(monkeypatch, MENU, saved("\nA line a person just saved.\n"))
    edited = (fix_tree / MENU).read_text(encoding="utf-8") + "\nA line a person just saved.\n"
    code, out, err = cli("fix", "docs")
    assert code == 2
    assert (fix_tree / MENU).read_text(encoding="utf-8") == edited  # the edit stays
    assert f"{MENU}: fixed" not in out
    assert f"{OVERVIEW}: fixed 4 (link-docs-version ×4)" in out  # the others are written
    assert err.endswith(
        f"docs-check: error: {MENU}: not written: the page changed while docs-check"
        " rewrote it; run again\n"
    )


def test_migrate_refuses_a_page_edited_while_it_ran(
    migrate_tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = f"{V12}/torch-accelerator.md"
    original = (migrate_tree / page).read_bytes()
    after_reading(monkeypatch, page, saved("Saved.\n"))
    code, out, err = cli("migrate", "--to", "blocks", "docs")
    assert code == 2
    assert (migrate_tree / page).read_bytes() == original + b"Saved.\n"
    assert f"{page}: rewritten" not in out and f"{FFT}: rewritten" in out
    assert (
        f"docs-check: error: {page}: not written: the page changed while docs-check"
        " rewrote it; run again\n"
    ) in err


def test_migrate_refuses_a_page_edited_after_the_model_was_read(
    migrate_tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The edit lands between reading the docs and the rewrite's own read of
    the page: the statuses it computed are of text no longer there."""
    page = f"{V12}/torch-accelerator.md"
    from checker.rewrite import source

    read = source.load_bytes

    def edited_first(path: str) -> bytes:
        if Path(path).resolve() == Path(page).resolve():
            Path(path).write_bytes(
                Path(path).read_bytes().replace("是，".encode(), "否，".encode())
            )
        return read(path)

    monkeypatch.setattr(source, "load_bytes", edited_first)
    code, _, err = cli("migrate", "--to", "blocks", "docs")
    assert code == 2
    assert "否，".encode() in (migrate_tree / page).read_bytes()
    assert f"docs-check: error: {page}: not written: the page changed while docs-check" in err


# 2. Nothing is written that docs-check could not read back.


def test_migrate_refuses_a_page_it_could_not_read_back(
    migrate_tree: Path, cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The input limit made small (the real one is 16 MiB): the page reads,
    its migration would be larger than the limit."""
    from checker.read import load

    page = migrate_tree / ACCELERATOR
    original = page.read_bytes()
    assert cli("migrate", "--to", "blocks", ACCELERATOR)[0] == 1  # one entry is left
    size = len(page.read_bytes())
    page.write_bytes(original)
    limit = len(original) + 16
    assert size > limit
    monkeypatch.setattr(load, "MAX_BYTES", limit)
    code, out, err = cli("migrate", "--to", "blocks", ACCELERATOR)
    assert code == 2
    assert page.read_bytes() == original
    assert f"{ACCELERATOR}: rewritten" not in out
    assert err.endswith(
        f"docs-check: error: {ACCELERATOR}: not written: the rewritten page would be"
        f" {size} bytes, more than the {limit} docs-check reads\n"
    )


# 3. Mode and ownership kept; a read-only page refused.


def test_fix_keeps_a_page_s_mode_and_owner(fix_tree: Path, cli: Invoke) -> None:
    page = fix_tree / MENU
    os.chmod(page, 0o751)
    if os.geteuid() == 0:
        os.chown(page, 12345, 23456)
    assert cli("fix", "docs")[0] == 0
    info = page.stat()
    assert stat.S_IMODE(info.st_mode) == 0o751
    if os.geteuid() == 0:
        assert (info.st_uid, info.st_gid) == (12345, 23456)
    assert "2.12.0" in page.read_text(encoding="utf-8")  # and it was fixed


def test_fix_refuses_a_read_only_page(fix_tree: Path, cli: Invoke) -> None:
    page = fix_tree / MENU
    original = page.read_bytes()
    os.chmod(page, 0o444)
    code, out, err = cli("fix", "docs")
    assert code == 2
    assert page.read_bytes() == original and stat.S_IMODE(page.stat().st_mode) == 0o444
    assert f"{MENU}: fixed" not in out and f"{OVERVIEW}: fixed" in out
    assert err.endswith(f"docs-check: error: {MENU}: not written: the page is read-only\n")


# 4. A page reached through a symlink leaving the tree is refused.


def outside_copy(tree: Path, page: str) -> Path:
    """`page` moved out of the tree, a symlink left in its place."""
    outside = tree.parent / "outside" / Path(page).name
    outside.parent.mkdir(exist_ok=True)
    shutil.move(tree / page, outside)
    (tree / page).symlink_to(outside)
    return outside


def test_fix_refuses_a_page_linked_from_outside_the_tree(fix_tree: Path, cli: Invoke) -> None:
    outside = outside_copy(fix_tree, FFT)
    original = outside.read_bytes()
    code, out, err = cli("fix", "docs")
    assert code == 2
    assert outside.read_bytes() == original
    assert (fix_tree / FFT).is_symlink()
    assert f"{FFT}: fixed" not in out and f"{OVERVIEW}: fixed" in out
    assert (
        f"docs-check: error: {FFT}: not rewritten: a symlink to {outside}, outside the tree docs\n"
    ) in err


def test_migrate_refuses_a_page_linked_from_outside_the_tree(
    migrate_tree: Path, cli: Invoke
) -> None:
    outside = outside_copy(migrate_tree, FFT)
    original = outside.read_bytes()
    code, _, err = cli("migrate", "--to", "blocks", "docs")
    assert code == 2
    assert outside.read_bytes() == original
    assert f"docs-check: error: {FFT}: not rewritten: a symlink to {outside}" in err


def test_fix_leaves_a_symlink_inside_the_tree_as_a_link(fix_tree: Path, cli: Invoke) -> None:
    """A link inside the tree is read at its own place (here another version's
    folder): it is not rewritten through; its target is fixed as its own page."""
    other = fix_tree / "docs/zh/api/native_api/pytorch_2-13-0"
    other.mkdir()
    (other / "torch-fft.md").symlink_to("../pytorch_2-12-0/torch-fft.md")
    code, out, _ = cli("fix", "docs")
    assert (other / "torch-fft.md").is_symlink()
    link = "docs/zh/api/native_api/pytorch_2-13-0/torch-fft.md"
    assert f"{FFT}: fixed" in out
    assert (
        f"{link}:1: not rewritten: a symlink to {fix_tree / FFT}; the file it links to"
        " is rewritten as its own page\n"
    ) in out
    assert code == 1  # the link's own findings (its version's links) are left


# 5. new-version keeps symlinks as links and refuses one leaving the tree.


@pytest.fixture
def versions(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    return working_copy(NEW_VERSION, tmp_path / "repo", monkeypatch)


def test_new_version_refuses_a_symlink_leaving_the_tree(
    versions: Path, cli: Invoke, tmp_path: Path
) -> None:
    secret = tmp_path / "outside" / "secret.txt"
    secret.parent.mkdir()
    secret.write_text("not for the docs\n", encoding="utf-8")
    (versions / NATIVE / "figure.png").symlink_to(secret)
    code, out, err = cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs")
    assert (code, out) == (2, "")
    assert err == (
        "created 0 pages (0 entries)\n"
        f"docs-check: error: {NATIVE}/figure.png: not copied: a symlink to {secret},"
        " outside the tree docs\n"
    )
    assert not (versions / "docs/zh/native_apis/pytorch_2-13-0").exists()


def test_new_version_keeps_a_symlink_inside_the_tree_as_a_link(versions: Path, cli: Invoke) -> None:
    images = versions / "docs/zh/native_apis/images"
    images.mkdir()
    (images / "figure.png").write_bytes(b"\x89PNG")
    (versions / NATIVE / "figure.png").symlink_to("../images/figure.png")
    code, _, _ = cli("new-version", "2.13.0", "--from", "2.12.0", "--docs", "docs")
    assert code == 0
    made = versions / "docs/zh/native_apis/pytorch_2-13-0/figure.png"
    assert made.is_symlink() and os.readlink(made) == "../images/figure.png"
    assert made.read_bytes() == b"\x89PNG"


# 6. Only canonical versions.


@pytest.mark.parametrize(
    ("arguments", "given"),
    [
        (("02.13.0", "--from", "2.12.0"), "02.13.0"),
        (("2.013.0", "--from", "2.12.0"), "2.013.0"),
        (("2.13.00", "--from", "2.12.0"), "2.13.00"),
        (("2.13.0", "--from", "02.12.0"), "02.12.0"),
    ],
)
def test_new_version_refuses_a_version_with_leading_zeros(
    versions: Path, cli: Invoke, arguments: tuple[str, ...], given: str
) -> None:
    code, out, err = cli("new-version", *arguments, "--docs", "docs")
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: {given!r} is not a PyTorch version X.Y.Z"
        " (numbers without leading zeros)\n"
    )
    assert not any(p.name.startswith("pytorch_02") for p in versions.rglob("*"))
