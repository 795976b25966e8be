"""The page cache: keyed by content, place, tool version and shipped data;
corrupt or foreign entries are ignored and rebuilt; writes are atomic."""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import shutil
import signal
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import checker.salt
import checker.sources.page_cache.entry
import checker.sources.page_cache.store
from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.read.reader import read_text
from checker.sources.corpus import ReadOptions, read_corpus
from checker.sources.page_cache.entry import digest
from checker.sources.page_cache.store import PageCache, blob_id, default_cache_dir
from tests.helpers import REPO, blocked_signals, cached_page

EXAMPLES = REPO / "examples" / "docs"
CATALOGUE = default_catalogue()
PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
Invoke = Callable[..., tuple[int, str, str]]


def page_and_doc() -> tuple[DocFile, str]:
    """The example page, and its content id (the key's content part)."""
    path = EXAMPLES / PAGE
    return DocFile(str(path), "2.12.0", "zh"), blob_id(path.read_bytes())


def test_the_content_id_is_the_id_git_gives_the_bytes(tmp_path: Path) -> None:
    """So a page in the working tree and the same page at a git ref share one
    cache entry, and a page at a ref is found without fetching its bytes."""
    for data in (b"", b"abc\n", (EXAMPLES / PAGE).read_bytes()):
        (tmp_path / "page.md").write_bytes(data)
        hashed = subprocess.run(
            ["git", "hash-object", str(tmp_path / "page.md")],
            capture_output=True, text=True, check=True,
        ).stdout.strip()  # fmt: skip
        assert blob_id(data) == hashed


def test_a_cached_page_equals_the_page_read(tmp_path: Path) -> None:
    cache = PageCache(tmp_path)
    doc, content = page_and_doc()
    page = read_text((EXAMPLES / PAGE).read_text("utf-8"), doc, CATALOGUE)
    key = cache.key(doc, content, CATALOGUE)
    assert cached_page(cache, key) is None
    cache.put(key, page)
    assert cached_page(cache, key) == page
    assert page.entries and page.findings  # the example page has both to round-trip


