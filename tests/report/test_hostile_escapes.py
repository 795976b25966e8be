"""Issue 28, escapes: page text carrying ESC and BEL (`\\x1b[31m`, the
terminal-title sequence `\\x1b]0;TITLE\\x07`) in API names, statuses, links and
file names reaches no report raw. Every format of lint, verify, show, diff
and export (and --statistics) is run on such a page, to a pipe and to --output: no C0
control character but the newline appears (a format that allows a tab would be
listed here; none writes one)."""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
from html.parser import HTMLParser
from pathlib import Path
from xml.etree import ElementTree

import pytest

from checker.report.formats import STATISTICS, formats_for
from tests.conftest import Invoke
from tests.helpers import REPO, git

ESC = "\x1b[31m\x1b]0;TITLE\x07"
PAGE = "docs/zh/api/native_api/pytorch_2-13-0/torch-distributed-elastic.md"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
# C0 controls and DEL, but the newline
CONTROL = re.compile(r"[\x00-\x09\x0b-\x1f\x7f]")


def hostile_docs(tmp_path: Path) -> Path:
    """The verify fixture's docs, with ESC and BEL in a heading, a status, a
    link, a paragraph, and in the name of a page of its own."""
    docs = tmp_path / "docs"
    shutil.copytree(REPO / "tests" / "fixtures" / "verify" / "docs", docs)
    page = docs / PAGE
    text = page.read_text("utf-8")
    initialize = "### torch.distributed.elastic.metrics.initialize_metrics"
    text = text.replace(initialize, initialize + ESC, 1)
    text = text.replace(
        "| <term>Ascend 950DT</term> | ✘ |", f"| <term>Ascend 950DT</term> | ✘{ESC} |", 1
    )
    link = f"[{PUT_METRIC}](https://pytorch.org/docs/2.13/"
    text = text.replace(link, f"[{PUT_METRIC}{ESC}](https://pytorch.org/docs/2.12/{ESC}", 1)
    text += f"\n### torch.distributed.elastic.metrics.{ESC}x\n\n**支持情况**：{ESC}坏\n"
    page.write_text(text, "utf-8")
    (page.parent / f"torch-{ESC}.md").write_text(
        f"# t\n\n### torch.evil{ESC}\n\n**支持情况**：✔{ESC}\n", "utf-8"
    )
    return docs


def commands(docs: Path) -> dict[str, list[str]]:
    return {
        "lint": ["lint", str(docs)],
        "verify": ["verify", str(docs), "--no-live"],
        "show": ["show", f"torch.evil{ESC}", str(docs)],  # the API the hostile page names
        "diff": ["diff", "2.12.0", "2.13.0", str(docs)],
        "export": ["export", str(docs)],
    }


REWRITING = ("fix", "new-version", "migrate")  # they rewrite pages, and take no --format
RUNS = [(command, name) for command in ("lint", "verify", "show", "diff", "export")
        for name in formats_for(command)]  # fmt: skip


@pytest.mark.parametrize(("command", "name"), RUNS, ids=[f"{c}-{n}" for c, n in RUNS])
def test_hostile_page_escapes_in_every_format(
    cli: Invoke, tmp_path: Path, command: str, name: str
) -> None:
    docs = hostile_docs(tmp_path)
    argv = [*commands(docs)[command], "--no-cache", "--format", name]
    code, out, err = cli(*argv)
    assert code in (0, 1), err
    assert "\\x1b" in out + err or "\\u001b" in out + err  # the page's text is shown, escaped
    assert CONTROL.findall(out + err) == []
    written = tmp_path / "report"
    assert cli(*argv, "--output", str(written))[0] == code
    assert CONTROL.findall(written.read_text("utf-8")) == []


@pytest.mark.parametrize("command", ["lint", "verify"])
@pytest.mark.parametrize("name", STATISTICS)
def test_hostile_page_escapes_in_statistics(
    cli: Invoke, tmp_path: Path, command: str, name: str
) -> None:
    docs = hostile_docs(tmp_path)
    code, out, err = cli(*commands(docs)[command], "--no-cache", "--statistics", "--format", name)
    assert code in (0, 1), err
    assert CONTROL.findall(out + err) == []


# -- Issue 45 §4: what a reviewer pastes cannot inject ------------------------------------------
#
# One hostile tree: a git repository whose docs name APIs, pages and a product
# (from its .docs-check.toml) with Markdown, HTML and spreadsheet formulas in
# them, a branch whose name is markup, and a test tree whose folder and file
# names are. Every command that reads them is rendered in every format (lint,
# verify at the branch against main and in the tree, show, diff between the
# refs, export and tests with the test tree, fix and migrate --diff,
# new-version; the site of `report --html` parsed below; coverage and probe
# need a torch environment, and are left out), and each result is read back
# as its reader would: Markdown rendered by
# markdown-it-py (no element the hostile text forged), CSV (no cell a
# spreadsheet takes for a formula), XML parsed, JSON parsed, terminal text
# without a control character.

