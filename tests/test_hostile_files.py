"""Files made to break the checker. A data file it cannot take (TOML nested
100,000 deep, an integer of 5,000 digits, a rule that is not a table) is one
line naming the file and exit 2, never a traceback; a page whose name is not
UTF-8 is reported with the same escape in every format; `--output` through a
link to a device or a FIFO writes into it; a full stdout is one line and exit 2."""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import stat
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.helpers import REPO, console_script

EXAMPLES = REPO / "examples" / "docs"
Invoke = Callable[..., tuple[int, str, str]]

DEPTH = 100_000
DIGITS = 5_000
LIMIT = sys.get_int_max_str_digits()  # 4300 unless the environment changes it
TOML_DEEP = "x = " + "[" * DEPTH + "]" * DEPTH + "\n"
TOML_LONG = "x = " + "1" * DIGITS + "\n"
TOML_PROBLEMS = [
    (TOML_DEEP, "arrays or tables nested too deeply"),
    (TOML_LONG, f"an integer longer than {LIMIT} digits"),
]


def write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


# -- TOML: configuration and rule files ---------------------------------------------------


@pytest.mark.parametrize(("text", "why"), TOML_PROBLEMS)
def test_a_hostile_config_file_is_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, why: str
) -> None:
    monkeypatch.chdir(tmp_path)
    named = write(tmp_path / "named.toml", text)
    assert cli("lint", "--config", str(named), str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {named}: cannot read config file: {why}\n",
    )
    found = write(tmp_path / ".docs-check.toml", text)  # found, not named
    assert cli("lint", str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {found}: cannot read config file: {why}\n",
    )


@pytest.mark.parametrize(("text", "why"), TOML_PROBLEMS)
def test_a_hostile_pyproject_is_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, why: str
) -> None:
    monkeypatch.chdir(tmp_path)
    path = write(tmp_path / "pyproject.toml", "[tool.docs-check]\n" + text)
    assert cli("lint", str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {path.absolute()}: cannot read pyproject.toml: {why}\n",
    )


@pytest.mark.parametrize(("text", "why"), TOML_PROBLEMS)
def test_a_hostile_rule_file_is_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, why: str
) -> None:
    monkeypatch.chdir(tmp_path)
    rules = write(tmp_path / "rules.toml", text)
    assert cli("verify", "--no-live", "--rules", str(rules), str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {rules}: cannot read rule file: {why}\n",
    )


def run_docs_check(*argv: str, cwd: Path) -> tuple[int, str, str]:
    """The real console script, with a deadline: a loader that takes minutes fails."""
    program = console_script()
    done = subprocess.run(
        [program, *argv], capture_output=True, text=True, timeout=60, cwd=cwd, check=False
    )
    return done.returncode, done.stdout, done.stderr


@pytest.mark.parametrize(
    ("text", "line", "why"),
    [
        (
            "docs = []\nx" + ".a" * DEPTH + " = 1\n",
            2,
            "a dotted key of more than 100 parts (tables nested too deeply)",
        ),
        (
            "[x" + ".a" * DEPTH + "]\n",
            1,
            "a dotted key of more than 100 parts (tables nested too deeply)",
        ),
        ("[[ignore]]\n" * DEPTH, 1, "ignore needs a non-empty string 'rule'"),
        ("[[product]]\n" * DEPTH, 1, "every [[product]] needs a string id"),
    ],
    ids=["dotted-key", "dotted-header", "many-ignores", "many-products"],
)
def test_a_config_that_would_take_minutes_is_one_line_at_once(
    tmp_path: Path, text: str, line: int, why: str
) -> None:
    """tomllib's time grows with the square of a dotted key's parts, and the
    lines of 100,000 tables were once matched each against each."""
    config = write(tmp_path / "config.toml", text)
    assert run_docs_check("lint", "--config", str(config), str(EXAMPLES), cwd=tmp_path) == (
        2,
        "",
        f"docs-check: error: {config}:{line}: {why}\n",
    )


@pytest.mark.parametrize(
    ("text", "line"),
    [
        ("rule = [1, 2]\n", 1),
        ('rule = ["put_metric"]\n', 1),
        ("rule = [[1]]\n", 1),
        ('docs = ["docs"]\nrule = [{ id = "x" }, 2]\n', 2),
        ("rule = 3\n", 1),
    ],
)
def test_a_rule_that_is_not_a_table_is_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, line: int
) -> None:
    monkeypatch.chdir(tmp_path)
    rules = write(tmp_path / "rules.toml", text)
    assert cli("verify", "--no-live", "--rules", str(rules), str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {rules}:{line}: 'rule' must be an array of tables ([[rule]])\n",
    )
    # the same keys in the configuration, which verify reads as its own rules
    config = write(tmp_path / ".docs-check.toml", text.replace('docs = ["docs"]\n', "\n"))
    assert cli("verify", "--no-live", str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {config}:{line}: 'rule' must be an array of tables ([[rule]])\n",
    )