def test_the_key_depends_on_content_place_and_tool(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = PageCache(tmp_path)
    doc, data = page_and_doc()
    key = cache.key(doc, data, CATALOGUE)
    assert cache.key(doc, blob_id((EXAMPLES / PAGE).read_bytes() + b"\n"), CATALOGUE) != key
    assert cache.key(DocFile(doc.path + "x", doc.version, doc.lang), data, CATALOGUE) != key
    assert cache.key(DocFile(doc.path, "2.13.0", doc.lang), data, CATALOGUE) != key
    assert cache.key(DocFile(doc.path, doc.version, "en"), data, CATALOGUE) != key
    assert cache.key(doc, data, CATALOGUE.with_scope(("atlas-a2",))) != key
    assert cache.key(doc, data, CATALOGUE) == key  # the same question, the same key
    monkeypatch.setattr(checker.salt, "__version__", "999.0")
    assert PageCache(tmp_path).key(doc, data, CATALOGUE) != key


def test_the_key_depends_on_the_shipped_data(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    doc, data = page_and_doc()
    key = PageCache(tmp_path).key(doc, data, CATALOGUE)
    rules = tmp_path / "rules"
    rules.mkdir()
    for source in (REPO / "rules").glob("*.toml"):
        (rules / source.name).write_bytes(source.read_bytes())
    monkeypatch.setattr(checker.sources.page_cache.store, "rules_dir", lambda: rules)
    assert PageCache(tmp_path).key(doc, data, CATALOGUE) == key
    catalogue = rules / "catalogue.toml"
    catalogue.write_text(catalogue.read_text("utf-8") + "\n# one more name\n", "utf-8")
    assert PageCache(tmp_path).key(doc, data, CATALOGUE) != key


@pytest.mark.parametrize(
    "damage",
    [
        b"",
        b"{not json",
        b"\xff\xfe binary",
        b'{"format": "docs-check/page-cache/1"}',
        b'{"format": "someone-else", "key": "KEY", "page": {}}',
        b'{"format": "docs-check/page-cache/1", "key": "another-key", "page": {}}',
        b'{"format": "docs-check/page-cache/1", "key": "KEY", "page": {"path": 1}}',
        b"[1, 2, 3]",
    ],
)
def test_corrupt_or_foreign_entries_are_ignored_and_rebuilt(tmp_path: Path, damage: bytes) -> None:
    cache = PageCache(tmp_path / "cache")
    options = ReadOptions(cache=cache, jobs=1)
    fresh = read_corpus([str(EXAMPLES)], CATALOGUE, options=ReadOptions(jobs=1))
    read_corpus([str(EXAMPLES)], CATALOGUE, options=options)
    entries = sorted((tmp_path / "cache").rglob("*.json"))
    assert len(entries) == len(fresh.pages)
    for entry in entries:
        entry.write_bytes(damage.replace(b"KEY", entry.stem.encode()))
    again = read_corpus([str(EXAMPLES)], CATALOGUE, options=options)
    assert again.pages == fresh.pages
    for entry in entries:  # rebuilt: valid again, for its own key
        assert head_of(entry)["key"] == entry.stem


def test_an_unwritable_cache_costs_only_speed(tmp_path: Path) -> None:
    blocked = tmp_path / "file-not-folder"
    blocked.write_text("x", encoding="utf-8")
    options = ReadOptions(cache=PageCache(blocked / "cache"), jobs=1)
    corpus = read_corpus([str(EXAMPLES)], CATALOGUE, options=options)
    assert corpus.errors == () and len(corpus.pages) == 6


def test_two_runs_at_once_leave_only_whole_entries(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    script = (
        "import sys; from checker.cli import run; "
        f"sys.exit(run(['lint', '--cache-dir', {str(cache)!r}, {str(EXAMPLES)!r}]))"
    )
    runs = [
        subprocess.Popen(
            [sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE
        )
        for _ in range(4)
    ]
    outputs = [run.communicate(timeout=60) for run in runs]
    assert [run.returncode for run in runs] == [1, 1, 1, 1]  # the examples carry findings
    assert len({stdout for stdout, _ in outputs}) == 1
    entries = list(cache.rglob("*"))
    files = [entry for entry in entries if entry.is_file()]
    pages = [
        entry
        for entry in files
        if head_of(entry)["format"] == checker.sources.page_cache.entry.FORMAT
    ]
    assert len(pages) == 6  # each page, with what lint's page rules found on it
    assert len(files) > 6  # and what each folder's cross-page rules found
    assert not [entry for entry in files if entry.name.startswith(".")]  # no temporary files
    for entry in files:
        head_of(entry)


def test_no_cache_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from checker.cli import run

    cache = tmp_path / "cache"
    assert run(["lint", "--no-cache", "--cache-dir", str(cache), str(EXAMPLES)]) == 1
    assert not cache.exists()
    assert run(["lint", "--cache-dir", str(cache), str(EXAMPLES)]) == 1
    assert len(list(cache.rglob("*.json"))) > 6  # pages, with their rules' findings; folders
    capsys.readouterr()


def test_cache_folder_defaults(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "chosen"))
    assert default_cache_dir() == tmp_path / "chosen"
    monkeypatch.delenv("DOCS_CHECK_CACHE_DIR")
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "docs-check"


# -- hostile entries, a FIFO in the cache, no home directory ------------------------------


def fill(tmp_path: Path) -> tuple[ReadOptions, list[Path]]:
    """A cache holding the examples' pages, and its entries."""
    options = ReadOptions(cache=PageCache(tmp_path / "cache"), jobs=1)
    read_corpus([str(EXAMPLES)], CATALOGUE, options=options)
    entries = sorted((tmp_path / "cache").rglob("*.json"))
    assert len(entries) == 6
    return options, entries


def head_of(entry: Path) -> Any:
    """An entry file's first line: its format, key and the digests of its head and body."""
    return json.loads(entry.read_bytes().partition(b"\n")[0])


NOT_CHECKED = b"null\nnull\nnull"  # the checked lines of a page read without page rules


def entry_bytes(key: str, head: bytes, body: bytes, checked: bytes = NOT_CHECKED) -> bytes:
    """An entry of the right format and key, with the right digests of `head`,
    the `checked` lines and `body`, and the body's size."""
    digests = {"head": digest(head), "checked": digest(checked)}
    digests |= {"body": digest(body), "size": len(body)}
    document = {"format": checker.sources.page_cache.entry.FORMAT, "key": key, **digests}
    return b"\n".join((json.dumps(document).encode(), head, checked, body))


def well_keyed(key: str, page: object) -> bytes:
    """An entry of the right format, key, digests and (empty) body: only `page` is wrong."""
    body = b'{"statuses": [], "raws": [], "entries": [], "mentions": []}'
    return entry_bytes(key, json.dumps(page).encode(), body)


# A page head right in all but what a test sets wrong.
RIGHT_HEAD = {"version": "2.12.0", "lang": "zh", "tree": "", "entries": 0, "mentions": 0}
RIGHT_HEAD |= {"directives": [], "findings": []}


def test_a_right_head_reads(tmp_path: Path) -> None:
    """What the hostile entries below change, and only that, makes them wrong."""
    cache = PageCache(tmp_path)
    key = "ab" + "0" * 62
    (tmp_path / "ab").mkdir()
    (tmp_path / "ab" / f"{key}.json").write_bytes(well_keyed(key, {**RIGHT_HEAD, "path": "p"}))
    page = cached_page(cache, key)
    assert page is not None and page.path == "p" and list(page.entries) == []


def hostile_page(key: str) -> bytes:
    """An entry of the right format and key whose finding has a path of the wrong type."""
    findings = [[[1]], ["m"], [[]], [[0, 1, "x", "error", 0, None, None, None, 0]]]
    page = {**RIGHT_HEAD, "path": "p"}
    return well_keyed(key, {**page, "findings": findings})


def infinite_line(key: str) -> bytes:
    findings = [["p"], ["m"], [[]], [[0, 1e400, "x", "error", 0, None, None, None, 0]]]
    page = {**RIGHT_HEAD, "path": "p"}
    return well_keyed(key, {**page, "findings": findings})


@pytest.mark.parametrize(
    "damage",
    [
        lambda key: b'{"format": "x", "page": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        lambda key: well_keyed(key, 0).replace(b"0}", b"1" * 5_000 + b"}"),
        infinite_line,
        hostile_page,
    ],
    ids=["deep", "long-integer", "infinite-line", "wrong-types"],
)
def test_hostile_entries_are_ignored_and_rebuilt(
    tmp_path: Path, damage: Callable[[str], bytes]
) -> None:
    fresh = read_corpus([str(EXAMPLES)], CATALOGUE, options=ReadOptions(jobs=1))
    options, entries = fill(tmp_path)
    for entry in entries:
        entry.write_bytes(damage(entry.stem))
    again = read_corpus([str(EXAMPLES)], CATALOGUE, options=options)
    assert again.pages == fresh.pages and again.errors == ()
    for entry in entries:  # rebuilt: valid again, for its own key
        assert head_of(entry)["key"] == entry.stem


def test_a_fifo_in_the_cache_is_not_read_and_is_rebuilt(tmp_path: Path) -> None:
    fresh = read_corpus([str(EXAMPLES)], CATALOGUE, options=ReadOptions(jobs=1))
    options, entries = fill(tmp_path)
    for entry in entries:
        entry.unlink()
        os.mkfifo(entry)
    read: list[Any] = []
    worker = threading.Thread(
        target=lambda: read.append(read_corpus([str(EXAMPLES)], CATALOGUE, options=options)),
        daemon=True,
    )
    worker.start()
    worker.join(60)
    blocked = worker.is_alive()
    while worker.is_alive():  # before the fix: a reader waits for a writer, forever
        for entry in entries:
            with contextlib.suppress(OSError):
                os.close(os.open(entry, os.O_WRONLY | os.O_NONBLOCK))
        worker.join(0.1)
    assert not blocked, "reading the cache blocked on a FIFO"
    assert [corpus.pages for corpus in read] == [fresh.pages]
    for entry in entries:  # replaced by a regular file, valid for its key
        assert stat.S_ISREG(entry.lstat().st_mode)
        assert head_of(entry)["key"] == entry.stem


def no_home(monkeypatch: pytest.MonkeyPatch) -> None:
    """A user without a passwd entry and without HOME (a container's random uid)."""
    for name in ("DOCS_CHECK_CACHE_DIR", "XDG_CACHE_HOME", "HOME"):
        monkeypatch.delenv(name, raising=False)

    def no_entry(uid: int) -> pwd.struct_passwd:
        raise KeyError(f"getpwuid(): uid not found: {uid}")

    monkeypatch.setattr(pwd, "getpwuid", no_entry)


def test_without_a_home_directory_there_is_no_default_cache(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    no_home(monkeypatch)
    assert default_cache_dir() is None
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))  # still used when given
    assert default_cache_dir() == tmp_path / "xdg" / "docs-check"
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "chosen"))
    assert default_cache_dir() == tmp_path / "chosen"