MARKUP = "<img src=x onerror=alert(1)>"
PRODUCT = "Evil**X**[link](http://e.invalid)<b>B</b>_i_~~s~~"
PRODUCT_ID = "a5<b>B</b>|_i_"  # an id is any string
# a rule of its own: its id and a version are any string
RULES = """[[rule]]
id = "hostile<b>B</b>"
api = "torch.distributed.elastic.metrics.put_metric"
doc = "torch-distributed-elastic.md"
expect = "是，暂不支持 Ascend 950DT"
versions = ["2.12.0", "<b>B</b>|_i_"]
"""
REF = "=1+2|x<h1>PASSED</h1>`y``<b>B</b>"  # git takes = + | < > ` in a branch's name
TESTS_FOLDER = "@t`x`<b>B"  # from the repository: test names start with it
TEST_FILE = "test_`x`<img src=x onerror=alert(1)>.py"
HOSTILE_PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-`x`<img src=x onerror=alert(1)>.md"
FORMULAS = ("=1+2", "+1+2", "-1+2", "@SUM(1)")


def hostile_entry(api: str, status: str) -> str:
    rows = "".join(
        f"| <term>{name}</term> | {status} |\n"
        for name in ("Atlas A2 训练系列产品", "Atlas A3 训练系列产品", "Ascend 950DT", PRODUCT)
    )
    return f"### {api}\n\n**支持情况**：\n\n| 硬件 | 是否支持 |\n| ---- | :----: |\n{rows}\n"


def hostile_repo(tmp_path: Path) -> Path:
    """The escapes' docs, the tests' page, entries whose API names and
    statuses are markup and formulas, a product named in Markdown and HTML, on
    `main`; on the branch REF the product's status changes (a PR's change)."""
    repo = tmp_path / "repo"
    repo.mkdir()
    docs = hostile_docs(tmp_path)
    shutil.copytree(docs / "docs", repo / "docs")
    shutil.rmtree(docs)
    torch_page = "docs/zh/api/native_api/pytorch_2-12-0/torch.md"
    shutil.copy(REPO / "tests/fixtures/testmap/docs" / torch_page, repo / torch_page)
    entries = [
        hostile_entry(f"torch.hostile.f{MARKUP}", "✔"),
        hostile_entry("torch.hostile.g[link](http://e.invalid)**X**", "✔"),
        hostile_entry("torch.hostile.h`x``<b>B</b>|", "✔"),
        *(hostile_entry(formula, formula) for formula in FORMULAS),  # an API and a status
    ]
    (repo / HOSTILE_PAGE).write_text("# torch.hostile\n\n" + "".join(entries), "utf-8")
    for page in (repo / "docs").rglob("*.md"):  # the product on every page's entries
        text = page.read_text("utf-8")
        row = "| <term>Ascend 950DT</term> | ✘ |\n"
        page.write_text(text.replace(row, row + f"| <term>{PRODUCT}</term> | ✔ |\n"), "utf-8")
    (repo / ".docs-check.toml").write_text(
        f'scope = ["atlas-a2", "atlas-a3", "ascend-950", "{PRODUCT_ID}"]\n'
        f'[[product]]\nid = "{PRODUCT_ID}"\nnames = ["{PRODUCT}"]\nsoc = ["Ascend910_95"]\n',
        "utf-8",
    )
    (tmp_path / "rules.toml").write_text(RULES, "utf-8")
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "docs")
    git(repo, "checkout", "-q", "-b", REF)
    for page in (repo / "docs").rglob("*.md"):
        text = page.read_text("utf-8")
        page.write_text(
            text.replace(f"| <term>{PRODUCT}</term> | ✔ |", f"| <term>{PRODUCT}</term> | ✘ |"),
            "utf-8",
        )
    git(repo, "commit", "-q", "-am", "the product unsupported")
    git(repo, "checkout", "-q", "main")
    return repo


def hostile_tests(repo: Path) -> Path:
    """The test-map fixture's tests, in a folder and a file named in markup."""
    tests = repo / TESTS_FOLDER
    shutil.copytree(REPO / "tests/fixtures/testmap/test", tests)
    (tests / "test_ops.py").rename(tests / TEST_FILE)
    return tests


