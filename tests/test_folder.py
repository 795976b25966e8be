"""checker.folder: a site written whole or not at all, in place of nothing,
an empty folder or one docs-check wrote, and never of anyone else's."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from checker.errors import UsageError
from checker.folder import MARK, replace_folder


def _tree(folder: Path) -> dict[str, bytes]:
    return {
        str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()
    }


def test_a_new_folder_is_made_with_its_mark(tmp_path: Path) -> None:
    replace_folder(str(tmp_path / "a" / "site"), {"index.html": b"x", "pages/p.html": b"y"})
    assert _tree(tmp_path / "a" / "site") == {
        MARK: (tmp_path / "a" / "site" / MARK).read_bytes(),
        "index.html": b"x",
        "pages/p.html": b"y",
    }
    assert oct((tmp_path / "a" / "site").stat().st_mode & 0o777) == oct(0o777 & ~_umask())


def test_an_old_site_is_replaced_whole_and_nothing_is_left_beside_it(tmp_path: Path) -> None:
    site = tmp_path / "site"
    replace_folder(str(site), {"index.html": b"old", "pages/gone.html": b"old"})
    replace_folder(str(site), {"index.html": b"new"})
    assert _tree(site) == {MARK: (site / MARK).read_bytes(), "index.html": b"new"}
    assert os.listdir(tmp_path) == ["site"]


def test_an_empty_folder_is_taken(tmp_path: Path) -> None:
    (tmp_path / "site").mkdir()
    replace_folder(str(tmp_path / "site"), {"index.html": b"x"})
    assert (tmp_path / "site" / "index.html").read_bytes() == b"x"


def test_a_folder_of_other_files_is_left_as_it_is(tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_bytes(b"mine")
    with pytest.raises(UsageError, match="holds files docs-check did not write"):
        replace_folder(str(tmp_path), {"index.html": b"x"})
    assert _tree(tmp_path) == {"notes.txt": b"mine"}


def test_a_symlink_is_not_followed_into_another_folder(tmp_path: Path) -> None:
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "site").symlink_to(tmp_path / "elsewhere")
    with pytest.raises(UsageError, match="not a folder"):
        replace_folder(str(tmp_path / "site"), {"index.html": b"x"})
    assert not any((tmp_path / "elsewhere").iterdir())


@pytest.mark.parametrize("removable", [True, False], ids=["removable", "stuck"])
def test_a_failed_move_puts_the_old_site_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, removable: bool
) -> None:
    """And says why, even when the half-made folder cannot be removed."""
    site = tmp_path / "site"
    replace_folder(str(site), {"index.html": b"old"})
    before = _tree(site)
    _no_room_for_the_new_site(monkeypatch)
    if not removable:
        _undeletable_marks(monkeypatch)
    with pytest.raises(UsageError, match="cannot write: No space left on device"):
        replace_folder(str(site), {"index.html": b"new"})
    assert _tree(site) == before
    if removable:  # neither the new folder nor the old one's copy is left
        assert os.listdir(tmp_path) == ["site"]


def test_a_site_folders_deep_is_made_with_its_folders(tmp_path: Path) -> None:
    site = tmp_path / "a" / "b" / "site"
    replace_folder(str(site), {"pages/v/p.html": b"y"})
    assert _tree(site) == {MARK: (site / MARK).read_bytes(), "pages/v/p.html": b"y"}


def test_a_place_under_a_file_cannot_be_written(tmp_path: Path) -> None:
    (tmp_path / "file").write_bytes(b"")
    with pytest.raises(UsageError) as raised:
        replace_folder(str(tmp_path / "file" / "site"), {"index.html": b"x"})
    assert str(raised.value) == f"{tmp_path / 'file' / 'site'}: cannot write: File exists"
    assert os.listdir(tmp_path) == ["file"]


def test_an_old_site_that_cannot_be_removed_leaves_the_new_one_in_place(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "site"
    replace_folder(str(site), {"index.html": b"old"})
    _undeletable_marks(monkeypatch)
    replace_folder(str(site), {"index.html": b"new"})
    assert _tree(site) == {MARK: (site / MARK).read_bytes(), "index.html": b"new"}
    (left,) = [name for name in os.listdir(tmp_path) if name != "site"]
    assert left.startswith(".site.old.")  # what could not be removed, beside it


def _undeletable_marks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every folder's mark cannot be removed from now on (as on a share that
    forbids it), so neither can the folder."""
    real_unlink = os.unlink

    def unlink(path: str, *args: object, **kwargs: object) -> None:
        if Path(path).name == MARK:
            raise PermissionError(13, "Permission denied", path)
        real_unlink(path, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(os, "unlink", unlink)


def _umask() -> int:
    from checker.files import current_umask

    return current_umask()


def _no_room_for_the_new_site(monkeypatch: pytest.MonkeyPatch) -> None:
    """The move of the new site into place fails, as on a full disk; the
    move of the old one aside (and back) still works."""
    real_rename = os.rename

    def failing(source: str, target: str | Path) -> None:
        if Path(source).name.startswith(".site.") and ".old." not in Path(source).name:
            raise OSError(28, "No space left on device")
        real_rename(source, target)

    monkeypatch.setattr(os, "rename", failing)


def test_what_a_user_added_to_an_old_site_is_kept(tmp_path: Path) -> None:
    """A `CNAME` and a `.git/` folder added to publish the site stay, as they
    were; the old site's own files that the new one has not are gone."""
    site = tmp_path / "site"
    replace_folder(str(site), {"index.html": b"old", "pages/gone.html": b"old"})
    (site / "CNAME").write_bytes(b"docs.example.org\n")
    (site / ".git" / "objects").mkdir(parents=True)
    (site / ".git" / "HEAD").write_bytes(b"ref: refs/heads/gh-pages\n")
    (site / "pages" / "notes.txt").write_bytes(b"mine")
    (site / "link").symlink_to("index.html")
    replace_folder(str(site), {"index.html": b"new", "pages/p.html": b"new"})
    assert _tree(site) == {
        MARK: (site / MARK).read_bytes(),
        "CNAME": b"docs.example.org\n",
        ".git/HEAD": b"ref: refs/heads/gh-pages\n",
        "index.html": b"new",
        "link": b"new",  # the symlink, kept as one
        "pages/notes.txt": b"mine",
        "pages/p.html": b"new",
    }
    assert (site / ".git" / "objects").is_dir() and os.readlink(site / "link") == "index.html"
    assert os.listdir(tmp_path) == ["site"]


def test_a_user_file_the_new_site_would_write_over_is_refused(tmp_path: Path) -> None:
    site = tmp_path / "site"
    replace_folder(str(site), {"index.html": b"old"})
    (site / "apis.html").write_bytes(b"mine")
    before = _tree(site)
    with pytest.raises(UsageError) as raised:
        replace_folder(str(site), {"index.html": b"new", "apis.html": b"new"})
    assert str(raised.value) == (
        f"{site}: the site would write over apis.html, which docs-check did not write"
    )
    assert _tree(site) == before
