"""One docs tree per docs root (checker.model.roots): the rules that compare
pages (duplicate-api, api-conflict, lang-parity, doc-differs-from-rule's
files) never compare two checkouts or snapshots of the docs that one run
names, and each gets in the run what it gets alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.roots import docs_root
from checker.sources.corpus import read_corpus

Invoke = Callable[..., tuple[int, str, str]]
CATALOGUE = default_catalogue()
ZH = "docs/zh/api/native_api/pytorch_2-12-0/torch-x.md"
EN = "docs/en/native_apis/pytorch_2-12-0/torch-x.md"
SNAPSHOTS = ("master", "blocks-020dcefad", "entity-8706fedbe", "inline-af7cebeb8")
RELEASE = "rows-v2.7.1-7.3.0"


@pytest.mark.parametrize(
    ("path", "root"),
    [
        ("master/docs/zh/api/native_api/pytorch_2-12-0/x.md", "master/docs"),
        ("/abs/co/docs/en/native_apis/pytorch_2-7-1/x.md", "/abs/co/docs"),  # zh and en: one
        ("co/pytorch_2-7-1/sub/x.md", "co"),  # no language folder
        ("zh/api/pytorch_2-7-1/x.md", "."),  # run inside the tree
        ("co/docs/zh/v2.7.1-7.3.0/native_apis/pytorch_2-7-1/x.md", "co/docs/zh/v2.7.1-7.3.0"),
        ("rows-v2.7.1-7.3.0/docs/zh/native_apis/pytorch_2-7-1/x.md", "rows-v2.7.1-7.3.0/docs"),
        ("docs/zh/README.md", ""),  # no API page
    ],
)
def test_the_root_of_a_page(path: str, root: str) -> None:
    assert docs_root(path) == root


def page(text_of: dict[str, str], folder: Path) -> None:
    for name, text in text_of.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")


def table(api: str, mark: str) -> str:
    return (
        f"# torch\n\n## {api}\n\n**支持情况**：\n\n| 产品 | 是否支持 |\n| -- | -- |\n"
        f"| <term>Atlas A2 训练系列产品</term> | {mark} |\n"
    )


def rows(api: str, word: str) -> str:
    header = "| API Name | Supported | Restrictions and Notes |\n| -- | -- | -- |\n"
    return f"# torch\n\n{header}| {api} | {word} | - |\n"


def findings(*folders: Path) -> list[Finding]:
    corpus = read_corpus([str(folder) for folder in folders], CATALOGUE)
    assert corpus.errors == ()
    return lint_pages(corpus.pages, CATALOGUE)


def rules(found: list[Finding]) -> list[str]:
    return sorted(f.rule for f in found)


def test_two_checkouts_are_compared_with_neither(tmp_path: Path) -> None:
    # a: torch.abs twice, and a zh page without its en twin; b: torch.abs
    # denied, and only the en page. Inside one checkout these are
    # duplicate-api and lang-parity; across the two, nothing.
    a, b = tmp_path / "a", tmp_path / "b"
    page({ZH: table("torch.abs", "✔"), ZH.replace("x.md", "y.md"): table("torch.abs", "✔")}, a)
    page({EN: rows("torch.abs", "No")}, b)
    alone_a, alone_b = findings(a), findings(b)
    assert rules(alone_a) == ["duplicate-api"]  # one language: no parity to judge
    assert alone_b == []
    assert findings(a, b) == sorted(alone_a + alone_b)
    # One checkout holding both: the en page is compared, and contradicts.
    page({EN: rows("torch.abs", "No")}, a)
    assert {"duplicate-api", "lang-parity"} <= set(rules(findings(a)))
    said = [f.message for f in findings(a) if f.rule == "lang-parity"]
    assert said and all("atlas-a2" in text for text in said)


def test_each_corpus_snapshot_gets_what_it_gets_alone(corpus: Path) -> None:
    """Before: 507 findings over the corpus folder, 345 of them duplicate-api
    between snapshots; each alone, 150 in all. (A page reads the same
    whatever else is read: the corpus is read once, and each snapshot's
    pages linted alone.)"""
    pages = read_corpus([str(corpus)], CATALOGUE).pages
    every = lint_pages(pages, CATALOGUE)
    for snapshot in (*SNAPSHOTS, RELEASE):
        under = f"{corpus / snapshot}/"
        alone = lint_pages([page for page in pages if page.path.startswith(under)], CATALOGUE)
        assert [f for f in every if f.path.startswith(under)] == alone, snapshot
    # and no message names a place in another snapshot
    for finding in every:
        mine = Path(finding.path).relative_to(corpus).parts[0]
        others = [name for name in (*SNAPSHOTS, RELEASE) if name != mine]
        assert not [name for name in others if f"/{name}/" in finding.message], finding


def test_plain_lint_in_the_checkout_reads_the_configured_docs(cli_at_repo: Invoke) -> None:
    # pyproject.toml's [tool.docs-check] docs: the examples, not every fixture
    code, out, _ = cli_at_repo("lint", "--format", "json", "--no-cache")
    assert code == 1
    paths = {item["path"] for item in json.loads(out)["findings"]}
    assert paths and all(path.startswith("examples/docs/") for path in paths)
