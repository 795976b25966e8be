"""`docs-check report --html DIR` as a user runs it: its one line, its exit
codes, and the folder it writes whole or not at all."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.helpers import git
from tests.site import SITE_DOCS

DOCS = "tests/fixtures/site/docs"


def test_the_site_is_written_and_the_run_said_in_one_line(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    code, out, err = cli_at_repo("report", DOCS, "--html", str(tmp_path / "site"))
    assert (code, out) == (0, "")
    assert err == (
        "4 findings (1 error, 3 warnings) in 3 files, 9 entries; "  # 2: hostile titles
        f"site written to {tmp_path / 'site' / 'index.html'}\n"
    )
    assert (tmp_path / "site" / "index.html").is_file()


def test_a_site_written_again_replaces_the_old_one_whole_and_keeps_the_users_files(
    cli: Invoke, tmp_path: Path
) -> None:
    """The view of a page that is gone goes with it; a `CNAME` and a `.git/`
    folder the user added to publish the site stay."""
    docs = tmp_path / "docs"
    shutil.copytree(SITE_DOCS, docs)
    page = next(docs.rglob("*.md"))
    shutil.copy(page, page.with_name("torch-gone.md"))
    site = tmp_path / "site"
    assert cli("report", str(docs), "--html", str(site))[0] == 0
    views = {p.relative_to(site) for p in (site / "pages").rglob("*.html")}
    (site / "CNAME").write_text("docs.example.org\n", encoding="utf-8")
    (site / ".git").mkdir()
    (site / ".git" / "HEAD").write_text("ref: refs/heads/gh-pages\n", encoding="utf-8")
    page.with_name("torch-gone.md").unlink()
    assert cli("report", str(docs), "--html", str(site))[0] == 0
    after = {p.relative_to(site) for p in (site / "pages").rglob("*.html")}
    assert len(after) == len(views) - 1 and after < views
    assert (site / "CNAME").read_text(encoding="utf-8") == "docs.example.org\n"
    assert (site / ".git" / "HEAD").read_text(encoding="utf-8") == "ref: refs/heads/gh-pages\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["docs", "site"]  # nothing beside it


def test_a_folder_of_other_files_is_never_replaced(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "notes.txt").write_text("mine", encoding="utf-8")
    code, out, err = cli("report", str(SITE_DOCS), "--html", str(tmp_path))
    assert (code, out) == (2, "")
    assert err.endswith(
        f"docs-check: error: {tmp_path}: holds files docs-check did not write; "
        "give a new or empty folder\n"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.txt"]


def test_a_file_in_place_of_the_folder_is_an_input_error(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "site").write_text("", encoding="utf-8")
    code, _out, err = cli("report", str(SITE_DOCS), "--html", str(tmp_path / "site"))
    assert code == 2
    assert err.endswith(f"docs-check: error: {tmp_path / 'site'}: not a folder\n")


def test_html_is_required(cli: Invoke) -> None:
    code, _out, err = cli("report", str(SITE_DOCS))
    assert code == 2
    assert "Missing option '--html'" in err


def test_a_broken_verify_report_writes_nothing(cli: Invoke, tmp_path: Path) -> None:
    site = tmp_path / "site"
    assert cli("report", str(SITE_DOCS), "--html", str(site))[0] == 0
    before = {p: p.read_bytes() for p in site.rglob("*") if p.is_file()}
    report = tmp_path / "verify.json"
    report.write_text('{"schema": "docs-check/verify", "schema_version": 1, "results": {}}')
    code, _out, err = cli(
        "report", str(SITE_DOCS), "--html", str(site), "--verify-report", str(report)
    )
    assert code == 2
    assert err == f"docs-check: error: {report}: broken report: 'results' is not a list\n"
    assert {p: p.read_bytes() for p in site.rglob("*") if p.is_file()} == before


def test_a_page_that_cannot_be_read_is_listed_and_the_rest_shown(
    cli: Invoke, tmp_path: Path
) -> None:
    docs = tmp_path / "docs"
    shutil.copytree(SITE_DOCS, docs)
    bad = docs / "zh" / "api" / "native_api" / "pytorch_2-12-0" / "torch-bad.md"
    bad.write_bytes(b"\xff\xfe not UTF-8")
    code, _out, err = cli("report", str(docs), "--html", str(tmp_path / "site"))
    assert code == 2
    said = f"{bad}:1: invalid UTF-8 at byte offset 0; file skipped"
    assert err.endswith(f"docs-check: error: {said}\n")
    index = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert (
        '<div class="errors"><strong>Input errors: what could not be read is missing below'
        f"</strong><ul><li>{said}</li></ul></div>"
    ) in index
    assert "torch-distributed-elastic.md" in index


def test_a_site_read_at_git_refs_says_which(cli: Invoke, tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    shutil.copytree(SITE_DOCS, repo / "docs")
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "docs")
    git(repo, "branch", "v2")
    site = tmp_path / "site"
    arguments = ("--git", str(repo), "--ref", "master", "--ref", "v2", "--html", str(site))
    assert cli("report", *arguments)[0] == 0
    index = (site / "index.html").read_text(encoding="utf-8")
    said = "6 pages, 18 entries, 7 APIs, 8 findings; read at master, v2"
    assert f'<p class="muted" id="read">{said}</p>' in index
    abouts = []
    for page in (site / "pages").glob("*elastic*"):
        about = re.search(r'<p class="muted">([^·]*) ·', page.read_text(encoding="utf-8"))
        assert about is not None
        abouts.append(about[1])
    assert sorted(abouts) == [
        f"version {version}, zh page, 3 entries, 0 findings; read at {ref}"
        for version in ("2.12.0", "2.13.0")
        for ref in ("master", "v2")
    ]


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_site_speaks_the_language_of_the_run(cli: Invoke, tmp_path: Path, lang: str) -> None:
    assert cli("--lang", lang, "report", str(SITE_DOCS), "--html", str(tmp_path / "s"))[0] == 0
    index = (tmp_path / "s" / "index.html").read_text(encoding="utf-8")
    heading = {"zh": "文档中的 API 支持情况", "en": "API support in the docs"}[lang]
    assert f'<html lang="{ {"zh": "zh-CN", "en": "en"}[lang] }">' in index
    assert f"<h1>{heading}</h1>" in index
