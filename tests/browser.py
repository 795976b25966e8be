"""Real headless Chromium for the tests of pages docs-check writes (and for
benchmarks/bench_site.py). A static site's behaviour lives in its scripts: a
test that reads the HTML file only sees what was written, not what a reader
sees, so these helpers read what Chromium renders.

- `dump_dom`: the DOM serialized after the page's scripts ran (`--dump-dom`;
  `--virtual-time-budget` lets timers and fetches of local files settle first).
- `screenshot`: a PNG of the page at a window size.
- `first_paint_ms`: paint and load timings, and `evaluate`: a JavaScript
  expression's value in the loaded page (where a followed #fragment scrolled
  to, what a rule computes), both through the Chrome DevTools Protocol over
  `--remote-debugging-pipe` (NUL-terminated JSON on fds 3 and 4), so that no
  driver package (selenium, playwright, pyppeteer) is needed.

A test calls `need_browser()` first: without Chromium it skips with the reason,
except under DOCS_CHECK_REQUIRE_BROWSER (CI), where it fails instead, so that no
browser test passes there by being skipped."""

from __future__ import annotations

import fcntl
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any

NAMES = ("chromium", "chromium-browser", "google-chrome")
REQUIRE_BROWSER = "DOCS_CHECK_REQUIRE_BROWSER"
# --no-sandbox: we run as root in containers; the rest keep a headless run from
# reaching the network or spending time on updates, sync and the GPU.
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-dev-shm-usage",
    "--allow-file-access-from-files",
)
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
TIMEOUT_S = 60


def chromium_path() -> str | None:
    """The first of NAMES on PATH, or None."""
    return next(filter(None, map(shutil.which, NAMES)), None)


def need_browser() -> str:
    """Chromium's path; without it the calling test skips (fails under
    DOCS_CHECK_REQUIRE_BROWSER)."""
    import pytest

    found = chromium_path()
    if found:
        return found
    reason = (
        f"headless Chromium not installed (apt-get install chromium): no {', '.join(NAMES)} on PATH"
    )
    if os.environ.get(REQUIRE_BROWSER):
        pytest.fail(f"{reason}, and {REQUIRE_BROWSER} requires it")
    pytest.skip(reason)


def dump_dom(url_or_path: str | Path, *, budget_ms: int = 5000) -> str:
    """The DOM after the page's scripts ran. A string is a URL as is (it may
    carry a #fragment)."""
    return _run([f"--virtual-time-budget={budget_ms}", "--dump-dom", _url(url_or_path)])


def screenshot(
    url_or_path: str | Path, png_path: Path, *, width: int = 1280, height: int = 900
) -> Path:
    """A PNG of the page in a window of width x height."""
    size = f"--window-size={width},{height}"
    _run([f"--screenshot={png_path}", size, "--hide-scrollbars", _url(url_or_path)])
    assert png_path.is_file(), f"Chromium wrote no screenshot at {png_path}"
    assert png_path.read_bytes()[:8] == PNG_SIGNATURE, f"{png_path} is not a PNG"
    return png_path


def first_paint_ms(path: str | Path) -> dict[str, float]:
    """fp and fcp (first paint, first contentful paint), dcl (DOMContentLoaded
    end) and load (load event end) of the page, in ms since its navigation
    started. fp and fcp are absent if the page had not painted 2 s after load."""

    def timings(read: Callable[[str], Any]) -> dict[str, float]:
        for _ in range(20):  # the paint entries can come a frame after load
            found = {k: float(v) for k, v in json.loads(read(_TIMINGS)).items()}
            if "fcp" in found:
                break
            time.sleep(0.1)
        return found

    return _on_page(path, timings)


def evaluate(
    url_or_path: str | Path, expression: str, *, width: int = 1280, height: int = 900
) -> Any:
    """The value of a JavaScript expression (JSON-able) in the page once it
    has loaded, in a window of width x height. A string is a URL as is: a
    #fragment in it is followed as a reader's click would (the page scrolled
    to its target)."""
    return _on_page(url_or_path, lambda read: read(expression), width=width, height=height)


