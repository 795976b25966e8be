"""Speed of docs-check on the master snapshot of the real docs, against a bare
markdown-it-py parse of the same files. A benchmark, not a test: it prints
figures and whether each target of the speed issue is met.

    python benchmarks/bench.py [--corpus PATH] [--repeat N] [--history N]
                               [--history-only | --pathological | --rewrite-only |
                               --test-map-only | --page-only]

(a) bare markdown-it-py parse (commonmark + html + tables, inline included)
    of every file, in this process: the reference
(b) `docs-check lint` cold: a whole process, empty page cache
(c) `docs-check lint` warm: a whole process, every page cached
    (a), (b) and (c) are made in turns, a round at a time; b/a and c/a are
    the medians of the rounds' ratios
(d) `docs-check lint` of one 300 KB page (the largest real pages, joined): a
    whole process, cold (no cache entry for it: a fresh cache folder, the
    entry written, as the pre-commit hook meets a changed page) and warm,
    each the median of PAGE_REPEAT runs; target 0.25 s each (issue 49)
    (`--page-only` runs only (d) and (e))
(e) `docs-check --help`: a whole process
(f) `docs-check lint --resolve-apis` warm: every documented name looked up in
    this interpreter's torch (the 2.13.0 docs); the resolve issue's 10 s
peak memory of (b): the process and its workers, summed, sampled every 20 ms
in a cold run of its own.
(h) history at scale (issue #13): `docs-check lint --git R --ref ...` of a
    repository of --history N (30) commits built from the master snapshot,
    each changing 3 pages and every 10th rewriting 60, all as whole
    processes: the last ref alone and all N refs, each cold (empty page
    cache) and warm. Targets: cold(N)/cold(1) <= 3, warm(N)/warm(1) <= 1.5,
    peak memory of the N-ref cold run <= 300 MB, and memory that does not
    grow with refs when pages do not change: in a history of N commits that
    change no page, peak(N refs)/peak(10 refs) <= 1.1
    (`--history-only` runs only (h)).
(g) pathological pages (a run of `(`, `<`, unclosed `<term>` or `<!--`, a
    name of many parts...), each read in this process at a size and at twice
    it: the time must about double (ratio < 3), as it does when reading is
    linear, not quadruple as it did (`--pathological` runs only this check).
(i) rewrites at scale (issue #28): `docs-check migrate --to blocks --diff` of
    one generated page of REWRITE_ENTRIES (10,000) entries in the master
    snapshot's table format, against the same migration written (no --diff),
    each a whole process on a fresh copy. Target: the diff <= 2x the write
    (it was quadratic: 318 s at 10,000 entries against 10 s)
    (`--rewrite-only` runs only (i)).

(r) the real history of a clone (--real-repo PATH or $DOCS_CHECK_REAL_REPO),
    and a real-shaped one, commits migrating every page: benchmarks/bench_history.py
    (`--real-history-only` runs only (r)).
(t) the test map of `docs-check tests`: benchmarks/bench_testmap.py
    (`--test-map-only` runs only (t), on --tests DIR).
(v) verify of the shipped rule, cold: benchmarks/bench_verify.py (`--verify-only`).
(s) the language server: a change in a 300 KB page to its diagnostics, the
    first read of the tree and a hover: benchmarks/bench_server.py
    (`--server-only`; target 300 ms a change).
Each timing is the median of --repeat runs; (g) takes the least CPU time of 3."""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path

from history_repo import commit_revision, history_git, revise

