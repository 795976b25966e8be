"""Docs at git refs (`--git REPO --ref REF`): real temporary repositories with
branches and tags, read without a checkout. Every page and finding is named
`ref:path`; each ref is a docs tree of its own; reading costs at most two git
processes per ref (plus two that check the repository and the refs), never one
per file, and a blob is read once, however many refs hold it.

Commands run in-process through `checker.cli.run`, from a folder outside the
repositories, with exact output."""

from __future__ import annotations

import dataclasses
import json
import shutil
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest

import checker.sources.gitrefs
from checker.process import CommandResult, Started
from tests.helpers import REPO, git

EXAMPLES = REPO / "examples" / "docs" / "docs" / "zh" / "api" / "native_api"
NATIVE = "docs/zh/api/native_api"
ELASTIC_11 = f"{NATIVE}/pytorch_2-11-0/torch-distributed-elastic.md"
DATA_12 = f"{NATIVE}/pytorch_2-12-0/torch-utils-data.md"
BLOCK_MISMATCH = "block-id-mismatch block opened as id6 at line 41 ends as id5"
NONSTANDARD = "nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
# the 2.11.0 page leaves Ascend 950DT out of put_metric's table; the shipped rule says 暂不支持
DIFFERS = (
    f"doc-differs-from-rule {PUT_METRIC} 2.11.0 on ascend-950: "
    "docs say unstated, the rule expects unsupported"
)
Invoke = Callable[..., tuple[int, str, str]]


# -- helpers ------------------------------------------------------------------------------


def init_repo(repo: Path) -> Path:
    repo.mkdir(parents=True, exist_ok=True)
    git(repo, "init", "-q", "-b", "master")
    return repo


def commit_all(repo: Path, message: str) -> None:
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", message)


def put(repo: Path, path: str, content: str | bytes) -> Path:
    target = repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        target.write_bytes(content)
    else:
        target.write_text(content, encoding="utf-8")
    return target


def example(relative: str) -> str:
    return (EXAMPLES / relative).read_text(encoding="utf-8")


def replace_line(text: str, line: int, old: str, new: str) -> str:
    lines = text.split("\n")
    assert old in lines[line - 1], lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    return "\n".join(lines)


def errors_of(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("docs-check: error:")]


