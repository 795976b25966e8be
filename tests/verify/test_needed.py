"""verify parses only the pages its rules need (checker.verify.needed), and
says exactly what it said when it read every page: the byte search keeps
every page that documents a rule's API, however the page writes the name."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.sources import workers
from checker.sources.corpus import Corpus, read_corpus
from checker.verify.needed import needed_pages
from tests.helpers import REPO

PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
ELASTIC = "torch-distributed-elastic.md"
STATUS = """
**支持情况**：

| 硬件 | 是否支持 |
| ---- | :----: |
| <term>Atlas A2 训练系列产品</term> | ✔ |
| <term>Atlas A3 训练系列产品</term> | ✔ |
| <term>Ascend 950DT</term> | ✔ |
"""
Invoke = Callable[..., tuple[int, str, str]]


def doc(path: str = "pytorch_2-12-0/torch-x.md") -> DocFile:
    return DocFile(path, "2.12.0", "zh")


@pytest.mark.parametrize(
    "written",
    [
        "put_metric",
        r"put\_metric",
        "put&#95;metric",
        "put&lowbar;metric",
        "put<i></i>_metric",
        "put\u200b_metric",
    ],
)
def test_a_page_that_writes_the_name_in_any_markup_is_needed(written: str) -> None:
    needed = needed_pages([ELASTIC], [PUT_METRIC])
    assert needed(doc(), f"### torch.distributed.elastic.metrics.{written}\n".encode())


def test_a_page_with_only_the_words_of_the_name_is_not_needed() -> None:
    needed = needed_pages([ELASTIC], [PUT_METRIC])
    assert not needed(doc(), b"### torch.symmetric\n\nput it here\n")
    assert not needed(doc(), b"### torch.distributed.elastic.metrics.put\n\nmetric\n")


def test_the_rules_page_is_needed_by_its_name_alone() -> None:
    needed = needed_pages([ELASTIC], [PUT_METRIC])
    assert needed(doc(f"pytorch_2-12-0/{ELASTIC}"), b"# nothing of it\n")


def test_every_documented_api_of_the_real_snapshots_is_found(
    corpus: Path, master_read: Corpus
) -> None:
    """Every page x API it documents, in every snapshot and the examples: the
    search never leaves out a page that an entry of the API is on."""
    roots = [p for p in sorted(corpus.iterdir()) if not p.name.startswith(("tests-", "disabled-"))]
    assert corpus / "master" in roots
    checked, missed = 0, []
    for root in [*roots, REPO / "examples" / "docs"]:
        # master's read is the session's (tests/conftest.py): seconds of reading
        read = master_read if root == corpus / "master" else None
        for page in (read or read_corpus([str(root)], default_catalogue())).pages:
            data = Path(page.path).read_bytes()
            for api in {entry.api for entry in page.entries}:
                checked += 1
                if not needed_pages([], [api])(DocFile(page.path, page.version, page.lang), data):
                    missed.append((page.path, api))
    assert checked > 10_000
    assert missed == []


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    """The examples, with put_metric also on a second page of 2.12.0 that
    contradicts its rule page (the name escaped), on a second page of 2.11.0
    (the name an entity), a page that only has its words, and one that
    cannot be read."""
    root = tmp_path / "docs"
    shutil.copytree(REPO / "examples" / "docs" / "docs", root / "docs")
    native = root / "docs" / "zh" / "api" / "native_api"
    escaped = r"torch.distributed.elastic.metrics.put\_metric"
    (native / "pytorch_2-12-0" / "torch-extra.md").write_text(f"# extra\n\n### {escaped}\n{STATUS}")
    entity = "torch.distributed.elastic.metrics.put&#95;metric"
    (native / "pytorch_2-11-0" / "torch-other.md").write_text(f"# other\n\n### {entity}\n{STATUS}")
    words = "# sym\n\n### torch.symmetric_metric\n\nput it here\n"
    (native / "pytorch_2-12-0" / "torch-sym.md").write_text(words + STATUS)
    (native / "pytorch_2-12-0" / "torch-broken.md").write_bytes(b"# x\n\n\xff bad\n")
    return root


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The pages read (parsed) in this process, by file name."""
    names: list[str] = []
    parse = workers._parsed

    def recorded(doc: DocFile, *rest: Any) -> object:
        names.append(Path(doc.path).name)
        return parse(doc, *rest)

    monkeypatch.setattr(workers, "_parsed", recorded)
    yield names


def keep_all(docs: object, apis: object) -> Callable[[DocFile, bytes], bool]:
    return lambda doc, data: True


def test_verify_says_what_it_said_reading_every_page(
    docs: Path, cli: Invoke, parsed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ("verify", "--no-live", "--no-cache", "--format", "json", str(docs))
    filtered = cli(*argv)
    # the page that cannot be decoded is handed to the reader, for its error
    assert sorted(set(parsed)) == ["torch-broken.md", ELASTIC, "torch-extra.md", "torch-other.md"]
    parsed.clear()
    monkeypatch.setattr("checker.app.verify.needed_pages", keep_all)
    assert cli(*argv) == filtered
    assert "torch-sym.md" in parsed and "torch-accelerator.md" in parsed
    code, out, err = filtered
    assert code == 2 and "torch-broken.md:3: invalid UTF-8" in err
    assert "api-conflict" in out and "torch-extra.md" in out
    assert "duplicate-api" in out and "torch-other.md" in out


def test_a_rule_of_another_api_needs_other_pages(
    docs: Path, cli: Invoke, parsed: list[str]
) -> None:
    rules = REPO / "examples" / "docs" / "extra-rules.toml"
    cli("verify", "--no-live", "--no-cache", "--rules", str(rules), str(docs))
    assert "torch-extra.md" in parsed  # the shipped rule's API is still checked
    assert "torch-sym.md" not in parsed and "torch-accelerator.md" not in parsed


def test_at_a_git_ref_too(
    docs: Path, cli: Invoke, parsed: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a ref the pages' bytes are fetched first, then filtered the same way."""
    import subprocess

    for argv in (["init", "-q"], ["add", "-A"], ["commit", "-qm", "docs"]):
        subprocess.run(
            ["git", "-c", "user.name=t", "-c", "user.email=t@t", *argv], cwd=docs, check=True
        )
    argv = ("verify", "--no-live", "--no-cache", "--format", "json", "--git", str(docs))
    filtered = cli(*argv, "--ref", "HEAD", "docs")
    assert sorted(set(parsed)) == ["torch-broken.md", ELASTIC, "torch-extra.md", "torch-other.md"]
    monkeypatch.setattr("checker.app.verify.needed_pages", keep_all)
    assert cli(*argv, "--ref", "HEAD", "docs") == filtered
    assert "api-conflict" in filtered[1] and "HEAD:docs/zh/api/native_api" in filtered[1]
