"""The options of what a command prints, through the real command line:
--statistics, --exit-zero, -o (and probe's --output / --out), colour, shell
completion with the installed console script, and the path of a page read
from a git ref in each format."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

from checker.outcome import ExitCode, exit_code
from checker.report.formats import formats_for
from tests.app.release_repo import build_release_repo
from tests.conftest import Invoke
from tests.helpers import FIXTURES, console_script, git

X_MARK = "mark '✗' (read as unsupported) instead of ✔ / ✘"
LINT = ("lint", "examples/docs")
SUMMARY = "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"
STATISTICS = (
    "3  doc-differs-from-rule  error    the docs' status for a product is not the rule's expect\n"
    "1  block-id-mismatch      error    a block's end comment carries another id than its start\n"
    "1  duplicate-api          warning  the same API documented again in one version, saying the "
    "same\n"
    "1  link-version           error    a native-doc link into another PyTorch docs version\n"
    "1  nonstandard-mark       warning  a table mark other than ✔ / ✘\n"
    "1  status-unreadable      error    a support status the normaliser cannot read\n"
)
EVIDENCE = "tests/fixtures/verify/evidence"
VERIFY_FAILING = (
    *("verify", "examples/docs", "--rules", "tests/fixtures/verify/rules/extra-record.toml"),
    *("--no-live", "--evidence", f"{EVIDENCE}/npu-a3-torch-2.12.0-fail.json"),
)
VERIFY_EVIDENCE = (
    *("verify", "tests/fixtures/verify/docs", "--no-live"),
    *(
        arg
        for p in sorted((FIXTURES / "verify" / "evidence").glob("*.json"))
        for arg in ("--evidence", f"{EVIDENCE}/{p.name}")
    ),
)
MARKS = "docs/zh/api/native_api/pytorch_2-12-0/torch-marks.md"
ESC = "\x1b["


@pytest.fixture
def cli(cli_at_repo: Invoke, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """From the repository root, with no colour asked for or refused."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.delenv("FORCE_COLOR", raising=False)
    return cli_at_repo


# -- --statistics ---------------------------------------------------------------------------


def test_statistics_count_per_rule_instead_of_listing(cli: Invoke) -> None:
    assert cli(*LINT, "--statistics") == (1, STATISTICS, SUMMARY)


