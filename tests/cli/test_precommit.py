"""The pre-commit hook (`.pre-commit-hooks.yaml`), run by the real pre-commit on
a temporary docs repository, the way a docs repository's commit runs it.

The hook repository is a snapshot of this project: its tracked files, plus
untracked files that are not ignored, committed in a temporary git
repository. For a local path, `pre-commit try-repo` uses `HEAD` plus staged and
modified tracked files, and leaves untracked files out. Pointed at the checkout
itself, try-repo would test whatever happens to be committed there. The
snapshot is exactly what is on disk. In a fresh clone (CI) that is `HEAD`.

Each try-repo run builds the hook's environment again (about 10 s: a
virtualenv and a pip install of this project and its dependencies from PyPI).
pre-commit gives try-repo a temporary store of its own, whatever
PRE_COMMIT_HOME says. `pre-commit run` with a `.pre-commit-config.yaml` (the
snippet in docs/usage.md) does use PRE_COMMIT_HOME, one for the session
(tests/cli/conftest.py, with the snapshot), so that environment is built once:
one test runs try-repo as docs/usage.md shows it, the hooks' other behaviours
run from a configuration.

The documented snippet pins a commit (`rev: <commit-sha>`): the tests write
the snapshot's HEAD there. The snapshot is also tagged `v<version>`, as the
project tags a release, which `pre-commit autoupdate` then moves `rev` to."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli.conftest import RELEASE_TAG
from tests.helpers import REPO, git_environment

EXAMPLES = REPO / "examples" / "docs" / "docs"
NATIVE = "docs/zh/api/native_api"
ACCELERATOR = f"{NATIVE}/pytorch_2-12-0/torch-accelerator.md"
DATA = f"{NATIVE}/pytorch_2-12-0/torch-utils-data.md"
ELASTIC = f"{NATIVE}/pytorch_2-11-0/torch-distributed-elastic.md"
ROWS = "docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"
UNREADABLE = (
    f"{ACCELERATOR}:32: status-unreadable cannot read support status "
    "'暂不支持<term>Ascend 950DT</term>'"
)
FINDING = re.compile(r"^\S+:\d+: [a-z]+(-[a-z]+)* ")
TIMEOUT = 600  # building the hook's environment installs from PyPI


# -- helpers ------------------------------------------------------------------------------


def environment(home: Path) -> dict[str, str]:
    """No git variables or configuration of the caller's (a test run inside a git
    hook must not act on the caller's repository)."""
    env = {**git_environment(), "PRE_COMMIT_HOME": str(home)}
    env.pop("PRE_COMMIT", None)
    return env


def git(repo: Path, *arguments: str) -> str:
    done = subprocess.run(
        ["git", "-C", str(repo), *arguments],
        env=environment(repo / ".unused"),
        capture_output=True,
        text=True,
        check=False,
        timeout=60,
    )
    assert done.returncode == 0, f"git {' '.join(arguments)}: {done.stderr}"
    return done.stdout


def pre_commit_executable() -> str:
    beside = Path(sys.executable).parent / "pre-commit"
    assert beside.is_file(), f"pre-commit is not installed beside {sys.executable}"
    return str(beside)


def pre_commit(docs: Path, home: Path, *arguments: str) -> tuple[int, str]:
    """pre-commit in the docs repository: (exit code, stdout and stderr)."""
    return in_hook_environment(
        [pre_commit_executable(), *arguments, "--color", "never"], docs, home
    )


def in_hook_environment(argv: list[str], cwd: Path, home: Path) -> tuple[int, str]:
    """A command in the docs repository, with pre-commit's home and without the
    caller's git environment: (exit code, stdout and stderr)."""
    done = subprocess.run(
        argv,
        cwd=cwd,
        env=environment(home),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=TIMEOUT,
    )
    return done.returncode, done.stdout


def findings(output: str) -> list[str]:
    return [line for line in output.splitlines() if FINDING.match(line)]


def example(relative: str) -> str:
    return (EXAMPLES / relative).read_text(encoding="utf-8")


def put(repo: Path, path: str, text: str) -> None:
    target = repo / path
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(text, encoding="utf-8")


def good_accelerator() -> str:
    page = example("zh/api/native_api/pytorch_2-12-0/torch-accelerator.md")
    broken = "**是否支持**：暂不支持<term>Ascend 950DT</term>"
    assert page.count(broken) == 1
    return page.replace(broken, "**是否支持**：是，暂不支持<term>Ascend 950DT</term>")


