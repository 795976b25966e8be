"""The command line, end to end: exact output, exit codes, and one clear line per
bad input while the other files are still checked.

Commands run in-process through `checker.cli.run` from the repository root, so
the paths in the output (and in the snapshots under fixtures/cli/) are relative
and stable. One test runs the installed `docs-check` script instead."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from checker import __version__
from checker.ids.registry import REGISTRY
from tests.helpers import FIXTURES, REPO, console_script

SNAPSHOTS = FIXTURES / "cli"
EXAMPLES = "examples/docs"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
Invoke = Callable[..., tuple[int, str, str]]
LINT_SUMMARY = "8 findings (6 errors, 2 warnings) in 6 files, 22 entries"


def snapshot(name: str) -> str:
    return (SNAPSHOTS / name).read_text(encoding="utf-8")


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    """docs-check run from the repository root."""
    return cli_at_repo


# -- lint -------------------------------------------------------------------------------


def test_lint_text_prints_one_line_per_finding_and_exits_1(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES)
    assert code == 1
    differs = (
        ": doc-differs-from-rule torch.distributed.elastic.metrics.put_metric {} on ascend-950: "
        "docs say {}, the rule expects unsupported"
    )
    assert out.splitlines() == [
        "examples/docs/docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md:9"
        + differs.format("2.7.1", "supported"),
        "examples/docs/docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md:12: "
        "duplicate-api torch.distributed.elastic.events.record is documented again for 2.7.1, "
        "as at examples/docs/docs/en/native_apis/pytorch_2-7-1/"
        "torch-distributed-elastic.md:10",
        "examples/docs/docs/zh/api/native_api/pytorch_2-11-0/torch-distributed-elastic.md:32"
        + differs.format("2.11.0", "unstated"),
        "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-accelerator.md:32: "
        "status-unreadable cannot read support status '暂不支持<term>Ascend 950DT</term>'",
        "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md:56: "
        "nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘",
        "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md:64: "
        "link-version torch.distributed.elastic.events.get_logging_handler: native-doc link is "
        "for PyTorch docs 2.11, the page documents 2.12.0",
        "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md:43: "
        "block-id-mismatch block opened as id6 at line 41 ends as id5",
        "examples/docs/docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md:9"
        + differs.format("2.7.1", "supported"),
    ]
    assert out == snapshot("lint.txt")
    assert err == LINT_SUMMARY + "\n"


def test_lint_clean_tree_exits_0(cli: Invoke) -> None:
    code, out, err = cli("lint", "tests/fixtures/verify/docs")  # as the shipped rule expects
    assert (code, out) == (0, "")
    assert err == "0 findings (0 errors, 0 warnings) in 2 files, 4 entries\n"


def test_lint_single_file(cli: Invoke) -> None:
    page = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md"
    code, out, err = cli("lint", page)
    assert code == 1
    assert out == f"{page}:43: block-id-mismatch block opened as id6 at line 41 ends as id5\n"
    assert err == "1 finding (1 error, 0 warnings) in 1 file, 2 entries\n"


def test_lint_defaults_to_the_current_folder(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(REPO / "examples" / "docs")
    code, out, err = cli("lint")
    assert code == 1
    # the same findings, with paths relative to the docs root
    assert out == snapshot("lint.txt").replace("examples/docs/", "")
    assert err == LINT_SUMMARY + "\n"


def test_lint_json_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "--format", "json")
    assert code == 1
    assert json.loads(out) == json.loads(snapshot("lint.json"))
    assert out == snapshot("lint.json")
    assert err == ""


def test_lint_json_shape(cli: Invoke) -> None:
    _, out, _ = cli("lint", EXAMPLES, "--format", "json")
    document = json.loads(out)
    assert list(document) == ["schema", "schema_version", "findings", "files", "entries", "errors"]
    for item in document["findings"]:
        assert list(item) == [
            *("rule", "severity", "path", "ref", "line", "entry_line", "api", "version", "message")
        ]
        assert item["severity"] in ("error", "warning")
        assert isinstance(item["line"], int)


# -- show -------------------------------------------------------------------------------


def test_show_json_matches_snapshot(cli: Invoke) -> None:
    code, out, err = cli("show", PUT_METRIC, "--docs", EXAMPLES, "--format", "json")
    assert (code, err) == (0, "")
    entries = json.loads(out)["entries"]
    assert entries == json.loads(snapshot("show.json"))["entries"]
    assert out == snapshot("show.json")
    assert [(e["version"], e["lang"], e["format"]) for e in entries] == [
        ("2.7.1", "en", "rows"),
        ("2.7.1", "zh", "rows"),
        ("2.11.0", "zh", "table"),
        ("2.12.0", "zh", "table"),
    ]
    for entry in entries:
        assert list(entry) == [
            *("api", "version", "lang", "path", "line", "format", "status", "lines", "link_line"),
            "raw",
        ]


def test_show_text(cli: Invoke) -> None:
    code, out, err = cli("show", PUT_METRIC, "--docs", EXAMPLES)
    assert (code, err) == (0, "")
    rows = "examples/docs/docs/{}/native_apis/pytorch_2-7-1/torch-distributed-elastic.md:9"
    table = "examples/docs/docs/zh/api/native_api/pytorch_2-{}-0/torch-distributed-elastic.md:{}"
    all_yes = "atlas-a2=supported  atlas-a3=supported  ascend-950=supported"
    assert out.splitlines() == [
        PUT_METRIC,
        f"  2.7.1   en rows    {all_yes}  {rows.format('en')}",
        f"  2.7.1   zh rows    {all_yes}  {rows.format('zh')}",
        "  2.11.0  zh table   atlas-a2=supported  atlas-a3=supported  ascend-950=unstated  "
        + table.format(11, 24),
        "  2.12.0  zh table   atlas-a2=supported  atlas-a3=supported  ascend-950=unsupported  "
        + table.format(12, 26),
    ]
    assert out == snapshot("show.txt")


def test_show_by_short_name(cli: Invoke) -> None:
    code, out, err = cli("show", "put_metric", "--docs", EXAMPLES)
    assert (code, err) == (0, "")
    assert out == snapshot("show.txt")


def test_show_inline_and_blocks_formats(cli: Invoke) -> None:
    code, out, _ = cli("show", "device_count", "--docs", EXAMPLES, "--format", "json")
    assert code == 0
    (inline,) = json.loads(out)["entries"]
    assert inline["format"] == "inline"
    assert inline["raw"] == "**是否支持**：是，暂不支持<term>Ascend 950DT</term>"
    assert inline["status"] == {
        "atlas-a2": "supported",
        "atlas-a3": "supported",
        "ascend-950": "unsupported",
    }
    code, out, _ = cli("show", "data.DataLoader", "--docs", EXAMPLES, "--format", "json")
    assert code == 0
    (blocks,) = json.loads(out)["entries"]
    assert blocks["format"] == "blocks"
    assert blocks["status"] == dict.fromkeys(("atlas-a2", "atlas-a3", "ascend-950"), "supported")


def test_show_unknown_api_exits_1(cli: Invoke) -> None:
    code, out, err = cli("show", "torch.no.such_api", "--docs", EXAMPLES)
    assert (code, out) == (1, "")
    assert err == "docs-check: no entry for torch.no.such_api in 6 pages\n"


def test_show_scope(cli: Invoke) -> None:
    scope = "ascend-950,atlas-a2"
    code, out, _ = cli(
        "show", "put_metric", "--docs", EXAMPLES, "--scope", scope, "--format", "json"
    )
    assert code == 0
    assert [(e["version"], e["lang"], e["status"]) for e in json.loads(out)["entries"]] == [
        ("2.7.1", "en", {"ascend-950": "supported", "atlas-a2": "supported"}),
        ("2.7.1", "zh", {"ascend-950": "supported", "atlas-a2": "supported"}),
        ("2.11.0", "zh", {"ascend-950": "unstated", "atlas-a2": "supported"}),
        ("2.12.0", "zh", {"ascend-950": "unsupported", "atlas-a2": "supported"}),
    ]


def test_show_scope_text_lists_only_the_scope(cli: Invoke) -> None:
    code, out, _ = cli("show", "put_metric", "--docs", EXAMPLES, "--scope", " atlas-a3 ")
    assert code == 0
    statuses = [line.split()[3] for line in out.splitlines()[1:]]
    assert statuses == ["atlas-a3=supported"] * 4


def test_lint_with_scope(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "--scope", "atlas-a2,atlas-a3")
    assert code == 1
    # without Ascend 950 in scope, no page differs from the rule's 暂不支持 Ascend 950DT
    kept = [line for line in snapshot("lint.txt").splitlines() if "doc-differs" not in line]
    assert out.splitlines() == kept
    assert err == "5 findings (3 errors, 2 warnings) in 6 files, 22 entries\n"


def test_unknown_scope_is_one_line_exit_2(cli: Invoke) -> None:
    code, out, err = cli("show", "put_metric", "--docs", EXAMPLES, "--scope", "atlas-a2,atlas-z9")
    assert (code, out) == (2, "")
    assert (
        err
        == "docs-check: error: unknown product id in scope: atlas-z9; did you mean 'atlas-a3'?\n"
    )


@pytest.mark.parametrize(
    ("scope", "said"),
    [
        ("ascend950", "ascend950; did you mean 'ascend-950'?"),
        ("ascend950pr", "ascend950pr; did you mean 'ascend-950pr'?"),
        # the second of two ids is suggested for too
        ("atlas-a2,ascend950", "ascend950; did you mean 'ascend-950'?"),
        (
            "ascend950,atlasa3",
            "ascend950, atlasa3; did you mean 'ascend-950' for ascend950, 'atlas-a3' for atlasa3?",
        ),
        (
            "zzz",
            "zzz (known: atlas-a2, atlas-a3, ascend-950, ascend-950pr, atlas-train, atlas-infer, "
            "atlas-200i-500-a2)",
        ),
    ],
)
def test_an_unknown_scope_id_is_told_the_closest(cli: Invoke, scope: str, said: str) -> None:
    code, _, err = cli("lint", EXAMPLES, "--scope", scope)
    assert (code, err) == (2, f"docs-check: error: unknown product id in scope: {said}\n")


# -- --version, --help ------------------------------------------------------------------


def test_version(cli: Invoke) -> None:
    code, out, err = cli("--version")
    assert (code, out, err) == (0, f"docs-check, version {__version__}\n", "")


@pytest.mark.parametrize("argv", [["--help"], ["-h"], ["lint", "--help"], ["show", "--help"]])
def test_help(cli: Invoke, argv: list[str]) -> None:
    code, out, err = cli(*argv)
    assert (code, err) == (0, "")
    assert out.startswith("Usage: docs-check")


def test_help_lists_the_commands(cli: Invoke) -> None:
    _, out, _ = cli("--help")
    commands = out.split("Commands:")[1].split()
    assert "lint" in commands and "show" in commands


def test_bad_option_is_a_usage_error(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "--format", "xml")
    assert (code, out) == (2, "")
    assert "Invalid value for '--format'" in err


# -- bad input: one line each, exit 2, the other files still checked --------------------


def errors_of(err: str) -> list[str]:
    return [line for line in err.splitlines() if line.startswith("docs-check: error:")]


def check_alongside_examples(cli: Invoke, bad: Path | str, message: str) -> None:
    """Lint `bad` together with examples/docs: exit 2, the one error line, and the
    examples' findings all still printed."""
    code, out, err = cli("lint", str(bad), EXAMPLES)
    assert code == 2
    assert errors_of(err) == [f"docs-check: error: {message}"]
    assert out == snapshot("lint.txt")
    assert err.splitlines()[0].startswith("8 findings (6 errors, 2 warnings)")
    assert len(err.splitlines()) == 2  # the summary and the one error


