"""(t) the test map of `docs-check tests` (issue 29): master's test tree read
statically, in a whole process, cold (empty cache) and warm (every module's
scan cached by its blob id), and the peak memory of the cold run (the process
and its workers, summed). Targets on 2 cores: cold <= 5 s, warm <= 0.5 s,
peak <= 300 MB.

Then four versions at four refs: a git repository generated from that tree
(four release branches sharing most module blobs; each changes a few modules
and carries its release's disabled lists), and `docs-check tests` of the
master docs' four versions, each at its branch, against one version (2.12.0
at its branch): the map cold (the pages cached, the test map not) and warm.
Target: four versions <= 2x one version.
`python benchmarks/bench.py --test-map-only` runs only this."""

from __future__ import annotations

import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

# the shared corpus beside the checkout, as bench.py finds it
CORPUS = Path(__file__).resolve().parent.parent.parent / "shared/corpus/ascend-pytorch"
DEFAULT_TESTS = CORPUS / "tests-master-9e73e708/test"
DEFAULT_DOCS = CORPUS / "master"
# (docs version, branch, the corpus folder holding the branch's disabled lists, or None
# for master's own)
RELEASES = (
    ("2.7.1", "v2.7.1", "disabled-v2.7.1"),
    ("2.11.0", "v2.11.0", "disabled-v2.11.0"),
    ("2.12.0", "v2.12.0", "disabled-v2.12.0"),
    ("2.13.0", "v2.13.0", None),
)
CHANGED_PER_REF = 8  # modules each branch changes; the other 855 are the same blobs
# The map alone: no docs read, nothing printed but the count it found.
_MAP = (
    "import sys\n"
    "from pathlib import Path\n"
    "from checker.sources.page_cache.store import default_cache_dir\n"
    "from checker.testmap.cache import ScanCache\n"
    "from checker.testmap.tree import tree_of, working_listing\n"
    "listing = working_listing(sys.argv[1])\n"
    "tree = tree_of(listing, ScanCache(default_cache_dir()), lambda name: None)\n"
    "assert not tree.errors, tree.errors[:3]\n"
    "print(len(tree.modules))\n"
)

Run = Callable[[list[str], Path, bool], tuple[float, int]]


def test_map_check(tests: Path, repeat: int, run: Run, ok: Callable[[bool], str]) -> bool:
    modules = sum(1 for _ in tests.rglob("*.py"))
    size = sum(p.stat().st_size for p in tests.rglob("*.py"))
    print(f"test tree: {tests} ({modules} modules, {size / 1e6:.1f} MB)")
    argv = [sys.executable, "-c", _MAP, str(tests)]
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-map-") as scratch:
        work = Path(scratch)
        cold = statistics.median(run(argv, work / f"cold-{n}", False)[0] for n in range(repeat))
        peak = run(argv, work / "memory", True)[1]
        warm_cache = work / f"cold-{repeat - 1}"
        warm = statistics.median(run(argv, warm_cache, False)[0] for _ in range(repeat))
    rows = [
        ("(t) test map, cold", f"{cold:7.2f} s", f"(target <= 5 s)  {ok(cold <= 5)}"),
        ("    test map, warm", f"{warm:7.2f} s", f"(target <= 0.5 s)  {ok(warm <= 0.5)}"),
        (
            "    peak memory, cold",
            f"{peak / 1024:7.0f} MB",
            f"(target <= 300 MB)  {ok(peak <= 300 * 1024)}",
        ),
    ]
    for name, value, verdict in rows:
        print(f"{name:<44} {value}  {verdict}")
    refs_ok = four_refs_check(tests, DEFAULT_DOCS, repeat, run, ok)
    return cold <= 5 and warm <= 0.5 and peak <= 300 * 1024 and refs_ok