def bad_accelerator() -> str:
    """The status lost its leading 是 (the example page's deliberate mistake)."""
    return example("zh/api/native_api/pytorch_2-12-0/torch-accelerator.md")


def good_elastic() -> str:
    """The 2.11.0 page with Ascend 950DT's ✘ in every table: as the shipped rule
    expects of put_metric (the example leaves the product unstated), and the
    page's other entries name the same products."""
    a3 = "| <term>Atlas A3 训练系列产品</term> | ✔ |\n"
    page = example("zh/api/native_api/pytorch_2-11-0/torch-distributed-elastic.md")
    assert page.count(a3) == 3
    return page.replace(a3, a3 + "| <term>Ascend 950DT</term> | ✘ |\n")


def good_rows() -> str:
    """The 2.7.1 rows page with put_metric's 是 except Ascend 950DT, as the
    shipped rule expects (the example's 是 says every product)."""
    page = example("zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md")
    row = "|torch.distributed.elastic.metrics.put_metric|是|-|"
    assert page.count(row) == 1
    return page.replace(row, row.replace("|是|", "|是，暂不支持<term>Ascend 950DT</term>|"))


def good_data() -> str:
    """The example's block id mismatch (line 43) fixed."""
    lines = example("zh/api/native_api/pytorch_2-12-0/torch-utils-data.md").split("\n")
    assert lines[42] == "<!-- end id5 -->"
    lines[42] = "<!-- end id6 -->"
    return "\n".join(lines)


# -- fixtures -------------------------------------------------------------------------------


@pytest.fixture
def docs(tmp_path: Path) -> Path:
    """A docs repository whose pages all pass, committed: table, blocks, inline
    and rows formats, plus a menu page the hook's `files` pattern leaves out."""
    repo = tmp_path / "torch-npu-docs"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "master")
    put(repo, ELASTIC, good_elastic())
    put(repo, DATA, good_data())
    put(repo, ACCELERATOR, good_accelerator())
    put(repo, ROWS, good_rows())
    put(repo, f"{NATIVE}/_menu_native_apis.md", example("zh/api/native_api/_menu_native_apis.md"))
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "docs")
    return repo


# -- try-repo -------------------------------------------------------------------------------


def test_try_repo_passes_on_good_docs(docs: Path, hook_repo: Path, home: Path) -> None:
    code, output = pre_commit(docs, home, "try-repo", str(hook_repo), "docs-check", "--all-files")
    assert code == 0, output
    assert re.search(r"^docs-check lint\.+Passed$", output, re.MULTILINE), output
    assert findings(output) == []


def test_the_whole_file_hook_fails_on_a_status_that_lost_its_是(
    docs: Path, hook_repo: Path, home: Path
) -> None:
    """Committed already: the whole-file hook finds it (`docs-check`, which
    judges what is staged, has nothing to judge). Run from a configuration,
    which reuses the module's hook environment (try-repo, proven above, would
    build one more)."""
    commit_config(docs, documented_config(str(hook_repo)), "docs-check-all")
    put(docs, ACCELERATOR, bad_accelerator())
    git(docs, "commit", "-q", "--no-gpg-sign", "-am", "broken status")
    code, output = pre_commit(docs, home, "run", "--all-files")
    assert code == 1, output
    assert re.search(r"^docs-check lint \(whole files\)\.+Failed$", output, re.MULTILINE), output
    assert "- exit code: 1" in output.splitlines()
    assert findings(output) == [UNREADABLE]


def test_the_hook_checks_only_the_staged_pages(docs: Path, hook_repo: Path, home: Path) -> None:
    commit_config(docs, documented_config(str(hook_repo)), "docs-check")
    put(docs, ACCELERATOR, bad_accelerator())
    git(docs, "add", ACCELERATOR)  # the commit's one page
    broken_data = example("zh/api/native_api/pytorch_2-12-0/torch-utils-data.md")
    put(docs, DATA, broken_data)  # changed, not staged: not part of the commit
    code, output = pre_commit(docs, home, "run")
    assert code == 1, output
    assert findings(output) == [UNREADABLE]
    assert "1 finding (1 error, 0 warnings) in 1 file, 4 entries" in output.splitlines()
    assert (docs / DATA).read_text(encoding="utf-8") == broken_data  # stash restored


