"""An OpInfo table's entries (`OpEntry`), and the tables read with `ast`
from torch's test-suite source (checker.testmap.opdb finds the files and
keeps what is read).

Each entry is `OpInfo("name", …)` (or a subclass: `UnaryUfuncInfo`,
`ReductionOpInfo`, …): its function is `torch.<name>` (`linalg.norm` is
torch.linalg.norm) unless `op=` says otherwise, its method `torch.Tensor.<name>`
and its in-place variant `torch.Tensor.<name>_` unless `method_variant=` /
`inplace_variant=` say otherwise, and each of its `aliases` has the three too.
A table the module defines as a sum of tables (`ops_and_refs = op_db +
python_ref_db`) or as the entries of one class (`[op for op in ops_and_refs if
isinstance(op, UnaryUfuncInfo)]`) is read so; any other filter is not a table.
The Python references (`PythonRefInfo`: torch._refs.*) name no documented API."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

TABLES_MODULE = "common_methods_invocations"  # the module of torch's that defines the tables
_BASE = "OpInfo"
_REFERENCE = "PythonRefInfo"  # torch._refs' ops: no documented API
# OpInfo's defaults of the flags a test skips on (torch/testing/_internal/opinfo/core.py)
_DEFAULTS = {
    "supports_autograd": True,
    "supports_out": True,
    "supports_forward_ad": False,
    "supports_fwgrad_bwgrad": False,
    "test_neg_view": True,
    "test_conjugated_samples": True,
}
_DERIVED = {
    "supports_gradgrad": "supports_autograd",
    "supports_inplace_autograd": "supports_autograd",
}


@dataclass(frozen=True)
class OpEntry:
    """One entry of an OpInfo table: the op and the functions it runs."""

    name: str  # as the runner formats the op's name: `nn.functional.relu`
    kind: str  # the entry's class: OpInfo, UnaryUfuncInfo, …
    function: str | None  # the dotted name of its function variant, None: not torch's
    method: str | None  # torch.Tensor's method it also runs, None: none
    inplace: str | None
    aliases: tuple[str, ...] = ()
    flags: tuple[tuple[str, bool], ...] = ()  # the flags it sets to True or False

    def flag(self, name: str) -> bool | None:
        """The flag's value: its own, else OpInfo's default; None when unknown."""
        own = dict(self.flags)
        if name in own:
            return own[name]
        if name in _DERIVED:  # supports_gradgrad defaults to supports_autograd
            return self.flag(_DERIVED[name])
        return _DEFAULTS.get(name)


class TablesReader:
    def __init__(self, sources: list[tuple[Path, bytes]]) -> None:
        self.bases: dict[str, str] = {}
        self.modules: dict[str, ast.Module] = {}
        for path, data in sources:
            try:
                tree = ast.parse(data, str(path))
            except (SyntaxError, ValueError):
                continue
            self.modules[path.stem] = tree
            for node in tree.body:
                if isinstance(node, ast.ClassDef) and node.bases:
                    base = node.bases[0]
                    if isinstance(base, ast.Name | ast.Attribute):
                        self.bases[node.name] = base.id if isinstance(base, ast.Name) else base.attr

    def tables(self) -> dict[str, tuple[OpEntry, ...]]:
        main = self.modules.get(TABLES_MODULE)
        if main is None:
            return {}
        definitions: list[OpEntry] = []
        for name, tree in sorted(self.modules.items()):
            if name not in (TABLES_MODULE, "core", "refs", "__init__"):
                definitions += self._listed(_assigned(tree).get("op_db"))
        values = _assigned(main)
        tables: dict[str, list[OpEntry] | None] = {}
        for name, value in values.items():
            tables[name] = self._table(value, tables, definitions)
        augmented = [
            s
            for s in main.body
            if isinstance(s, ast.AugAssign)
            and isinstance(s.target, ast.Name)
            and s.target.id == "op_db"
        ]
        if augmented and tables.get("op_db") is not None:
            tables["op_db"] = [*(tables["op_db"] or []), *definitions]
            for name, value in values.items():  # the tables made of op_db, after it grew
                if name != "op_db":
                    tables[name] = self._table(value, tables, definitions)
        return {name: tuple(found) for name, found in tables.items() if found}

    def _table(
        self, value: ast.expr, tables: dict[str, list[OpEntry] | None], definitions: list[OpEntry]
    ) -> list[OpEntry] | None:
        if isinstance(value, ast.List):  # its entries (the Python references name none)
            return self._listed(value)
        if isinstance(value, ast.BinOp) and isinstance(value.op, ast.Add):
            left = self._table(value.left, tables, definitions)
            right = self._table(value.right, tables, definitions)
            return None if left is None or right is None else left + right
        if isinstance(value, ast.Name):
            return tables.get(value.id)
        if isinstance(value, ast.ListComp) and len(value.generators) == 1:
            loop = value.generators[0]
            source = self._table(loop.iter, tables, definitions)
            wanted = _isinstance_of(loop, self)
            if source is None or wanted is None:
                return None  # another filter: a subset no static reading can tell
            return [e for e in source if self._is(e.kind, wanted)]
        return None

    def _is(self, kind: str, wanted: str) -> bool:
        return wanted in self._lineage(kind)

    def _reference(self, kind: str) -> bool:
        return any(_REFERENCE in each for each in self._lineage(kind))

    def _lineage(self, kind: str) -> Iterator[str]:
        """`kind` and the classes it derives from, eight at the most (a
        cycle of bases ends there)."""
        for _ in range(8):
            yield kind
            if kind not in self.bases:
                return
            kind = self.bases[kind]

    def _listed(self, value: ast.expr | None) -> list[OpEntry]:
        if not isinstance(value, ast.List | ast.Tuple):
            return []
        found: list[OpEntry] = []
        for element in value.elts:
            if isinstance(element, ast.Call):
                entry = self._entry(element)
                if entry is not None:
                    found.append(entry)
        return found

    def _entry(self, call: ast.Call) -> OpEntry | None:
        kind = _called(call)
        if not self._is(kind, _BASE) or self._reference(kind):
            return None
        keywords = {k.arg: k.value for k in call.keywords if k.arg}
        first = call.args[0] if call.args else keywords.get("name")
        if not isinstance(first, ast.Constant) or not isinstance(first.value, str):
            return None
        name = first.value
        plain = "." not in name
        function = _variant(keywords, "op", f"torch.{name}")
        method = _variant(keywords, "method_variant", f"torch.Tensor.{name}" if plain else None)
        inplace = _variant(keywords, "inplace_variant", f"torch.Tensor.{name}_" if plain else None)
        aliases: tuple[str, ...] = ()
        listed = keywords.get("aliases")
        if isinstance(listed, ast.Tuple | ast.List):
            aliases = tuple(
                e.value
                for e in listed.elts
                if isinstance(e, ast.Constant) and isinstance(e.value, str)
            )
        flags = tuple(
            (key, value.value)
            for key, value in keywords.items()
            if isinstance(value, ast.Constant) and isinstance(value.value, bool)
        )
        return OpEntry(name, kind, function, method, inplace, aliases, flags)


def _assigned(tree: ast.Module) -> dict[str, ast.expr]:
    found: dict[str, ast.expr] = {}
    for statement in tree.body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target = statement.targets[0]
            if isinstance(target, ast.Name):
                found[target.id] = statement.value
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and statement.value is not None
        ):
            found[statement.target.id] = statement.value
    return found


def _isinstance_of(loop: ast.comprehension, reader: TablesReader) -> str | None:
    """`for op in T if isinstance(op, UnaryUfuncInfo)`: the class; None for any other filter."""
    if len(loop.ifs) != 1 or not isinstance(loop.target, ast.Name):
        return None
    test = loop.ifs[0]
    if (
        isinstance(test, ast.Call)
        and isinstance(test.func, ast.Name)
        and test.func.id == "isinstance"
        and len(test.args) == 2
        and isinstance(test.args[0], ast.Name)
        and test.args[0].id == loop.target.id
        and isinstance(test.args[1], ast.Name)
    ):
        return test.args[1].id
    return None


def _called(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _variant(keywords: dict[str, ast.expr], key: str, default: str | None) -> str | None:
    """A variant the entry names: torch's dotted name, or None (`None`, a lambda, a helper)."""
    if key not in keywords:
        return default
    parts: list[str] = []
    node = keywords[key]
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if isinstance(node, ast.Name) and node.id == "torch":
        return ".".join(["torch", *reversed(parts)])
    return None