def test_statistics_sort_by_count_then_id(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--statistics")
    assert code == 1
    counted = [line.split()[:3] for line in out.splitlines()]
    assert counted == [
        ["3", "doc-differs-from-rule", "error"],
        ["1", "doc-claims-support-test-fails", "error"],
        ["1", "duplicate-api", "warning"],
        ["1", "missing-entry", "error"],
        ["1", "nonstandard-mark", "warning"],
    ]
    assert out.splitlines()[0] == (
        "3  doc-differs-from-rule          error    "
        "the docs' status for a product is not the rule's expect"
    )


def test_statistics_in_json_are_a_tagged_list_and_stderr_keeps_to_errors(cli: Invoke) -> None:
    code, out, err = cli(*LINT, "--statistics", "--format", "json")
    assert (code, err) == (1, "")
    document = json.loads(out)
    assert list(document)[:3] == ["schema", "schema_version", "command"]
    assert (document["schema"], document["command"]) == ("docs-check/statistics", "lint")
    assert document["statistics"] == [
        {"rule": "doc-differs-from-rule", "level": "error", "count": 3},
        {"rule": "block-id-mismatch", "level": "error", "count": 1},
        {"rule": "duplicate-api", "level": "warning", "count": 1},
        {"rule": "link-version", "level": "error", "count": 1},
        {"rule": "nonstandard-mark", "level": "warning", "count": 1},
        {"rule": "status-unreadable", "level": "error", "count": 1},
    ]


def test_statistics_follow_the_configured_levels(cli: Invoke, tmp_path: Path) -> None:
    config = tmp_path / "docs-check.toml"
    config.write_text('[severity]\nnonstandard-mark = "error"\n', encoding="utf-8")
    _, out, _ = cli(*LINT, "--statistics", "--config", str(config))
    assert "1  nonstandard-mark       error    a table mark other than ✔ / ✘\n" in out


@pytest.mark.parametrize("fmt", ["junit", "sarif", "markdown", "concise", "github", "gitlab"])
def test_statistics_take_text_or_json_only(cli: Invoke, fmt: str) -> None:
    code, out, err = cli(*LINT, "--statistics", "--format", fmt)
    assert (code, out) == (2, "")
    assert err.endswith(f"Error: --statistics takes --format text or json, not --format {fmt}\n")


# -- --exit-zero ----------------------------------------------------------------------------


def test_exit_zero_keeps_the_report_and_exits_0(cli: Invoke) -> None:
    failing = cli(*LINT)
    assert failing[0] == 1
    assert cli(*LINT, "--exit-zero") == (0, *failing[1:])
    code, out, _ = cli(*VERIFY_FAILING, "--exit-zero", "--format", "concise")
    assert code == 0 and out.count("\n") == 7


def test_exit_zero_does_not_make_a_failing_run_read_as_passed(cli: Invoke) -> None:
    code, out, _ = cli(*VERIFY_FAILING, "--exit-zero")
    assert code == 0
    assert out.startswith("✘ failed (exit 0): ")
    code, out, _ = cli(*VERIFY_FAILING, "--exit-zero", "--format", "markdown")
    assert "**✘ failed** (exit 0): " in out


def test_exit_zero_still_exits_2_on_input_errors(cli: Invoke) -> None:
    code, _, err = cli(*LINT, "no/such/folder", "--exit-zero")
    assert code == 2
    assert err.endswith("docs-check: error: no/such/folder: no such file or folder\n")


def test_exit_zero_still_exits_3_when_verification_asked_for_was_not_done(cli: Invoke) -> None:
    assert cli(*VERIFY_EVIDENCE, "--strict", "--require-npu")[0] == 1
    assert cli(*VERIFY_EVIDENCE, "--strict", "--require-npu", "--exit-zero")[0] == 3
    assert cli(*VERIFY_EVIDENCE, "--strict", "--exit-zero")[0] == 0


def test_the_exit_policy_with_exit_zero() -> None:
    assert exit_code((), True, (), exit_zero=True) is ExitCode.CLEAN
    assert exit_code(("x.md: unreadable",), True, (), exit_zero=True) is ExitCode.INPUT
    assert exit_code((), True, ("versions",), exit_zero=True) is ExitCode.UNVERIFIED
    assert exit_code((), True, ()) is ExitCode.FAILED


# -- -o, --output, probe's --out -------------------------------------------------------------


@pytest.mark.parametrize("spelling", ["-o", "--output"])
def test_o_is_output_for_lint_verify_and_show(cli: Invoke, tmp_path: Path, spelling: str) -> None:
    _, report, _ = cli(*LINT)
    assert cli(*LINT, spelling, str(tmp_path / "lint.txt")) == (1, "", SUMMARY)
    assert (tmp_path / "lint.txt").read_text(encoding="utf-8") == report
    _, report, _ = cli(*VERIFY_FAILING, "--format", "json")
    assert cli(*VERIFY_FAILING, "--format", "json", spelling, str(tmp_path / "v.json"))[1] == ""
    assert (tmp_path / "v.json").read_text(encoding="utf-8") == report
    show = ("show", "put_metric", "examples/docs")
    _, report, _ = cli(*show)
    assert cli(*show, spelling, str(tmp_path / "show.txt")) == (0, "", "")
    assert (tmp_path / "show.txt").read_text(encoding="utf-8") == report


def test_o_is_output_for_baseline(cli: Invoke, tmp_path: Path) -> None:
    code, _, err = cli("baseline", "examples/docs", "-o", str(tmp_path / "baseline.json"))
    assert code == 0
    assert err == f"wrote 8 findings to {tmp_path / 'baseline.json'}\n"
    assert len(json.loads((tmp_path / "baseline.json").read_text())["findings"]) == 8


@pytest.mark.parametrize("spelling", ["-o", "--output", "--out"])
def test_probe_writes_to_output_o_or_the_older_out(
    cli: Invoke, tmp_path: Path, spelling: str
) -> None:
    failing = tmp_path / "python"
    failing.write_text("#!/bin/sh\nexit 1\n")  # a quick run
    failing.chmod(0o755)
    evidence = tmp_path / "evidence.json"
    code, printed, _ = cli("probe", spelling, str(evidence), "--python", str(failing))
    assert code == 1
    assert "harness crashed (exit 1): no output" in printed
    assert json.loads(evidence.read_text())["runs"][0]["note"] == (
        "harness crashed (exit 1): no output"
    )


def test_probe_takes_output_or_out_not_two_files(cli: Invoke, tmp_path: Path) -> None:
    code, _, err = cli("probe", "-o", str(tmp_path / "a.json"), "--out", str(tmp_path / "b"))
    assert code == 2
    assert err.endswith("Error: --out is --output: give one of them\n")
    code, _, err = cli("probe")
    assert code == 2
    assert err.endswith("Error: Missing option '--output'.\n")
    assert "--out " not in cli("probe", "--help")[1]  # hidden, --output shown
    assert "-o, --output FILE" in cli("probe", "--help")[1]


# -- colour ---------------------------------------------------------------------------------


def test_colour_is_off_where_stdout_is_no_terminal(cli: Invoke) -> None:
    code, out, _ = cli(*LINT)
    assert code == 1 and out and ESC not in out


def test_force_color_styles_paths_and_rule_ids(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, plain, _ = cli(*LINT)
    monkeypatch.setenv("FORCE_COLOR", "1")
    code, out, err = cli(*LINT)
    assert (code, err) == (1, SUMMARY)
    first = out.splitlines()[1]  # [0]: the 2.7.1 page's doc-differs-from-rule
    assert first == (
        "\x1b[1mexamples/docs/docs/en/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"
        "\x1b[0m:12: \x1b[33m\x1b[1mduplicate-api\x1b[0m torch.distributed.elastic.events."
        "record is documented again for 2.7.1, as at examples/docs/docs/en/native_apis/"
        "pytorch_2-7-1/torch-distributed-elastic.md:10"
    )
    assert "\x1b[31m\x1b[1mstatus-unreadable\x1b[0m" in out  # an error in red
    assert _unstyled(out) == plain
    _, concise, _ = cli(*LINT, "--format", "concise")
    assert _unstyled(concise) == plain and ESC in concise
    _, counted, _ = cli(*LINT, "--statistics")
    assert "\x1b[33mwarning" in counted and _unstyled(counted) == STATISTICS


def test_no_color_wins_over_force_color(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("NO_COLOR", "1")
    code, out, _ = cli(*LINT)
    assert code == 1 and out and ESC not in out


def test_colour_never_goes_into_a_file_nor_into_other_formats(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    cli(*LINT, "-o", str(tmp_path / "lint.txt"))
    assert ESC not in (tmp_path / "lint.txt").read_text(encoding="utf-8")
    for fmt in ("json", "github", "gitlab", "sarif", "junit", "markdown"):
        assert ESC not in cli(*LINT, "--format", fmt)[1], fmt


def test_an_empty_no_color_or_force_color_counts_as_unset(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.setenv("NO_COLOR", "")
    assert ESC in cli(*LINT)[1]
    monkeypatch.setenv("FORCE_COLOR", "")
    assert ESC not in cli(*LINT)[1]


def _unstyled(text: str) -> str:
    import re

    return re.sub(r"\x1b\[[0-9;]*m", "", text)


# -- shell completion -----------------------------------------------------------------------


def _console_script(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    script = console_script()
    return subprocess.run(
        [script], env={**os.environ, **env}, capture_output=True, text=True, timeout=60
    )


def test_the_console_script_prints_a_bash_completion_script() -> None:
    done = _console_script({"_DOCS_CHECK_COMPLETE": "bash_source"})
    assert (done.returncode, done.stderr) == (0, "")
    assert "_docs_check_completion() {" in done.stdout
    assert "complete -o nosort -F _docs_check_completion docs-check" in done.stdout


def test_the_completion_offers_the_formats_of_the_registry() -> None:
    words = {"COMP_WORDS": "docs-check lint --format ", "COMP_CWORD": "3"}
    done = _console_script({"_DOCS_CHECK_COMPLETE": "bash_complete", **words})
    assert done.returncode == 0
    assert done.stdout.splitlines() == [f"plain,{name}" for name in formats_for("lint")]


# -- a page read from a git ref ---------------------------------------------------------------


@pytest.fixture(scope="module")
def marks_repo(tmp_path_factory: pytest.TempPathFactory) -> str:
    """The release repository, with a page on master that has three findings."""
    repo = build_release_repo(tmp_path_factory.mktemp("release") / "repo")
    shutil.copyfile(FIXTURES / "report" / "torch-marks.md", repo / MARKS)
    git(repo, "add", MARKS)
    git(repo, "commit", "-qm", "a page with findings")
    return str(repo)


def at_master(marks_repo: str, *argv: str) -> tuple[str, ...]:
    return ("lint", "--git", marks_repo, "--ref", "master", *argv)


def test_text_and_concise_name_the_page_ref_path(cli: Invoke, marks_repo: str) -> None:
    code, text, _ = cli(*at_master(marks_repo))
    assert code == 1
    assert text.splitlines() == [
        f"master:{MARKS}:9: nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘",
        f"master:{MARKS}:10: nonstandard-mark mark '✗' (read as unsupported) instead of ✔ / ✘",
        f"master:{MARKS}:15: status-unreadable cannot read support status '也许'",
    ]
    assert cli(*at_master(marks_repo, "--format", "concise"))[1] == text


def test_json_names_the_path_in_the_repository_and_the_ref(cli: Invoke, marks_repo: str) -> None:
    findings = json.loads(cli(*at_master(marks_repo, "--format", "json"))[1])["findings"]
    assert [(f["path"], f["ref"], f["line"]) for f in findings] == [
        (MARKS, "master", 9),
        (MARKS, "master", 10),
        (MARKS, "master", 15),
    ]
    worktree = json.loads(cli(*LINT, "--format", "json")[1])["findings"]
    assert {f["ref"] for f in worktree} == {None}


def test_github_annotates_the_path_in_the_repository(cli: Invoke, marks_repo: str) -> None:
    out = cli(*at_master(marks_repo, "--format", "github"))[1]
    assert out.splitlines() == [
        f"::warning file={MARKS},line=9,title=nonstandard-mark::{X_MARK}",
        f"::warning file={MARKS},line=10,title=nonstandard-mark::{X_MARK}",
        f"::error file={MARKS},line=15,title=status-unreadable::cannot read support status '也许'",
    ]


def test_gitlab_locates_the_path_in_the_repository(cli: Invoke, marks_repo: str) -> None:
    issues = json.loads(cli(*at_master(marks_repo, "--format", "gitlab"))[1])
    assert [(i["location"]["path"], i["location"]["lines"]["begin"]) for i in issues] == [
        (MARKS, 9),
        (MARKS, 10),
        (MARKS, 15),
    ]
    assert len({i["fingerprint"] for i in issues}) == 3


def test_junit_files_are_paths_in_the_repository(cli: Invoke, marks_repo: str) -> None:
    root = ET.fromstring(cli(*at_master(marks_repo, "--format", "junit"))[1].encode("utf-8"))
    (case,) = [c for c in root.iter("testcase") if c.find("failure") is not None]
    assert (case.get("name"), case.get("file")) == (f"master:{MARKS}", MARKS)
    assert all(":" not in (c.get("file") or "") for c in root.iter("testcase"))


def test_sarif_uris_are_paths_in_the_repository(cli: Invoke, marks_repo: str) -> None:
    (run,) = json.loads(cli(*at_master(marks_repo, "--format", "sarif"))[1])["runs"]
    artifacts = [r["locations"][0]["physicalLocation"]["artifactLocation"] for r in run["results"]]
    assert artifacts == [{"uri": MARKS, "properties": {"ref": "master"}}] * 3


@pytest.mark.parametrize("fmt", ["text", "json"])
def test_the_report_is_written_as_it_is_made(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, tmp_path: Path, fmt: str
) -> None:
    """Lint's text and JSON are written a block at a time as their findings
    are made, never held whole (a history's are 16 and 41 MB: issue 49), and
    read the same as written whole, on stdout and with -o."""
    from checker.cli import output

    argv = (*LINT, "--format", fmt)
    code, whole, said = cli(*argv)
    written: list[str] = []
    echo = output.click.echo

    def counted(text: str = "", **options: object) -> None:
        if not options.get("err"):
            written.append(text)
        echo(text, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(output, "BLOCK", 1)  # a block a piece
    monkeypatch.setattr(output.click, "echo", counted)
    assert cli(*argv) == (code, whole, said)
    assert "".join(written) == whole and len(written) >= 8  # a piece a finding at least
    if fmt == "text":
        assert written == whole.splitlines(keepends=True)
    assert cli(*argv, "-o", str(tmp_path / "report"))[0] == code
    assert (tmp_path / "report").read_text(encoding="utf-8") == whole


@pytest.mark.parametrize("argv", [("-q",), ("--format", "json")])
def test_a_summary_not_said_is_not_made(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]
) -> None:
    """-q and the formats that keep stderr for errors count nothing for a
    summary line they do not print (issue 49)."""
    from checker.cli import output

    made: list[object] = []
    summary = output.summary

    def counted(*args: object, **options: object) -> str | None:
        made.append(args)
        return summary(*args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(output, "summary", counted)
    code, _, err = cli(*LINT, *argv)
    assert (code, err, made) == (1, "", [])
    assert cli(*LINT)[2] == SUMMARY and len(made) == 1
