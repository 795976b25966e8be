"""(s) `docs-check server`, the language server (issue 48), on a copy of the
master snapshot's docs with one 300 KB page added (bench.py's `_big_page`),
as an editor drives it over stdio: the page opened (the first read of the
tree, with an empty page cache; and again by a second server, the cache
filled), then typed in: a character changed, each change timed to the
page's diagnostics published (target: 300 ms), with the CPU seconds the
server used for it beside (what a busy machine leaves readable: its load
stretches the wall time, not them), and a hover on an API heading timed to
its answer. Each timing is the median of REPEAT. The server runs as
`python -m checker server`, the checker this Python imports.
`python benchmarks/bench.py --server-only` runs only this."""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO, Any

TARGET = 0.3  # seconds: a change to its diagnostics
REPEAT = 15


class _Client:
    """Just enough of an LSP client: framed JSON-RPC over the server's pipes."""

    def __init__(self, server: subprocess.Popen[bytes]) -> None:
        assert server.stdin is not None and server.stdout is not None
        self.server, self.out, self.into = server, server.stdout, server.stdin
        self.ids = 0

    def send(self, method: str, params: Any, request: bool = False) -> int:
        message: dict[str, Any] = {"jsonrpc": "2.0", "method": method, "params": params}
        if request:
            self.ids += 1
            message["id"] = self.ids
        body = json.dumps(message).encode()
        self.into.write(b"Content-Length: %d\r\n\r\n%s" % (len(body), body))
        self.into.flush()
        return self.ids

    def until(self, wanted: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        """The server's messages read until one is wanted."""
        while True:
            message = _read(self.out)
            if wanted(message):
                return message


def _read(stream: IO[bytes]) -> dict[str, Any]:
    length = 0
    while line := stream.readline().strip():
        name, _, value = line.partition(b":")
        if name.lower() == b"content-length":
            length = int(value)
    if not length:
        raise SystemExit("the server closed its output")
    result: dict[str, Any] = json.loads(stream.read(length))
    return result


def server_check(
    corpus: Path, big_page: Callable[[list[Path], Path], Path], ok: Callable[[bool], str]
) -> bool:
    pages = sorted(corpus.glob("docs/*/api/native_api/pytorch_*/*.md"))
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-server-") as scratch:
        work = Path(scratch)
        big = big_page(pages, work)  # work/docs/zh/api/native_api/pytorch_2-13-0/big.md
        for page in pages:  # the rest of the tree beside it
            target = work / page.relative_to(corpus)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(page, target)
        size = big.stat().st_size // 1000
        env = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(work / "cache")}
        first, change, hover, cpu = _served(work, big, env)
        warm = _served(work, big, env)[0]  # a second server: the page cache filled
    rows = [
        (f"(s) server: open, first read of the tree ({len(pages) + 1} pages)", first, ""),
        ("    server: open, first read, page cache warm", warm, ""),
        (
            f"    server: change in a {size} KB page -> diagnostics",
            change,
            f"(target <= {TARGET} s)  {ok(change <= TARGET)}   cpu {cpu:.3f} s",
        ),
        ("    server: hover on an API heading", hover, ""),
    ]
    for label, seconds, verdict in rows:
        print(f"{label:<52} {seconds:8.3f} s   {verdict}")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (the target is an idle machine's)")
    return change <= TARGET


def _served(work: Path, big: Path, env: dict[str, str]) -> tuple[float, float, float, float]:
    """A server started in `work`, driven through a session, and ended."""
    command = [sys.executable, "-m", "checker", "server"]
    server = subprocess.Popen(
        command, cwd=work, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE
    )
    try:
        return _session(_Client(server), work, big)
    finally:
        if server.stdin is not None:
            server.stdin.close()
        server.wait(timeout=60)


def _session(client: _Client, work: Path, big: Path) -> tuple[float, float, float, float]:
    uri = big.as_uri()
    init = client.send("initialize", {"capabilities": {}, "rootUri": work.as_uri()}, True)
    client.until(lambda m: m.get("id") == init)
    client.send("initialized", {})
    text = big.read_text(encoding="utf-8")

    def published(message: dict[str, Any]) -> bool:
        return (
            message.get("method") == "textDocument/publishDiagnostics"
            and message["params"]["uri"] == uri
        )

    start = time.perf_counter()
    item = {"uri": uri, "languageId": "markdown", "version": 1, "text": text}
    client.send("textDocument/didOpen", {"textDocument": item})
    client.until(published)
    first = time.perf_counter() - start
    lines = text.split("\n")
    heading = next(n for n, line in enumerate(lines) if line.startswith("### torch."))
    changes, cpus = [], []
    for version in range(2, REPEAT + 2):
        # a character typed at the end of the page's first heading, then taken back
        end = {"line": heading, "character": len(lines[heading])}
        after = {**end, "character": end["character"] + 1}
        typed = version % 2 == 0
        edit = {
            "range": {"start": end, "end": end if typed else after},
            "text": "x" if typed else "",
        }
        document = {"uri": uri, "version": version}
        start, used = time.perf_counter(), _cpu(client.server.pid)
        client.send("textDocument/didChange", {"textDocument": document, "contentChanges": [edit]})
        client.until(published)
        changes.append(time.perf_counter() - start)
        cpus.append(_cpu(client.server.pid) - used)
    hovers = []
    for _ in range(REPEAT):
        start = time.perf_counter()
        where = {"textDocument": {"uri": uri}, "position": {"line": heading, "character": 4}}
        hovered = client.send("textDocument/hover", where, True)
        answer = client.until(lambda m, asked=hovered: m.get("id") == asked)
        hovers.append(time.perf_counter() - start)
        if not answer.get("result"):
            raise SystemExit(f"no hover at line {heading + 1}: {answer}")
    asked = client.send("shutdown", None, True)
    client.until(lambda m: m.get("id") == asked)
    client.send("exit", None)
    medians = statistics.median(changes), statistics.median(hovers), statistics.median(cpus)
    return first, *medians


def _cpu(pid: int) -> float:
    """The CPU seconds a process used so far (its threads' too): what a busy
    machine leaves readable, where its load stretches the wall times."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
