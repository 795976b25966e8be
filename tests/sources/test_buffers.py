"""checker.sources.buffers: an open page's editor text read in place of its
file, by a whole read and by the version context alike, and a page whose
bytes did not change taken from its last read, not read again."""

from __future__ import annotations

from pathlib import Path

from checker.model.catalogue import default_catalogue
from checker.sources.buffers import Buffers
from checker.sources.corpus import Corpus, ReadOptions, read_corpus, version_context

FOLDER = Path("docs") / "zh" / "api" / "native_api" / "pytorch_2-12-0"


def _page(api: str) -> str:
    return f"# x\n\n### {api}\n\n**是否支持**：是\n"


def _tree(root: Path) -> tuple[Path, Path]:
    (root / FOLDER).mkdir(parents=True)
    first, second = root / FOLDER / "torch-a.md", root / FOLDER / "torch-b.md"
    first.write_text(_page("torch.a"), encoding="utf-8")
    second.write_text(_page("torch.b"), encoding="utf-8")
    return first, second


def _apis(corpus: Corpus) -> list[str]:
    return [entry.api for page in corpus.pages for entry in page.entries]


def test_the_buffer_is_read_in_place_of_the_file(tmp_path: Path) -> None:
    first, second = _tree(tmp_path)
    buffers = Buffers({str(second): _page("torch.c").encode()})
    options = ReadOptions(buffers=buffers)
    corpus = read_corpus([str(tmp_path)], default_catalogue(), options=options)
    assert _apis(corpus) == ["torch.a", "torch.c"]
    alone = read_corpus([str(first)], default_catalogue(), options=options)
    context = version_context(alone, default_catalogue(), options)
    assert [entry.api for page in context for entry in page.entries] == ["torch.c"]


def test_a_page_whose_bytes_did_not_change_is_not_read_again(tmp_path: Path) -> None:
    first, second = _tree(tmp_path)
    kept = Buffers().reads
    options = ReadOptions(buffers=Buffers({}, kept))
    before = read_corpus([str(tmp_path)], default_catalogue(), options=options)
    changed = ReadOptions(buffers=Buffers({str(second): _page("torch.c").encode()}, kept))
    after = read_corpus([str(tmp_path)], default_catalogue(), options=changed)
    assert after.pages[0].entries is before.pages[0].entries  # the page as read before
    assert after.pages[1].entries is not before.pages[1].entries
    assert _apis(after) == ["torch.a", "torch.c"]
    assert set(kept) == {str(first), str(second)}  # one read a page, the last