def four_refs_check(
    tests: Path, docs: Path, repeat: int, run: Run, ok: Callable[[bool], str]
) -> bool:
    docs_check = str(Path(sys.executable).with_name("docs-check"))
    one_version = docs / "docs/zh/api/native_api/pytorch_2-12-0"
    with tempfile.TemporaryDirectory(prefix="docs-check-bench-refs-") as scratch:
        work = Path(scratch)
        repo = release_repo(tests, work / "repo")
        common = ["--git", str(repo), "--tests", "test"]
        four = [docs_check, "tests", str(docs), *common]
        four += [f"--test-ref={version}={branch}" for version, branch, _ in RELEASES]
        one = [docs_check, "tests", str(one_version), *common, "--test-ref=2.12.0=v2.12.0"]
        pages = work / "pages"  # the pages cached, for both: the map's cost is measured
        run([docs_check, "lint", str(docs)], pages, False)
        for argv in (one, four):  # each runs, and maps what it should, before it is timed
            _mapped(argv, work / "check")
        times: dict[str, tuple[float, float, float, float]] = {}
        for name, argv in (("one", one), ("four", four)):
            cold: list[tuple[float, float]] = []
            for n in range(repeat):
                cache = work / f"{name}-{n}"
                shutil.copytree(pages, cache)
                cold.append(_timed(argv, cache))
            warm = [_timed(argv, work / f"{name}-{repeat - 1}") for _ in range(repeat)]
            times[name] = (
                *(statistics.median(t[i] for t in cold) for i in (0, 1)),
                *(statistics.median(t[i] for t in warm) for i in (0, 1)),
            )
    one_cold, one_cold_cpu, one_warm, one_warm_cpu = times["one"]
    four_cold, four_cold_cpu, four_warm, four_warm_cpu = times["four"]
    print(
        f"four refs: {repo.name} with {len(RELEASES)} branches, {CHANGED_PER_REF} modules "
        "changed on each; docs: master's four versions"
    )
    # the target is judged on CPU time (the process and its workers): on a shared
    # machine the wall clock measures the others too; both ratios are shown
    cold_ratio, warm_ratio = four_cold_cpu / one_cold_cpu, four_warm_cpu / one_warm_cpu
    rows = [
        ("(t) one version at its ref, map cold", one_cold, one_cold_cpu, ""),
        (
            "    four versions at four refs, map cold",
            four_cold,
            four_cold_cpu,
            f"ratio {cold_ratio:.2f} (wall {four_cold / one_cold:.2f})  (target <= 2)  "
            f"{ok(cold_ratio <= 2)}",
        ),
        ("    one version at its ref, warm", one_warm, one_warm_cpu, ""),
        (
            "    four versions at four refs, warm",
            four_warm,
            four_warm_cpu,
            f"ratio {warm_ratio:.2f} (wall {four_warm / one_warm:.2f})  (target <= 2)  "
            f"{ok(warm_ratio <= 2)}",
        ),
    ]
    for name, seconds, cpu, verdict in rows:
        print(f"{name:<44} {seconds:7.2f} s wall {cpu:7.2f} s CPU  {verdict}")
    return cold_ratio <= 2 and warm_ratio <= 2


def _timed(argv: list[str], cache: Path) -> tuple[float, float]:
    """Wall time and CPU time (user + system, with the workers') of a whole process."""
    import resource
    import time

    environment = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(cache)}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(argv, env=environment, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def _mapped(argv: list[str], cache: Path) -> None:
    environment = {**os.environ, "DOCS_CHECK_CACHE_DIR": str(cache)}
    done = subprocess.run(argv, env=environment, capture_output=True, text=True)
    if done.returncode not in (0, 1):
        sys.exit(f"{' '.join(argv)}: exit {done.returncode}: {done.stderr.strip()[-500:]}")
    print("  " + "\n  ".join(line for line in done.stdout.splitlines() if ": tests " in line))


def release_repo(tests: Path, repo: Path) -> Path:
    """A repository shaped as torch-npu's: `test/` on master, and a branch per
    release in RELEASES changing CHANGED_PER_REF modules (a test added to
    each) and holding its release's disabled lists, the rest shared blobs."""
    shutil.copytree(tests, repo / "test", copy_function=shutil.copyfile)
    _git(repo, "init", "-q", "-b", "master")
    _git(repo, "add", "-A")
    _git(repo, "commit", "-qm", "master's tests")
    modules = sorted((repo / "test").rglob("test_*.py"))
    step = len(modules) // (CHANGED_PER_REF * len(RELEASES))
    for index, (_, branch, lists) in enumerate(RELEASES):
        _git(repo, "checkout", "-q", "-b", branch, "master")
        for module in modules[index :: len(RELEASES)][: CHANGED_PER_REF * step : step]:
            with module.open("a", encoding="utf-8") as text:
                text.write(f"\n\ndef test_added_on_{branch.replace('.', '_')}():\n")
                text.write("    import torch\n    torch.abs(torch.ones(1))\n")
        if lists is not None:
            folder = repo / "test/unsupported_test_cases"
            for old in folder.glob(".pytorch-disabled-tests*.json"):
                old.unlink()
            for new in (CORPUS / lists / "test/unsupported_test_cases").iterdir():
                shutil.copyfile(new, folder / new.name)
        _git(repo, "add", "-A")
        _git(repo, "commit", "-qm", f"{branch}'s tests")
    _git(repo, "checkout", "-q", "master")
    return repo


def _git(repo: Path, *argv: str) -> None:
    environment = {"GIT_AUTHOR_NAME": "bench", "GIT_AUTHOR_EMAIL": "bench@invalid"}
    environment |= {"GIT_COMMITTER_NAME": "bench", "GIT_COMMITTER_EMAIL": "bench@invalid"}
    subprocess.run(["git", "-C", str(repo), *argv], check=True, env={**os.environ, **environment})