def _on_page(
    url_or_path: str | Path,
    then: Callable[[Callable[[str], Any]], Any],
    *,
    width: int = 1280,
    height: int = 900,
) -> Any:
    """`then(read)` on the page loaded in a Chromium driven through the
    DevTools Protocol; `read(expression)` evaluates JavaScript there."""
    child_reads, parent_writes = _pipe_pair()  # Chromium reads commands on fd 3
    parent_reads, child_writes = _pipe_pair()  # and writes answers and events on fd 4
    open_fds = {child_reads, parent_writes, parent_reads, child_writes}
    with (
        tempfile.TemporaryDirectory(
            prefix="docs-check-chromium-", ignore_cleanup_errors=True
        ) as profile,
        tempfile.TemporaryFile() as stderr,  # dbus noise, unless Chromium fails
    ):
        argv = [_chromium(), *FLAGS, f"--user-data-dir={profile}", "--remote-debugging-pipe"]
        onto_3_and_4 = [sys.executable, "-I", "-S", "-c", _ONTO_3_AND_4, str(child_reads)]
        browser = None
        try:
            browser = subprocess.Popen(
                [*onto_3_and_4, str(child_writes), *argv, "about:blank"],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=stderr,
                pass_fds=(child_reads, child_writes),
                start_new_session=True,  # its renderers and zygote: killed with it
            )
            for fd in (child_reads, child_writes):  # Chromium's copies stay: its exit is our EOF
                os.close(fd)
                open_fds.remove(fd)
            cdp = _Pipe(parent_writes, parent_reads)
            target = cdp.call("Target.createTarget", url="about:blank")["targetId"]
            session = cdp.call("Target.attachToTarget", targetId=target, flatten=True)["sessionId"]
            cdp.call("Page.enable", session)
            cdp.call(
                "Emulation.setDeviceMetricsOverride",
                session,
                width=width,
                height=height,
                deviceScaleFactor=1,
                mobile=False,
            )
            navigated = cdp.call("Page.navigate", session, url=_url(url_or_path))
            if "errorText" in navigated:  # else what we read would be the error page's
                raise AssertionError(f"Chromium could not load {_url(url_or_path)}: {navigated}")
            cdp.wait_for("Page.loadEventFired", session, timeout_s=30)

            def read(expression: str) -> Any:
                result = cdp.call(
                    "Runtime.evaluate", session, expression=expression, returnByValue=True
                )
                if "exceptionDetails" in result:
                    raise AssertionError(f"{expression} threw: {result['exceptionDetails']}")
                return result["result"].get("value")

            value = then(read)
            with suppress(AssertionError, subprocess.TimeoutExpired):  # done: close politely
                cdp.call("Browser.close")
                browser.wait(timeout=10)
            return value
        except AssertionError as error:
            stderr.seek(0)
            raise AssertionError(
                f"{error}\n{_tail(stderr.read().decode(errors='replace'))}"
            ) from None
        finally:
            if browser:
                _kill(browser)
            for fd in open_fds:
                os.close(fd)


# Chromium's end of the pipes onto fds 3 and 4, in a Python of its own that then
# becomes Chromium (exec). Not by dup2 in a preexec_fn: Popen's own exec-error
# pipe is in the child then, on the lowest free fds, which can be 3 or 4 (it
# was 4 here), and dup2 would close it; nor in a preexec_fn's Python under
# pytest-xdist, whose workers run threads. dash's `3<&12` takes one digit only.
_ONTO_3_AND_4 = (
    "import os, sys\n"
    "reads, writes = int(sys.argv[1]), int(sys.argv[2])\n"
    "os.dup2(reads, 3)\n"  # dup2's copies are inherited through exec
    "os.dup2(writes, 4)\n"
    "os.close(reads)\n"
    "os.close(writes)\n"
    "os.execv(sys.argv[3], sys.argv[3:])\n"
)
_TIMINGS = (
    "JSON.stringify({"
    "fp: (performance.getEntriesByName('first-paint')[0]||{}).startTime,"
    " fcp: (performance.getEntriesByName('first-contentful-paint')[0]||{}).startTime,"
    " dcl: performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,"
    " load: performance.getEntriesByType('navigation')[0].loadEventEnd})"
)


