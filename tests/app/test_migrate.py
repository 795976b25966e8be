"""`docs-check migrate --to blocks|table`: every format into the house blocks
and back, proven by the model: the pages read back say the same, entry for
entry, and the block house rules find nothing."""

from __future__ import annotations

import os
import shutil
import time
from pathlib import Path

import pytest

from checker.app.migrate import said_per_product
from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.sources.corpus import Corpus, ReadOptions, read_corpus
from checker.sources.page_cache.store import PageCache, default_cache_dir
from tests.conftest import Invoke
from tests.helpers import FIXTURES, writable_copy

TREE = FIXTURES / "migrate"
ZH = "docs/zh/api/native_api/pytorch_2-12-0"
ROWS = "docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"
EN_ROWS = "docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"
CATALOGUE = default_catalogue()


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    copied = tmp_path / "tree"
    shutil.copytree(TREE, copied)
    return copied


def model(root: Path, corpus: Corpus | None = None) -> dict[str, list[tuple[str, ...]]]:
    """Each page's export but for format and lines, by path under root (read
    from root unless `corpus` is the read of it the caller has)."""
    if corpus is None:
        corpus = read_corpus([str(root)], CATALOGUE)
    assert corpus.errors == ()
    return {
        str(Path(p.path).relative_to(root)): said_per_product(p, CATALOGUE) for p in corpus.pages
    }


def texts(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): p.read_text(encoding="utf-8") for p in root.rglob("*.md")}


def test_every_format_goes_to_blocks_and_reads_the_same(cli: Invoke, tree: Path) -> None:
    before = model(tree)
    code, out, err = cli("migrate", "--to", "blocks", str(tree))
    assert code == 1  # three entries could not be migrated without loss
    assert out.splitlines() == [
        f"{tree}/{ZH}/torch-accelerator.md: rewritten (entries ×2)",
        f"{tree}/{ZH}/torch-fft.md: rewritten (entries ×1)",
        f"{tree}/{ROWS}: rewritten (entries ×3)",
        f"{tree}/{EN_ROWS}:5: not migrated: the column 'NPU form' would be lost",
        f"{tree}/{ZH}/torch-accelerator.md:31: "
        "not migrated: unknown-product at line 31; its status would be lost",
        f"{tree}/{ZH}/torch-fft.md:46: "
        "not migrated: status-conflict at line 49; its status would be lost",
    ]
    assert err == "changed 3 files; 3 left as they were\n"
    assert model(tree) == before
    corpus = read_corpus([str(tree)], CATALOGUE)
    formats = [(e.api.rsplit(".", 1)[1], e.format) for p in corpus.pages for e in p.entries]
    assert formats == [
        ("put_metric", "rows"),
        ("record", "rows"),
        ("device_count", "blocks"),
        ("is_available", "blocks"),
        ("synchronize", "inline"),  # an unknown product: left as it was
        ("fft", "blocks"),
        ("ifft", "blocks"),  # was blocks already
        ("rfft", "table"),  # a conflict: left as it was
        ("put_metric", "blocks"),
        ("record", "blocks"),
        ("EtcdStore", "blocks"),
    ]
    block_rules = {
        f.rule for f in lint_pages(corpus.pages, CATALOGUE) if f.rule.startswith("block-")
    }
    assert block_rules == set()


def test_the_rows_table_becomes_one_entry_a_row(cli: Invoke, tree: Path) -> None:
    cli("migrate", "--to", "blocks", str(tree / ROWS))
    text = (tree / ROWS).read_text(encoding="utf-8")
    assert "|API名称|" not in text
    record = text.split("### torch.distributed.elastic.events.record\n", 1)[1].split("###")[0]
    assert record == (
        "\n**产品支持情况**：\n\n"
        '<!-- npu="910b" id4 -->\n- <term>Atlas A2 训练系列产品</term>：支持\n<!-- end id4 -->\n'
        '<!-- npu="A3" id5 -->\n- <term>Atlas A3 训练系列产品</term>：支持\n<!-- end id5 -->\n'
        '<!-- npu="950" id6 -->\n- <term>Ascend 950DT</term>：支持\n<!-- end id6 -->\n\n'
        "**限制与说明**：仅支持<term>Atlas A2 训练系列产品</term>上的 file 日志<br>不支持 etcd\n\n"
    )
    # the link of the API cell is the entry's native-doc line; what followed the table follows
    assert "**原生文档**：[torch.distributed.elastic.metrics.put_metric](https://" in text
    assert text.endswith("<!-- end id9 -->\n\nThe end.\n")


