"""A page as checker.rewrite.source holds it for a rewrite: every byte it does
not mean to change written back as it was, byte order mark and CRLF included."""

from __future__ import annotations

import codecs
from pathlib import Path

import pytest

from checker.errors import InputError
from checker.rewrite.replacements import Replacement, replaced
from checker.rewrite.source import load_source
from checker.rewrite.written import PageRewrite, write_changes

TEXT = "# torch.fft\r\n\r\n| <term>Ascend 950DT</term> | ✗ |\r\n\r\n</div>"


def rewrite_row(path: Path) -> bytes:
    source = load_source(str(path))
    after = replaced(source.lines, [Replacement(3, 3, ("| <term>Ascend 950DT</term> | ✘ |",))])
    write_changes([PageRewrite(str(path), source, after)])
    return path.read_bytes()


def test_a_bom_survives_a_rewrite_byte_for_byte(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(codecs.BOM_UTF8 + TEXT.encode())
    source = load_source(str(page))
    assert source.bom and not source.text.startswith("\ufeff")
    expected = codecs.BOM_UTF8 + TEXT.replace("✗", "✘").encode()
    assert rewrite_row(page) == expected


def test_a_page_without_bom_gets_none(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(TEXT.encode())
    assert not load_source(str(page)).bom
    assert rewrite_row(page) == TEXT.replace("✗", "✘").encode()


def test_crlf_lines_and_the_missing_final_newline_are_kept(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(TEXT.encode())
    source = load_source(str(page))
    assert source.lines[0] == "# torch.fft\r\n" and source.lines[-1] == "</div>"
    after = rewrite_row(page)
    assert after.count(b"\r\n") == 4 and after.count(b"\n") == 4 and after.endswith(b"</div>")


def test_a_page_unchanged_is_not_written(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(TEXT.encode())
    before = page.stat().st_mtime_ns
    source = load_source(str(page))
    write_changes([PageRewrite(str(page), source, source.text)])
    assert page.stat().st_mtime_ns == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["page.md"]


def test_an_unreadable_page_is_an_input_error(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_bytes(b"# x\n\xff\n")
    with pytest.raises(InputError, match=r"page\.md:2: invalid UTF-8"):
        load_source(str(page))