def test_a_home_that_cannot_be_found_means_no_default_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for name in ("DOCS_CHECK_CACHE_DIR", "XDG_CACHE_HOME"):
        monkeypatch.delenv(name, raising=False)

    def cannot() -> Path:
        raise RuntimeError("Could not determine home directory.")

    monkeypatch.setattr(Path, "home", staticmethod(cannot))
    assert default_cache_dir() is None
    monkeypatch.setattr(Path, "home", staticmethod(lambda: Path("relative")))
    assert default_cache_dir() is None  # never a cache in whatever the current folder is


def test_without_a_home_directory_a_run_reads_without_the_cache(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.chdir(tmp_path)
    no_home(monkeypatch)
    expected = cli("lint", str(EXAMPLES), "--cache-dir", str(tmp_path / "given"))
    assert expected[0] == 1
    assert cli("lint", str(EXAMPLES)) == expected  # the same findings, and nothing said
    assert cli("lint", "--no-cache", str(EXAMPLES)) == expected
    assert sorted(p.name for p in tmp_path.iterdir()) == ["given"]  # no cache anywhere else


def test_a_product_the_configuration_adds_is_read_anew(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A page read before the configuration named a product is not taken
    from the cache as it was read then (the product unknown)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "cache"))
    page = tmp_path / PAGE
    page.parent.mkdir(parents=True)
    text = (EXAMPLES / PAGE).read_text("utf-8")
    page.write_text(text.replace("Atlas A3 训练系列产品", "Foo 999 产品", 1), "utf-8")
    code, out, _ = cli("lint", "docs")
    assert code == 1
    assert "unknown-product unknown product 'Foo 999 产品'" in out
    (tmp_path / ".docs-check.toml").write_text(
        '[[product]]\nid = "foo"\nnames = ["Foo 999 产品"]\n', "utf-8"
    )
    code, out, _ = cli("lint", "docs")
    assert code == 1
    assert "unknown-product" not in out
    assert "extra: foo; missing: atlas-a3" in out
    assert out == cli("lint", "--no-cache", "docs")[1]


