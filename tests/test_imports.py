"""Which way checker's modules import each other, read from their source with
`ast` (nothing is imported): every import counts, those inside functions and
those under TYPE_CHECKING too, since each is a dependency a change has to
keep in mind, and a circle of them is a knot no module of it can be read,
tested or moved without the others. (What a run loads is the lazy-loading
tests' concern, tests/cli/test_cli.py.)

Not counted: `importlib.import_module` by name (the format registry,
checker.report.formats, picks a format's module that way, and the command
line its commands', checker.cli's COMMANDS: tables, not imports), and click,
which checker/report uses beside checker/cli (a terminal's styles), so no
test holds it to the command line."""

from __future__ import annotations

import ast
import io
import tokenize
from collections import defaultdict
from collections.abc import Iterator, Mapping
from pathlib import Path

import checker

PACKAGE = Path(checker.__file__).parent  # the installed package, as the tests run it


def modules(root: Path = PACKAGE) -> dict[str, Path]:
    """Each module of the package by its dotted name (a package by its own)."""
    found = {}
    for path in sorted(root.rglob("*.py")):
        parts = ("checker", *path.relative_to(root).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


def imported(name: str, path: Path, known: Mapping[str, Path]) -> set[str]:
    """The checker modules `name` imports anywhere in its source: an imported
    name that is a module counts as that module, any other as its module."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    targets: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                above = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*above, *([base] if base else [])])
            for alias in node.names:  # a module imported from its package is that module
                full = f"{base}.{alias.name}"
                targets.add(full if full in known else base)
    edges = set()
    for target in targets:
        while target not in known and "." in target:
            target = target.rpartition(".")[0]
        if target in known and target != name:
            edges.add(target)
    return edges


def graph(root: Path = PACKAGE) -> dict[str, set[str]]:
    known = modules(root)
    return {name: imported(name, path, known) for name, path in known.items()}


def circles(edges: Mapping[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's,
    without recursion), each sorted: every module in one reaches every other."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(edges):
        if start in index:
            continue
        work: list[tuple[str, Iterator[str]]] = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges.get(child, ())))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                component = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    component.append(member)
                    if member == node:
                        break
                if len(component) > 1:
                    found.append(sorted(component))
    return found


def test_the_graph_is_read_whole() -> None:
    edges = graph()
    assert "checker.report.text" in edges["checker.report.show"]  # a plain import
    # one inside a function, one under TYPE_CHECKING, a package's own module
    assert "checker.report.located" in edges["checker.report.lint"]
    assert "checker.linted" in edges["checker.report.lint"]
    assert "checker.cli" in edges["checker.__main__"]


def test_circles_are_found() -> None:
    edges: dict[str, set[str]] = defaultdict(set)
    for a, b in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("d", "e"), ("e", "d")]:
        edges[a].add(b)
    edges["f"] = set()
    assert sorted(circles(edges)) == [["a", "b", "c"], ["d", "e"]]


def test_no_module_imports_one_that_imports_it_back() -> None:
    found = circles(graph())
    assert not found, "modules that import each other, round: " + "; ".join(map(str, found))


def test_reports_import_no_flow() -> None:
    """A report renders an Outcome and the result types in it (checker.outcome,
    checker.results), never the flow that made them: app/ is above report/."""
    upward = sorted(
        f"{name} -> {target}"
        for name, targets in graph().items()
        if name.startswith("checker.report.")
        for target in targets
        if target == "checker.app" or target.startswith("checker.app.")
    )
    assert upward == []


# The layers, top to bottom (docs/internals.md, "The layout"): a module may
# import its own layer's modules and those of any layer below it, never one
# above. A top-level module (checker/x.py) is its own entry; every other
# module is in the layer of its package. The ground is what every layer may
# use and which uses no layer.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("checker.cli", "checker.__main__", "checker.i18n_extract"),
    ("checker.server",),  # the language server: an entry point beside cli/, over app/
    ("checker.app",),
    ("checker.report",),
    (
        "checker.results",
        "checker.linted",
        "checker.outcome",
    ),  # what flows return, which report/ renders
    ("checker.rewrite",),
    ("checker.gate",),
    ("checker.verify",),
    ("checker.torch",),
    ("checker.config",),
    ("checker.testmap",),
    ("checker.sources",),
    ("checker.read",),
    ("checker.checks",),
    ("checker.model",),
    ("checker.ids",),
    (
        "checker",
        "checker.collector",
        "checker.errors",
        "checker.files",
        "checker.folder",
        "checker.i18n",
        "checker.jsonfile",
        "checker.pool",
        "checker.process",
        "checker.progress",
        "checker.salt",
        "checker.signals",
        "checker.textwidth",
        "checker.tomlfile",
    ),
)


def layer_of(module: str, layers: tuple[tuple[str, ...], ...] = LAYERS) -> int | None:
    """The index of `module`'s layer (0 at the top), or None when it is in none."""
    for index, members in enumerate(layers):
        if any(module == m or (m != "checker" and module.startswith(m + ".")) for m in members):
            return index
    return None


def upward(edges: Mapping[str, set[str]], layers: tuple[tuple[str, ...], ...]) -> list[str]:
    """Every import of a module in a higher layer than the importer's."""
    found = []
    for name, targets in sorted(edges.items()):
        for target in sorted(targets):
            here, there = layer_of(name, layers), layer_of(target, layers)
            if here is not None and there is not None and there < here:
                found.append(f"{name} -> {target}")
    return found


def test_upward_imports_are_found() -> None:
    layers = (("top",), ("middle",), ("bottom",))
    edges = {"top.a": {"middle.b"}, "middle.b": {"bottom", "top.a"}, "bottom": {"middle.c"}}
    assert upward(edges, layers) == ["bottom -> middle.c", "middle.b -> top.a"]
    assert layer_of("checker.files") == len(LAYERS) - 1  # `checker` is the package alone
    assert layer_of("checker.filesystem") is None


def test_every_module_is_in_a_layer() -> None:
    unplaced = sorted(name for name in modules() if layer_of(name) is None)
    assert unplaced == [], "modules in no layer of LAYERS: " + ", ".join(unplaced)


def test_no_import_runs_up_the_layers() -> None:
    found = upward(graph(), LAYERS)
    assert found == [], "imports of a layer above: " + "; ".join(found)


# -- imports inside functions -----------------------------------------------------------

# An import inside a function is a dependency the module's head does not show;
# it stays only where start-up time needs it (it keeps a heavy module off a path
# that does not use it: the flows off `--help`, git, torch, the test map and the
# process pool off a plain lint) or where the code runs in another interpreter
# (checker/torch/scripts/, torch's side), and a comment beside it says which.
MOST_IMPORTS_INSIDE_FUNCTIONS = 60


def imports_inside_functions(path: Path) -> list[tuple[int, bool]]:
    """Each import inside a function of the module at `path`: its line, and
    whether a comment says why, on its own lines or on the line above it (the
    line above the run of imports it is one of)."""
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    commented = {
        token.start[0]
        for token in tokenize.generate_tokens(io.StringIO(source).readline)
        if token.type == tokenize.COMMENT
    }
    found: dict[int, bool] = {}
    for function in ast.walk(ast.parse(source)):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import | ast.ImportFrom):
                above = node.lineno - 1
                while above > 0 and lines[above - 1].lstrip().startswith(("import ", "from ")):
                    above -= 1
                own = range(node.lineno, (node.end_lineno or node.lineno) + 1)
                found[node.lineno] = above in commented or any(n in commented for n in own)
    return sorted(found.items())


