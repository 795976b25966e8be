"""The OpInfo tables of torch's own test suite (`op_db`, `unary_ufuncs`,
`reduction_ops`, …), which an `@ops(op_db)` test runs over: read with `ast`
from the source of a torch installation, never imported. The test tree
imports them from `torch.testing._internal.common_methods_invocations`, which
is torch's, not the tree's; without a torch to read, an `@ops` test's ops come
only from the names a disabled list gives its cases.

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
import hashlib
import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path

from checker.files import write_atomically

_INTERNAL = Path("testing", "_internal")
_TABLES = _INTERNAL / "common_methods_invocations.py"
_DEFINITIONS = _INTERNAL / "opinfo" / "definitions"
_CLASSES = (_INTERNAL / "opinfo" / "core.py", _INTERNAL / "opinfo" / "refs.py")
_BASE = "OpInfo"
_REFERENCE = "PythonRefInfo"  # torch._refs' ops: no documented API
_FORMAT = "docs-check/op-db/2"
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


@dataclass(frozen=True)
class OpDb:
    source: str  # the file read
    tables: dict[str, tuple[OpEntry, ...]]

    def entries(self, table: str) -> tuple[OpEntry, ...]:
        return self.tables.get(table, ())


def installed_torch() -> Path | None:
    """The folder of the torch package the running Python would import, found
    without importing it (a top-level spec runs no code)."""
    try:
        spec = importlib.util.find_spec("torch")
    except (ImportError, ValueError):
        return None
    locations = list(spec.submodule_search_locations or ()) if spec else []
    return Path(locations[0]) if locations else None


def read_op_db(torch_root: Path, cache: Path | None = None) -> OpDb | None:
    """The tables of the torch source at `torch_root` (the `torch` package
    folder); None when it has no common_methods_invocations.py. Kept in
    `cache` by the files' content: the tables file alone takes a second to parse."""
    tables_file = torch_root / _TABLES
    if not tables_file.is_file():
        return None
    files = [tables_file, *sorted((torch_root / _DEFINITIONS).glob("*.py"))]
    files += [torch_root / name for name in _CLASSES if (torch_root / name).is_file()]
    sources = [(path, path.read_bytes()) for path in files]
    digest = hashlib.sha256(f"{_FORMAT}\0".encode())
    digest.update(Path(__file__).read_bytes())
    for path, data in sources:
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    key = digest.hexdigest()
    kept = cache / f"op-db-{key}.json" if cache is not None else None
    if kept is not None:
        found = _from_file(kept, key, str(tables_file))
        if found is not None:
            return found
    db = OpDb(str(tables_file), _Reader(sources).tables())
    if kept is not None:
        _to_file(kept, key, db)
    return db


class _Reader:
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
        main = self.modules.get(_TABLES.stem)
        if main is None:
            return {}
        definitions: list[OpEntry] = []
        for name, tree in sorted(self.modules.items()):
            if name not in (_TABLES.stem, "core", "refs", "__init__"):
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
        for _ in range(8):
            if kind == wanted:
                return True
            if kind not in self.bases:
                return False
            kind = self.bases[kind]
        return False

    def _reference(self, kind: str) -> bool:
        for _ in range(8):
            if _REFERENCE in kind:
                return True
            if kind not in self.bases:
                return False
            kind = self.bases[kind]
        return False

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


def _isinstance_of(loop: ast.comprehension, reader: _Reader) -> str | None:
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


def _from_file(path: Path, key: str, source: str) -> OpDb | None:
    try:
        document = json.loads(path.read_bytes())
        if document.get("format") != _FORMAT or document.get("key") != key:
            return None
        tables = {
            str(name): tuple(
                OpEntry(
                    str(n),
                    str(k),
                    f,
                    m,
                    i,
                    tuple(map(str, a)),
                    tuple((str(x), bool(y)) for x, y in g),
                )
                for n, k, f, m, i, a, g in rows
            )
            for name, rows in document["tables"].items()
        }
        return OpDb(source, tables)
    except (OSError, ValueError, LookupError, TypeError, AttributeError):
        return None


def _to_file(path: Path, key: str, db: OpDb) -> None:
    tables = {
        name: [
            [e.name, e.kind, e.function, e.method, e.inplace, list(e.aliases), list(e.flags)]
            for e in rows
        ]
        for name, rows in db.tables.items()
    }
    document = {"format": _FORMAT, "key": key, "tables": tables}
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(str(path), json.dumps(document, separators=(",", ":")))
    except Exception:  # an unwritable cache only costs speed
        return