def test_the_diff_of_an_inline_status(cli: Invoke, tree: Path) -> None:
    page = tree / ZH / "torch-accelerator.md"
    code, out, err = cli("migrate", "--to", "blocks", "--diff", str(page))
    assert (code, err) == (1, "would change 1 file; 1 left as they were\n")
    assert out.splitlines()[:21] == [  # the first hunk; the second keeps synchronize's
        f"--- a/{page}",
        f"+++ b/{page}",
        "@@ -6,7 +6,17 @@",
        " ",
        " **原生文档**：[torch.accelerator.device_count]"
        "(https://pytorch.org/docs/2.12/generated/torch.accelerator.device_count.html)",
        " ",
        "-**是否支持**：是，暂不支持<term>Ascend 950DT</term>",
        "+**产品支持情况**：",
        "+",
        '+<!-- npu="910b" id1 -->',
        "+- <term>Atlas A2 训练系列产品</term>：支持",
        "+<!-- end id1 -->",
        '+<!-- npu="A3" id2 -->',
        "+- <term>Atlas A3 训练系列产品</term>：支持",
        "+<!-- end id2 -->",
        '+<!-- npu="950" id3 -->',
        "+- <term>Ascend 950DT</term>：不支持",
        "+<!-- end id3 -->",
        " ",
        " **限制与说明**：仅支持单机场景。",
        " ",
    ]
    assert page.read_text(encoding="utf-8") == (TREE / ZH / "torch-accelerator.md").read_text(
        encoding="utf-8"
    )  # --diff writes nothing


def test_new_block_ids_follow_the_page_s_own(cli: Invoke, tree: Path) -> None:
    """torch-fft.md has blocks id7 and id8: the migrated table's are id9 on."""
    cli("migrate", "--to", "blocks", str(tree / ZH / "torch-fft.md"))
    text = (tree / ZH / "torch-fft.md").read_text(encoding="utf-8")
    assert [line for line in text.splitlines() if line.startswith("<!-- npu=")] == [
        '<!-- npu="910b" id9 -->',
        '<!-- npu="A3" id10 -->',
        '<!-- npu="950" id11 -->',
        '<!-- npu="910b" id7 -->',
        '<!-- npu="A3" id8 -->',
    ]


def test_blocks_go_back_to_tables_saying_the_same(cli: Invoke, tree: Path) -> None:
    before = model(tree)
    cli("migrate", "--to", "blocks", str(tree))
    cli("migrate", "--to", "table", str(tree))
    assert model(tree) == before
    ifft = (tree / ZH / "torch-fft.md").read_text(encoding="utf-8").split("torch.fft.ifft\n")[1]
    assert "| <term>Atlas A3 训练系列产品</term> | ✘ |" in ifft


def test_a_second_run_changes_nothing_and_keeps_every_mtime(cli: Invoke, tree: Path) -> None:
    cli("migrate", "--to", "blocks", str(tree))
    written = texts(tree)
    stamps = {p: os.stat(p).st_mtime_ns for p in tree.rglob("*.md")}
    time.sleep(0.01)
    code, out, err = cli("migrate", "--to", "blocks", str(tree))
    assert code == 1  # the same three entries are still left, and said
    assert "rewritten" not in out
    assert err == "changed 0 files; 3 left as they were\n"
    assert texts(tree) == written
    assert {p: os.stat(p).st_mtime_ns for p in tree.rglob("*.md")} == stamps


def test_crlf_and_a_missing_final_newline_are_kept(cli: Invoke, tmp_path: Path) -> None:
    folder = tmp_path / ZH
    folder.mkdir(parents=True)
    page = folder / "torch-x.md"
    lines = ["# torch.x", "", "### torch.x.y", "", "**是否支持**：否", "", "</div>"]
    page.write_bytes("\r\n".join(lines).encode("utf-8"))
    assert cli("migrate", "--to", "blocks", str(page))[0] == 0
    data = page.read_bytes()
    assert b"\n" not in data.replace(b"\r\n", b"")  # every line ends CRLF
    assert data.endswith(b"</div>")  # and the last has no ending, as before
    assert b'<!-- npu="950" id3 -->\r\n- <term>Ascend 950DT</term>\xef\xbc\x9a' in data