# -- the documented .pre-commit-config.yaml --------------------------------------------------


def documented_config(repo: str) -> str:
    """docs/usage.md's first `.pre-commit-config.yaml` snippet for this repo,
    its `rev` the commit the snippet asks for: the repo's HEAD, as
    `git ls-remote URL HEAD` prints it."""
    text = (REPO / "docs" / "usage.md").read_text(encoding="utf-8")
    section = text[text.index("## Pre-commit hook\n") :]
    start = section.index("```yaml\n") + len("```yaml\n")
    snippet = section[start : section.index("```", start)]
    snippet, repos = re.subn(r"(?m)^(\s*- repo: )\S+.*$", rf"\g<1>{repo}", snippet)
    assert repos == 1, snippet
    assert re.findall(r"(?m)^\s*rev: (\S+)", snippet) == ["<commit-sha>"], snippet
    head = git(Path(repo), "rev-parse", "HEAD").strip()
    return snippet.replace("rev: <commit-sha>", f"rev: {head}")


def commit_config(repo: Path, config: str, hook: str) -> None:
    """The documented configuration with `hook` as its one hook, committed
    (pre-commit refuses a configuration that is not staged)."""
    if hook != "docs-check":
        config = config.replace("- id: docs-check\n", f"- id: {hook}\n")
    assert f"- id: {hook}\n" in config, config
    put(repo, ".pre-commit-config.yaml", config)
    git(repo, "add", ".pre-commit-config.yaml")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "pre-commit config")


def rev_of(config: str) -> str:
    revs = re.findall(r"(?m)^\s*rev: (\S+)", config)
    assert len(revs) == 1, config
    return revs[0]


def test_the_documented_config_runs_the_hook_and_builds_it_once(
    docs: Path, hook_repo: Path, home: Path
) -> None:
    put(docs, ".pre-commit-config.yaml", documented_config(str(hook_repo)))
    git(docs, "add", ".pre-commit-config.yaml")
    git(docs, "commit", "-q", "--no-gpg-sign", "-m", "pre-commit config")

    code, output = pre_commit(docs, home, "run", "--all-files")
    assert code == 0, output
    assert findings(output) == []

    put(docs, ACCELERATOR, bad_accelerator())
    git(docs, "add", ACCELERATOR)
    code, output = pre_commit(docs, home, "run")
    assert code == 1, output
    assert findings(output) == [UNREADABLE]
    assert "Installing environment" not in output  # the first run's, reused


def test_autoupdate_pins_the_tag_or_before_it_exists_the_head_commit(
    docs: Path, hook_repo: Path, home: Path, tmp_path: Path
) -> None:
    """What docs/usage.md tells a user who has no tag to pin: `pre-commit
    autoupdate --repo URL` writes the newest tag, or with none the head
    commit's SHA, as `rev` (it fetches; it builds no environment)."""
    untagged = tmp_path / "docs-check-untagged"
    subprocess.run(
        ["git", "clone", "-q", "--no-tags", str(hook_repo), str(untagged)],
        env=environment(home),
        check=True,
        timeout=60,
    )
    config = docs / ".pre-commit-config.yaml"
    put(docs, config.name, documented_config(str(untagged)))
    code, output = pre_commit(docs, home, "autoupdate", "--repo", str(untagged))
    assert code == 0, output
    head = git(hook_repo, "rev-parse", "HEAD").strip()
    assert rev_of(config.read_text(encoding="utf-8")) == head
    # that commit, once the project has tagged it: the tag
    put(
        docs, config.name, config.read_text(encoding="utf-8").replace(str(untagged), str(hook_repo))
    )
    code, output = pre_commit(docs, home, "autoupdate", "--repo", str(hook_repo))
    assert code == 0, output
    assert rev_of(config.read_text(encoding="utf-8")) == RELEASE_TAG


# -- a tree pre-commit splits into batches -----------------------------------------------

BATCHED = f"{NATIVE}/pytorch_2-12-0"
PAGES = 3000  # 3000 paths of 51 bytes: over the 128 KiB command line pre-commit allows
PAIRS = 20
SUMMARY = re.compile(r"^(\d+) findings \((\d+) errors, (\d+) warnings\) in (\d+) files, ")