def test_imports_inside_functions_are_found_with_their_comments(tmp_path: Path) -> None:
    module = tmp_path / "module.py"
    module.write_text(
        "import os\n"
        "def f():\n"
        "    import json\n"
        "    # start-up: csv is for --csv only\n"
        "    import csv\n"
        "    import email\n"
        "    x = 1\n"
        "    from email import (  # a reason\n"
        "        message,\n"
        "    )\n"
        "    def inner():\n"
        "        from decimal import (\n"
        "            Decimal,  # a reason on its last line\n"
        "        )\n"
        "class C:\n"
        "    async def g(self):\n"
        "        import re\n",
        encoding="utf-8",
    )
    assert imports_inside_functions(module) == [
        (3, False),
        (5, True),
        (6, True),  # one of a run of imports under a comment
        (8, True),
        (12, True),
        (17, False),
    ]


def test_imports_inside_functions_are_few_and_each_says_why() -> None:
    found = {
        f"{path.relative_to(PACKAGE.parent)}:{line}": commented
        for path in sorted(PACKAGE.rglob("*.py"))
        for line, commented in imports_inside_functions(path)
    }
    assert [where for where, commented in found.items() if not commented] == []
    assert len(found) <= MOST_IMPORTS_INSIDE_FUNCTIONS, f"{len(found)} imports inside functions"