@pytest.fixture
def cli(cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> Invoke:
    """docs-check in-process, from a folder that is no repository: (exit, stdout, stderr)."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    monkeypatch.chdir(elsewhere)
    return cli


@pytest.fixture
def docs_repo(tmp_path: Path) -> Path:
    """master (tagged v1): a clean 2.11.0 page and a 2.12.0 page with a block id
    mismatch at line 43, plus a menu, a text file, a README and a symlinked page.
    release (tagged v2): the mismatch fixed, a nonstandard mark at line 20 of the
    2.11.0 page instead."""
    repo = init_repo(tmp_path / "docs-repo")
    put(repo, "README.md", "# torch-npu docs\n")
    put(repo, f"{NATIVE}/_menu_native_apis.md", example("_menu_native_apis.md"))
    put(repo, ELASTIC_11, example("pytorch_2-11-0/torch-distributed-elastic.md"))
    put(repo, DATA_12, example("pytorch_2-12-0/torch-utils-data.md"))
    put(repo, f"{NATIVE}/pytorch_2-12-0/notes.txt", "not a page\n")
    (repo / NATIVE / "pytorch_2-12-0" / "elastic-link.md").symlink_to(
        "../pytorch_2-11-0/torch-distributed-elastic.md"
    )
    commit_all(repo, "docs")
    git(repo, "tag", "v1")
    git(repo, "checkout", "-q", "-b", "release")
    put(repo, DATA_12, replace_line(example("pytorch_2-12-0/torch-utils-data.md"), 43, "5", "6"))
    elastic = example("pytorch_2-11-0/torch-distributed-elastic.md")
    put(repo, ELASTIC_11, replace_line(elastic, 20, "✔", "✗"))
    commit_all(repo, "release fixes")
    git(repo, "tag", "-a", "v2", "-m", "release 2")  # an annotated tag: peeled to its commit
    git(repo, "checkout", "-q", "master")
    return repo


# -- lint -----------------------------------------------------------------------------------


def test_lint_two_refs_in_one_run_names_findings_by_ref(cli: Invoke, docs_repo: Path) -> None:
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", "master", "--ref", "release")
    assert code == 1
    assert out.splitlines() == [
        f"master:{ELASTIC_11}:32: {DIFFERS}",
        f"master:{DATA_12}:43: {BLOCK_MISMATCH}",
        f"release:{ELASTIC_11}:20: {NONSTANDARD}",
        f"release:{ELASTIC_11}:32: {DIFFERS}",
    ]
    assert err == "4 findings (3 errors, 1 warning) in 4 files, 10 entries\n"


def test_summary_by_ref(cli: Invoke, docs_repo: Path) -> None:
    """A line per ref, in the order given, then the total."""
    argv = ("lint", "--git", str(docs_repo), "--ref", "release", "--ref", "master")
    code, _, err = cli(*argv, "--summary-by-ref")
    assert code == 1
    assert err.splitlines() == [
        "release: 2 findings (1 error, 1 warning) in 2 files, 5 entries",
        "master: 2 findings (2 errors, 0 warnings) in 2 files, 5 entries",
        "4 findings (3 errors, 1 warning) in 4 files, 10 entries",
    ]
    code, _, err = cli("lint", str(docs_repo), "--summary-by-ref")
    assert (code, err.splitlines()[-1]) == (2, "Error: --summary-by-ref needs --ref")


def test_each_ref_is_a_tree_of_its_own(cli: Invoke, docs_repo: Path) -> None:
    """The same pages at two refs: the same findings under each name, and no
    API counts as documented twice."""
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", "v1", "--ref", "master")
    assert code == 1
    assert out.splitlines() == [
        f"master:{ELASTIC_11}:32: {DIFFERS}",
        f"master:{DATA_12}:43: {BLOCK_MISMATCH}",
        f"v1:{ELASTIC_11}:32: {DIFFERS}",
        f"v1:{DATA_12}:43: {BLOCK_MISMATCH}",
    ]
    assert err == "4 findings (4 errors, 0 warnings) in 4 files, 10 entries\n"


def test_tags_and_commits_are_refs(cli: Invoke, docs_repo: Path) -> None:
    commit = git(docs_repo, "rev-parse", "release").strip()
    code, out, _ = cli("lint", "--git", str(docs_repo), "--ref", "v2", "--ref", commit[:12])
    assert code == 1
    assert out.splitlines() == [
        f"{commit[:12]}:{ELASTIC_11}:20: {NONSTANDARD}",
        f"{commit[:12]}:{ELASTIC_11}:32: {DIFFERS}",
        f"v2:{ELASTIC_11}:20: {NONSTANDARD}",
        f"v2:{ELASTIC_11}:32: {DIFFERS}",
    ]


def test_ref_without_git_reads_the_current_folder(
    cli: Invoke, docs_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(docs_repo / "docs")  # a folder inside the repository
    code, out, _ = cli("lint", "--ref", "release")
    said = f"release:{ELASTIC_11}:20: {NONSTANDARD}\nrelease:{ELASTIC_11}:32: {DIFFERS}\n"
    assert (code, out) == (1, said)


def test_lint_json_at_refs(cli: Invoke, docs_repo: Path) -> None:
    code, out, _ = cli("lint", "--git", str(docs_repo), "--ref", "release", "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert [(f["ref"], f["path"], f["line"], f["rule"]) for f in document["findings"]] == [
        ("release", ELASTIC_11, 20, "nonstandard-mark"),  # the path in the repository, the ref
        ("release", ELASTIC_11, 32, "doc-differs-from-rule"),
    ]
    assert (document["files"], document["errors"]) == (2, [])


# -- show and verify --------------------------------------------------------------------------


def test_show_at_refs(cli: Invoke, docs_repo: Path) -> None:
    put(docs_repo, f"{NATIVE}/pytorch_2-12-0/torch-distributed-elastic.md", "# not committed\n")
    argv = ["show", "put_metric", "--git", str(docs_repo), "--docs", "docs"]
    code, out, err = cli(*argv, "--ref", "master", "--ref", "release", "--scope", "atlas-a2")
    assert (code, err) == (0, "")
    assert out.splitlines() == [
        PUT_METRIC,
        f"  2.11.0  zh table   atlas-a2=supported  master:{ELASTIC_11}:24",
        f"  2.11.0  zh table   atlas-a2=supported  release:{ELASTIC_11}:24",
    ]


def test_verify_at_refs(cli: Invoke, docs_repo: Path) -> None:
    argv = ["verify", "--no-live", "--git", str(docs_repo), "--docs", "docs", "--format", "json"]
    code, out, err = cli(*argv, "--ref", "v1", "--ref", "v2")
    assert code == 1  # the 2.11.0 page says nothing of Ascend 950DT; the rule says 暂不支持
    assert err == ""
    results = json.loads(out)["results"]
    assert {(r["ref"], r["path"], r["entry_line"]) for r in results} == {
        ("v1", ELASTIC_11, 24),
        ("v2", ELASTIC_11, 24),
    }
    # A2 and A3 at their rows; Ascend 950DT, which the table leaves out, at the table
    assert {(r["product"], r["line"]) for r in results} == {
        ("atlas-a2", 34),
        ("atlas-a3", 35),
        ("ascend-950", 32),
    }
    for ref in ("v1", "v2"):
        mine = [r for r in results if r["ref"] == ref]
        verdicts = {r["product"]: r["verdict"] for r in mine}
        assert verdicts == {
            "atlas-a2": "unverified",
            "atlas-a3": "unverified",
            "ascend-950": "doc-differs-from-rule",
        }
    assert json.loads(out)["findings"] == []  # no duplicate-api across refs


# -- what is read ---------------------------------------------------------------------------


def test_paths_inside_the_repository_restrict_what_is_read(cli: Invoke, docs_repo: Path) -> None:
    base = ["lint", "--git", str(docs_repo), "--ref", "master"]
    code, out, err = cli(*base, f"{NATIVE}/pytorch_2-11-0")
    assert (code, out) == (1, f"master:{ELASTIC_11}:32: {DIFFERS}\n")
    assert err == "1 finding (1 error, 0 warnings) in 1 file, 3 entries\n"
    code, out, err = cli(*base, DATA_12)
    assert (code, out) == (1, f"master:{DATA_12}:43: {BLOCK_MISMATCH}\n")
    assert err == "1 finding (1 error, 0 warnings) in 1 file, 2 entries\n"
    code, out, err = cli(*base, f"{NATIVE}/pytorch_2-1")  # a path, not a prefix of names
    assert (code, out) == (2, "")
    assert errors_of(err) == [f"docs-check: error: no API pages under master:{NATIVE}/pytorch_2-1"]


def test_a_ref_without_pages_is_one_error_and_the_others_are_checked(
    cli: Invoke, docs_repo: Path
) -> None:
    git(docs_repo, "checkout", "-q", "-b", "moved")
    git(docs_repo, "mv", "docs/zh/api", "docs/zh/apis")
    commit_all(docs_repo, "moved")
    argv = ["lint", "--git", str(docs_repo), "--ref", "moved", "--ref", "master", "docs/zh/api"]
    code, out, err = cli(*argv)
    assert code == 2
    assert out == f"master:{ELASTIC_11}:32: {DIFFERS}\nmaster:{DATA_12}:43: {BLOCK_MISMATCH}\n"
    assert errors_of(err) == ["docs-check: error: no API pages under moved:docs/zh/api"]


def test_symlinks_and_other_files_are_skipped(cli: Invoke, docs_repo: Path) -> None:
    listed = git(docs_repo, "ls-tree", "-r", "--name-only", "master").split()
    assert f"{NATIVE}/pytorch_2-12-0/elastic-link.md" in listed  # committed, as a symlink
    code, out, _ = cli("show", "initialize_metrics", "--git", str(docs_repo), "--ref", "master")
    assert code == 0
    assert [line.split()[-1] for line in out.splitlines()[1:]] == [f"master:{ELASTIC_11}:9"]
    code, _, err = cli("lint", "--git", str(docs_repo), "--ref", "master")
    assert code == 1
    assert err.endswith("in 2 files, 5 entries\n")  # no README, menu, notes.txt or symlink


def test_a_working_tree_change_is_not_seen_at_the_ref(cli: Invoke, docs_repo: Path) -> None:
    fixed = replace_line(example("pytorch_2-12-0/torch-utils-data.md"), 43, "5", "6")
    put(docs_repo, DATA_12, fixed)
    git(docs_repo, "add", DATA_12)  # staged, not committed
    code, out, _ = cli("lint", "--git", str(docs_repo), "--ref", "master")
    said = f"master:{ELASTIC_11}:32: {DIFFERS}\nmaster:{DATA_12}:43: {BLOCK_MISMATCH}\n"
    assert (code, out) == (1, said)
    code, out, _ = cli("lint", str(docs_repo / DATA_12))  # the working tree has the fix
    assert (code, out) == (0, "")


def test_a_page_that_cannot_be_read_is_one_error_naming_ref_and_path(
    cli: Invoke, docs_repo: Path
) -> None:
    git(docs_repo, "checkout", "-q", "-b", "broken")
    head = "# torch 张量\n\n### torch.abs\n".encode()  # 30 bytes
    put(docs_repo, f"{NATIVE}/pytorch_2-12-0/bad.md", head + b"**\xe6\x94\xaf\xff**\n")
    put(docs_repo, f"{NATIVE}/pytorch_2-12-0/image.md", b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    put(docs_repo, f"{NATIVE}/pytorch_2-12-0/empty.md", b"")
    commit_all(docs_repo, "broken pages")
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", "broken")
    assert code == 2
    # the other pages are checked
    assert out == f"broken:{ELASTIC_11}:32: {DIFFERS}\nbroken:{DATA_12}:43: {BLOCK_MISMATCH}\n"
    folder = f"broken:{NATIVE}/pytorch_2-12-0"
    assert errors_of(err) == [
        f"docs-check: error: {folder}/bad.md:4: invalid UTF-8 at byte offset 35; file skipped",
        f"docs-check: error: {folder}/empty.md: empty file",
        f"docs-check: error: {folder}/image.md: binary file, not a markdown page",
    ]


def test_odd_file_names_are_read(cli: Invoke, docs_repo: Path) -> None:
    """The listing is NUL-separated: names with spaces, non-ASCII letters or a
    newline are neither quoted nor split."""
    git(docs_repo, "checkout", "-q", "-b", "names")
    page = example("pytorch_2-12-0/torch-utils-data.md").replace("2.12", "2.13")
    names = ["new\nline.md", "with space.md", "数据.md"]
    for name in names:
        put(docs_repo, f"{NATIVE}/pytorch_2-13-0/{name}", page)
    commit_all(docs_repo, "odd names")
    argv = ["lint", "--git", str(docs_repo), "--ref", "names", "--format", "json"]
    code, out, _ = cli(*argv, f"{NATIVE}/pytorch_2-13-0")
    assert code == 1
    document = json.loads(out)
    assert (document["files"], document["errors"]) == (3, [])
    mismatches = [
        (f["ref"], f["path"]) for f in document["findings"] if f["rule"] == "block-id-mismatch"
    ]
    assert mismatches == [("names", f"{NATIVE}/pytorch_2-13-0/{name}") for name in names]


# -- bad input ------------------------------------------------------------------------------


def test_a_missing_ref_is_one_line_naming_it(cli: Invoke, docs_repo: Path) -> None:
    argv = ["lint", "--git", str(docs_repo), "--ref", "master", "--ref", "v9.9.9"]
    code, out, err = cli(*argv)
    assert (code, out) == (2, "")  # checked before any ref is read
    assert err == f"docs-check: error: {docs_repo}: no such ref 'v9.9.9'\n"


@pytest.mark.parametrize(
    ("ref", "closest"),
    [("master:docs", " (closest: master)"), ("--all", ""), ("", ""), ("master\nv1", "")],
)
def test_what_is_no_commit_is_no_ref(cli: Invoke, docs_repo: Path, ref: str, closest: str) -> None:
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", ref)
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: {docs_repo}: no such ref {ref!r}{closest}\n"


def test_not_a_git_repository_is_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GIT_CEILING_DIRECTORIES", str(tmp_path))  # even if /tmp is in a repo
    plain = tmp_path / "plain"
    put(plain, DATA_12, example("pytorch_2-12-0/torch-utils-data.md"))
    for where in (plain, tmp_path / "no-such-folder"):
        code, out, err = cli("lint", "--git", str(where), "--ref", "master")
        assert (code, out) == (2, "")
        assert len(err.splitlines()) == 1
        assert err.startswith(f"docs-check: error: {where}: ")
    _, _, err = cli("lint", "--git", str(plain), "--ref", "master")
    assert "not a git repository" in err


@pytest.mark.parametrize("command", [["lint"], ["show", "put_metric"], ["verify", "--no-live"]])
def test_git_without_ref_is_a_usage_error(cli: Invoke, docs_repo: Path, command: list[str]) -> None:
    code, out, err = cli(*command, "--git", str(docs_repo))
    assert (code, out) == (2, "")
    # the tests may be at refs (lint --tests, verify), and verify's --base docs
    others = {"lint": " or --test-ref", "verify": ", --test-ref or --base"}.get(command[0], "")
    assert err.splitlines()[-1] == f"Error: --git needs at least one --ref{others}"


def test_the_callers_git_environment_does_not_redirect_git(
    cli: Invoke, docs_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A git hook runs with GIT_DIR and GIT_INDEX_FILE set to its own repository."""
    other = init_repo(tmp_path / "other")
    monkeypatch.setenv("GIT_DIR", str(other / ".git"))
    monkeypatch.setenv("GIT_INDEX_FILE", str(other / ".git" / "index"))
    monkeypatch.setenv("GIT_WORK_TREE", str(other))
    code, out, _ = cli("lint", "--git", str(docs_repo), "--ref", "release")
    said = f"release:{ELASTIC_11}:20: {NONSTANDARD}\nrelease:{ELASTIC_11}:32: {DIFFERS}\n"
    assert (code, out) == (1, said)


# -- cost -----------------------------------------------------------------------------------


def test_the_same_git_processes_however_many_refs_and_files(
    cli: Invoke, docs_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    git(docs_repo, "checkout", "-q", "-b", "many")
    page = example("pytorch_2-11-0/torch-distributed-elastic.md")
    for index in range(40):  # 40 blobs of their own, read by one process
        put(docs_repo, f"{NATIVE}/pytorch_2-11-0/copy-{index:02}.md", f"{page}\n<!-- {index} -->\n")
    commit_all(docs_repo, "many pages")
    calls: list[Sequence[str]] = []
    real = checker.sources.gitrefs.run_command

    def counting(argv: Sequence[str], **options: object) -> CommandResult:
        calls.append(argv)
        return real(argv, **options)  # type: ignore[arg-type]

    started = checker.sources.gitrefs.start_command

    def starting(argv: Sequence[str], **options: object) -> Started:
        calls.append(argv)
        return started(argv, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(checker.sources.gitrefs, "run_command", counting)
    monkeypatch.setattr(checker.sources.gitrefs, "start_command", starting)
    refs = ["master", "release", "v1", "many"]
    argv = ["lint", "--git", str(docs_repo), "--no-cache", "--format", "json"]
    code, out, _ = cli(*argv, *[item for ref in refs for item in ("--ref", ref)])
    assert code == 1
    assert json.loads(out)["files"] == 2 + 2 + 2 + 42
    start = ["git", "-C", str(docs_repo), *checker.sources.gitrefs.READ_ONLY]
    assert all(argv[: len(start)] == start for argv in calls)
    calls = [argv[len(start) - 3 :] for argv in calls]  # as if git -C REPO COMMAND
    assert [argv[3] for argv in calls] == [
        # every ref of the command line, resolved once, before anything is read:
        "for-each-ref",  # a git repository? its refs (a name that is two is refused)
        "cat-file",  # every ref, resolved to its commit in one batch
        # the configuration at the docs ref (the first, at its commit): its
        # root's .docs-check.toml and pyproject.toml listed (none here, so nothing read)
        "ls-tree",
        "ls-tree",  # the first ref's pages
        "diff-tree",  # what each further ref changed against the one before
        "cat-file",  # the size of every blob of every ref, each once, in one batch
        "cat-file",  # their bytes, in one batch, read as the pages are read
    ]
    assert [argv[3:] for argv in calls[-2:]] == [
        ["cat-file", "--batch-check"],
        ["cat-file", "--batch"],
    ]


def test_each_ref_lists_the_pages_it_has(docs_repo: Path) -> None:
    """Listed as changes against the ref before, each ref still has exactly
    its own files: a page one ref adds, and the next removes while it turns
    another page into a symlink (no file), then refs in any order, repeated."""
    from checker.sources.gitrefs import GitRef, check_refs
    from checker.sources.gittrees import git_listings

    added = f"{NATIVE}/pytorch_2-11-0/added.md"
    git(docs_repo, "checkout", "-q", "-b", "later", "master")
    put(docs_repo, added, example("pytorch_2-11-0/torch-distributed-elastic.md"))
    commit_all(docs_repo, "a page added")
    (docs_repo / added).unlink()
    (docs_repo / DATA_12).unlink()
    (docs_repo / DATA_12).symlink_to("../pytorch_2-11-0/torch-distributed-elastic.md")
    commit_all(docs_repo, "one removed, one a link")
    git(docs_repo, "tag", "removed")
    names = ("master", "later~1", "removed", "release", "master")
    refs = [GitRef(str(docs_repo), ref) for ref in names]
    listings = git_listings(check_refs(refs), ["docs"])
    for ref in refs:
        alone = git(docs_repo, "ls-tree", "-r", "--full-tree", ref.ref, "--", "docs")
        files = sorted(
            (line.split("\t")[1], line.split()[2])
            for line in alone.splitlines()
            if line.split()[0] != "120000"
        )
        assert listings[ref] == files, ref.ref
    assert added in dict(listings[refs[1]])
    assert added not in dict(listings[refs[2]])
    assert DATA_12 in dict(listings[refs[1]])
    assert DATA_12 not in dict(listings[refs[2]])


# -- the real docs: release gating across branches -----------------------------------------


def test_corpus_release_branch_differs_from_the_rule(
    cli: Invoke, corpus: Path, tmp_path: Path
) -> None:
    """The four master torch-distributed-elastic.md pages on master; on branch
    v2.12.0 the 2.12.0 page's put_metric marks Ascend 950DT ✔ instead of ✘."""
    repo = init_repo(tmp_path / "ascend-pytorch")
    sources = sorted((corpus / "master" / NATIVE).glob("pytorch_*/torch-distributed-elastic.md"))
    assert len(sources) == 4
    for source in sources:
        target = repo / NATIVE / source.parent.name / source.name
        target.parent.mkdir(parents=True)
        shutil.copyfile(source, target)
    commit_all(repo, "docs of master")
    git(repo, "checkout", "-q", "-b", "v2.12.0")
    page_12 = f"{NATIVE}/pytorch_2-12-0/torch-distributed-elastic.md"
    text = (repo / page_12).read_text(encoding="utf-8")
    assert text.split("\n")[1843] == f"### {PUT_METRIC}"
    put(repo, page_12, replace_line(text, 1856, "✘", "✔"))  # | <term>Ascend 950DT</term> |
    commit_all(repo, "put_metric on Ascend 950DT")
    git(repo, "checkout", "-q", "master")

    argv = ["verify", "--no-live", "--git", str(repo), "--ref", "master", "--ref", "v2.12.0"]
    code, out, err = cli(*argv)
    assert code == 1
    assert f"  2.12.0: DOCS DIFFER FROM THE RULE  v2.12.0:{page_12}:1856" in out.splitlines()
    assert err == "24 results (1 doc-differs-from-rule, 23 unverified); 0 findings; exit 1\n"

    code, out, _ = cli(*argv, "--format", "json")
    results = json.loads(out)["results"]
    differs = [r for r in results if r["verdict"] == "doc-differs-from-rule"]
    assert [(r["ref"], r["path"], r["line"], r["product"]) for r in differs] == [
        ("v2.12.0", page_12, 1856, "ascend-950")
    ]
    on_master = [r for r in results if r["ref"] == "master"]
    assert sorted({r["version"] for r in on_master}) == ["2.11.0", "2.12.0", "2.13.0", "2.7.1"]
    assert len(on_master) == 12
    assert all(r["documented"] == r["expected"] for r in on_master)
    assert all(r["entry_line"] == 1844 for r in results)
    rows = {"atlas-a2": 1854, "atlas-a3": 1855, "ascend-950": 1856}
    assert all(r["line"] == rows[r["product"]] for r in results)


# -- history: one blob, one read ------------------------------------------------------------


def _read_at(repo: Path, refs: Sequence[str]) -> tuple[list[object], list[int]]:
    """The pages of `refs`, and how many documents each read_all call was handed."""
    import checker.sources.corpus as corpus
    import checker.sources.workers as workers
    from checker.model.catalogue import default_catalogue
    from checker.sources.gitrefs import GitRef

    handed: list[int] = []
    read_all = workers.read_all

    def counting(todo: Sequence[object], *rest: object) -> object:
        handed.append(len(todo))
        return read_all(todo, *rest)  # type: ignore[arg-type]

    options = corpus.ReadOptions(refs=tuple(GitRef(str(repo), ref) for ref in refs))
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(workers, "read_all", counting)
        pages = corpus.read_corpus(["."], default_catalogue(), options=options).pages
    return list(pages), handed


def test_a_blob_at_several_refs_is_read_once(docs_repo: Path) -> None:
    """v1 is master, and release changes both pages but keeps the symlinked
    one out: the two pages of master are read once for master and v1, and the
    two of release once; each ref's pages are named by their ref, and share
    the entries of the one reading (named by their path inside the tree)."""
    pages, handed = _read_at(docs_repo, ["master", "v1", "release"])
    assert handed == [4]
    assert [page.path for page in pages] == [
        f"{ref}:{path}" for ref in ("master", "release", "v1") for path in (ELASTIC_11, DATA_12)
    ]
    for page in pages:
        ref, _, inside = page.path.partition(":")
        assert page.tree == ref
        assert {entry.path for entry in page.entries} == {inside}
        assert {entry.path for entry in page.placed_entries()} == {page.path}
        assert {finding.path for finding in page.findings} <= {page.path}
    master, v1 = pages[:2], pages[4:]
    assert all(a.entries is b.entries for a, b in zip(master, v1, strict=True))
    assert all(a.blob == b.blob != "" for a, b in zip(master, v1, strict=True))


def test_a_shared_page_is_the_page_read_at_its_own_ref(docs_repo: Path) -> None:
    shared, _ = _read_at(docs_repo, ["master", "v1", "release"])
    alone = []
    for ref in ("master", "release", "v1"):
        pages, handed = _read_at(docs_repo, [ref])
        assert handed == [2]  # each read afresh
        alone += pages
    assert shared == alone
    assert any(page.findings for page in shared)  # findings are named per ref too


def test_a_warm_lint_at_refs_says_what_a_lint_without_cache_says(
    cli: Invoke, docs_repo: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Pages and their rules' findings kept from one run, placed at the refs
    of the next (in another order, one ref more) as a run without the cache
    places them."""
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "cache"))
    git_args = ["lint", "--git", str(docs_repo), "--format", "json"]
    assert cli(*git_args, "--ref", "master", "--ref", "release")[0] == 1
    refs = ["--ref", "release", "--ref", "v1", "--ref", "master"]
    warm = cli(*git_args, *refs)
    assert warm == cli(*git_args, "--no-cache", *refs)
    # master's (and v1's) mismatch, release's mark, and the 2.11.0 page's differing 950 at each ref
    assert len(json.loads(warm[1])["findings"]) == 6


def test_export_at_refs_names_each_record_by_its_ref(cli: Invoke, docs_repo: Path) -> None:
    """Pages shared by two refs (master is v1) give each ref its own records:
    the path inside the repository, the ref beside it."""
    argv = ["export", "--git", str(docs_repo), "--ref", "master", "--ref", "v1", "--format", "json"]
    code, out, _ = cli(*argv)
    assert code == 0
    records = json.loads(out)["records"]
    by_ref = {ref: [r for r in records if r["ref"] == ref] for ref in ("master", "v1")}
    assert by_ref["master"] and len(by_ref["master"]) == len(by_ref["v1"]) == len(records) / 2
    assert {r["path"] for r in records} == {ELASTIC_11, DATA_12}
    strip = [{k: v for k, v in r.items() if k != "ref"} for r in by_ref["master"]]
    assert strip == [{k: v for k, v in r.items() if k != "ref"} for r in by_ref["v1"]]


def test_diff_of_two_refs_names_the_findings_introduced_and_fixed(
    cli: Invoke, docs_repo: Path
) -> None:
    """release fixes master's block id mismatch and brings a nonstandard mark;
    master and v1 (the same commit) differ in nothing."""
    from tests.report.test_json_schema import valid

    code, out, err = cli("diff", "--git", str(docs_repo), "master", "release")
    assert (code, err) == (0, "")
    lines = out.splitlines()
    assert lines[0].endswith("; findings 1 introduced, 1 fixed")
    assert f"introduced release:{ELASTIC_11}:20: {NONSTANDARD}" in lines
    assert f"fixed      master:{DATA_12}:43: {BLOCK_MISMATCH}" in lines
    argv = ["diff", "--git", str(docs_repo), "master", "release", "--format", "json"]
    document = valid("diff", cli(*argv)[1])
    introduced, fixed = document["findings"]["introduced"], document["findings"]["fixed"]
    assert [(f["rule"], f["ref"], f["path"], f["line"]) for f in introduced] == [
        ("nonstandard-mark", "release", ELASTIC_11, 20)
    ]
    assert [(f["rule"], f["ref"], f["path"], f["line"]) for f in fixed] == [
        ("block-id-mismatch", "master", DATA_12, 43)
    ]
    same = ["diff", "--git", str(docs_repo), "master", "v1", "--exit-code"]
    assert cli(*same)[:2] == (0, "master → v1: APIs 0 added, 0 removed; statuses 0 changed; "
                                 "findings 0 introduced, 0 fixed\n")  # fmt: skip
    assert cli("diff", "--git", str(docs_repo), "master", "release", "--exit-code")[0] == 1
    markdown = cli("diff", "--git", str(docs_repo), "master", "release", "--format", "markdown")
    assert "### Findings introduced" in markdown[1] and "### Findings fixed" in markdown[1]
    assert f"`release:{ELASTIC_11}:20`" in markdown[1]


# -- refs as git users name them -------------------------------------------------------------


def test_a_branch_only_one_remote_has_is_read_from_it(docs_repo: Path, tmp_path: Path) -> None:
    """As `git checkout release` takes origin/release in a clone; where two
    remotes have the branch, the name is ambiguous, as it is to git."""
    from checker.errors import UsageError
    from checker.sources.gitrefs import GitRef, resolve_refs

    clone = tmp_path / "clone"
    git(tmp_path, "clone", "-q", str(docs_repo), str(clone))
    here = str(clone)
    read = resolve_refs([GitRef(here, "release"), GitRef(here, "master"), GitRef(here, "v2")])
    assert [ref.ref for ref in read.values()] == ["origin/release", "master", "v2"]
    git(clone, "remote", "add", "mirror", str(docs_repo))
    git(clone, "fetch", "-q", "mirror")
    with pytest.raises(UsageError) as caught:
        resolve_refs([GitRef(here, "release")])
    assert str(caught.value) == (
        f"{here}: no such ref 'release' (closest: mirror/release, origin/release)"
    )


def test_the_findings_of_a_diff_of_two_refs_in_chinese(cli: Invoke, docs_repo: Path) -> None:
    """The labels translated and padded to 11 columns by display width."""
    code, out, _ = cli("--lang", "zh", "diff", "--git", str(docs_repo), "master", "release")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("；问题新增 1 个，修正 1 个")
    introduced = [line for line in lines if line.startswith("新增")]
    fixed = [line for line in lines if line.startswith("修正")]
    assert introduced == [
        f"新增       release:{ELASTIC_11}:20: nonstandard-mark 标记 '✗'（读作不支持），而不是 ✔ / ✘"
    ]
    assert fixed == [
        f"修正       master:{DATA_12}:43: block-id-mismatch 第 41 行以 id6 开始的块以 id5 结束"
    ]


# -- the repository's own programs ------------------------------------------------------------


def test_a_repository_owned_by_another_user_says_so_then_gives_the_hint(
    cli: Invoke, docs_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """git's last line is its hint; the error says what is wrong first."""
    monkeypatch.setenv("GIT_TEST_ASSUME_DIFFERENT_OWNER", "1")  # git's own switch for this
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", "master")
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: {docs_repo}: git refuses a repository owned by another user "
        f"(detected dubious ownership in repository at '{docs_repo}'); to trust it: "
        f"git config --global --add safe.directory {docs_repo}\n"
    )


def test_no_program_the_repository_configures_is_run(
    cli: Invoke, docs_repo: Path, tmp_path: Path
) -> None:
    """docs-check only reads: an fsmonitor (which `git diff-tree` runs), hooks,
    an external diff or textconv, a pager or an ssh command set in the
    repository's own configuration never run, through every git call of a
    run that reads two refs (their changes against each other too)."""
    marker = tmp_path / "ran"
    program = tmp_path / "program"
    program.write_text(f'#!/bin/sh\necho "$0 $*" >> {marker}\n', encoding="utf-8")
    program.chmod(0o755)
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    for hook in ("post-checkout", "reference-transaction", "post-index-change"):
        shutil.copy(program, hooks / hook)
    put(docs_repo, ".gitattributes", "*.md diff=shown\n")
    commit_all(docs_repo, "attributes")
    for key, value in (
        ("core.fsmonitor", str(program)),
        ("core.hooksPath", str(hooks)),
        ("diff.external", str(program)),
        ("diff.shown.textconv", str(program)),
        ("core.pager", str(program)),
        ("core.sshCommand", str(program)),
    ):
        git(docs_repo, "config", key, value)
    code, _, _ = cli("lint", "--git", str(docs_repo), "--ref", "v1", "--ref", "release")
    assert code == 1
    assert cli("diff", "--git", str(docs_repo), "v1", "release")[0] == 0
    assert not marker.exists(), marker.read_text(encoding="utf-8")


# -- every ref resolved once, before anything is read -------------------------------------------


def counted_git(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The git commands the run starts, from now on (`cat-file`, `ls-tree`)."""
    calls: list[str] = []
    real = checker.sources.gitrefs.run_command
    skip = 3 + len(checker.sources.gitrefs.READ_ONLY)

    def counting(argv: Sequence[str], **options: object) -> CommandResult:
        calls.append(argv[skip])
        return real(argv, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(checker.sources.gitrefs, "run_command", counting)
    return calls


def test_every_missing_ref_of_the_run_is_named_in_one_line_before_anything_is_read(
    cli: Invoke, docs_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--ref, --base and --test-ref alike: nothing is listed or read first."""
    calls = counted_git(monkeypatch)
    argv = ["verify", "--no-live", "--git", str(docs_repo), "--ref", "nope", "--base", "nope2"]
    code, out, err = cli(*argv)
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: {docs_repo}: no such refs 'nope', 'nope2'\n"
    assert calls == ["for-each-ref", "cat-file"]
    calls.clear()
    argv = ["verify", "--no-live", "--git", str(docs_repo), "--ref", "master", "--base", "gone"]
    code, out, err = cli(*argv, "--test-ref", "2.11.0=absent")
    assert (code, out) == (2, "")
    assert err == f"docs-check: error: {docs_repo}: no such refs 'absent', 'gone'\n"
    assert calls == ["for-each-ref", "cat-file"]


def test_a_branch_moved_during_the_run_is_read_at_the_commit_it_had_at_the_start(
    cli: Invoke, docs_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The docs ref is resolved once: the pages are read at that commit,
    though the branch moves (to master's commit) once the run has begun."""
    real = checker.sources.gitrefs.run_command
    master = git(docs_repo, "rev-parse", "master").strip()
    listed: list[str] = []

    def moving(argv: Sequence[str], **options: object) -> CommandResult:
        if "ls-tree" in argv and not listed:  # the configuration looked for: the run began
            listed.append(git(docs_repo, "update-ref", "refs/heads/release", master))
        return real(argv, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(checker.sources.gitrefs, "run_command", moving)
    code, out, _ = cli("lint", "--git", str(docs_repo), "--ref", "release", "--no-cache")
    assert listed
    said = f"release:{ELASTIC_11}:20: {NONSTANDARD}\nrelease:{ELASTIC_11}:32: {DIFFERS}\n"
    assert (code, out) == (1, said)


def test_a_name_that_is_a_branch_and_a_tag_is_refused_naming_both(
    cli: Invoke, docs_repo: Path
) -> None:
    """git reads `v1` as the tag and warns; `git checkout v1` takes the branch."""
    git(docs_repo, "branch", "v1", "release")
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", "v1", "--ref", "nope")
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: {docs_repo}: no such ref 'nope'; 'v1' is ambiguous: "
        "refs/tags/v1, refs/heads/v1 (git reads the first, git checkout the branch); "
        "give one: tags/v1, heads/v1\n"
    )
    code, out, _ = cli("lint", "--git", str(docs_repo), "--ref", "heads/v1")
    assert code == 1 and out.startswith(f"heads/v1:{ELASTIC_11}:20: {NONSTANDARD}")


def test_pages_stored_in_git_lfs_are_said_at_a_ref_too(cli: Invoke, docs_repo: Path) -> None:
    """At a ref docs-check reads the blobs as committed: a page in LFS is its pointer."""
    pointer = b"version https://git-lfs.github.com/spec/v1\noid sha256:" + b"0" * 64 + b"\nsize 9\n"
    git(docs_repo, "checkout", "-q", "-b", "lfs")
    put(docs_repo, ELASTIC_11, pointer)
    put(docs_repo, DATA_12, pointer)
    commit_all(docs_repo, "pages in LFS")
    code, out, err = cli("lint", "--git", str(docs_repo), "--ref", "lfs")
    assert (code, out) == (2, "")
    assert errors_of(err) == [
        "docs-check: error: 2 files are Git LFS pointers, not pages, and were not checked "
        f"(a checkout without Git LFS: run `git lfs pull`): lfs:{ELASTIC_11}, lfs:{DATA_12}"
    ]


def test_the_test_refs_resolved_up_front_are_not_resolved_again(
    docs_repo: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """verify's test refs: those of the command line keep the commit they
    were resolved to before anything was read, only the configuration's are
    resolved now; their test folders are then read at those commits."""
    from checker.app.verify_request import Request, refs_read
    from checker.sources.gitrefs import GitRef, resolve_refs
    from checker.sources.testtrees import extracted_tests

    repo = str(docs_repo)
    (given,) = resolve_refs([GitRef(repo, "release")]).values()
    calls = counted_git(monkeypatch)
    test_refs = (("2.12.0", "release"), ("2.11.0", "v1"))  # the second: the configuration's
    request = Request(docs=("docs",), git_repo=repo, test_refs=test_refs)
    read = refs_read(dataclasses.replace(request, resolved=(("release", given),)))
    assert [(version, ref.ref, ref.commit) for version, ref in read] == [
        ("2.12.0", "release", given.commit),
        ("2.11.0", "v1", git(docs_repo, "rev-parse", "v1^{commit}").strip()),
    ]
    assert calls == ["for-each-ref", "cat-file"]  # v1 alone
    calls.clear()
    at = tuple(ref for _, ref in read)
    with extracted_tests(repo, ["release", "v1"], [NATIVE], at) as trees:
        assert sorted(trees) == ["release", "v1"]
    assert calls == ["ls-tree", "cat-file", "ls-tree", "cat-file"]  # no ref resolved again