def version_folder(tmp_path: Path) -> Path:
    folder = tmp_path / "docs" / "zh" / "pytorch_2-12-0"
    folder.mkdir(parents=True)
    return folder


def test_missing_path(cli: Invoke) -> None:
    check_alongside_examples(cli, "no/such/docs", "no/such/docs: no such file or folder")


def test_missing_path_alone_is_one_line(cli: Invoke) -> None:
    code, out, err = cli("lint", "no/such/docs")
    assert (code, out) == (2, "")
    assert err == "docs-check: error: no/such/docs: no such file or folder\n"


def test_missing_docs_for_show_is_one_line(cli: Invoke) -> None:
    code, out, err = cli("show", "put_metric", "--docs", "no/such/docs")
    assert (code, out) == (2, "")
    assert err == "docs-check: error: no/such/docs: no such file or folder\n"


def test_folder_without_api_pages(cli: Invoke, tmp_path: Path) -> None:
    (tmp_path / "README.md").write_text("# not an API page\n", encoding="utf-8")
    message = f"no API pages found under {tmp_path} (looked for *.md inside pytorch_X-Y-Z folders)"
    check_alongside_examples(cli, tmp_path, message)


def test_menu_file_alone_is_no_api_page(cli: Invoke) -> None:
    menu = "examples/docs/docs/zh/api/native_api/_menu_native_apis.md"
    code, out, err = cli("lint", menu)
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: no API pages found under {menu} "
        "(looked for *.md inside pytorch_X-Y-Z folders)\n"
    )


