"""Mutation testing of the reading core, the cross-check, the lint checks and the site.

Each mutant is the module with one small change (a comparison flipped, `and`
for `or`, a constant changed, SUPPORTED for UNSUPPORTED, a statement deleted);
it is run against that module's own tests in a scratch copy of the repository,
so the working tree is never touched. A mutant the tests fail on is killed; one
they pass is a survivor: behaviour no test would notice breaking. The tests
first run on the unmodified copy (its translations compiled, as a build does):
a module whose tests fail there stops the run, since each of its mutants would
count as killed.

    python benchmarks/mutate.py                 # every module below
    python benchmarks/mutate.py model/status    # the modules whose path has this in it
    python benchmarks/mutate.py --list          # the mutants, without running them

Prints per module generated / killed / survived / equivalent and the score
(killed over non-equivalent), then each survivor as `file:line mutation`.
Equivalent mutants, which no test can kill because they do not change
behaviour, are listed in benchmarks/equivalent-mutants/*.txt (a file per
module), one per line as `--list` prints a mutant's key:
`checker/x.py | function | the line's text | mutation  # why`. The key names
the enclosing function and the text of the mutated line, never its number, so
an edit above it leaves the entry standing; an edit of the line itself makes the
entry stale, and the mutant is judged again (tests/test_mutants_listed.py finds
stale entries). Not run by CI: it takes minutes (about 2 s a mutant;
--jobs 2 on two cores)."""

from __future__ import annotations

