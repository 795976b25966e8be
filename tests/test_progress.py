"""Progress: drawn in place on stderr only when stderr is a terminal and the run
is not --quiet, cleared before the summary, and never a byte on stdout. A
terminal is simulated by a stream whose isatty() is True."""

from __future__ import annotations

import io
import re
import signal
import sys
import time
from collections.abc import Callable

import pytest

from checker import progress as progress_module
from checker.cli import run
from checker.progress import TerminalProgress, progress_on
from tests.helpers import REPO, blocked_signals

EXAMPLES = "examples/docs"
LINT_OUT = (REPO / "tests" / "fixtures" / "cli" / "lint.txt").read_text(encoding="utf-8")
LINT_SUMMARY = "8 findings (6 errors, 2 warnings) in 6 files, 22 entries\n"
CLEARED = re.compile(r"\r *\r")


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


# -- the progress line --------------------------------------------------------------------


def test_nothing_is_drawn_in_the_first_second() -> None:
    stream, clock = Terminal(), Clock()
    progress = TerminalProgress(stream, clock, timer=False)
    progress("reading pages", 1, 10)
    clock.now += 0.9
    progress("reading pages", 9, 10)
    progress("reading pages", 10, 10)
    progress.clear()
    assert stream.getvalue() == ""


def test_drawn_in_place_at_most_every_interval_and_cleared() -> None:
    stream, clock = Terminal(), Clock()
    progress = TerminalProgress(stream, clock, timer=False)
    clock.now += 1.0
    progress("reading pages", 120, 252)
    clock.now += 0.05
    progress("reading pages", 121, 252)  # too soon: skipped
    clock.now += 0.1
    progress("reading pages", 130, 252)
    clock.now += 0.01
    progress("reading pages", 252, 252)  # the last one is always drawn
    progress.clear()
    assert stream.getvalue() == (
        "\rreading pages 120/252"
        "\rreading pages 130/252"
        "\rreading pages 252/252"
        "\r                     \r"
    )


def test_a_shorter_line_blanks_the_rest_of_a_longer_one() -> None:
    stream, clock = Terminal(), Clock()
    progress = TerminalProgress(stream, clock, timer=False)
    clock.now += 2
    progress("running behaviour tests", 0, 1)
    clock.now += 1
    progress("reading pages", 1, 2)
    long, short = "running behaviour tests 0/1", "reading pages 1/2"
    assert stream.getvalue() == f"\r{long}\r{short}" + " " * (len(long) - len(short))


def test_a_long_step_with_no_calls_is_drawn_by_the_timer() -> None:
    stream = Terminal()
    progress = TerminalProgress(stream, show_after=0.05)
    progress("running behaviour tests", 0, 1)  # then nothing while the test runs
    deadline = time.monotonic() + 5
    while not stream.getvalue() and time.monotonic() < deadline:
        time.sleep(0.01)
    progress.clear()
    assert stream.getvalue() == ("\rrunning behaviour tests 0/1\r                           \r")


def test_clear_without_drawing_writes_nothing_and_stops_the_timer() -> None:
    stream = Terminal()
    progress = TerminalProgress(stream, show_after=0.05)
    progress("reading pages", 0, 3)
    progress.clear()
    time.sleep(0.1)
    assert stream.getvalue() == ""


@pytest.mark.parametrize(
    ("stream", "quiet"), [(io.StringIO(), False), (Terminal(), True), (io.StringIO(), True)]
)
def test_no_progress_off_a_terminal_or_when_quiet(stream: io.StringIO, quiet: bool) -> None:
    with progress_on(stream, quiet) as progress:
        assert progress is None
    assert stream.getvalue() == ""


def test_a_stream_without_isatty_is_no_terminal() -> None:
    class Bare:
        def write(self, text: str) -> int:
            raise AssertionError("written to")

    with progress_on(Bare()) as progress:  # type: ignore[arg-type]
        assert progress is None