def test_dangling_symlink(cli: Invoke, tmp_path: Path) -> None:
    link = version_folder(tmp_path) / "x.md"
    link.symlink_to(tmp_path / "gone.md")
    message = f"{link}: cannot read: No such file or directory"
    check_alongside_examples(cli, tmp_path, message)


def test_folder_named_like_a_page_is_walked_not_read(cli: Invoke, tmp_path: Path) -> None:
    folder = version_folder(tmp_path)
    (folder / "x.md").mkdir()
    page = REPO / "tests/fixtures/verify/docs/docs/zh/api/native_api/pytorch_2-12-0"
    shutil.copy(page / "torch-distributed-elastic.md", folder)
    code, out, err = cli("lint", str(tmp_path))
    assert (code, out) == (0, "")
    assert err == "0 findings (0 errors, 0 warnings) in 1 file, 2 entries\n"


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs and SIGALRM")
def test_fifo_is_not_read(cli: Invoke, tmp_path: Path) -> None:
    fifo = version_folder(tmp_path) / "x.md"
    os.mkfifo(fifo)  # reading it would block forever
    previous = signal.signal(signal.SIGALRM, _blocked)
    signal.alarm(20)  # a regression fails here instead of hanging the run
    try:
        _check_fifo(cli, tmp_path, fifo)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def _blocked(signum: int, frame: object) -> None:
    raise AssertionError("docs-check blocked reading a FIFO")