import argparse
import ast
import os
import shutil
import subprocess
import sys
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
EQUIVALENT = Path(__file__).with_name("equivalent-mutants")
# the site of `report --html`, read from its files (the browser tests,
# tests/report/html/test_site_browser.py, read the same files after Chromium
# ran them: seconds a run more, and no more of the Python pinned)
_SITE = (
    "tests/report/html/test_site_files.py",
    "tests/report/html/test_site_escapes.py",
    "tests/report/html/test_site_evidence.py",
    "tests/report/html/test_site_index.py",
    "tests/report/html/test_site_api_table.py",
    "tests/report/html/test_site_pages.py",
    "tests/report/html/test_site_parts.py",
    "tests/cli/test_report_cli.py",
)
# module -> its own tests
MODULES: dict[str, tuple[str, ...]] = {
    "checker/model/status.py": (
        "tests/model/test_status.py",
        "tests/model/test_claims.py",
        "tests/read/test_full_names.py",
        "tests/read/test_only.py",
    ),
    "checker/model/restrictions.py": (
        "tests/model/test_restrictions.py",
        "tests/checks/test_entries.py",
    ),
    "checker/model/markup.py": (
        "tests/model/test_status.py",
        "tests/model/test_claims.py",
        "tests/read/test_full_names.py",
        # holds its decoding equal to html.unescape and its patterns to the originals
        "tests/read/test_pathological.py",
    ),
    "checker/read/namespace.py": ("tests/read/test_full_names.py",),
    "checker/model/claims.py": ("tests/model/test_claims.py", "tests/read/test_restated.py"),
    "checker/model/said.py": ("tests/model/test_said.py",),
    "checker/read/table.py": (
        "tests/read/test_table.py",
        "tests/read/test_restated.py",
        "tests/app/test_fix.py",
    ),
    "checker/read/rows.py": ("tests/read/test_rows.py", "tests/read/test_full_names.py"),
    "checker/read/inline.py": ("tests/read/test_inline.py", "tests/read/test_full_names.py"),
    "checker/read/blocks.py": (
        "tests/read/test_blocks.py",
        "tests/read/test_only.py",
        "tests/read/test_house_rules.py",
        "tests/read/test_restated.py",
        "tests/app/test_fix.py",
    ),
    "checker/read/block_ids.py": ("tests/read/test_blocks.py", "tests/app/test_migrate.py"),
    "checker/read/page.py": (
        "tests/read/test_inline.py",
        "tests/read/test_table.py",
        "tests/read/test_rows.py",
        "tests/checks/test_entries.py",
        "tests/read/test_full_names.py",
    ),
    "checker/verify/crosscheck.py": ("tests/verify/test_crosscheck.py",),
    "checker/checks/expected.py": (
        "tests/checks/test_expected.py",
        "tests/verify/test_crosscheck.py",
    ),
    "checker/model/expectation.py": (
        "tests/checks/test_expected.py",
        "tests/verify/test_crosscheck.py",
    ),
    "checker/model/evidence.py": ("tests/verify/test_evidence.py",),
    "checker/verify/evidence_load.py": ("tests/verify/test_evidence.py",),
    "checker/checks/entries.py": ("tests/checks/test_entries.py",),
    "checker/checks/collection.py": ("tests/checks/test_collection.py",),
    "checker/checks/lint.py": (
        "tests/checks/test_lint.py",
        "tests/checks/test_collection.py",
        "tests/checks/test_entries.py",
    ),
    "checker/app/live.py": ("tests/app/test_live.py",),
    "checker/read/mentions.py": (
        "tests/read/test_mentions.py",
        "tests/checks/test_named_versions.py",
        "tests/app/test_new_version.py",
    ),
    "checker/model/relinked.py": (
        "tests/model/test_relinked.py",
        "tests/checks/test_named_versions.py",
        "tests/checks/test_entries.py",
        "tests/app/test_new_version.py",
    ),
    "checker/checks/named_versions.py": ("tests/checks/test_named_versions.py",),
    "checker/checks/reuse.py": (
        "tests/checks/test_reuse.py",
        "tests/sources/page_cache/test_store.py",
    ),
    "checker/model/deferred.py": ("tests/model/test_deferred.py",),
    "checker/model/placed.py": ("tests/checks/test_lint.py", "tests/checks/test_lint_version.py"),
    "checker/sources/page_cache/entry.py": (
        "tests/sources/page_cache/test_store.py",
        "tests/sources/page_cache/test_entry.py",
    ),
    "checker/sources/page_cache/model_rows.py": (
        "tests/sources/page_cache/test_store.py",
        "tests/sources/page_cache/test_entry.py",
    ),
    "checker/rewrite/replacements.py": ("tests/rewrite/test_replacements.py",),
    "checker/rewrite/migrate.py": ("tests/app/test_migrate.py",),
    "checker/verify/report_load.py": (
        "tests/verify/test_report_load.py",
        "tests/cli/test_report_cli.py",
        "tests/report/html/test_site_evidence.py",
        "tests/gate/test_baseline.py",  # baseline --verify-report reads the results too
    ),
    "checker/folder.py": ("tests/test_folder.py", "tests/cli/test_report_cli.py"),
    "checker/report/html/elements.py": _SITE,
    "checker/report/html/chart.py": _SITE,
    "checker/report/html/shape.py": _SITE,
    "checker/report/html/api_table.py": _SITE,
    "checker/report/html/overview.py": _SITE,
    "checker/report/html/verification_view.py": _SITE,
    "checker/report/html/page_view.py": _SITE,
}
FLIP = {
    ast.Eq: ast.NotEq,
    ast.NotEq: ast.Eq,
    ast.Lt: ast.GtE,
    ast.GtE: ast.Lt,
    ast.Gt: ast.LtE,
    ast.LtE: ast.Gt,
    ast.In: ast.NotIn,
    ast.NotIn: ast.In,
    ast.Is: ast.IsNot,
    ast.IsNot: ast.Is,
}
SWAP_NAMES = {"SUPPORTED": "UNSUPPORTED", "UNSUPPORTED": "SUPPORTED"}


@dataclass(frozen=True)
class Mutant:
    module: str
    index: int  # the index-th mutation point of the module
    line: int
    what: str
    scope: str  # the enclosing functions and classes, dotted; "" at module level
    text: str  # the mutated line, stripped, without its comment

    def __str__(self) -> str:
        return f"{self.module}:{self.line} {self.what}"

    @property
    def key(self) -> str:
        """How the equivalent-mutant lists name it: by where it is, not by line number."""
        return f"{self.module} | {self.scope} | {self.text} | {self.what}"


@dataclass(frozen=True)
class _Point:
    line: int
    what: str
    scope: str


