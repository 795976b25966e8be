"""(v) `docs-check verify` of the shipped rule (put_metric) on the master
snapshot, a whole process with an empty page cache (issue 31, part 3).
Target: cold <= 1 s for the reading part. The live behaviour run (a subprocess
that imports torch) is left out by giving verify the run's evidence instead
(`--no-live --evidence FILE`, recorded once here by `docs-check probe`), so that what
is timed is what verify reads and judges. Printed besides, as references: the
same run reading every page (as verify did before it parsed only the pages
its rules need), the live run cold, and `lint` cold.
`python benchmarks/bench.py --verify-only` runs only this."""

from __future__ import annotations

import statistics
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

Run = Callable[[list[str], Path, bool], tuple[float, int]]
TARGET = 1.0  # seconds, cold, the reading part
# verify as it was: every page read (checker.app.verify's filter keeps all)
_EVERY_PAGE = (
    "import checker.app.verify as verify\n"
    "verify.needed_pages = lambda docs, apis: (lambda doc, data: True)\n"
    "from checker.cli import main\n"
    "main()\n"  # as the console script: its collector settings too
)


def verify_check(
    docs_check: str, corpus: Path, repeat: int, run: Run, ok: Callable[[bool], str]
) -> bool:
    python = str(Path(docs_check).with_name("python"))
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-verify-") as scratch:
        work = Path(scratch)
        evidence = work / "live.json"
        _record_evidence(docs_check, evidence, work / "record-cache")
        reading = ["verify", "--no-live", "--evidence", str(evidence), str(corpus)]
        caches = iter(range(1_000_000))

        def cold(argv: list[str]) -> float:
            return statistics.median(
                run(argv, work / f"cache-{next(caches)}", False)[0] for _ in range(repeat)
            )

        needed = cold([docs_check, *reading])
        every = cold([python, "-c", _EVERY_PAGE, *reading])
        live = cold([docs_check, "verify", str(corpus)])
        lint = cold([docs_check, "lint", str(corpus)])
    rows = [
        (
            "(v) verify put_metric, cold, reading part",
            needed,
            f"(target <= {TARGET:g} s)  {ok(needed <= TARGET)}",
        ),
        ("    the same, every page read (before)", every, f"({every / needed:.1f}x the above)"),
        ("    verify put_metric, cold, with live run", live, f"(live part {live - needed:.2f} s)"),
        ("    lint, cold (reference)", lint, ""),
    ]
    for name, seconds, verdict in rows:
        print(f"{name:<44} {seconds:7.2f} s  {verdict}")
    return needed <= TARGET


def _record_evidence(docs_check: str, evidence: Path, cache: Path) -> None:
    """The shipped rule's behaviour run here, kept as an evidence file: what
    the timed runs are given instead of running it again."""
    argv = [docs_check, "probe", "--output", str(evidence)]
    subprocess.run(
        argv, env=_env(cache), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False
    )
    if not evidence.is_file():
        raise SystemExit(f"bench_verify: the live run wrote no {evidence}")


def _env(cache: Path) -> dict[str, str]:
    import os

    return {**os.environ, "DOCS_CHECK_CACHE_DIR": str(cache)}