def _check_fifo(cli: Invoke, tmp_path: Path, fifo: Path) -> None:
    check_alongside_examples(cli, tmp_path, f"{fifo}: not a regular file, not read")
    code, _, err = cli("lint", str(fifo))
    assert code == 2
    assert errors_of(err) == [f"docs-check: error: {fifo}: not a regular file, not read"]


def test_invalid_utf8_names_file_line_and_byte(cli: Invoke, tmp_path: Path) -> None:
    page = version_folder(tmp_path) / "x.md"
    head = "# torch 张量\n\n### torch.abs\n".encode()  # 30 bytes, 26 characters
    page.write_bytes(head + b"**\xe6\x94\xaf\xff**\n")  # 支 then a stray byte
    message = f"{page}:4: invalid UTF-8 at byte offset 35; file skipped"
    check_alongside_examples(cli, tmp_path, message)


def test_invalid_utf8_json(cli: Invoke, tmp_path: Path) -> None:
    page = version_folder(tmp_path) / "x.md"
    page.write_bytes(b"\xc3(\n")
    code, out, err = cli("lint", str(tmp_path), EXAMPLES, "--format", "json")
    message = f"{page}:1: invalid UTF-8 at byte offset 0; file skipped"
    assert code == 2
    expected = json.loads(snapshot("lint.json"))
    expected["errors"] = [message]
    assert json.loads(out) == expected
    assert err == f"docs-check: error: {message}\n"


