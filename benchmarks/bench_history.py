"""(r) a real-shaped history (issue 31): `docs-check lint --git R --ref ...`
of a repository whose commits rewrite most pages, as the real format
migrations of Ascend/pytorch did (the 28 newest master commits touching its
API docs hold 1,860 distinct page blobs, 6.9x the bytes of one ref), beside
(h)'s synthetic history that changes 3 pages a commit.

The repository starts from the master snapshot (per-product tables). Of its
REAL_COMMITS commits, every MIGRATE_EVERY-th is a format migration made by
`docs-check migrate` itself, alternately to the house blocks and back to the
tables, with every page stamped by the pass (so a page back in tables is a
new blob too, as a real migration's edits make it); the others change
REAL_FEW pages each.

Targets, each a whole process:
- cold(N refs) <= 1.2 x (distinct page bytes over all refs / one ref's bytes)
  x cold(last ref alone): reading is paid once per distinct blob;
- warm(N refs) <= 2 x warm(last ref alone), whatever N;
- peak memory (the process tree's summed RSS) <= 300 MB, cold and warm.
`python benchmarks/bench.py --real-history-only` runs only this."""

from __future__ import annotations

import shutil
import statistics
import subprocess
import tempfile
from collections.abc import Callable
from pathlib import Path

from history_repo import commit_revision, history_git, revise

REAL_COMMITS = 28
MIGRATE_EVERY = 5  # commits 5, 10, 15, 20, 25 rewrite every page
REAL_FEW = 3

Run = Callable[[list[str], Path, bool], tuple[float, int]]


def real_history_check(
    corpus: Path, repeat: int, docs_check: str, run: Run, ok: Callable[[bool], str]
) -> bool:
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-real-") as scratch:
        work = Path(scratch)
        repo = work / "history"
        refs = real_history(corpus, repo, REAL_COMMITS, docs_check)
        distinct, last = _page_bytes(repo, refs)
        print(
            f"(r) real-shaped history: {len(refs)} commits of {corpus.name}, every "
            f"{MIGRATE_EVERY}th migrating every page (blocks <-> tables), the others "
            f"changing {REAL_FEW}: {distinct[0]} distinct page blobs, {distinct[1] / 1e6:.1f} MB, "
            f"against {last[0]} pages / {last[1] / 1e6:.1f} MB at the last ref"
        )
        lint = [docs_check, "lint", "--git", str(repo)]
        arguments = [arg for ref in refs for arg in ("--ref", ref)]
        caches = iter(range(1_000_000))

        def cold_and_warm(argv: list[str]) -> tuple[float, float, str]:
            colds = [run(argv, work / f"cache-{next(caches)}", False)[0] for _ in range(repeat)]
            warm_cache = work / f"cache-{next(caches) - 1}"
            warm = statistics.median(run(argv, warm_cache, False)[0] for _ in range(repeat))
            return statistics.median(colds), warm, str(warm_cache)

        one_cold, one_warm, _ = cold_and_warm([*lint, "--ref", refs[-1]])
        all_cold, all_warm, warm_cache = cold_and_warm([*lint, *arguments])
        peak_cold = run([*lint, *arguments], work / f"cache-{next(caches)}", True)[1] / 1024
        peak_warm = run([*lint, *arguments], Path(warm_cache), True)[1] / 1024
    bytes_ratio = distinct[1] / last[1]
    cold_most = 1.2 * bytes_ratio * one_cold
    rows = [
        ("last ref alone, cold", f"{one_cold:8.3f} s", ""),
        ("last ref alone, warm", f"{one_warm:8.3f} s", ""),
        (
            f"{len(refs)} refs, cold",
            f"{all_cold:8.3f} s",
            f"ratio / 1 ref = {all_cold / one_cold:.2f}  (target <= 1.2 x {bytes_ratio:.2f} "
            f"bytes = {1.2 * bytes_ratio:.2f})  {ok(all_cold <= cold_most)}",
        ),
        (
            f"{len(refs)} refs, warm",
            f"{all_warm:8.3f} s",
            f"ratio / 1 ref = {all_warm / one_warm:.2f}  (target <= 2)  "
            f"{ok(all_warm <= 2 * one_warm)}",
        ),
        (
            f"{len(refs)} refs, cold: peak memory",
            f"{peak_cold:8.1f} MB",
            f"(target <= 300)  {ok(peak_cold <= 300)}",
        ),
        (
            f"{len(refs)} refs, warm: peak memory",
            f"{peak_warm:8.1f} MB",
            f"(target <= 300)  {ok(peak_warm <= 300)}",
        ),
    ]
    for label, figure, verdict in rows:
        print(f"    {label:<40} {figure}  {verdict}")
    return all(not verdict or verdict.endswith(" met") for _, _, verdict in rows)


def real_history(corpus: Path, repo: Path, count: int, docs_check: str) -> list[str]:
    """The repository (see the module's docstring) and its tags, oldest first."""
    shutil.copytree(corpus / "docs", repo / "docs")
    pages = sorted((repo / "docs").rglob("*.md"))
    for page in pages:  # the corpus is read-only, and copytree keeps the mode: migrate refused
        page.chmod(0o644)
    git = history_git(repo)
    git("init", "-q", "-b", "master")
    refs: list[str] = []
    changed = 0
    for n in range(count):
        if n and n % MIGRATE_EVERY == 0:
            target = "blocks" if (n // MIGRATE_EVERY) % 2 else "table"
            # exit 1: some entries are left as they are (and said); the rest is migrated
            subprocess.run(
                [docs_check, "migrate", "--to", target, "--no-cache", "-q", str(repo / "docs")],
                check=False,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                cwd=repo,
            )
            for page in pages:
                with page.open("a", encoding="utf-8") as text:
                    text.write(f"\n<!-- format pass {n}: {target} -->\n")
        elif n:
            changed = revise(pages, changed, REAL_FEW, n)
        commit_revision(git, n)
        refs.append(f"r{n}")
    return refs


def _page_bytes(repo: Path, refs: list[str]) -> tuple[tuple[int, int], tuple[int, int]]:
    """(count, bytes) of the distinct page blobs over all refs, and of the last ref's pages."""
    blobs: dict[str, int] = {}
    last: list[str] = []
    for ref in refs:
        listing = subprocess.run(
            ["git", "-C", str(repo), "ls-tree", "-r", "-l", ref, "--", "docs"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout
        mine = []
        for line in listing.splitlines():
            meta, _, path = line.partition("\t")
            _, _, sha, size = meta.split()
            if path.endswith(".md"):
                blobs[sha] = int(size)
                mine.append(sha)
        last = mine
    return (len(blobs), sum(blobs.values())), (len(last), sum(blobs[sha] for sha in last))
