"""A test tree made to break the test map: a module, a disabled list or a
folder that cannot be read, a link into /proc, a list holding an integer
longer than Python converts, a module far larger than any test module. Each
is one line naming the file (and its line where there is one) and exit 2,
never a traceback; the other modules are still mapped; nothing is read far
past the size caps (a test module's, a page's)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.cli.test_tests_cli import DOCS, TESTS, repo_with_tests_on_a_branch
from tests.cli.test_tests_in_lint import RULE
from tests.helpers import REPO, console_script, git

Invoke = Callable[..., tuple[int, str, str]]
LIST = "unsupported_test_cases/.pytorch-disabled-tests.json"
LIMIT = sys.get_int_max_str_digits()
MAPPED = "2.12.0: tests {tree} (2 modules, 7 cases); disabled list: {tree}/" + LIST + "\n"
# docs-check as someone who is not root: root reads a file of mode 000
NOT_ROOT = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]


def _another_user_cannot_run_it() -> str | None:
    """Why the installed docs-check cannot be run as that user here, or None:
    setpriv missing, or an environment that user may not read (a virtualenv
    in root's home; CI's .ci/run makes its own readable)."""
    if os.geteuid() != 0:
        return None
    if shutil.which("setpriv") is None:
        return "runs docs-check as another user than root, through setpriv, which is missing"
    done = subprocess.run(
        [*NOT_ROOT, console_script(), "--version"], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        last = (done.stderr.strip().splitlines() or ["no output"])[-1]
        return f"uid 65534 cannot run the installed docs-check ({console_script()}): {last}"
    return None


_CANNOT = _another_user_cannot_run_it()
needs_a_user = pytest.mark.skipif(_CANNOT is not None, reason=_CANNOT or "")


@pytest.fixture
def tree() -> Iterator[Path]:
    """The fixture test tree copied where another user can reach it (pytest's
    own temporary folder is its user's alone)."""
    folder = Path(tempfile.mkdtemp(prefix="docs-check-tree-"))
    folder.chmod(0o755)
    shutil.copytree(REPO / TESTS, folder / "test")
    try:
        yield folder / "test"
    finally:
        for inside, subfolders, _ in os.walk(folder):
            for name in subfolders:
                os.chmod(os.path.join(inside, name), 0o755)
        shutil.rmtree(folder)


def as_another_user(*argv: str) -> tuple[int, str, str]:
    """docs-check run (from the repository's root) by a user that is not
    root, for whom a file of mode 000 cannot be read."""
    # the installed console script, as every CLI test runs the wheel (never
    # `python -m checker` from the checkout)
    done = subprocess.run(
        [*(NOT_ROOT if os.geteuid() == 0 else []), console_script(), *argv],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=REPO,
        check=False,
    )
    assert "Traceback" not in done.stderr
    return done.returncode, done.stdout, done.stderr


def mapped_line(out: str) -> str:
    return out.splitlines()[0] + "\n"


def error_lines(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("docs-check: error: ")]


# -- what cannot be read ---------------------------------------------------------------


@needs_a_user
def test_an_unreadable_test_module_is_one_line(tree: Path) -> None:
    (tree / "test_ops.py").chmod(0)
    code, out, err = as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {tree}/test_ops.py: cannot read: Permission denied"
    ]
    assert mapped_line(out) == (
        f"2.12.0: tests {tree} (1 module, 3 cases); disabled list: {tree}/{LIST}\n"
    )
    assert f"{tree}/nn/test_objects.py::TestObjects::test_synchronize" in out


@needs_a_user
def test_an_unreadable_disabled_list_is_one_line(tree: Path) -> None:
    (tree / LIST).chmod(0)
    code, out, err = as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [f"docs-check: error: {tree}/{LIST}: cannot read: Permission denied"]
    assert mapped_line(out) == f"2.12.0: tests {tree} (2 modules, 7 cases); disabled list: none\n"


@needs_a_user
def test_an_unreadable_list_given_with_disabled_is_one_line(tree: Path) -> None:
    lists = tree.parent / "lists"
    lists.mkdir()
    given = lists / ".pytorch-disabled-tests.json"
    shutil.copy(tree / LIST, given)
    given.chmod(0)
    for path in (given, lists):
        code, _, err = as_another_user(
            "tests", DOCS, "--tests", str(tree), "--disabled", f"2.12.0={path}", "--no-cache"
        )
        assert code == 2
        assert error_lines(err) == [f"docs-check: error: {given}: cannot read: Permission denied"]


@needs_a_user
def test_paths_given_in_a_folder_that_cannot_be_searched_are_one_line(tree: Path) -> None:
    tree.chmod(0o644)
    code, _, err = as_another_user("tests", DOCS, "--tests", f"{tree}/nn", "--no-cache")
    assert (code, error_lines(err)) == (
        2,
        [f"docs-check: error: {tree}/nn: no such test folder"],
    )
    code, _, err = as_another_user(
        "tests", DOCS, "--tests", TESTS, "--disabled", f"2.12.0={tree}/{LIST}", "--no-cache"
    )
    assert (code, error_lines(err)) == (
        2,
        [f"docs-check: error: --disabled: no such file or folder {tree}/{LIST}"],
    )


@needs_a_user
def test_a_folder_without_search_permission_is_one_line_a_module(tree: Path) -> None:
    (tree / "nn").chmod(0o744)  # listed, but what it holds cannot be looked at
    code, out, err = as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {tree}/nn/test_objects.py: cannot read: Permission denied"
    ]
    assert mapped_line(out).startswith(f"2.12.0: tests {tree} (1 module, 4 cases);")