def test_binary_file(cli: Invoke, tmp_path: Path) -> None:
    page = version_folder(tmp_path) / "x.md"
    page.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    check_alongside_examples(cli, tmp_path, f"{page}: binary file, not a markdown page")


@pytest.mark.parametrize("content", [b"", b"\n  \n"])
def test_empty_file(cli: Invoke, tmp_path: Path, content: bytes) -> None:
    page = version_folder(tmp_path) / "x.md"
    page.write_bytes(content)
    check_alongside_examples(cli, tmp_path, f"{page}: empty file")


def test_huge_file_is_not_read(cli: Invoke, tmp_path: Path) -> None:
    page = version_folder(tmp_path) / "x.md"
    with page.open("wb") as sparse:
        sparse.truncate(50 * 1024 * 1024)  # sparse: takes no disk space
    message = f"{page}: file too large (52.4 MB; limit 16 MiB), not read"
    check_alongside_examples(cli, tmp_path, message)


def test_several_bad_inputs_one_line_each(cli: Invoke, tmp_path: Path) -> None:
    folder = version_folder(tmp_path)
    (folder / "a.md").write_bytes(b"")
    (folder / "b.md").write_bytes(b"\x00\x01")
    code, out, err = cli("lint", "no/such/docs", str(tmp_path), EXAMPLES)
    assert code == 2
    assert out == snapshot("lint.txt")
    assert errors_of(err) == [
        "docs-check: error: no/such/docs: no such file or folder",
        f"docs-check: error: {folder / 'a.md'}: empty file",
        f"docs-check: error: {folder / 'b.md'}: binary file, not a markdown page",
    ]


LFS_POINTER = (
    b"version https://git-lfs.github.com/spec/v1\n"
    b"oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\n"
    b"size 12345\n"
)


def test_a_git_lfs_pointer_is_no_page_checked(cli: Invoke, tmp_path: Path) -> None:
    page = version_folder(tmp_path) / "x.md"
    page.write_bytes(LFS_POINTER)
    why = "a Git LFS pointer file, not the page (a checkout without Git LFS: run `git lfs pull`)"
    check_alongside_examples(cli, tmp_path, f"{page}: {why}")


def test_a_checkout_without_git_lfs_says_once_that_it_checked_nothing(
    cli: Invoke, tmp_path: Path
) -> None:
    """Every page a pointer: one line naming them all, and exit 2, not a
    clean run of 0 entries."""
    folder = version_folder(tmp_path)
    for name in ("a.md", "b.md", "c.md"):
        (folder / name).write_bytes(LFS_POINTER)
    code, out, err = cli("lint", str(tmp_path))
    assert (code, out) == (2, "")
    assert errors_of(err) == [
        "docs-check: error: 3 files are Git LFS pointers, not pages, and were not checked "
        "(a checkout without Git LFS: run `git lfs pull`): "
        f"{folder / 'a.md'}, {folder / 'b.md'}, {folder / 'c.md'}"
    ]


def test_bad_input_with_show_still_shows(cli: Invoke, tmp_path: Path) -> None:
    (version_folder(tmp_path) / "x.md").write_bytes(b"")
    code, out, err = cli("show", "put_metric", "--docs", EXAMPLES, "--docs", str(tmp_path))
    assert code == 2
    assert out == snapshot("show.txt")
    assert err == f"docs-check: error: {tmp_path}/docs/zh/pytorch_2-12-0/x.md: empty file\n"


# -- the installed script ---------------------------------------------------------------