class _Pipe:
    """CDP over a pair of pipes: one JSON message per NUL-terminated frame."""

    def __init__(self, write_fd: int, read_fd: int) -> None:
        self.write_fd, self.read_fd = write_fd, read_fd
        self.buffer = b""
        self.next_id = 0

    def call(self, method: str, session: str | None = None, **params: Any) -> dict[str, Any]:
        self.next_id += 1
        message: dict[str, Any] = {"id": self.next_id, "method": method, "params": params}
        if session:
            message["sessionId"] = session
        try:
            os.write(self.write_fd, json.dumps(message).encode() + b"\0")
        except BrokenPipeError:
            raise AssertionError(f"Chromium closed the DevTools pipe before {method}") from None
        reply = self._until(lambda m: m.get("id") == self.next_id, TIMEOUT_S, method)
        if "error" in reply:
            raise AssertionError(f"CDP {method} failed: {reply['error']}")
        return dict(reply.get("result", {}))

    def wait_for(self, event: str, session: str, *, timeout_s: float) -> None:
        self._until(
            lambda m: m.get("method") == event and m.get("sessionId") == session, timeout_s, event
        )

    def _until(self, wanted: Any, timeout_s: float, what: str) -> dict[str, Any]:
        deadline = time.monotonic() + timeout_s
        while True:
            while b"\0" in self.buffer:
                frame, self.buffer = self.buffer.split(b"\0", 1)
                message: dict[str, Any] = json.loads(frame)
                if wanted(message):
                    return message
            left = deadline - time.monotonic()
            if left <= 0 or not select.select([self.read_fd], [], [], left)[0]:
                raise AssertionError(f"Chromium: no {what} within {timeout_s} s")
            chunk = os.read(self.read_fd, 1 << 16)
            if not chunk:
                raise AssertionError(f"Chromium closed the DevTools pipe while waiting for {what}")
            self.buffer += chunk


def _pipe_pair() -> tuple[int, int]:
    """os.pipe(), both ends moved to fds >= 10 (still close-on-exec), so that
    the dup2 onto 3 and 4 in the child can never overwrite the other end."""
    read_end, write_end = os.pipe()
    high = (
        fcntl.fcntl(read_end, fcntl.F_DUPFD_CLOEXEC, 10),
        fcntl.fcntl(write_end, fcntl.F_DUPFD_CLOEXEC, 10),
    )
    os.close(read_end)
    os.close(write_end)
    return high


def _chromium() -> str:
    found = chromium_path()
    if not found:
        raise AssertionError(f"no {', '.join(NAMES)} on PATH (call need_browser() first)")
    return found


def _url(url_or_path: str | Path) -> str:
    if isinstance(url_or_path, str):
        return url_or_path
    # Chromium would render its error page for a missing file, and exit 0
    assert url_or_path.is_file(), f"no page at {url_or_path}"
    return url_or_path.resolve().as_uri()


def _run(arguments: list[str]) -> str:
    """Chromium's stdout; stderr (always dbus noise) is only shown on failure."""
    with tempfile.TemporaryDirectory(
        prefix="docs-check-chromium-", ignore_cleanup_errors=True
    ) as profile:
        argv = [_chromium(), *FLAGS, f"--user-data-dir={profile}", *arguments]
        chromium = subprocess.Popen(
            argv,
            stdin=subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            start_new_session=True,  # its renderers and zygote: killed with it
        )
        try:
            stdout, stderr = chromium.communicate(timeout=TIMEOUT_S)
        except subprocess.TimeoutExpired:
            _kill(chromium)
            raise AssertionError(f"Chromium ran over {TIMEOUT_S} s: {argv}") from None
    if chromium.returncode != 0:
        raise AssertionError(f"Chromium exited {chromium.returncode}: {argv}\n{_tail(stderr)}")
    return stdout


def _kill(chromium: subprocess.Popen[Any]) -> None:
    """Chromium and every process of its session (the leader not yet waited
    for, its group id cannot have been reused)."""
    with suppress(ProcessLookupError):
        os.killpg(chromium.pid, signal.SIGKILL)
    chromium.kill()
    chromium.communicate()


def _tail(stderr: str) -> str:
    return "\n".join(stderr.splitlines()[-20:])