REPO = Path(__file__).resolve().parent.parent
DEFAULT_CORPUS = REPO.parent / "shared" / "corpus" / "ascend-pytorch" / "master"
PAGE_BYTES = 300_000
# (d)'s runs: a fraction of a second each, and the machine's noise is as large
PAGE_REPEAT = 15


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--corpus", type=Path, default=DEFAULT_CORPUS)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--pathological", action="store_true", help="run only check (g)")
    parser.add_argument("--history", type=int, default=30, help="git refs read by (h)")
    parser.add_argument("--history-only", action="store_true", help="run only check (h)")
    parser.add_argument("--rewrite-only", action="store_true", help="run only check (i)")
    parser.add_argument("--tests", type=Path, default=None, help="the test tree of check (t)")
    parser.add_argument("--test-map-only", action="store_true", help="run only check (t)")
    parser.add_argument("--verify-only", action="store_true", help="run only check (v)")
    parser.add_argument("--real-history-only", action="store_true", help="run only check (r)")
    parser.add_argument(
        "--real-repo",
        type=Path,
        default=_real_repo(),
        help="a clone of Ascend/pytorch for (r)'s real history (default: $DOCS_CHECK_REAL_REPO, "
        "else ../real/pytorch beside the checkout, if there)",
    )
    parser.add_argument("--live-only", action="store_true", help="run only check (l)")
    parser.add_argument("--server-only", action="store_true", help="run only check (s)")
    parser.add_argument("--page-only", action="store_true", help="run only (d) and (e)")
    parser.add_argument(
        "--lint-only", action="store_true", help="run only (a) to (f) and the peak memory of (b)"
    )
    arguments = parser.parse_args()
    if arguments.live_only:
        from bench_live import live_check

        return 0 if live_check(_docs_check(), _ok) else 1
    if arguments.test_map_only:
        from bench_testmap import DEFAULT_TESTS, test_map_check

        tests = arguments.tests or DEFAULT_TESTS
        return 0 if test_map_check(tests, arguments.repeat, _run, _ok) else 1
    if arguments.verify_only:
        from bench_verify import verify_check

        return (
            0 if verify_check(_docs_check(), arguments.corpus, arguments.repeat, _run, _ok) else 1
        )
    if arguments.pathological:
        return 0 if _pathological() else 1
    if arguments.rewrite_only:
        return 0 if _rewrite_check(arguments.repeat) else 1
    corpus: Path = arguments.corpus
    if arguments.server_only:
        from bench_server import server_check

        return 0 if server_check(corpus, _big_page, _ok) else 1
    if arguments.page_only:
        return 0 if _page_check(corpus) else 1
    if arguments.real_history_only:
        return 0 if _real_history(corpus, arguments.repeat, arguments.real_repo) else 1
    if arguments.history_only:
        return 0 if _history_check(corpus, arguments.repeat, arguments.history) else 1
    docs_check = _docs_check()
    pages = sorted(corpus.glob("docs/*/api/native_api/pytorch_*/*.md"))
    size = sum(page.stat().st_size for page in pages)
    print(f"corpus: {corpus} ({len(pages)} pages, {size / 1e6:.1f} MB); cores: {os.cpu_count()}")
    print(f"docs-check: {docs_check} ({_bytecode()})")

    with tempfile.TemporaryDirectory(prefix="docs-check-bench-") as scratch:
        work = Path(scratch)
        big = _big_page(pages, work)
        a, b, c, b_a, c_a = _lint_times(docs_check, corpus, pages, work, arguments.repeat)
        # Memory in a run of its own: sampling /proc costs CPU the timed runs must not lose.
        peak = _run([docs_check, "lint", str(corpus)], work / "memory-cache", sample=True)[1]
        warm_cache = work / "cold-cache-0"  # filled by the first cold run
        d, _, d_warm, _, _ = _page_times(docs_check, big, work)
        e = _median(arguments.repeat, lambda: _run([docs_check, "--help"], work / "help")[0])
        resolve = [docs_check, "lint", "--resolve-apis", "--python", sys.executable, str(corpus)]
        f = _median(arguments.repeat, lambda: _run(resolve, warm_cache)[0])
    rows = [
        ("(a) bare markdown-it-py parse, in process", a, ""),
        (
            "(b) docs-check lint, cold",
            b,
            f"b/a = {b_a:.3f}  (target <= 0.25)  {_ok(b_a <= 0.25)}",
        ),
        (
            "(c) docs-check lint, warm",
            c,
            f"c/a = {c_a:.3f}  (target <= 0.03)  {_ok(c_a <= 0.03)}",
        ),
        (
            f"(d) lint one {PAGE_BYTES // 1000} KB page, cold",
            d,
            f"(target <= 0.25 s)  {_ok(d <= 0.25)}",
        ),
        (
            f"    lint one {PAGE_BYTES // 1000} KB page, warm",
            d_warm,
            f"(target <= 0.25 s)  {_ok(d_warm <= 0.25)}",
        ),
        ("(e) docs-check --help", e, f"(target <= 0.15 s)  {_ok(e <= 0.15)}"),
        ("(f) lint --resolve-apis, warm", f, f"(target <= 10 s)  {_ok(f <= 10)}"),
    ]
    for label, seconds, verdict in rows:
        print(f"{label:<44} {seconds:8.3f} s   {verdict}")
    megabytes = peak / 1024
    print(
        f"{'peak memory of (b), process tree':<44} {megabytes:8.1f} MB  "
        f"(target <= 300 MB)  {_ok(megabytes <= 300)}"
    )
    if arguments.lint_only:
        return 0
    _history_check(corpus, arguments.repeat, arguments.history)
    _real_history(corpus, arguments.repeat, arguments.real_repo)
    _pathological()
    _rewrite_check(arguments.repeat)
    from bench_verify import verify_check

    verify_check(docs_check, corpus, arguments.repeat, _run, _ok)
    from bench_server import server_check

    server_check(corpus, _big_page, _ok)
    from bench_live import live_check

    live_check(docs_check, _ok)
    return 0