def test_installed_script_finds_its_data(tmp_path: Path) -> None:
    """From a folder outside the checkout, the installed script still loads its
    catalogue: in CI the wheel is installed non-editable, so this proves rules/
    travels in the wheel (as checker/_rules)."""
    docs = REPO / EXAMPLES
    done = subprocess.run(
        [console_script(), "show", "put_metric", "--docs", str(docs)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=60,
        check=False,
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout == snapshot("show.txt").replace(EXAMPLES, str(docs))


def _main(tmp_path: Path, before: str) -> subprocess.CompletedProcess[str]:
    """`main()` run on a page of many findings (more output than a pipe holds)
    in a fresh interpreter, after `before`."""
    rows = "".join(
        f"### torch.cog.c{n}\n\n**原生文档**：[torch.cog.c{n}](https://pytorch.org/docs/2.11/"
        f"cog.html#torch.cog.c{n})\n\n" for n in range(400)
    )  # fmt: skip
    page = tmp_path / "docs/zh/api/native_api/pytorch_2-12-0/cog.md"
    page.parent.mkdir(parents=True)
    page.write_text(f"# torch.cog\n\n{rows}", encoding="utf-8")
    probe = f"{before}\nimport sys\nsys.argv = ['docs-check', 'lint', {str(page)!r}]\n"
    probe += "from checker.cli import main\nmain()\nprint('not reached')\n"
    env = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(tmp_path / "cache")}
    return subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, env=env, timeout=60
    )


def test_main_exits_with_the_output_written_and_the_exit_handlers_run(tmp_path: Path) -> None:
    """`main` skips the interpreter's teardown (checker.cli._exit), not what it
    would have finished: every line written, the exit handlers run, the code."""
    done = _main(tmp_path, "import atexit, sys\natexit.register(print, 'handled', file=sys.stderr)")
    assert done.returncode == 1
    assert len(done.stdout.splitlines()) == 800  # missing-status and link-version, each entry
    assert done.stderr.splitlines()[-1] == "handled"
    assert "not reached" not in done.stdout


def test_main_waits_for_a_thread_still_running(tmp_path: Path) -> None:
    """A thread still at work when the run ends (here one of the caller's):
    `main` exits as the interpreter does, after it, not without it."""
    done = _main(
        tmp_path,
        "import threading, time\n"
        "threading.Thread(target=lambda: (time.sleep(0.5), print('thread done'))).start()",
    )
    assert (done.returncode, done.stdout.splitlines()[-1]) == (1, "thread done")


# -- the README and docs/ stay true (their examples: tests/docs/) ---------------------------


def test_the_rules_page_lists_every_rule_with_its_severity() -> None:
    """docs/rules.md: every id of the registry, each with its default level,
    and no id that the tool cannot report."""
    text = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    listed = {}
    for line in text.splitlines():
        cells = [cell.strip() for cell in line.strip("|").split("|")]
        if (
            len(cells) == 3
            and cells[0].startswith("`")
            and cells[1] in ("error", "warning", "note")
        ):
            assert cells[0].strip("`") not in listed, f"{cells[0]} is listed twice"
            listed[cells[0].strip("`")] = cells[1]
    assert listed == {check.id: check.level for check in REGISTRY.values()}


def test_the_rules_page_lists_every_automatic_fix_as_the_registry_says_it() -> None:
    """docs/rules.md's table of automatic fixes: exactly the registry's fixable
    ids, each with its `autofix` text."""
    text = (REPO / "docs" / "rules.md").read_text(encoding="utf-8")
    section = text.split("## Automatic fixes", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip("|").split("|") for line in section.splitlines() if line.startswith("| `")]
    listed = {rule.strip().strip("`"): fixed.strip() for rule, fixed in rows}
    assert listed == {check.id: check.autofix for check in REGISTRY.values() if check.fixable}


# -- one spelling for every command -----------------------------------------------------


def test_python_dash_m_checker_is_docs_check() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "checker", "--help"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
        cwd=REPO.parent,  # the installed package, not the checkout
    )
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith("Usage: docs-check [OPTIONS] COMMAND [ARGS]...")
    for command in ("lint", "show", "verify", "probe", "baseline"):
        assert f"\n  {command} " in done.stdout


