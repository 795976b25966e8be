"""The benchmark scripts import each other by their file names (each runs as
`python benchmarks/<script>.py`, its folder first on sys.path): read from
their source as tests/test_imports.py reads the package's, no two of them may
import each other round, inside a function or not."""

from __future__ import annotations

import ast

from tests.helpers import REPO
from tests.test_imports import circles

BENCHMARKS = REPO / "benchmarks"


def benchmark_graph() -> dict[str, set[str]]:
    """Each script by its module name, with the scripts it imports anywhere."""
    scripts = {path.stem: path for path in sorted(BENCHMARKS.glob("*.py"))}
    edges: dict[str, set[str]] = {}
    for name, path in scripts.items():
        targets: set[str] = set()
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                targets.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
                targets.add(node.module.partition(".")[0])
        edges[name] = {target for target in targets if target in scripts and target != name}
    return edges


def test_the_benchmarks_graph_is_read_whole() -> None:
    edges = benchmark_graph()
    assert "bench_verify" in edges["bench"]  # an import inside a function
    assert edges["mutate"] == set()  # imports of the standard library and babel only


def test_no_benchmark_imports_one_that_imports_it_back() -> None:
    found = circles(benchmark_graph())
    assert not found, "benchmark scripts that import each other, round: " + "; ".join(
        map(str, found)
    )