# (g): name -> (the page at size n, whether it is read cut for 2 workers, n).
# Each was the square of its size to read before it was made linear (the
# module and regex it was in are named).
PATHOLOGICAL: dict[str, tuple[Callable[[int], str], bool, int]] = {
    "heading of n `(` (names._SIGNATURE)": (
        lambda n: f"### torch.x.run{'(' * n}\n\n**是否支持**：是\n",
        False,
        1_600_000,
    ),
    "link text of n `(` (names.full_name)": (
        lambda n: f"### run()\n\n**原生文档**：[{'(' * n}](https://pytorch.org/docs/2.1/x.html)\n",
        False,
        1_600_000,
    ),
    "status of n `<` (status._TAG)": (
        lambda n: f"### torch.x.y\n\n**是否支持**：是{'<' * n}\n",
        False,
        800_000,
    ),
    "status of n/6 unclosed <term> (status._TERM)": (
        lambda n: f"### torch.x.y\n\n**是否支持**：是，{'<term>' * (n // 6)}\n",
        False,
        800_000,
    ),
    "table mark of n `<` (markup.plain)": (
        lambda n: f"### x\n\n**支持情况**：\n\n| 硬件 | 是否支持 |\n|--|--|\n| a | {'<' * n} |\n",
        False,
        400_000,
    ),
    "header cell of n `<` (tokens.column)": (
        lambda n: f"| API名称 | 是否支持 | {'<' * n} |\n|--|--|--|\n| torch.x | 是 | - |\n",
        False,
        400_000,
    ),
    "decimal reference of n digits (markup.unescape)": (
        lambda n: f"### torch.x.y\n\n**是否支持**：&#{'1' * n};\n",
        False,
        1_600_000,
    ),
    "n/10 comments on one line (block_ids.comments)": (
        lambda n: (
            f'### x\n\n**产品支持情况**：\n\n{"<!-- x -->" * (n // 10)}<!-- npu="910b" id7 -->\n'
        ),
        False,
        200_000,
    ),
    "name of n/2 parts (namespace)": (
        lambda n: (
            f"### torch.{'a.' * (n // 2)}B\n\n**是否支持**：是\n\n### B.c\n\n**是否支持**：是\n"
        ),
        False,
        100_000,
    ),
    "n/5 unclosed `<!--` lines, cut (split, block_ids.has_blocks)": (
        lambda n: "<!--\n" * (n // 5),
        True,
        200_000,
    ),
}


def _pathological() -> bool:
    """(g): each pathological page read at n and 2n; linear reading about
    doubles the time (the target is a ratio below 3, as noise allows)."""
    from checker.model.catalogue import default_catalogue
    from checker.model.docfile import DocFile
    from checker.read.load import decode_page
    from checker.read.reader import read_file, read_text
    from checker.sources.workers import work_units

    catalogue = default_catalogue()

    def read(doc: DocFile, cut: bool) -> float:
        """CPU seconds of reading the page: the ratio is the algorithm's, and
        other processes sharing the cores would blur wall time."""
        started = time.process_time()
        if cut:  # as the pool has it for 2 workers: decoded, cut, each unit read
            data = Path(doc.path).read_bytes()
            for unit_doc, unit, _, _, _, whole, _ in work_units(
                [(doc, data, None)], catalogue, None, 2
            )[0]:
                text = decode_page(unit_doc.path, unit) if isinstance(unit, bytes) else unit
                read_text(text, unit_doc, catalogue, whole)
        else:
            read_file(doc, catalogue)  # bytes from the file, decoded and read
        return time.process_time() - started

    print("(g) pathological pages, read at n and 2n (target: time ratio < 3)")
    met = True
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-") as scratch:
        path = Path(scratch) / "docs" / "zh" / "api" / "pytorch_2-12-0" / "torch-x.md"
        path.parent.mkdir(parents=True)
        doc = DocFile(str(path), "2.12.0", "zh")
        for label, (page, cut, n) in PATHOLOGICAL.items():
            times = []
            for size in (n, 2 * n):
                path.write_text(page(size), encoding="utf-8")
                times.append(min(read(doc, cut) for _ in range(3)))
            ratio = times[1] / times[0]
            met = met and ratio < 3
            print(
                f"    {label:<58} n={n:<7} {times[0]:6.3f} s, 2n {times[1]:6.3f} s  "
                f"ratio {ratio:4.2f}  {_ok(ratio < 3)}"
            )
    return met


REWRITE_ENTRIES = 10_000
_REWRITE_FOLDER = Path("docs", "zh", "api", "native_api", "pytorch_2-13-0")


def _rewrite_check(repeat: int) -> bool:
    """(i): migrate --to blocks --diff of a REWRITE_ENTRIES-entry page against
    the write, each a whole process (no page cache) on a fresh copy."""
    docs_check = _docs_check()
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-") as scratch:
        work = Path(scratch)
        page = work / "page" / _REWRITE_FOLDER / "torch-generated.md"
        page.parent.mkdir(parents=True)
        page.write_text(_generated_page(REWRITE_ENTRIES), encoding="utf-8")
        size = page.stat().st_size
        print(
            f"(i) rewrites at scale: one page of {REWRITE_ENTRIES} entries in the table "
            f"format ({size / 1e6:.1f} MB), migrate --to blocks"
        )
        runs = iter(range(2 * repeat))
        cpu: dict[str, list[float]] = {"write": [], "diff": []}

        def migrate(*extra: str) -> float:
            copy = work / f"run-{next(runs)}"
            shutil.copytree(work / "page", copy)
            argv = [docs_check, "migrate", "--to", "blocks", "--no-cache", *extra, str(copy)]
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            seconds = _run(argv, work / "cache")[0]
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            used = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
            cpu["diff" if extra else "write"].append(used)
            return seconds

        write = _median(repeat, migrate)
        diff = _median(repeat, lambda: migrate("--diff"))
    ratio = diff / write
    write_cpu, diff_cpu = (statistics.median(cpu[kind]) for kind in ("write", "diff"))
    print(f"    {'the write (no --diff)':<40} {write:8.3f} s wall, {write_cpu:7.3f} s CPU")
    print(
        f"    {'--diff (writes nothing)':<40} {diff:8.3f} s wall, {diff_cpu:7.3f} s CPU   "
        f"diff/write = {ratio:.2f} wall, {diff_cpu / write_cpu:.2f} CPU  "
        f"(target <= 2x the write)  {_ok(ratio <= 2)}"
    )
    return ratio <= 2


def _generated_page(entries: int) -> str:
    """A page of `entries` entries as the master snapshot writes them: a
    heading, the native-doc link and a per-product table each (generated,
    not copied from the corpus)."""
    parts = ["# torch.generated\n\n"]
    for number in range(entries):
        name = f"torch.generated.f{number}"
        link = f"https://pytorch.org/docs/2.13/generated/{name}.html"
        a3 = "✔" if number % 3 else "✘"
        parts.append(
            f'### {name}\n\n<div style="margin-left: 2em">\n\n**原生文档**：[{name}]({link})\n\n'
            "**支持情况**：\n\n| 硬件 | 是否支持 |\n| ---- | :----: |\n"
            "| <term>Atlas A2 训练系列产品</term> | ✔ |\n"
            f"| <term>Atlas A3 训练系列产品</term> | {a3} |\n"
            "| <term>Ascend 950DT</term> | ✘ |\n\n</div>\n\n"
        )
    return "".join(parts)


def _docs_check() -> str:
    script = Path(sys.executable).with_name("docs-check")
    found = str(script) if script.exists() else shutil.which("docs-check")
    if not found:
        sys.exit("docs-check is not installed next to this Python or on PATH")
    return found


def _lint_times(
    docs_check: str, corpus: Path, pages: list[Path], work: Path, repeat: int
) -> tuple[float, float, float, float, float]:
    """(a), (b) and (c): the medians of the bare parse's, the cold lint's and
    the warm lint's seconds, and of the ratios b/a and c/a, each of one
    round. The three are made in turns, a round at a time, as (d)'s runs
    are: this machine's speed changes from one minute to the next, and a
    ratio of figures of different minutes moved with it (c/a 0.044, then
    0.026 half a minute later)."""
    lint = [docs_check, "lint", str(corpus)]
    bare, cold, warm = [], [], []
    for n in range(repeat):
        bare.append(_bare_parse(pages))
        cold.append(_run(lint, work / f"cold-cache-{n}")[0])
        warm.append(_run(lint, work / "cold-cache-0")[0])  # filled by the first cold run
    return (
        statistics.median(bare),
        statistics.median(cold),
        statistics.median(warm),
        statistics.median(b / a for b, a in zip(cold, bare, strict=True)),
        statistics.median(c / a for c, a in zip(warm, bare, strict=True)),
    )


def _page_times(
    docs_check: str, big: Path, work: Path, also: list[str] | None = None
) -> tuple[float, float, float, float, list[tuple[float, float]]]:
    """(d): the median wall and CPU seconds of a cold and of a warm lint of
    the one big page, and each run of `also` (a command to time beside them).
    Cold as the pre-commit hook and an editor meet it: a page the cache has
    no entry for (a fresh folder each run), the entry written. CPU seconds
    (the process and its children) are what a busy machine leaves readable:
    its load stretches the wall times, not them. The runs are made in turns,
    one of each and again: this machine's speed changes from one minute to
    the next (`--help` 0.066 s, then 0.10 s), and each figure is then of the
    same minutes as the others."""
    lint = [docs_check, "lint", str(big)]
    cold, warm, others = [], [], []
    for n in range(PAGE_REPEAT):
        cold.append(_timed(lint, work / f"page-cache-{n}"))
        warm.append(_timed(lint, work / "page-cache-0"))  # filled by the first cold run
        if also is not None:
            others.append(_timed(also, work / "also"))
    return (
        statistics.median(wall for wall, _ in cold),
        statistics.median(cpu for _, cpu in cold),
        statistics.median(wall for wall, _ in warm),
        statistics.median(cpu for _, cpu in warm),
        others,
    )


def _timed(argv: list[str], cache: Path) -> tuple[float, float]:
    """Wall and CPU seconds of a whole process (its waited children counted)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = _run(argv, cache)[0]
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return wall, cpu


def _page_check(corpus: Path) -> bool:
    """(d) alone, with (e) for the start-up it stands on (`--page-only`)."""
    docs_check = _docs_check()
    print(f"docs-check: {docs_check} ({_bytecode()})")
    pages = sorted(corpus.glob("docs/*/api/native_api/pytorch_*/*.md"))
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-") as scratch:
        work = Path(scratch)
        big = _big_page(pages, work)
        cold, cold_cpu, warm, warm_cpu, help_runs = _page_times(
            docs_check, big, work, also=[docs_check, "--help"]
        )
        e = statistics.median(wall for wall, _ in help_runs)
        e_cpu = statistics.median(cpu for _, cpu in help_runs)
    rows = [
        (f"(d) lint one {PAGE_BYTES // 1000} KB page, cold", cold, cold_cpu, 0.25),
        (f"    lint one {PAGE_BYTES // 1000} KB page, warm", warm, warm_cpu, 0.25),
        ("(e) docs-check --help", e, e_cpu, 0.15),
    ]
    for label, seconds, cpu, most in rows:
        verdict = f"(target <= {most} s)  {_ok(seconds <= most)}"
        print(f"{label:<44} {seconds:8.3f} s   {verdict:<28} cpu {cpu:.3f} s")
    print(f"load average at the end: {os.getloadavg()[0]:.1f} (the targets are an idle machine's)")
    return all(seconds <= most for _, seconds, _, most in rows)


def _bytecode() -> str:
    """Whether the checker docs-check runs has its modules compiled, as a
    wheel's install leaves them: without (a checkout, PYTHONDONTWRITEBYTECODE)
    each run compiles them again, and (d) and (e) measure that too."""
    found = subprocess.run(
        [sys.executable, "-c", "import importlib.util as u, checker as c;"
         "print(u.cache_from_source(c.__file__))"],
        capture_output=True, text=True, check=False,
    ).stdout.strip()  # fmt: skip
    if not found:
        return "checker not importable by this Python"
    compiled = Path(found).exists()
    return "modules compiled" if compiled else "modules not compiled: each run compiles them"


def _big_page(pages: list[Path], work: Path) -> Path:
    """One page of PAGE_BYTES made of real pages, cut at a line end."""
    text = b""
    for page in sorted(pages, key=lambda p: p.stat().st_size, reverse=True):
        text += page.read_bytes()
        if len(text) >= PAGE_BYTES:
            break
    text = text[: text.rindex(b"\n", 0, PAGE_BYTES) + 1]
    target = work / "docs" / "zh" / "api" / "native_api" / "pytorch_2-13-0" / "big.md"
    target.parent.mkdir(parents=True)
    target.write_bytes(text)
    return target


def _real_history(corpus: Path, repeat: int, clone: Path | None) -> bool:
    """(r): benchmarks/bench_history.py."""
    from bench_history import real_history_check

    return real_history_check(corpus, repeat, _docs_check(), _run, _ok, clone)


def _real_repo() -> Path | None:
    """(r)'s clone of the real repository: $DOCS_CHECK_REAL_REPO, else
    ../real/pytorch beside the checkout when it is there."""
    named = os.environ.get("DOCS_CHECK_REAL_REPO")
    if named:
        return Path(named)
    beside = REPO.parent / "real" / "pytorch"
    return beside if beside.is_dir() else None


def _history_check(corpus: Path, repeat: int, count: int) -> bool:
    """(h): the last ref alone against all `count` refs, cold and warm; the
    peak memory of the cold run of all refs; and the peak memory at 10 and at
    `count` refs of a history whose commits change no page."""
    docs_check = _docs_check()
    print(
        f"(h) history: {count} commits of {corpus.name}, each changing "
        f"{HISTORY_FEW} pages, every {HISTORY_EVERY}th {HISTORY_MANY}"
    )
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-") as scratch:
        work = Path(scratch)
        refs = _history(corpus, work / "history", count, changing=True)
        lint = [docs_check, "lint", "--git", str(work / "history")]
        caches = iter(range(1_000_000))

        def cold_and_warm(arguments: list[str]) -> tuple[float, float]:
            """Median cold run (a new, empty cache each time), then median
            warm run on the cache the last cold run filled."""
            runs = [_run(arguments, work / f"cache-{next(caches)}") for _ in range(repeat)]
            warm_cache = work / f"cache-{next(caches) - 1}"
            # warm runs take a fraction of a second: more of them, for a median
            # steadier against this machine's drift than `repeat` would give
            warm = _median(max(repeat, WARM_RUNS), lambda: _run(arguments, warm_cache)[0])
            return statistics.median(seconds for seconds, _ in runs), warm

        one_cold, one_warm = cold_and_warm([*lint, *refs[-2:]])
        all_cold, all_warm = cold_and_warm([*lint, *refs])
        peak = _run([*lint, *refs], work / f"cache-{next(caches)}", sample=True)[1] / 1024
        same_refs = _history(corpus, work / "same", count, changing=False)
        same = [docs_check, "lint", "--git", str(work / "same")]
        few = min(10, count)
        peak_few = _run([*same, *same_refs[: 2 * few]], work / f"cache-{next(caches)}", True)[1]
        peak_all = _run([*same, *same_refs], work / f"cache-{next(caches)}", True)[1]

    rows = [
        ("last ref alone, cold", f"{one_cold:8.3f} s", ""),
        ("last ref alone, warm", f"{one_warm:8.3f} s", ""),
        (f"{count} refs, cold", f"{all_cold:8.3f} s", _target(all_cold / one_cold, 3, "/ 1 ref")),
        (f"{count} refs, warm", f"{all_warm:8.3f} s", _target(all_warm / one_warm, 1.5, "/ 1 ref")),
        (f"{count} refs, cold: peak memory", f"{peak:8.1f} MB", _target(peak, 300, "")),
        (f"{few} refs, no page changed: peak", f"{peak_few / 1024:8.1f} MB", ""),
        (
            f"{count} refs, no page changed: peak",
            f"{peak_all / 1024:8.1f} MB",
            _target(peak_all / peak_few, 1.1, f"/ {few} refs"),
        ),
    ]
    for label, figure, verdict in rows:
        print(f"    {label:<40} {figure}  {verdict}")
    return all(not verdict or verdict.endswith(" met") for _, _, verdict in rows)


HISTORY_FEW, HISTORY_EVERY, HISTORY_MANY = 3, 10, 60
WARM_RUNS = 9


def _target(value: float, most: float, ratio: str) -> str:
    shown = f"ratio {ratio} = {value:.2f}" if ratio else f"{value:.1f}"
    return f"{shown}  (target <= {most})  {_ok(value <= most)}"


def _history(corpus: Path, repo: Path, count: int, changing: bool) -> list[str]:
    """A repository of `count` commits of the corpus's docs and the `--ref`
    arguments that name them. Changing, each commit after the first changes
    HISTORY_FEW pages, every HISTORY_EVERY-th HISTORY_MANY, walking through the
    pages; otherwise no commit changes a page (each only names a new commit)."""
    shutil.copytree(corpus / "docs", repo / "docs")
    pages = sorted((repo / "docs").rglob("*.md"))
    refs: list[str] = []
    changed = 0

    git = history_git(repo)
    git("init", "-q", "-b", "master")
    for n in range(count):
        many = HISTORY_MANY if n % HISTORY_EVERY == 0 else HISTORY_FEW
        changed = revise(pages, changed, many if n and changing else 0, n)
        commit_revision(git, n)
        refs += ["--ref", f"r{n}"]
    return refs


def _bare_parse(pages: list[Path]) -> float:
    from markdown_it import MarkdownIt

    texts = [page.read_text(encoding="utf-8") for page in pages]
    md = MarkdownIt("commonmark", {"html": True}).enable("table")
    started = time.perf_counter()
    for text in texts:
        md.parse(text)
    return time.perf_counter() - started


def _run(argv: list[str], cache: Path, sample: bool = False) -> tuple[float, int]:
    """Wall time of a whole process and, when sampled, the peak of its tree's
    summed RSS (KB)."""
    env = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(cache)}
    started = time.perf_counter()
    process = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = [0]
    sampler = threading.Thread(target=_sample, args=(process, peak), daemon=True)
    if sample:
        sampler.start()
    process.wait()
    seconds = time.perf_counter() - started
    if sample:
        sampler.join()
    return seconds, peak[0]


def _sample(process: subprocess.Popen[bytes], peak: list[int]) -> None:
    while process.poll() is None:
        peak[0] = max(peak[0], _tree_rss(process.pid))
        time.sleep(0.02)


def _tree_rss(pid: int) -> int:
    total = 0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            status = Path(f"/proc/{current}/status").read_text()
            total += next(
                int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")
            )
            for task in Path(f"/proc/{current}/task").iterdir():
                pending += [int(c) for c in (task / "children").read_text().split()]
        except (OSError, StopIteration, ValueError):
            continue
    return total


def _median(repeat: int, measure: Callable[[], float]) -> float:
    return statistics.median(measure() for _ in range(repeat))


def _ok(met: bool) -> str:
    return "met" if met else "NOT MET"


if __name__ == "__main__":
    sys.exit(main())