def test_show_and_verify_take_paths_like_lint(cli: Invoke) -> None:
    assert cli("show", "put_metric", EXAMPLES) == cli("show", "put_metric", "--docs", EXAMPLES)
    as_paths = cli("verify", EXAMPLES, "--no-live", "--format", "json")
    assert as_paths == cli("verify", "--docs", EXAMPLES, "--no-live", "--format", "json")
    assert as_paths[0] == 1


def test_probe_writes_with_output_and_still_takes_out(cli: Invoke, tmp_path: Path) -> None:
    code, out, err = cli("probe", "--api", "no.such.api")
    assert (code, out) == (2, "")
    assert "Missing option '--output'." in err
    code, _, err = cli("probe", "--output", "a.json", "--out", "b.json")
    assert (code, err.splitlines()[-1]) == (2, "Error: --out is --output: give one of them")


def test_a_plain_lint_run_loads_no_git_verify_or_torch_code() -> None:
    probe = (
        "import sys\n"
        "from checker.cli import run\n"
        "run(['lint', 'examples/docs', '-q'])\n"
        "print(' '.join(sorted(m for m in sys.modules if m.startswith('checker'))))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, check=False
    )
    loaded = set(done.stdout.splitlines()[-1].split())
    assert "checker.checks.lint" in loaded  # it did lint
    # the rule files are lint's input too (their `expect`), read by their loader
    # alone: none of the cross-check, the evidence or the runs
    assert "checker.verify.rule_files" in loaded
    loaded -= {"checker.verify", "checker.verify.rule_files"}
    # nor the test map's (some 50 ms of start-up), which only --tests uses
    heavy_code = (
        "checker.verify",
        "checker.torch",
        "checker.process",
        "checker.sources.gitrefs",
        "checker.sources.gittrees",
        "checker.testmap",
        "checker.app.tests",
        "checker.app.tests_links",
        "checker.app.version_trees",
    )
    for heavy in heavy_code:
        assert not {m for m in loaded if m == heavy or m.startswith(heavy + ".")}, heavy
    # nor any other command's module: their options and click objects are made
    # when the command runs or the help lists it (some 15 ms of start-up)
    commands = {m for m in loaded if m.startswith("checker.cli.") and m.count(".") == 2}
    assert commands - {"checker.cli.lint"} <= SHARED_CLI_MODULES
    # nor the other commands' result types (checker.linted holds lint's)
    assert "checker.linted" in loaded
    assert "checker.results" not in loaded


# what the command modules share: the options, the language, the printing
SHARED_CLI_MODULES = {
    "checker.cli.language",
    "checker.cli.options",
    "checker.cli.output",
    "checker.cli.settings",
    "checker.cli.torch_options",
    "checker.cli.translated",
}


def test_a_warm_lint_run_imports_no_parser(tmp_path: Path) -> None:
    """Every page taken from the cache: markdown-it-py, a sixth of a warm run's
    time to import, is not imported, nor the readers and workers behind it."""
    probe = (
        "import sys\n"
        "from checker.cli import run\n"
        # --quiet, not -q: click tries a short option as a long one first,
        # and its refusal looks for the closest long one with difflib
        "run(['lint', 'examples/docs', '--quiet'])\n"
        "print(' '.join(sorted(sys.modules)))\n"
    )
    env = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(tmp_path / "cache")}

    def loaded() -> set[str]:
        done = subprocess.run(
            [sys.executable, "-c", probe], capture_output=True, text=True, cwd=REPO, env=env
        )
        return set(done.stdout.splitlines()[-1].split())

    cold, warm = loaded(), loaded()
    assert {"markdown_it", "checker.read.reader", "checker.sources.workers"} <= cold
    # the cold run wrote its entries without tempfile (3 ms: shutil, random, compressors)
    assert "tempfile" not in cold
    # nor did it look for a name close to a refused one (difflib, the did-you-mean's)
    assert "difflib" not in cold
    assert "checker.checks.lint" in warm  # it did lint
    assert not {m for m in warm if m == "markdown_it" or m.startswith("markdown_it.")}
    assert not {"checker.read.reader", "checker.read.tokens", "checker.sources.workers"} & warm