# Guards: these shapes were already one line before the loaders were hardened.
@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ignore = [1]\n", "'ignore' must be an array of rule ids or of tables ([[ignore]])"),
        ("product = [1]\n", "'product' must be an array of tables ([[product]])"),
        ("severity = {x = [1]}\n", "unknown rule 'x' (see `docs-check rules`) in severity"),
        (
            "severity = {link-version = [1]}\n",
            'severity of \'link-version\' must be "error", "warning" or "off", not [1]',
        ),
        ('test-refs = {"2.7.1" = [1]}\n', "the ref of 2.7.1 must be a non-empty string"),
    ],
)
def test_configuration_values_of_the_wrong_shape_are_one_line(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, message: str
) -> None:
    monkeypatch.chdir(tmp_path)
    config = write(tmp_path / ".docs-check.toml", text)
    for command in (["lint"], ["verify", "--no-live"]):
        assert cli(*command, str(EXAMPLES)) == (
            2,
            "",
            f"docs-check: error: {config}:1: {message}\n",
        )


# -- JSON: baselines and evidence -----------------------------------------------------------

JSON_DEEP = "[" * DEPTH + "]" * DEPTH
JSON_PROBLEMS = [
    (JSON_DEEP, "arrays or objects nested too deeply"),
    ('{"schema": "x", "n": ' + "1" * DIGITS + "}", f"an integer longer than {LIMIT} digits"),
]


@pytest.mark.parametrize(("text", "why"), JSON_PROBLEMS)
def test_a_hostile_baseline_is_one_line(cli: Invoke, tmp_path: Path, text: str, why: str) -> None:
    baseline = write(tmp_path / "baseline.json", text)
    assert cli("lint", "--baseline", str(baseline), str(EXAMPLES)) == (
        2,
        "",
        f"docs-check: error: {baseline}: not a baseline file: {why}\n",
    )


@pytest.mark.parametrize(("text", "why"), JSON_PROBLEMS)
def test_a_hostile_evidence_file_is_one_line(
    cli: Invoke, tmp_path: Path, text: str, why: str
) -> None:
    """An input error: the rules are still checked, without that evidence."""
    evidence = write(tmp_path / "evidence.json", text)
    code, _, err = cli("verify", "--no-live", "--evidence", str(evidence), str(EXAMPLES))
    assert code == 2
    assert err.splitlines()[-1] == f"docs-check: error: {evidence}: not an evidence file: {why}"
    assert err.count("docs-check: error:") == 1


# -- a page named with bytes that are not UTF-8 -----------------------------------------------

ACCELERATOR = "torch-accelerator.md"
ESCAPED = "torch-acc\\udcffelerator.md"  # as every report writes the name


