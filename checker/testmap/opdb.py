"""The OpInfo tables of torch's own test suite (`op_db`, `unary_ufuncs`,
`reduction_ops`, …), which an `@ops(op_db)` test runs over: read with `ast`
from the source of a torch installation, never imported. The test tree
imports them from `torch.testing._internal.common_methods_invocations`, which
is torch's, not the tree's; without a torch to read, an `@ops` test's ops come
only from the names a disabled list gives its cases.

The entries are read by checker.testmap.opinfo_tables."""

from __future__ import annotations

import hashlib
import importlib.util
import json
from dataclasses import dataclass
from pathlib import Path

from checker.files import write_atomically
from checker.testmap import opinfo_tables
from checker.testmap.opinfo_tables import TABLES_MODULE, OpEntry, TablesReader

_INTERNAL = Path("testing", "_internal")
_TABLES = _INTERNAL / f"{TABLES_MODULE}.py"
_DEFINITIONS = _INTERNAL / "opinfo" / "definitions"
_CLASSES = (_INTERNAL / "opinfo" / "core.py", _INTERNAL / "opinfo" / "refs.py")
_FORMAT = "docs-check/op-db/2"


@dataclass(frozen=True)
class OpDb:
    """torch's OpInfo tables, read from the installed torch's source."""

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
    sources = _sources(torch_root)
    if sources is None:
        return None
    key = _digest(sources)
    tables_file = str(sources[0][0])
    kept = cache / f"op-db-{key}.json" if cache is not None else None
    if kept is not None:
        found = _from_file(kept, key, tables_file)
        if found is not None:
            return found
    db = OpDb(tables_file, TablesReader(sources).tables())
    if kept is not None:
        _to_file(kept, key, db)
    return db


def op_db_key(torch_root: Path | None) -> str:
    """What the tables of the torch at `torch_root` are read from, as a digest
    (the files' content and the reading's code), without parsing them: a
    version's kept map (checker.testmap.kept) is keyed by it. "" for none."""
    sources = _sources(torch_root) if torch_root is not None else None
    return _digest(sources) if sources is not None else ""


def _sources(torch_root: Path) -> list[tuple[Path, bytes]] | None:
    tables_file = torch_root / _TABLES
    if not tables_file.is_file():
        return None
    files = [tables_file, *sorted((torch_root / _DEFINITIONS).glob("*.py"))]
    files += [torch_root / name for name in _CLASSES if (torch_root / name).is_file()]
    return [(path, path.read_bytes()) for path in files]


def _digest(sources: list[tuple[Path, bytes]]) -> str:
    digest = hashlib.sha256(f"{_FORMAT}\0".encode())
    for module in (__file__, opinfo_tables.__file__):  # the reading's own code
        digest.update(Path(module).read_bytes())
    for path, data in sources:
        digest.update(f"{path.name}\0{len(data)}\0".encode())
        digest.update(data)
    return digest.hexdigest()


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
