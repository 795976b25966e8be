"""The static site of `docs-check report --html DIR` built from the master
snapshot of the real docs, against the targets of the site issue. A benchmark,
not a test: it prints figures and whether each target is met, and exits 1 if
one is not.

    python benchmarks/bench_site.py [--corpus PATH] [--repeat N] [--site DIR]

(a) `docs-check report CORPUS --html SITE --no-cache`: a whole process, each
    run into a fresh folder with a fresh empty --cache-dir; the median of
    --repeat (3) runs. Target: <= 5 s.
(b) the size of SITE/index.html (target: <= 1 MB, 1,000,000 bytes), and the
    whole site's size and file count.
(c) first paint of SITE/index.html in headless Chromium, a fresh browser each
    time (tests/browser.py's first_paint_ms, over the DevTools pipe): the
    median of 3. Target: first contentful paint (the first paint with text,
    never before the first paint) <= 1000 ms; first paint, DOMContentLoaded
    and load printed besides.
(d) determinism: two runs write byte-identical trees (the same files, each
    with the same bytes).

--site DIR measures a site built already: (b) and (c) only."""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus" / "ascend-pytorch" / "master"
BUILD_SECONDS = 5.0
INDEX_BYTES = 1_000_000
PAINT_MS = 1000.0
PAINT_RUNS = 3


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--repeat", type=int, default=3, help="timed builds of (a)")
    parser.add_argument("--site", type=Path, default=None, help="measure this site: (b), (c)")
    arguments = parser.parse_args()
    if arguments.repeat < 1:
        parser.error("--repeat must be at least 1")
    if arguments.site:
        return 0 if _measure_site(arguments.site) else 1
    docs_check = Path(sys.executable).parent / "docs-check"
    if not docs_check.is_file():
        sys.exit(f"no docs-check next to this Python ({docs_check}): install the package")
    corpus: Path = arguments.corpus
    if not corpus.is_dir():
        sys.exit(f"no corpus at {corpus} (--corpus PATH)")
    pages = sorted(corpus.rglob("*.md"))
    size = sum(page.stat().st_size for page in pages)
    print(f"corpus: {corpus} ({len(pages)} pages, {size / 1e6:.1f} MB); cores: {os.cpu_count()}")

    with tempfile.TemporaryDirectory(prefix="docs-check-bench-site-") as scratch:
        work = Path(scratch)
        seconds = []
        for n in range(max(arguments.repeat, 2)):  # (d) compares the first two
            took = _build(docs_check, corpus, work / f"run-{n}")
            if took is None:
                return 1
            if n < arguments.repeat:
                seconds.append(took)
        built = statistics.median(seconds)
        met = [built <= BUILD_SECONDS]
        _row(
            "(a) docs-check report --html, cold",
            f"{built:8.3f} s",
            f"(target <= {BUILD_SECONDS:g} s)",
            met[-1],
        )
        met.append(_measure_site(work / "run-0" / "site"))
        differences = _differences(work / "run-0" / "site", work / "run-1" / "site")
        met.append(not differences)
        _row("(d) two runs, byte-identical trees", f"{len(differences):6d} differ", "", met[-1])
        for difference in differences[:10]:
            print(f"      {difference}")
    return 0 if all(met) else 1


def _build(docs_check: Path, corpus: Path, run: Path) -> float | None:
    """The wall time of one build into run/site, with run/cache its empty cache
    folder; None (said) when it fails."""
    site, cache = run / "site", run / "cache"
    cache.mkdir(parents=True)
    argv = [str(docs_check), "report", str(corpus), "--html", str(site), "--no-cache"]
    argv += ["--cache-dir", str(cache)]
    env = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    done = subprocess.run(argv, env=env, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    took = time.perf_counter() - started
    if done.returncode != 0 or not (site / "index.html").is_file():
        tail = "\n".join((done.stderr or done.stdout).splitlines()[-15:])
        what = f"exit {done.returncode}" if done.returncode else f"no {site / 'index.html'}"
        print(f"error: {' '.join(argv)}: {what}\n{tail}", file=sys.stderr)
        return None
    return took


def _measure_site(site: Path) -> bool:
    """(b) and (c): whether both are met."""
    index = site / "index.html"
    if not index.is_file():
        print(f"error: no {index}", file=sys.stderr)
        return False
    files = [path for path in site.rglob("*") if path.is_file()]
    index_bytes = index.stat().st_size
    met = [index_bytes <= INDEX_BYTES]
    _row("(b) index.html", f"{index_bytes:10,d} B", f"(target <= {INDEX_BYTES:,d} B)", met[-1])
    total = sum(path.stat().st_size for path in files)
    _row("    the whole site", f"{total:10,d} B", f"in {len(files)} files", None)
    met.append(_first_paint(index))
    return all(met)


def _first_paint(index: Path) -> bool:
    """(c): whether the median first contentful paint is within the target."""
    sys.path.insert(0, str(REPO))  # tests/browser.py, from the checkout
    from tests.browser import chromium_path, first_paint_ms

    if not chromium_path():
        _row("(c) first paint", "not measured", "(no chromium on PATH)", False)
        return False
    try:
        runs = [first_paint_ms(index) for _ in range(PAINT_RUNS)]
    except AssertionError as error:  # Chromium failed: said, with its stderr
        _row("(c) first paint", "not measured", "", False)
        print(f"      {error}".replace("\n", "\n      "))
        return False
    medians = {
        name: statistics.median(run.get(name, float("inf")) for run in runs)
        for name in ("fp", "fcp", "dcl", "load")
    }
    fcp = medians["fcp"]
    _row(
        "(c) first contentful paint",
        f"{fcp:8.1f} ms",
        f"(target <= {PAINT_MS:g} ms)",
        fcp <= PAINT_MS,
    )
    for name, label in (
        ("fp", "first paint"),
        ("dcl", "DOMContentLoaded end"),
        ("load", "load end"),
    ):
        _row(f"    {label}", f"{medians[name]:8.1f} ms", "", None)
    return fcp <= PAINT_MS


def _differences(first: Path, second: Path) -> list[str]:
    """The files that are in one tree only or whose bytes differ."""
    ones = {path.relative_to(first) for path in first.rglob("*") if path.is_file()}
    twos = {path.relative_to(second) for path in second.rglob("*") if path.is_file()}
    differences = [f"only in the first run: {path}" for path in sorted(ones - twos)]
    differences += [f"only in the second run: {path}" for path in sorted(twos - ones)]
    differences += [
        f"bytes differ: {path}"
        for path in sorted(ones & twos)
        if (first / path).read_bytes() != (second / path).read_bytes()
    ]
    return differences


def _row(label: str, figure: str, target: str, met: bool | None) -> None:
    verdict = "" if met is None else ("met" if met else "NOT met")
    print(f"{label:<40} {figure:>14}  {target} {verdict}".rstrip())


if __name__ == "__main__":
    sys.exit(main())
