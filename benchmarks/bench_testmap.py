"""(t) the test map of `docs-check tests` (issue 29): master's test tree read
statically, in a whole process, cold (empty cache) and warm (every module's
scan cached by its blob id), and the peak memory of the cold run (the process
and its workers, summed). Targets on 2 cores: cold <= 5 s, warm <= 0.5 s,
peak <= 300 MB. `python benchmarks/bench.py --test-map-only` runs only this."""

from __future__ import annotations

import statistics
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

DEFAULT_TESTS = (
    Path(__file__).resolve().parent.parent.parent
    / "shared/corpus/ascend-pytorch/tests-master-9e73e708/test"
)
# The map alone: no docs read, nothing printed but the count it found.
_MAP = (
    "import sys\n"
    "from pathlib import Path\n"
    "from checker.sources.cache import default_cache_dir\n"
    "from checker.testmap.cache import ScanCache\n"
    "from checker.testmap.tree import working_tree\n"
    "tree = working_tree(sys.argv[1], ScanCache(default_cache_dir()), lambda name: None)\n"
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
    return cold <= 5 and warm <= 0.5 and peak <= 300 * 1024