@needs_a_user
def test_a_folder_that_cannot_be_listed_is_one_line_not_passed_over(tree: Path) -> None:
    (tree / "nn").chmod(0o311)  # its modules would be missing from the map unsaid
    code, out, err = as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [f"docs-check: error: {tree}/nn: cannot read: Permission denied"]
    assert mapped_line(out).startswith(f"2.12.0: tests {tree} (1 module, 4 cases);")


@needs_a_user
def test_links_into_proc_are_read_only_when_named_as_a_module(tree: Path) -> None:
    """/proc/1/cwd cannot be looked at by another user: a link to it that is
    no module is passed over, one named as a module is one line."""
    if os.geteuid() != 0 and os.access("/proc/1/cwd", os.F_OK):
        pytest.skip("process 1 is this user's (a container's): its /proc entries are open")
    expected = as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache")
    (tree / "cwd").symlink_to("/proc/1/cwd")
    assert as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache") == expected
    (tree / "test_proc.py").symlink_to("/proc/1/cwd")
    code, out, err = as_another_user("tests", DOCS, "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {tree}/test_proc.py: cannot read: Permission denied"
    ]
    assert mapped_line(out) == MAPPED.format(tree=tree)


# -- what cannot be taken ----------------------------------------------------------------


def test_a_list_holding_an_integer_too_long_to_convert_is_one_line_at_its_line(
    cli: Invoke, tree: Path
) -> None:
    list_file = tree / LIST
    text = list_file.read_text(encoding="utf-8")
    list_file.write_text(text.replace('["", [""]]', f'["", [""], {"1" * (LIMIT + 1)}]', 1))
    code, out, err = cli("tests", str(REPO / DOCS), "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {list_file}:2: an integer longer than {LIMIT} digits"
    ]
    assert f"{tree}/test_ops.py::TestOpsPRIVATEUSE1::test_sort_npu" in out


def big_module(path: Path, size: int) -> None:
    """A module of `size` bytes that parses (a comment makes up the size)."""
    head = "import torch\n\n\ndef test_relu():\n    torch.relu(torch.ones(1))\n#"
    path.write_text(head + "x" * (size - len(head) - 1) + "\n", encoding="utf-8")


CAP = 2 * 1024 * 1024  # a test module's size cap: the largest real one is 600 KB


def test_a_test_module_over_the_cap_is_one_line_and_never_parsed(
    cli: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big_module(tree / "test_big.py", CAP + 1)
    big_module(tree / "test_fits.py", CAP)
    import checker.testmap.tree as reader

    scan = reader.scan

    def small_only(data: bytes | str, path: str = "") -> object:
        assert len(data) <= CAP, f"{path} parsed"
        return scan(data, path)

    monkeypatch.setattr(reader, "scan", small_only)
    code, out, err = cli("tests", str(REPO / DOCS), "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {tree}/test_big.py: file too large (2.1 MB; limit 2 MiB), not read"
    ]
    assert mapped_line(out).startswith(f"2.12.0: tests {tree} (3 modules, 8 cases);")


def test_a_test_module_over_the_cap_at_a_git_ref_is_one_line(cli: Invoke, tmp_path: Path) -> None:
    repo = repo_with_tests_on_a_branch(tmp_path)
    git(repo, "checkout", "-q", "v2.12.0")
    big_module(repo / "test/test_big.py", CAP + 1)
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "a big module")
    git(repo, "checkout", "-q", "master")
    code, out, err = cli(
        "tests",
        str(repo / "docs"),
        "--git",
        str(repo),
        "--test-ref",
        "2.12.0=v2.12.0",
        "--no-cache",
    )
    assert code == 2
    assert error_lines(err) == [
        "docs-check: error: v2.12.0:test/test_big.py: file too large (2.1 MB; limit 2 MiB), "
        "not read"
    ]
    assert mapped_line(out).startswith("2.12.0: tests v2.12.0:test (2 modules, 7 cases);")


def test_a_disabled_list_over_a_pages_cap_is_one_line(cli: Invoke, tree: Path) -> None:
    list_file = tree / LIST
    list_file.write_text("{}" + " " * (16 * 1024 * 1024), encoding="utf-8")
    code, _, err = cli("tests", str(REPO / DOCS), "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {list_file}: file too large (16.8 MB; limit 16 MiB), not read"
    ]


def test_a_module_that_runs_out_of_memory_says_so(
    cli: Invoke, tree: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import checker.testmap.tree as reader

    def exhausted(data: bytes | str, path: str = "") -> object:
        raise MemoryError

    monkeypatch.setattr(reader, "scan", exhausted)
    code, _, err = cli("tests", str(REPO / DOCS), "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {tree}/{module}:1: cannot read the test module: "
        "not enough memory to read it"
        for module in ("nn/test_objects.py", "test_ops.py")
    ]


@pytest.mark.parametrize("command", ["lint", "verify"])
def test_lint_and_verify_with_tests_say_it_in_one_line_too(
    cli: Invoke, tree: Path, tmp_path: Path, command: str
) -> None:
    rules = tmp_path / "rules.toml"
    rules.write_text(RULE, encoding="utf-8")
    options = ["--no-live", "--rules", str(rules)] if command == "verify" else []
    list_file = tree / LIST
    text = list_file.read_text(encoding="utf-8")
    list_file.write_text(text.replace('["", [""]]', f'["", [""], {"1" * (LIMIT + 1)}]', 1))
    big_module(tree / "test_big.py", CAP + 1)
    code, _, err = cli(command, str(REPO / DOCS), *options, "--tests", str(tree), "--no-cache")
    assert code == 2
    assert error_lines(err) == [
        f"docs-check: error: {tree}/test_big.py: file too large (2.1 MB; limit 2 MiB), not read",
        f"docs-check: error: {list_file}:2: an integer longer than {LIMIT} digits",
    ]
