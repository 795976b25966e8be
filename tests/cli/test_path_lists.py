"""`@FILE` among PATHS (checker.cli.options.paths_argument): the paths FILE
lists, one a line, as lintrunner passes them (`@{{PATHSFILE}}`), for every
command that takes PATHS."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import Invoke

ELASTIC = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"
DATA = "examples/docs/docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md"


def listing(folder: Path, *lines: str) -> str:
    listed = folder / "paths.txt"
    listed.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return f"@{listed}"


@pytest.mark.parametrize(
    "argv",
    [
        ("lint",),
        ("show", "put_metric"),
        ("verify", "--no-live", "--api", "torch.distributed.elastic.metrics.put_metric"),
    ],
)
def test_a_listed_path_is_read_as_given(
    cli_at_repo: Invoke, tmp_path: Path, argv: tuple[str, ...]
) -> None:
    given = cli_at_repo(*argv, ELASTIC, DATA)
    assert cli_at_repo(*argv, listing(tmp_path, ELASTIC, DATA)) == given
    # beside plain paths, after `--` as lintrunner's entry writes it, and with CRLF
    assert cli_at_repo(*argv, ELASTIC, "--", listing(tmp_path, DATA)) == given
    (tmp_path / "crlf.txt").write_bytes(f"{ELASTIC}\r\n\r\n{DATA}\r\n".encode())
    assert cli_at_repo(*argv, f"@{tmp_path / 'crlf.txt'}") == given


def test_baseline_reads_a_list_too(cli_at_repo: Invoke, tmp_path: Path) -> None:
    listed, given = tmp_path / "listed.json", tmp_path / "given.json"
    assert cli_at_repo("baseline", listing(tmp_path, ELASTIC), "-o", str(listed), "-q")[0] == 0
    assert cli_at_repo("baseline", ELASTIC, "-o", str(given), "-q")[0] == 0
    assert listed.read_text(encoding="utf-8") == given.read_text(encoding="utf-8")


def test_an_unreadable_list_is_one_line_and_exit_2(cli_at_repo: Invoke, tmp_path: Path) -> None:
    missing = tmp_path / "missing.txt"
    said = (
        f"docs-check: error: @{missing}: cannot read the list of paths: No such file or directory"
    )
    assert cli_at_repo("lint", f"@{missing}", "--format", "lintrunner") == (2, "", said + "\n")


def test_an_empty_list_checks_nothing_rather_than_everything(
    cli_at_repo: Invoke, tmp_path: Path
) -> None:
    empty = listing(tmp_path, "", "  ")
    assert cli_at_repo("lint", empty) == (
        2,
        "",
        f"docs-check: error: {empty}: the list of paths is empty\n",
    )


def test_a_path_that_begins_with_at_is_written_with_its_folder(
    cli_at_repo: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "@docs" / "pytorch_2-12-0"
    folder.mkdir(parents=True)
    (folder / "torch-x.md").write_text("# torch.x\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    code, _, err = cli_at_repo("lint", "./@docs")
    assert code == 0, err