class _Mutator(ast.NodeTransformer):
    """Walks a module; with `target` None it only records the mutation points,
    else it applies the target-th one."""

    def __init__(self, target: int | None = None) -> None:
        self.target = target
        self.points: list[_Point] = []
        self._docstrings: set[int] = set()
        self._scope: list[str] = []

    def _point(self, node: ast.AST, what: str) -> bool:
        self.points.append(_Point(getattr(node, "lineno", 0), what, ".".join(self._scope)))
        return self.target == len(self.points) - 1

    def _named(self, node: ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef) -> ast.AST:
        self._scope.append(node.name)
        try:
            return self.generic_visit(node)
        finally:
            self._scope.pop()

    visit_FunctionDef = visit_AsyncFunctionDef = visit_ClassDef = _named

    def visit_Module(self, node: ast.Module) -> ast.AST:
        self._mark_docstrings(node)
        return self.generic_visit(node)

    def _mark_docstrings(self, node: ast.AST) -> None:
        for child in ast.walk(node):
            body = getattr(child, "body", None)
            first = body[0] if isinstance(body, list) and body else None
            value = first.value if isinstance(first, ast.Expr) else None
            if isinstance(value, ast.Constant) and isinstance(value.value, str):
                self._docstrings.add(id(value))

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        for i, op in enumerate(node.ops):
            flipped = FLIP.get(type(op))
            if flipped and self._point(node, f"{type(op).__name__} -> {flipped.__name__}"):
                node.ops[i] = flipped()
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        self.generic_visit(node)
        other = ast.Or if isinstance(node.op, ast.And) else ast.And
        if self._point(node, f"{type(node.op).__name__} -> {other.__name__}"):
            node.op = other()
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if isinstance(node.op, ast.Not) and self._point(node, "not x -> x"):
            return node.operand
        return node

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        value = node.value
        if id(node) in self._docstrings:
            return node
        if isinstance(value, bool):
            if self._point(node, f"{value} -> {not value}"):
                return ast.copy_location(ast.Constant(not value), node)
        elif isinstance(value, int):
            if self._point(node, f"{value} -> {value + 1}"):
                return ast.copy_location(ast.Constant(value + 1), node)
        elif isinstance(value, str) and value and self._point(node, f"{value[:20]!r} -> ''"):
            return ast.copy_location(ast.Constant(""), node)
        return node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return node  # message texts: their parts are pinned where tests quote them

    def visit_Attribute(self, node: ast.Attribute) -> ast.AST:
        self.generic_visit(node)
        swapped = SWAP_NAMES.get(node.attr)
        if swapped and self._point(node, f"{node.attr} -> {swapped}"):
            node.attr = swapped
        return node

    def generic_visit(self, node: ast.AST) -> ast.AST:
        for field, old in ast.iter_fields(node):
            if isinstance(old, list) and old and isinstance(old[0], ast.stmt):
                new: list[ast.stmt] = []
                for statement in old:
                    deletable = not isinstance(
                        statement, ast.FunctionDef | ast.ClassDef | ast.Import | ast.ImportFrom
                    ) and not (
                        isinstance(statement, ast.Expr)
                        and id(getattr(statement, "value", None)) in self._docstrings
                    )
                    first = type(statement).__name__
                    if deletable and self._point(statement, f"delete {first}"):
                        new.append(ast.copy_location(ast.Pass(), statement))
                        continue
                    visited = self.visit(statement)
                    if isinstance(visited, ast.stmt):
                        new.append(visited)
                setattr(node, field, new)
            elif isinstance(old, list):
                items = [self.visit(item) if isinstance(item, ast.AST) else item for item in old]
                setattr(node, field, items)
            elif isinstance(old, ast.AST):
                setattr(node, field, self.visit(old))
        return node


def mutants(module: str) -> list[Mutant]:
    source = (REPO / module).read_text(encoding="utf-8")
    lines = source.splitlines()
    recorder = _Mutator()
    recorder.visit(ast.parse(source))
    return [
        Mutant(module, i, point.line, point.what, point.scope, _line_text(lines, point.line))
        for i, point in enumerate(recorder.points)
    ]


def _line_text(lines: list[str], number: int) -> str:
    """The line without indentation or comment (ruff puts two spaces before one)."""
    return lines[number - 1].partition("  #")[0].strip() if number else ""


def mutated_source(mutant: Mutant) -> str:
    tree = ast.parse((REPO / mutant.module).read_text(encoding="utf-8"))
    tree = _Mutator(mutant.index).visit(tree)
    return ast.unparse(ast.fix_missing_locations(tree))


def equivalent() -> dict[str, str]:
    """A mutant's key -> why it is equivalent."""
    known: dict[str, str] = {}
    for listing in sorted(EQUIVALENT.glob("*.txt")):
        for raw in listing.read_text(encoding="utf-8").splitlines():
            key, _, why = raw.partition("  #")
            if key.strip() and not key.startswith("#"):
                known[key.strip()] = why.strip()
    return known