def small_page(api: str, status: str) -> str:
    return (
        "# page\n\n"
        f"### {api}\n\n"
        f"**原生文档**：[{api}](https://pytorch.org/docs/2.12/generated/{api}.html)\n\n"
        f"**是否支持**：{status}\n"
    )


def batched_tree(repo: Path) -> None:
    """One version folder of PAGES pages, each its own API but for 20 pairs
    half the folder apart, which pre-commit's batches (filled from the files
    shuffled) are bound to split: only the whole folder shows their
    duplicate-api (even pairs, which agree) and api-conflict (odd pairs)."""
    for number in range(PAGES):
        api = f"torch.Tensor.op{number:04d}"
        put(repo, f"{BATCHED}/page-{number:04d}.md", small_page(api, "是"))
    for pair in range(PAIRS):
        api = f"torch.Tensor.pair{pair:02d}"
        later = "是" if pair % 2 == 0 else "是，暂不支持<term>Ascend 950DT</term>"
        put(repo, f"{BATCHED}/page-{pair:04d}.md", small_page(api, "是"))
        put(repo, f"{BATCHED}/page-{PAGES // 2 + pair:04d}.md", small_page(api, later))
    put(repo, f"{BATCHED}/page-{PAGES - 1:04d}.md", small_page("torch.Tensor.abs_", "是，否"))


def test_run_all_files_on_a_batched_tree_finds_what_lint_finds(
    hook_repo: Path, home: Path, tmp_path: Path
) -> None:
    repo = tmp_path / "big-docs"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "master")
    batched_tree(repo)
    # the whole-file hook: the tree is committed, nothing is staged
    config = documented_config(str(hook_repo)).replace(
        "- id: docs-check\n", "- id: docs-check-all\n"
    )
    put(repo, ".pre-commit-config.yaml", config)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "a large docs tree")

    linted = subprocess.run(
        [str(Path(sys.executable).parent / "docs-check"), "lint", "docs", "--no-cache"],
        cwd=repo,
        capture_output=True,
        text=True,
        encoding="utf-8",
        check=False,
        timeout=TIMEOUT,
    )
    assert linted.returncode == 1, linted.stderr
    expected = linted.stdout.splitlines()
    rules = [line.split(": ")[1].split()[0] for line in expected]
    assert rules == ["duplicate-api", "api-conflict"] * (PAIRS // 2) + ["status-unreadable"]

    code, output = pre_commit(repo, home, "run", "--all-files")
    assert code == 1, output
    assert sorted(findings(output)) == sorted(expected)
    # pre-commit did split the files: one summary per docs-check run, whose
    # counts add up to the tree's
    summaries = [SUMMARY.match(line) for line in output.splitlines()]
    counts = [tuple(map(int, m.groups())) for m in summaries if m]
    assert len(counts) >= 2, output
    assert sum(files for *_, files in counts) == PAGES
    assert sum(found for found, *_ in counts) == len(expected)


def test_the_fix_hook_fixes_what_is_certain_and_fails_the_commit(
    docs: Path, hook_repo: Path, home: Path
) -> None:
    """A page with a block whose end id is wrong: the hook rewrites it (and
    pre-commit fails the run, as for any hook that modifies files). Configured
    as docs/usage.md says, before `docs-check`: `pre-commit run` reuses the
    module's hook environment, where each try-repo would build its own."""
    config = documented_config(str(hook_repo))
    hooks = "    hooks:\n      - id: docs-check\n"
    assert config.count(hooks) == 1, config
    config = config.replace(hooks, hooks.replace("- id:", "- id: docs-check-fix\n      - id:"))
    put(docs, ".pre-commit-config.yaml", config)
    put(docs, DATA, example("zh/api/native_api/pytorch_2-12-0/torch-utils-data.md"))
    git(docs, "add", "-A")
    git(docs, "commit", "-q", "--no-gpg-sign", "-m", "a block end id off by one")
    code, output = pre_commit(docs, home, "run", "--all-files")
    assert code == 1, output
    assert re.search(r"^docs-check fix\.+Failed$", output, re.MULTILINE), output
    assert "- files were modified by this hook" in output.splitlines()
    assert re.search(r"^docs-check lint\.+Passed$", output, re.MULTILINE), output  # fixed
    assert (docs / DATA).read_text(encoding="utf-8") == good_data()
    code, output = pre_commit(docs, home, "run", "--all-files")
    assert code == 0, output  # nothing more to fix, nothing else left
