"""Loading a page's bytes: text, or one clear one-line InputError."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.errors import InputError
from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.read.load import MAX_BYTES, load_text, page_lines
from checker.read.reader import read_file, read_text
from tests.helpers import FIXTURES


def error_of(path: Path) -> str:
    with pytest.raises(InputError) as raised:
        load_text(str(path))
    message = str(raised.value)
    assert "\n" not in message, "errors are one line"
    assert message.startswith(str(path)), "errors name the file first"
    return message


def test_load_utf8_text(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    path.write_bytes("# torch.sprocket\n\n**是否支持**：是\n".encode())
    assert load_text(str(path)) == "# torch.sprocket\n\n**是否支持**：是\n"


def test_load_drops_a_byte_order_mark(tmp_path: Path) -> None:
    path = tmp_path / "page.md"
    path.write_bytes(b"\xef\xbb\xbf" + "# 齿轮\n".encode())
    assert load_text(str(path)) == "# 齿轮\n"


@pytest.mark.parametrize("content", [b"", b"\n", b"  \n\t\n"], ids=["zero", "newline", "blank"])
def test_empty_file(tmp_path: Path, content: bytes) -> None:
    path = tmp_path / "empty.md"
    path.write_bytes(content)
    assert "empty file" in error_of(path)


def test_binary_file(tmp_path: Path) -> None:
    path = tmp_path / "image.md"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    assert "binary" in error_of(path)


def test_invalid_utf8_names_line_and_byte_offset(tmp_path: Path) -> None:
    path = tmp_path / "latin1.md"
    # lines "# t", "", "ok", then Latin-1 "déjà": 0xE9 is on line 4, at byte 9
    path.write_bytes(b"# t\n\nok\nd\xe9j\xe0\n")
    message = error_of(path)
    assert message.startswith(f"{path}:4: ")
    assert "invalid UTF-8" in message
    assert "byte offset 9" in message


def test_invalid_utf8_on_the_first_line(tmp_path: Path) -> None:
    path = tmp_path / "gbk.md"
    path.write_bytes("# 齿轮\n".encode("gbk"))
    message = error_of(path)
    assert message.startswith(f"{path}:1: ")
    assert "byte offset 2" in message  # after "# "


def test_invalid_utf8_after_a_byte_order_mark_counts_file_bytes(tmp_path: Path) -> None:
    path = tmp_path / "bom.md"
    # BOM (3 bytes), "ab\n" (3 bytes), then 0xFF: file byte 6, line 2
    path.write_bytes(b"\xef\xbb\xbfab\n\xff\n")
    message = error_of(path)
    assert message.startswith(f"{path}:2: ")
    assert "byte offset 6" in message


def test_too_large_file(tmp_path: Path) -> None:
    path = tmp_path / "huge.md"
    with path.open("wb") as handle:
        handle.write(b"# big\n")
        handle.truncate(MAX_BYTES + 1)  # sparse: no real disk use
    message = error_of(path)
    assert "too large" in message


def test_largest_allowed_size_is_read(tmp_path: Path) -> None:
    path = tmp_path / "big.md"
    path.write_bytes(b"# big\n" + b"x" * (MAX_BYTES - 6))
    assert path.stat().st_size == MAX_BYTES
    assert len(load_text(str(path))) == MAX_BYTES


def test_missing_file(tmp_path: Path) -> None:
    assert "cannot read" in error_of(tmp_path / "absent.md")


def test_read_file_is_load_then_read() -> None:
    path = FIXTURES / "read/inline/docs/zh/api/native_api/pytorch_2-12-0/torch-sprocket.md"
    doc = DocFile(str(path), "2.12.0", "zh")
    catalogue = default_catalogue()
    page = read_file(doc, catalogue)
    assert page == read_text(path.read_text(encoding="utf-8"), doc, catalogue)
    assert len(page.entries) == 8


def test_read_file_raises_input_error_for_a_binary_page(tmp_path: Path) -> None:
    path = tmp_path / "pytorch_2-12-0" / "torch-x.md"
    path.parent.mkdir()
    path.write_bytes(b"\x00\x01\x02")
    with pytest.raises(InputError, match="binary"):
        read_file(DocFile(str(path), "2.12.0", "zh"), default_catalogue())


@pytest.mark.parametrize(
    ("text", "lines"),
    [
        ("", []),
        ("\n", ["\n"]),
        ("a", ["a"]),
        ("a\n", ["a\n"]),
        ("a\n\nb", ["a\n", "\n", "b"]),
        ("a\u2028b\x0c\x85c\n", ["a\u2028b\x0c\x85c\n"]),  # no break but \n, \r\n, \r
        ("a\r\nb\rc\n\r", ["a\r\n", "b\r", "c\n", "\r"]),
    ],
)
def test_page_lines_break_where_markdown_it_does(text: str, lines: list[str]) -> None:
    """Each way through page_lines (a page with a \\r in it, and one without)."""
    assert page_lines(text, keepends=True) == lines
    assert page_lines(text) == [line.rstrip("\r\n") for line in lines]