@pytest.fixture
def odd_name(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The examples, with one page's file name not UTF-8 (byte 0xff), as the
    current folder; and the same docs with the name as it was, beside them."""
    for name in ("odd", "plain"):
        shutil.copytree(EXAMPLES, tmp_path / name)
    folder = os.fsencode(tmp_path / "odd" / "docs" / "zh" / "api" / "native_api" / "pytorch_2-12-0")
    os.rename(folder + b"/torch-accelerator.md", folder + b"/torch-acc\xffelerator.md")
    monkeypatch.chdir(tmp_path)
    return tmp_path


@pytest.mark.parametrize("fmt", ["text", "json", "markdown"])
def test_a_name_that_is_not_utf8_is_escaped_on_stdout_and_in_output(
    cli: Invoke, odd_name: Path, fmt: str
) -> None:
    code, plain, _ = cli("lint", "plain", "--format", fmt)
    assert code == 1 and ACCELERATOR in plain
    expected = plain.replace("plain/", "odd/").replace(ACCELERATOR, ESCAPED)
    code, out, _ = cli("lint", "odd", "--format", fmt)
    assert (code, out) == (1, expected)
    target = odd_name / f"report.{fmt}"
    assert cli("lint", "odd", "--format", fmt, "--output", str(target))[:2] == (1, "")
    assert target.read_bytes() == expected.encode("utf-8")


def test_sarif_and_junit_name_it_by_its_bytes_and_by_the_same_escape(
    cli: Invoke, odd_name: Path
) -> None:
    """SARIF's URI percent-encodes the name's own bytes (0xff is %FF); JUnit,
    whose XML cannot hold a lone surrogate, writes the `\\udcff` escape."""
    code, out, _ = cli("lint", "odd", "--format", "sarif")
    assert code == 1
    uris = {
        location["physicalLocation"]["artifactLocation"]["uri"]
        for result in json.loads(out)["runs"][0]["results"]
        for location in result["locations"]
    }
    assert "odd/docs/zh/api/native_api/pytorch_2-12-0/torch-acc%FFelerator.md" in uris
    code, out, _ = cli("lint", "odd", "--format", "junit")
    assert code == 1
    assert ESCAPED in out and "\\xdcff" not in out


def test_json_reads_back_the_name_as_it_was_read(cli: Invoke, odd_name: Path) -> None:
    """In JSON the escape is a string escape: a reader gets the surrogate back,
    which os.fsencode turns into the file's own bytes."""
    _, out, _ = cli("lint", "odd", "--format", "json")
    paths = {finding["path"] for finding in json.loads(out)["findings"]}
    name = b"odd/docs/zh/api/native_api/pytorch_2-12-0/torch-acc\xffelerator.md"
    assert os.fsdecode(name) in paths


def test_a_baseline_of_a_name_that_is_not_utf8_reads_back(cli: Invoke, odd_name: Path) -> None:
    baseline = odd_name / "baseline.json"
    assert cli("baseline", "odd", "--output", str(baseline))[:2] == (0, "")
    assert ESCAPED in baseline.read_text(encoding="utf-8")
    assert cli("lint", "odd", "--baseline", str(baseline))[:2] == (0, "")


# -- --output through a link, into a device or a FIFO ------------------------------------------


def test_output_through_a_link_to_a_character_device_keeps_the_link(
    cli: Invoke, tmp_path: Path
) -> None:
    link = tmp_path / "report.txt"
    link.symlink_to(os.devnull)
    assert cli("lint", str(EXAMPLES), "--output", str(link))[:2] == (1, "")
    assert link.is_symlink() and os.readlink(link) == os.devnull


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
def test_output_through_a_link_to_a_full_device_is_one_line(cli: Invoke, tmp_path: Path) -> None:
    link = tmp_path / "report.txt"
    link.symlink_to("/dev/full")
    assert cli("lint", str(EXAMPLES), "--output", str(link)) == (
        2,
        "",
        f"docs-check: error: {link}: cannot write: No space left on device\n",
    )
    assert link.is_symlink()


def read_fifo(fifo: Path) -> tuple[threading.Thread, list[bytes]]:
    got: list[bytes] = []

    def read() -> None:
        with open(fifo, "rb") as stream:  # blocks until a writer opens it
            got.append(stream.read())

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    return reader, got


def release(fifo: Path, reader: threading.Thread) -> None:
    """Unblocks a reader nobody wrote to (the behaviour before the fix)."""
    if reader.is_alive():
        with contextlib.suppress(OSError):
            os.close(os.open(fifo, os.O_WRONLY | os.O_NONBLOCK))
        reader.join(10)


@pytest.mark.parametrize("through_link", [False, True])
def test_output_into_a_fifo_writes_into_it(cli: Invoke, tmp_path: Path, through_link: bool) -> None:
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    target = fifo
    if through_link:
        target = tmp_path / "report.txt"
        target.symlink_to(fifo)
    _, report, _ = cli("lint", str(EXAMPLES))
    reader, got = read_fifo(fifo)
    try:
        assert cli("lint", str(EXAMPLES), "--output", str(target))[:2] == (1, "")
        reader.join(30)
        assert got == [report.encode("utf-8")]
    finally:
        release(fifo, reader)
    assert target.is_symlink() == through_link
    assert stat.S_ISFIFO(fifo.lstat().st_mode)  # still the FIFO
    assert {p.name for p in tmp_path.iterdir()} == {"pipe", target.name}  # no temporary


def test_output_through_a_link_to_a_file_replaces_the_file_and_keeps_the_link(
    cli: Invoke, tmp_path: Path
) -> None:
    (tmp_path / "reports").mkdir()
    real = write(tmp_path / "reports" / "lint.txt", "old report\n")
    before = real.stat().st_ino
    link = tmp_path / "report.txt"
    link.symlink_to(Path("reports") / "lint.txt")
    _, report, _ = cli("lint", str(EXAMPLES))
    assert cli("lint", str(EXAMPLES), "--output", str(link))[:2] == (1, "")
    assert link.is_symlink() and os.readlink(link) == str(Path("reports") / "lint.txt")
    assert real.read_text(encoding="utf-8") == report
    assert real.stat().st_ino != before  # replaced whole, not rewritten in place
    assert [p.name for p in (tmp_path / "reports").iterdir()] == ["lint.txt"]


# -- stdout on a full disk ----------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")
@pytest.mark.parametrize("fmt", ["text", "json"])
def test_a_full_stdout_is_one_line_and_exit_2(tmp_path: Path, fmt: str) -> None:
    program = console_script()
    with open("/dev/full", "w") as full:
        run = subprocess.run(
            [program, "lint", "--format", fmt, str(EXAMPLES)],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
            cwd=tmp_path,
        )
    assert (run.returncode, run.stderr) == (
        2,
        "docs-check: error: stdout: cannot write: No space left on device\n",
    )