def test_a_page_that_would_read_otherwise_is_left_as_it_was(
    cli: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The model is the proof: a migration that reads back otherwise (here a
    block written as supported where the page says unsupported) writes nothing."""
    from checker.model.support import Support
    from checker.rewrite import sections

    words = dict(sections._WORDS["zh"])
    monkeypatch.setitem(sections._WORDS, "zh", {**words, Support.UNSUPPORTED: "支持"})
    page = tree / ZH / "torch-accelerator.md"
    original = page.read_text(encoding="utf-8")
    code, out, _ = cli("migrate", "--to", "blocks", str(page))
    assert code == 1
    assert f"{page}:3: not migrated: torch.accelerator.device_count would read otherwise" in out
    assert page.read_text(encoding="utf-8") == original


def test_the_pages_as_migrated_are_read_once_and_cached(
    cli: Invoke, tree: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """migrate reads each page it rewrites back from the bytes it writes, into
    the page cache: the lint that follows a migration reads no page again."""
    folder = tmp_path / "cache"
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(folder))
    code, _, err = cli("migrate", "--to", "blocks", str(tree))
    assert (code, err) == (1, "changed 3 files; 3 left as they were\n")
    told: list[tuple[int, int]] = []
    options = ReadOptions(
        cache=PageCache(folder), progress=lambda _, done, of: told.append((done, of))
    )
    corpus = read_corpus([str(tree)], CATALOGUE, options=options)
    assert told[0] == (len(corpus.pages), len(corpus.pages))  # every page, found in the cache


def test_the_master_snapshot_round_trips(
    cli: Invoke, corpus: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """All 252 pages of the master snapshot (13,133 entries, every one in the
    table format): to blocks, every entry reads back with the same API,
    version, order and status per product (the export of before and after
    are equal but for format and line), and no block house rule finds
    anything; back to tables, the same again."""
    writable_copy(corpus / "master" / "docs", tmp_path / "docs")
    # each read of the 252 pages costs seconds: the test's reads and migrate's
    # share the session's page cache, whose keys are each page's path as
    # given and its bytes; given as `docs/zh/...` from the copy's parent, as
    # the other tests on master's pages give them (tests/gate/test_baseline.py
    # in master itself, tests/app/test_new_version.py), a page that one of
    # them read is not read again, and migrate reads no page the test read
    monkeypatch.chdir(tmp_path)
    root = Path("docs")
    cached = ReadOptions(cache=PageCache(default_cache_dir()))
    corpus_before = read_corpus([str(root)], CATALOGUE, options=cached)
    before = model(root, corpus_before)
    entries = corpus_before.entry_count
    assert (len(before), entries, sum(map(len, before.values()))) == (252, 13133, 39399)
    code, _, err = cli("migrate", "--to", "blocks", "docs")
    assert (code, err) == (0, "changed 244 files\n")  # 8 pages have no entry
    corpus_after = read_corpus([str(root)], CATALOGUE, options=cached)
    assert model(root, corpus_after) == before
    assert {e.format for p in corpus_after.pages for e in p.entries} == {"blocks"}
    assert [
        f for f in lint_pages(corpus_after.pages, CATALOGUE) if f.rule.startswith("block-")
    ] == []
    code, _, err = cli("migrate", "--to", "table", "docs")
    assert (code, err) == (0, "changed 244 files\n")
    assert model(root, read_corpus([str(root)], CATALOGUE, options=cached)) == before


def test_an_entry_whose_table_is_cut_is_not_migrated(cli: Invoke, tmp_path: Path) -> None:
    """The rows after the cut are not read: a section written from what was
    read would leave their products unstated for good, and the rows as text."""
    shutil.copytree(FIXTURES / "lint/table-cut", tmp_path / "tree")
    page = tmp_path / "tree" / ZH / "torch-fft.md"
    before = page.read_text(encoding="utf-8")
    code, out, err = cli("migrate", "--to", "blocks", str(tmp_path / "tree"))
    assert (code, err) == (1, "changed 0 files; 2 left as they were\n")
    assert out.splitlines() == [
        f"{page}:11: not migrated: table-cut at line 15; its status would be lost",
        f"{page}:28: not migrated: table-cut at line 31; its status would be lost",
    ]
    assert page.read_text(encoding="utf-8") == before