def hostile_runs(repo: Path, tests: Path) -> dict[str, list[str]]:
    docs, tests = str(repo / "docs"), tests.name
    rules = ["--rules", str(repo.parent / "rules.toml")]  # beside the shipped rules
    at_ref = ["--git", str(repo), "--ref", REF]
    return {
        "lint": ["lint", docs],
        "lint-ref": ["lint", *at_ref, "docs"],
        "verify": ["verify", "--no-live", *at_ref, "--base", "main", "docs", *rules],
        "verify-tree": ["verify", "--no-live", docs, *rules],
        "show": ["show", f"torch.hostile.f{MARKUP}", docs],
        "diff": ["diff", "--git", str(repo), "main", REF, "docs"],
        "export": ["export", *at_ref, "docs", "--tests", tests],
        "tests": ["tests", docs, "--tests", tests],
        "fix": ["fix", "--diff", docs],  # --diff: nothing written
        "migrate": ["migrate", "--to", "blocks", "--diff", docs],
        "new-version": ["new-version", "2.14.0", "--from", "2.13.0", "--docs", docs],
    }


HOSTILE_RUNS = [
    (run, name)
    for run, command in (
        *(("lint", "lint"), ("lint-ref", "lint"), ("verify", "verify")),
        *(("verify-tree", "verify"), ("show", "show"), ("diff", "diff")),
        *(("export", "export"), ("tests", "tests"), ("fix", "fix"), ("migrate", "migrate")),
        ("new-version", "new-version"),
    )
    for name in formats_for(command)
]


# the words the hostile texts mark up: bold, italic, struck, a heading
MARKED = frozenset({"X", "i", "s", "B", "PASSED"})


class Forged(HTMLParser):
    """The elements and attributes a Markdown renderer made of hostile text:
    a tag the reports never write, an event handler, a link, or emphasis,
    strikethrough or a heading around the words the hostile text marked up."""

    NEVER = ("a", "img", "b", "script")  # tags the output never holds
    AROUND = ("strong", "em", "s", "del", "h1")  # marked-up words inside these

    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.open: list[str] = []

    def forged(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        return tag in self.NEVER or any(name.startswith("on") for name, _ in attrs)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.forged(tag, attrs):
            self.found.append(f"<{tag} {attrs}>")
        self.open.append(tag)

    def handle_endtag(self, tag: str) -> None:
        if tag in self.open:
            del self.open[len(self.open) - 1 - self.open[::-1].index(tag) :]

    def handle_data(self, data: str) -> None:
        if data in MARKED and self.open and self.open[-1] in self.AROUND:
            self.found.append(f"<{self.open[-1]}>{data}")


def forged_in_markdown(text: str) -> list[str]:
    from markdown_it import MarkdownIt

    parser = Forged()
    parser.feed(MarkdownIt("commonmark").enable(["table", "strikethrough"]).render(text))
    return parser.found


def scanned(name: str, out: str) -> list[str]:
    """What in `out` its reader would take for more than text."""
    problems = [f"control {c!r}" for c in CONTROL.findall(out)]
    if name in ("markdown", "pr"):
        problems += forged_in_markdown(out)
    elif name == "csv":
        rows = list(csv.reader(io.StringIO(out)))
        problems += [
            cell for row in rows for cell in row if cell[:1] in ("=", "+", "-", "@", "\t", "\r")
        ]
    elif name == "junit":
        ElementTree.fromstring(out.encode("utf-8"))
    elif name in ("json", "sarif", "gitlab"):
        json.loads(out)
    elif name in ("jsonl", "lintrunner"):
        [json.loads(line) for line in out.splitlines()]
    return problems


@pytest.mark.parametrize(("run", "name"), HOSTILE_RUNS, ids=[f"{r}-{n}" for r, n in HOSTILE_RUNS])
def test_hostile_tree_injects_nothing_in_any_format(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, run: str, name: str
) -> None:
    repo = hostile_repo(tmp_path)
    tests = hostile_tests(repo)
    monkeypatch.chdir(repo)
    argv = hostile_runs(repo, tests)[run]
    chosen = [] if argv[0] in REWRITING else ["--format", name]  # they write text only
    fresh = [] if argv[0] == "new-version" else ["--no-cache"]  # it reads no cache
    code, out, err = cli(*argv, *fresh, *chosen)
    assert code in (0, 1), err
    assert scanned(name, out) == []


class ForgedInSite(Forged):
    """What the site made of hostile text: an element or attribute it never
    writes (an image, bold, an event handler), a link to the hostile address,
    or a heading of the hostile words. The site writes links and scripts of
    its own."""

    NEVER = ("img", "b")
    AROUND = ("strong", "em", "h1")

    def forged(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        hostile_link = any(n in ("href", "src") and "e.invalid" in (v or "") for n, v in attrs)
        return hostile_link or super().forged(tag, attrs)


def test_hostile_tree_forges_nothing_in_the_site(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    repo = hostile_repo(tmp_path)
    monkeypatch.chdir(repo)
    site = tmp_path / "site"
    code, _, err = cli("report", "docs", "--html", str(site), "--no-cache")
    assert code in (0, 1), err
    pages = sorted(site.rglob("*.html"))
    assert len(pages) > 3
    for page in pages:
        parser = ForgedInSite()
        parser.feed(page.read_text("utf-8"))
        assert (page.name, parser.found) == (page.name, [])