# -- the commands -------------------------------------------------------------------------

Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Invoke:
    """Runs docs-check from the repository root with progress due at once:
    (exit code, stdout, stderr) for the given stderr stream."""
    monkeypatch.chdir(REPO)
    monkeypatch.setattr(progress_module, "SHOW_AFTER", 0.0)
    monkeypatch.setattr(progress_module, "INTERVAL", 0.0)

    def invoke(*argv: str, stderr: io.StringIO | None = None) -> tuple[int, str, str]:
        if stderr is not None:
            monkeypatch.setattr(sys, "stderr", stderr)
        code = run(list(argv))
        out, err = capsys.readouterr()
        return code, out, stderr.getvalue() if stderr is not None else err

    return invoke


def test_lint_on_a_terminal_shows_progress_then_clears_it(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "--no-cache", stderr=Terminal())
    assert code == 1
    assert out == LINT_OUT  # stdout is untouched
    assert err.endswith(LINT_SUMMARY)
    progress, summary = CLEARED.split(err)
    assert summary == LINT_SUMMARY
    lines = progress.split("\r")[1:]
    assert lines, "no progress drawn"
    assert all(re.fullmatch(r"reading pages [0-6]/6 *", line) for line in lines)
    assert lines[-1] == "reading pages 6/6"


def test_lint_off_a_terminal_shows_no_progress(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "--no-cache", stderr=io.StringIO())
    assert (code, out, err) == (1, LINT_OUT, LINT_SUMMARY)


def test_quiet_lint_on_a_terminal_prints_findings_only(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "--no-cache", "--quiet", stderr=Terminal())
    assert (code, out, err) == (1, LINT_OUT, "")


def test_quiet_still_reports_input_errors(cli: Invoke) -> None:
    code, out, err = cli("lint", EXAMPLES, "no/such/path", "-q", stderr=Terminal())
    assert (code, out) == (2, LINT_OUT)
    assert err == "docs-check: error: no/such/path: no such file or folder\n"


def test_verify_on_a_terminal_shows_reading_and_the_live_run(cli: Invoke) -> None:
    code, _, err = cli("verify", "--docs", EXAMPLES, "--no-cache", stderr=Terminal())
    progress, summary = CLEARED.split(err)
    assert summary.startswith("12 results (3 doc-differs-from-rule, 9 unverified); 0 findings")
    labels = {line.rstrip().rsplit(" ", 1)[0] for line in progress.split("\r")[1:]}
    assert labels == {"reading pages", "running behaviour tests"}
    assert progress.split("\r")[-1].rstrip() == "running behaviour tests 1/1"
    assert code == 1


def test_quiet_verify_prints_the_report_only(cli: Invoke) -> None:
    code, out, err = cli("verify", "--docs", EXAMPLES, "--no-live", stderr=io.StringIO())
    assert err.startswith("12 results (3 doc-differs-from-rule, 9 unverified); 0 findings")
    quiet = cli("verify", "--docs", EXAMPLES, "--no-live", "--quiet", stderr=Terminal())
    assert quiet == (code, out, "")


def test_no_colour_or_escape_codes_even_on_a_terminal(
    cli: Invoke, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, err = cli("lint", EXAMPLES, stderr=Terminal())
    assert "\x1b" not in out + err
    monkeypatch.setenv("NO_COLOR", "1")
    _, out, err = cli("lint", EXAMPLES, stderr=Terminal())
    assert "\x1b" not in out + err


def test_the_line_in_chinese_is_padded_and_cleared_by_its_columns() -> None:
    from checker import i18n
    from checker.sources.corpus import READING
    from checker.textwidth import width_of

    stream, clock = Terminal(), Clock()
    with i18n.chosen("zh"):
        progress = TerminalProgress(stream, clock, timer=False)
        clock.now += 1.0
        progress(READING, 120, 252)
        clock.now += 0.2
        progress(READING, 9, 252)
        progress.clear()
    line = "正在读取页面 120/252"
    assert stream.getvalue() == (f"\r{line}\r正在读取页面 9/252  \r{' ' * width_of(line)}\r")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc")
def test_the_timer_thread_leaves_signals_to_the_main_thread() -> None:
    """A Ctrl-C the kernel gave the timer would wait, unhandled, until the
    main thread wakes (checker.signals)."""
    progress = TerminalProgress(Terminal(), show_after=60)
    try:
        timer = progress._timer
        assert timer is not None and timer.native_id is not None
        assert blocked_signals(timer.native_id) >= {signal.SIGINT, signal.SIGTERM}
    finally:
        progress.clear()
