"""Runs inside the TARGET interpreter (`coverage --python`), never in the
checker's own process: it imports torch. Standard library only besides torch,
as checker/torch/scripts/resolve_names.py, whose rules it keeps.

    python public_api.py < namespaces.json

stdin is a JSON list of dotted module names (`["torch.nn.functional", ...]`):
the namespaces the docs cover. Only names in torch and torch_npu are imported
(a page can write any module; the docs are about torch's APIs); any other is
`outside-torch`. For each namespace that imports as a module, its public API:
the names of its `__all__` where it has one, else the names of `dir()` that do
not start with `_` and that the module does not merely re-export (its source
imports them, under the same name, from outside the module and its own
submodules: `from torch import Tensor` in torch.nn.functional, `from
torch.hub import tqdm` in torch.utils.model_zoo; `from torch.hub import
load_state_dict_from_url as load_url` names an API of its own); of those, the
ones whose object is callable (functions, classes, builtins), not a module,
and not defined outside torch (`Optional`, `Callable`, which a module imports
for its annotations). Nothing is called:
`callable()` and `getattr` on a module only. A namespace that is no module (a
class such as `torch.Tensor`) is `not-a-module`; one that raises on import is
`error`.

Prints one JSON object on stdout, on its last line. Anything the imports print
goes to stderr instead."""

from __future__ import annotations

import ast
import importlib
import inspect
import json
import os
import sys
from typing import TYPE_CHECKING, Any

# A sibling module: imported from the package where docs-check analyses or
# imports this file, from the script's own folder (first on sys.path) where it
# runs as a script in the target interpreter.
if TYPE_CHECKING or __package__:
    from checker.torch.scripts.script_common import OWN_PACKAGES, first_line, report_channel
else:
    from script_common import (  # type: ignore[no-redef]
        OWN_PACKAGES,
        first_line,
        report_channel,
    )

SCHEMA = "docs-check/public-api"


def _public(module: Any) -> tuple[str, list[str]]:
    """(where the names come from, the public callables), sorted."""
    declared = getattr(module, "__all__", None)
    if isinstance(declared, (list, tuple)) and all(isinstance(n, str) for n in declared):
        source, names = "__all__", list(declared)
    else:
        elsewhere = _reexported(module)
        source = "dir"
        names = [n for n in dir(module) if not n.startswith("_") and n not in elsewhere]
    found = []
    for name in dict.fromkeys(names):
        try:
            value = getattr(module, name)
        except Exception:
            continue
        if inspect.ismodule(value) or not callable(value):
            continue
        home = getattr(value, "__module__", None)
        if isinstance(home, str) and home.split(".")[0] not in OWN_PACKAGES:
            continue  # typing's Optional, collections.abc's Callable: imported, not torch's
        found.append(name)
    return source, sorted(found)


def _reexported(module: Any) -> set[str]:
    """The names the module's own source binds only by importing them, under
    the name they have, from another module than itself or its submodules.
    Empty when the source cannot be read (a compiled module): then every
    public name counts, as before."""
    try:
        tree = ast.parse(inspect.getsource(module))
    except (OSError, TypeError, SyntaxError, ValueError):
        return set()
    own = module.__name__
    imported: set[str] = set()
    defined: set[str] = set()
    for node in _module_level(tree.body):
        if isinstance(node, ast.ImportFrom):
            home = node.module or ""
            inside = node.level > 0 or home == own or home.startswith(own + ".")
            for alias in node.names:
                if alias.asname not in (None, alias.name):
                    defined.add(alias.asname)  # renamed: a name of its own here
                elif not inside:
                    imported.add(alias.name)
        elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, (ast.Assign, ast.AnnAssign, ast.AugAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            defined.update(t.id for t in targets if isinstance(t, ast.Name))
    return imported - defined


def _module_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements run at import: the body, and inside its if and try
    blocks (`if TYPE_CHECKING:`, `try: import x except ImportError:`)."""
    found: list[ast.stmt] = []
    for node in body:
        found.append(node)
        if isinstance(node, ast.If):
            found += _module_level(node.body) + _module_level(node.orelse)
        elif isinstance(node, ast.Try):
            inner = node.body + node.orelse + node.finalbody
            inner += [stmt for handler in node.handlers for stmt in handler.body]
            found += _module_level(inner)
    return found


def _namespace(name: str) -> dict[str, Any]:
    if name.split(".")[0] not in OWN_PACKAGES:
        return {"outcome": "outside-torch"}
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as error:
        if error.name is not None and name.startswith(error.name):
            return {"outcome": "not-a-module"}  # torch.Tensor: a class, no module
        return {"outcome": "error", "detail": first_line(error)}
    except Exception as error:
        return {"outcome": "error", "detail": first_line(error)}
    source, names = _public(module)
    return {"outcome": "module", "source": source, "names": names}


def main() -> int:
    stdout = report_channel()  # what torch prints on import must not break the JSON line
    os.environ.setdefault("TORCH_DEVICE_BACKEND_AUTOLOAD", "0")
    report: dict[str, Any] = {"schema": SCHEMA, "python": sys.executable}
    try:
        # torch's side: as in harness.py, imported where its failure is caught and reported
        import torch

        report["torch"] = str(torch.__version__)
    except Exception as error:
        report["torch_import_error"] = first_line(error)
        stdout.write(json.dumps(report) + "\n")
        stdout.flush()
        return 0
    asked = json.loads(sys.stdin.read() or "[]")
    names = [str(name) for name in asked] if isinstance(asked, list) else []
    report["namespaces"] = {name: _namespace(name) for name in names}
    stdout.write(json.dumps(report) + "\n")
    stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