def decodes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The paths of the cached pages decoded from now on, in order."""
    decoded: list[str] = []
    real = checker.sources.page_cache.entry.body_from

    def counting(data: Any, path: str, *rest: str) -> Any:
        decoded.append(path)
        return real(data, path, *rest)

    monkeypatch.setattr(checker.sources.page_cache.entry, "body_from", counting)
    return decoded


def test_a_cached_page_is_decoded_when_first_looked_at(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    options, _ = fill(tmp_path)
    decoded = decodes(monkeypatch)
    pages = read_corpus([str(EXAMPLES)], CATALOGUE, options=options).pages
    assert sum(len(page.entries) for page in pages) > 0  # counted, not decoded
    assert decoded == []
    assert pages[0].entries[0].api  # looked at: that page decoded
    mentions = list(pages[0].mentions)  # and its mentions with it, not again
    assert decoded == [pages[0].path]
    assert mentions == list(read_corpus([str(EXAMPLES)], CATALOGUE).pages[0].mentions)


def test_a_body_that_does_not_match_its_digest_is_rebuilt(tmp_path: Path) -> None:
    fresh = read_corpus([str(EXAMPLES)], CATALOGUE, options=ReadOptions(jobs=1))
    options, entries = fill(tmp_path)
    for entry in entries:  # cut short: the body no longer matches the head's digest
        entry.write_bytes(entry.read_bytes()[:-10])
    again = read_corpus([str(EXAMPLES)], CATALOGUE, options=options)
    assert again.pages == fresh.pages
    for entry in entries:
        first, head, *checked, body = entry.read_bytes().split(b"\n")
        assert (json.loads(first)["head"], json.loads(first)["body"]) == (
            digest(head),
            digest(body),
        )
        assert json.loads(first)["checked"] == digest(b"\n".join(checked))


def test_a_whole_body_that_does_not_match_its_digest_is_found_when_looked_at(
    tmp_path: Path,
) -> None:
    """Whole (its size is the envelope's) but changed since docs-check wrote
    it: the page reads (its head is checked), and looking at its entries,
    which is when a body's digest is checked, names the entry."""
    from checker.errors import InputError

    options, entries = fill(tmp_path)
    for entry in entries:
        *before, body = entry.read_bytes().split(b"\n")
        entry.write_bytes(b"\n".join((*before, body.replace(b"[", b"(", 1))))
    pages = read_corpus([str(EXAMPLES)], CATALOGUE, options=options).pages
    with pytest.raises(InputError, match="its body does not match its digest"):
        list(pages[0].entries)


def test_a_body_docs_check_did_not_write_stops_with_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A body that matches its digest but is not what docs-check writes (only
    someone forging entries makes one) is found when the entries are looked
    at: one line naming the entry, exit 2."""
    cache = tmp_path / "cache"
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(cache))
    assert cli("lint", str(EXAMPLES))[0] == 1
    forged = b'{"statuses": [], "raws": [], "entries": [["x"]], "mentions": []}'
    for entry in cache.rglob("*.json"):
        if head_of(entry).get("format") == checker.sources.page_cache.entry.FORMAT:
            _, head, *_ = entry.read_bytes().split(b"\n")
            # the page rules' findings not kept, so the entries are looked at
            entry.write_bytes(entry_bytes(entry.stem, head, forged))
        else:  # what a folder's rules found: gone, so its pages are compared again
            entry.unlink()
    code, out, err = cli("lint", str(EXAMPLES))
    assert code == 2
    assert out == ""
    [line] = err.splitlines()
    assert line.startswith(f"docs-check: error: {cache}")
    assert "a page cache entry that docs-check did not write" in line
    assert line.endswith("remove it, or run with --no-cache")


def test_a_warm_lint_takes_the_page_rules_findings_from_the_cache(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The second run runs no page's own rules, compares no folder again
    (lang-parity, duplicate-api) and holds no page to a rule's expect again
    (each kept under the pages' paths and blobs, the rules' too), so it
    decodes no page; it says what the first said, findings placed in their
    entries too. A changed page is checked, and its folder compared again."""
    import checker.app.lint
    import checker.checks.lint

    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "cache"))
    docs = tmp_path / "docs"
    shutil.copytree(EXAMPLES, docs)
    first = cli("lint", "--format", "json", str(docs))
    assert any(finding["api"] for finding in json.loads(first[1])["findings"])
    ran: list[str] = []
    real = checker.checks.lint.page_rules

    def counting(page: Any, catalogue: Any) -> Any:
        ran.append(page.path)
        return real(page, catalogue)

    monkeypatch.setattr(checker.checks.lint, "page_rules", counting)
    monkeypatch.setattr(checker.app.lint, "page_rules", counting)  # what lint reads pages with
    compared: list[str] = []
    real_again = checker.checks.lint.documented_again

    def comparing(folder: Any, *rest: Any) -> Any:
        compared.append(folder[0].version)
        return real_again(folder, *rest)

    monkeypatch.setattr(checker.checks.lint, "documented_again", comparing)
    decoded = decodes(monkeypatch)
    assert cli("lint", "--format", "json", str(docs)) == first
    assert ran == [] and decoded == [] and compared == []
    first = cli("lint", str(docs))
    page = docs / PAGE
    page.write_text(page.read_text("utf-8") + "\n<!-- changed -->\n", "utf-8")
    assert cli("lint", str(docs)) == first
    assert ran == [str(page)]
    assert compared == ["2.12.0"]  # the changed page's folder, and only it


