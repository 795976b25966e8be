"""What checker's modules cost as they are imported, read from their source
with `ast`. A lint of one page, the pre-commit hook's and an editor's, spends
half its time importing (issue 49), so what a module does at its import is
held here. (Which modules a run imports is tests/cli/test_cli.py's concern.)"""

from __future__ import annotations

import ast
import re._constants as re_constants
import re._parser as re_parser
import subprocess
import sys
from pathlib import Path
from typing import Any

import checker

PACKAGE = Path(checker.__file__).parent


def undocumented_dataclasses(root: Path) -> list[str]:
    """`path:line: Class` of each dataclass under `root` without a docstring:
    `dataclass` gives such a class a doc made with `inspect.signature`, at
    import, which nearly halves the cost of making it (0.3 of 0.6 ms)."""
    found = []
    for path in sorted(root.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ClassDef) or ast.get_docstring(node) is not None:
                continue
            for decorator in node.decorator_list:
                called = decorator.func if isinstance(decorator, ast.Call) else decorator
                named = (
                    called.attr if isinstance(called, ast.Attribute) else getattr(called, "id", "")
                )
                if named == "dataclass":
                    where = path.relative_to(root.parent)
                    found.append(f"{where}:{node.lineno}: {node.name}")
    return found


def test_undocumented_dataclasses_are_found(tmp_path: Path) -> None:
    package = tmp_path / "package"
    package.mkdir()
    (package / "module.py").write_text(
        "import dataclasses\n"
        "from dataclasses import dataclass\n"
        "@dataclass(frozen=True)\n"
        "class Bare:\n"
        "    a: int\n"
        "@dataclasses.dataclass\n"
        "class AlsoBare:\n"
        "    a: int\n"
        "@dataclass\n"
        "class Said:\n"
        '    """What it is."""\n'
        "    a: int\n"
        "class Plain:\n"
        "    a: int\n",
        encoding="utf-8",
    )
    assert undocumented_dataclasses(package) == [
        "package/module.py:4: Bare",
        "package/module.py:7: AlsoBare",
    ]


def test_every_dataclass_says_what_it_is() -> None:
    assert undocumented_dataclasses(PACKAGE) == []


def test_the_collector_runs_no_collection_while_the_command_line_is_imported() -> None:
    """The modules a run imports make some hundred thousand objects too: at the
    interpreter's default thresholds the cycle collector walked them some 25
    times (4 ms of a one-page lint) before `main` could raise them."""
    probe = (
        "import gc\n"
        "import checker\n"  # the first of its code that runs: a collection before it is no run's
        "before = sum(generation['collections'] for generation in gc.get_stats())\n"
        "import checker.cli, checker.cli.lint, checker.app.lint, checker.read.reader\n"
        "print(sum(generation['collections'] for generation in gc.get_stats()) - before)\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == "0\n"


# a character class wider than this, of characters past Latin-1, compiles in
# over 0.25 ms: the compiler marks its characters one at a time
WIDEST_CLASS = 4096


def wide_classes(source: str) -> list[str]:
    """The patterns a module compiles at its import (`NAME = re.compile("...")`
    at its top level) that hold a character class wider than WIDEST_CLASS."""
    found = []
    for node in ast.parse(source).body:
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        called, args = node.value.func, node.value.args
        compiles = isinstance(called, ast.Attribute) and called.attr == "compile"
        if not (compiles and args and isinstance(args[0], ast.Constant)):
            continue
        if _widest(re_parser.parse(str(args[0].value))) > WIDEST_CLASS:
            found.append(str(args[0].value))
    return found


def _widest(parsed: Any) -> int:
    """The most characters past Latin-1 (in the BMP) that one range of a
    character class in `parsed` (re's parse of a pattern) holds."""
    widest = 0
    for op, value in parsed:
        if op is re_constants.IN:
            for kind, item in value:
                if kind is re_constants.RANGE and 0xFF < item[1] <= 0xFFFF:
                    widest = max(widest, item[1] - item[0] + 1)
            continue
        # a group's, a branch's or a repeat's own patterns, however deep
        for part in value if isinstance(value, tuple | list) else ():
            for sub in part if isinstance(part, list | tuple) else [part]:
                if isinstance(sub, re_parser.SubPattern):
                    widest = max(widest, _widest(sub))
    return widest


def test_wide_character_classes_are_found() -> None:
    source = (
        "import re\n"
        '_CHINESE = re.compile("[\\u4e00-\\u9fff]")\n'
        '_FEW = re.compile("[\\u4e00-\\u4eff]|(?:a|[\\u0100-\\uffff])")\n'
        "def later():\n"
        '    return re.compile("[\\u4e00-\\u9fff]")\n'
    )
    assert wide_classes(source) == ["[\u4e00-\u9fff]", "[\u4e00-\u4eff]|(?:a|[\u0100-\uffff])"]


def test_no_module_compiles_a_wide_character_class_at_its_import() -> None:
    found = {
        str(path.relative_to(PACKAGE.parent)): wide
        for path in sorted(PACKAGE.rglob("*.py"))
        if (wide := wide_classes(path.read_text(encoding="utf-8")))
    }
    assert found == {}


# Modules every lint run imports, and how many patterns each compiles as it is
# imported: those every run uses (the terminal's escaping, reading TOML). The
# others serve what a plain lint seldom does: cutting a big page, a TOML or
# JSON file refused, a target it does not write (Markdown, XML, a patch); each
# is compiled when first needed.
COMPILED_AT_IMPORT = {
    "checker.jsonfile": 0,
    "checker.read.split": 0,
    "checker.report.escape": 1,
    "checker.tomlfile": 4,
}


def test_modules_compile_at_import_only_the_patterns_every_run_uses() -> None:
    """What each of COMPILED_AT_IMPORT compiled while imported (their own
    imports come first, so that only their own compiling counts)."""
    probe = (
        "import collections, re._compiler, sys\n"
        "import checker.errors, checker.files, checker.i18n, checker.read.block_ids\n"
        "import checker.read.load, checker.read.namespace, checker.model.support\n"
        "compiled = collections.Counter()\n"
        "original = re._compiler.compile\n"
        "def compile(*given):\n"
        "    frame = sys._getframe(1)\n"
        "    while frame.f_globals.get('__name__', '').startswith('re'):\n"
        "        frame = frame.f_back\n"
        "    compiled[frame.f_globals.get('__name__')] += 1\n"
        "    return original(*given)\n"
        "re._compiler.compile = compile\n"
        f"import {', '.join(COMPILED_AT_IMPORT)}\n"
        f"print({{name: compiled[name] for name in {list(COMPILED_AT_IMPORT)!r}}})\n"
    )
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert done.stdout == f"{COMPILED_AT_IMPORT}\n"