def scratch_copy() -> Path:
    root = Path(tempfile.mkdtemp(prefix="docs-check-mutants-"))
    for name in ("checker", "tests", "rules", "examples"):
        shutil.copytree(REPO / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(REPO / "pyproject.toml", root / "pyproject.toml")
    _compile_catalogues(root)
    return root


def _compile_catalogues(root: Path) -> None:
    """The .mo a build compiles (hatch_build.py) and a checkout lacks: without
    them a zh run shows English, and a test of it fails on every mutant."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    for po in sorted((root / "checker" / "locale").glob("*/LC_MESSAGES/*.po")):
        with po.open("rb") as source:
            catalogue = read_po(source)
        with po.with_suffix(".mo").open("wb") as target:
            write_mo(target, catalogue)


def survivors_of(
    found: list[Mutant], tests: tuple[str, ...], jobs: int, timeout: float
) -> list[Mutant]:
    """The mutants the tests pass on, each run in one of `jobs` scratch copies;
    first the tests run unmutated, which they must pass (else every mutant would
    count as killed)."""
    if not found:
        return []
    roots = [scratch_copy() for _ in range(jobs)]
    try:
        if _tests_fail(roots[0], tests, timeout):
            raise SystemExit(f"{found[0].module}: its tests fail unmutated: {' '.join(tests)}")
        with ThreadPoolExecutor(jobs) as pool:
            free = list(roots)
            lock = threading.Lock()

            def run(mutant: Mutant) -> bool:
                with lock:
                    root = free.pop()
                try:
                    return killed(root, mutant, tests, timeout)
                finally:
                    with lock:
                        free.append(root)

            verdicts = list(pool.map(run, found))
    finally:
        for root in roots:
            shutil.rmtree(root, ignore_errors=True)
    return [mutant for mutant, dead in zip(found, verdicts, strict=True) if not dead]


def killed(root: Path, mutant: Mutant, tests: tuple[str, ...], timeout: float) -> bool:
    target = root / mutant.module
    original = target.read_text(encoding="utf-8")
    target.write_text(mutated_source(mutant), encoding="utf-8")
    try:
        return _tests_fail(root, tests, timeout)
    finally:
        target.write_text(original, encoding="utf-8")


def _tests_fail(root: Path, tests: tuple[str, ...], timeout: float) -> bool:
    """Whether `tests` fail in the copy at `root` (a run that never ends fails)."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "pytest", "-x", "-q", "-p", "no:cacheprovider", *tests],
            cwd=root,
            env={**os.environ, "PYTHONPATH": str(root), "PYTHONDONTWRITEBYTECODE": "1"},
            capture_output=True,
            timeout=timeout,
            check=False,
        )
        return done.returncode != 0
    except subprocess.TimeoutExpired:
        return True  # an endless loop is noticed


def selected(patterns: list[str]) -> Iterator[str]:
    for module in MODULES:
        if not patterns or any(pattern in module for pattern in patterns):
            yield module


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("modules", nargs="*", help="only modules whose path contains this")
    parser.add_argument("--list", action="store_true", help="list the mutants, run nothing")
    parser.add_argument("--timeout", type=float, default=120, help="seconds per mutant run")
    parser.add_argument("--jobs", type=int, default=1, help="mutants run at once")
    args = parser.parse_args()
    known = equivalent()
    rows, survivors = [], []
    for module in selected(args.modules):
        found = mutants(module)
        if args.list:
            print("\n".join(f"{m}\t{m.key}" for m in found))
            continue
        same = [m for m in found if m.key in known]
        judged = [m for m in found if m.key not in known]
        alive = survivors_of(judged, MODULES[module], args.jobs, args.timeout)
        dead = len(judged) - len(alive)
        score = 100 * dead / len(judged) if judged else 100.0
        rows.append((module, len(found), dead, len(alive), len(same), score))
        survivors += alive
        print(f"{module}: {dead}/{len(judged)} killed ({score:.1f}%)", file=sys.stderr, flush=True)
    if args.list:
        return 0
    print(
        f"{'module':<32} {'generated':>9} {'killed':>7} {'survived':>8} {'equiv':>6} {'score':>7}"
    )
    for module, generated, dead, alive, same, score in rows:
        print(f"{module:<32} {generated:>9} {dead:>7} {alive:>8} {same:>6} {score:>6.1f}%")
    for mutant in survivors:
        print(f"survived: {mutant}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