def test_what_a_checked_store_saves_is_kept_when_its_block_ends(tmp_path: Path) -> None:
    """Its writes run in a thread of their own; leaving the `with` waits for
    them, so a run that follows finds every page's findings."""
    import dataclasses

    from checker.model.finding import Finding, Severity
    from checker.sources.page_cache.checked_store import CheckedStore

    doc, _ = page_and_doc()
    page = read_text((EXAMPLES / PAGE).read_text("utf-8"), doc, CATALOGUE)
    pages = [dataclasses.replace(page, blob=f"{n:040x}") for n in range(40)]
    found = tuple(
        Finding(p.path, 3, "duplicate-api", Severity.WARNING, f"page {n}", api="torch.x")
        for n, p in enumerate(pages)
    )
    with CheckedStore(PageCache(tmp_path), CATALOGUE) as store:
        for page_, finding in zip(pages, found, strict=True):
            store.save(page_, [finding], [(3, "torch.x")])
    later = CheckedStore(PageCache(tmp_path), CATALOGUE)
    kept = [later.load(page_) for page_ in pages]
    assert [(k[0](), k[1](), k[2]()) for k in kept if k] == [
        ((f,), ["torch.x"], [3]) for f in found
    ]


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_the_writer_thread_leaves_signals_to_the_main_thread(tmp_path: Path) -> None:
    """The thread that writes what the page rules found blocks SIGINT and
    SIGTERM: one the kernel gave it would wait, unhandled, while the main
    thread waits for the writes (checker.signals)."""
    from checker.sources.page_cache.checked_store import CheckedStore

    before = set(threading.enumerate())
    with CheckedStore(PageCache(tmp_path), default_catalogue()) as store:
        store.save_compared("a folder of pages", [])
        (writer,) = set(threading.enumerate()) - before
        assert writer.native_id is not None
        assert blocked_signals(writer.native_id) >= {signal.SIGINT, signal.SIGTERM}
