"""Runs inside the TARGET interpreter (`--python`), never in the checker's own
process: it imports torch. Standard library only besides torch, because the
target environment need not have docs-check installed.

    python resolve_names.py < names.json

stdin is a JSON list of dotted names (`["torch.nn.Module.npu", ...]`), or an
object mapping torch releases to such lists (`{"2.13.0": [...], ...}`): then
only the list of this interpreter's torch release (X.Y.Z of torch.__version__)
is resolved, so the caller can send every version's names to every interpreter
and still start one process per interpreter.

Only names in torch and torch_npu are looked up, and nothing else is ever
imported by name: a page can write any module (`antigravity.x` opens a web
browser on import), and the docs are about torch's APIs. A name whose first
part is neither `torch` nor `torch_npu` is `outside-torch`, even when it
imports (`os.path.join`, which torch imports itself), and nothing is imported
for it. What torch and torch_npu import themselves while a name of theirs is
looked up (tensorboard for torch.utils.tensorboard) is their business.

Each name is looked up without calling or instantiating anything: the longest
prefix that imports as a module is imported, and the rest is walked with
getattr on whatever object is held (on a class, a property is not run).
Outcomes:

- `resolves`;
- `outside-torch`: the first part is neither torch nor torch_npu: not looked up;
- `missing`: a module of torch (or torch_npu) imports, but an attribute is
  absent; or the name is no Python name (`torch.Tensor.abs()`);
- `needs-optional-dependency`: an import fails for want of a package that is
  not torch itself (tensorboard, onnx, ...); `package` names it;
- `error`: an import or attribute access raised something else;
- `needs-torch_npu`: missing from torch alone, present once torch_npu is
  imported (a torch_npu monkey-patch such as torch.nn.Module.npu);
- `unverified`: missing from torch alone, torch_npu cannot be consulted (not
  installed, or its import fails, e.g. without CANN), and torch_npu may well
  be what adds it (see `_may_come_from_torch_npu`).

The first pass sees torch alone: TORCH_DEVICE_BACKEND_AUTOLOAD is set to 0
before torch is imported, so that an installed torch_npu does not patch torch
behind the pass's back (and so that `import torch` works without CANN). Then
torch_npu is imported explicitly, and the `missing` names are looked up again.

Prints one JSON object on stdout, on its last line. Anything the imports print
goes to stderr instead."""

from __future__ import annotations

import importlib
import inspect
import json
import os
import re
import sys
import time
from importlib import metadata, util
from pathlib import Path
from typing import TYPE_CHECKING, Any

# A sibling module: imported from the package where docs-check analyses or
# imports it, from the script's own folder (first on sys.path) where it runs
# as a script in the target interpreter.
if TYPE_CHECKING or __package__:
    from checker.torch.scripts.script_common import OWN_PACKAGES, first_line, report_channel
else:
    from script_common import (  # type: ignore[no-redef]
        OWN_PACKAGES,
        first_line,
        report_channel,
    )

RESOLVES = "resolves"
MISSING = "missing"
OPTIONAL = "needs-optional-dependency"
ERROR = "error"
NEEDS_NPU = "needs-torch_npu"
UNVERIFIED = "unverified"
OUTSIDE = "outside-torch"

_NOT_A_MODULE = object()


def _failing_module(prefix: str) -> str:
    """The module whose import raised, when importing `prefix` did: the
    shortest prefix of it that is not imported (a failed import is removed
    from sys.modules, its parents that did import stay)."""
    parts = prefix.split(".")
    for length in range(1, len(parts) + 1):
        module = ".".join(parts[:length])
        if module not in sys.modules:
            return module
    return prefix


def _optional_package(error: BaseException) -> str | None:
    """The package an import error wants, when it is not torch itself: the
    error's own module name, or that of an ImportError in its cause chain."""
    seen: set[int] = set()
    current: BaseException | None = error
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        if isinstance(current, ImportError) and current.name:
            root = current.name.split(".")[0]
            if root not in OWN_PACKAGES:
                return root
        current = current.__cause__ or current.__context__
    return None


class Resolver:
    """Looks names up in the interpreter as it is now; module imports, and
    failures to import, are remembered for the names that share them."""

    def __init__(self, torch_npu: bool) -> None:
        self._modules: dict[str, Any] = {}  # prefix → module, _NOT_A_MODULE or the error
        self._torch_npu = torch_npu
        if not torch_npu:  # the first pass: torch alone, so torch_npu is not imported by a name
            self._modules["torch_npu"] = _NOT_A_MODULE

    def _import(self, prefix: str) -> Any:
        if prefix.split(".")[0] not in OWN_PACKAGES:  # resolve() sends none: never imported
            return _NOT_A_MODULE
        if prefix in self._modules:
            return self._modules[prefix]
        parts = prefix.split(".")
        for length in range(1, len(parts)):  # what a shorter prefix decided holds here too
            known = self._modules.get(".".join(parts[:length]))
            if known is _NOT_A_MODULE or isinstance(known, BaseException):
                self._modules[prefix] = known
                return known
        try:
            found: Any = importlib.import_module(prefix)
        except ModuleNotFoundError as error:
            absent = error.name or ""
            if absent == prefix or prefix.startswith(absent + "."):
                # `absent` (this prefix or a shorter one) is no module: an attribute, or nothing
                self._modules[absent] = _NOT_A_MODULE
                found = _NOT_A_MODULE
            else:
                found = error  # the module exists, but something it imports does not
        except (Exception, SystemExit) as error:  # ImportError, or whatever the module raised
            found = error
        self._modules[prefix] = found
        return found

    def resolve(self, name: str) -> dict[str, Any]:
        parts = name.split(".")
        if not all(part.isidentifier() for part in parts):
            detail = f"{name!r} is not a Python name"
            return {"name": name, "outcome": MISSING, "detail": detail, "missing_at": None}
        if parts[0] not in OWN_PACKAGES:
            detail = f"{parts[0]} is neither torch nor torch_npu: not looked up"
            return {"name": name, "outcome": OUTSIDE, "detail": detail}
        for length in range(len(parts), 0, -1):
            prefix = ".".join(parts[:length])
            found = self._import(prefix)
            if found is _NOT_A_MODULE:
                continue
            if isinstance(found, BaseException):
                return self._failed(name, f"importing {_failing_module(prefix)}", found)
            return self._walk(name, found, parts, length)
        skipped = parts[0] == "torch_npu" and not self._torch_npu
        detail = "a torch_npu name" if skipped else f"no module named {parts[0]!r}"
        return {"name": name, "outcome": MISSING, "detail": detail, "missing_at": 0}

    def _walk(self, name: str, held: Any, parts: list[str], length: int) -> dict[str, Any]:
        for index in range(length, len(parts)):
            attribute = parts[index]
            holder = ".".join(parts[:index])
            try:
                held = getattr(held, attribute)
            except AttributeError:
                declared = _declared(held, attribute) if isinstance(held, type) else None
                if declared is not None and index == len(parts) - 1:
                    return {"name": name, "outcome": RESOLVES, "detail": declared}
                return {
                    "name": name,
                    "outcome": MISSING,
                    "detail": f"{holder} has no attribute {attribute!r}",
                    "missing_at": index,
                }
            except (Exception, SystemExit) as error:
                return self._failed(name, f"getattr({holder}, {attribute!r})", error)
        return {"name": name, "outcome": RESOLVES, "detail": ""}

    @staticmethod
    def _failed(name: str, doing: str, error: BaseException) -> dict[str, Any]:
        package = _optional_package(error)
        if package is not None:
            return {
                "name": name,
                "outcome": OPTIONAL,
                "detail": f"{doing}: {first_line(error)}",
                "package": package,
            }
        return {"name": name, "outcome": ERROR, "detail": f"{doing}: {first_line(error)}"}


def _declared(cls: type, attribute: str) -> str | None:
    """Where a class declares an instance attribute that is no class attribute
    (`dtype: torch.dtype` in the class body, `self.total_count = ...` in
    `__init__`), as the upstream docs document it. Source is read, not run."""
    assignment = re.compile(rf"\bself\.{re.escape(attribute)}\s*(:[^=\n]*)?=(?!=)")
    for klass in cls.__mro__:
        if klass is object:
            continue
        try:  # the class's own annotations, not evaluated
            annotations = inspect.get_annotations(klass)
        except Exception:
            annotations = {}
        if attribute in annotations:
            return f"an instance attribute annotated in {klass.__qualname__}"
        for method in ("__init__", "__new__", "__post_init__"):
            function = klass.__dict__.get(method)
            if function is None:
                continue
            try:
                source = inspect.getsource(function)
            except (OSError, TypeError):
                continue
            if assignment.search(source):
                return f"an instance attribute set in {klass.__qualname__}.{method}"
    return None


SCHEMA = "docs-check/resolve"

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def _release(version: str) -> str:
    """`2.13.0+cpu`, `2.13.0a0+git1234` and `2.13.0rc1` → 2.13.0, as
    checker.model.evidence reads a release."""
    match = re.match(r"\d+\.\d+\.\d+", version)
    return match.group(0) if match else version


def _npu_words(torch_npu_dirs: list[str]) -> frozenset[str]:
    """Every identifier written anywhere in torch_npu's Python sources and
    stubs: a monkey-patch names what it adds (`torch.nn.Module.npu = npu`,
    `setattr(torch, "name", ...)`, a list of names to export)."""
    words: set[str] = set()
    for directory in torch_npu_dirs:
        for path in Path(directory).rglob("*.py*"):
            if path.suffix in (".py", ".pyi"):
                try:
                    words.update(_IDENTIFIER.findall(path.read_text("utf-8", "replace")))
                except OSError:
                    continue
    return frozenset(words)


def _may_come_from_torch_npu(result: dict[str, Any], npu_words: frozenset[str] | None) -> bool:
    """Whether torch_npu, which could not be imported, may be what adds a name
    missing from torch alone. From the first absent component on: a component
    that says `npu` (torch.nn.Module.npu, torch.npu.*, torch_npu.*), or, when
    torch_npu's sources are installed, a first absent component that they
    write somewhere. Anything else is `missing` whatever torch_npu does."""
    if result.get("missing_at") is None:  # not a name at all: nothing can add it
        return False
    absent = str(result["name"]).split(".")[int(result["missing_at"]) :]
    if any("npu" in part.lower() for part in absent):
        return True
    return npu_words is not None and bool(absent) and absent[0] in npu_words


def _resolve_all(names: list[str]) -> dict[str, Any]:
    report: dict[str, Any] = {
        "schema": SCHEMA,
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "torch": None,
        "release": None,
        "torch_import_error": None,
        "torch_npu": {
            "installed": False,
            "version": None,
            "imported": False,
            "fake": False,
            "error": None,
        },
        "results": [],
    }
    torch, import_error = _import_torch()
    if torch is None:
        report["torch_import_error"] = import_error
        return report
    report["torch"] = str(torch.__version__)
    report["release"] = _release(str(torch.__version__))
    resolver = Resolver(torch_npu=False)
    started = time.monotonic()
    results = [resolver.resolve(name) for name in names]
    report["torch_seconds"] = round(time.monotonic() - started, 3)

    npu = report["torch_npu"]
    spec = util.find_spec("torch_npu")
    npu["installed"] = spec is not None
    try:
        npu["version"] = metadata.version("torch_npu")
    except metadata.PackageNotFoundError:
        npu["version"] = None
    if spec is not None:
        try:
            torch_npu = importlib.import_module("torch_npu")
            npu["imported"] = True
            npu["version"] = npu["version"] or str(getattr(torch_npu, "__version__", "unknown"))
            # A test double must say so (checker.torch.scripts.harness labels it the same way).
            npu["fake"] = bool(getattr(torch_npu, "__docs_check_fake__", False))
        except Exception as error:  # without CANN: ImportError on libhccl.so
            npu["error"] = first_line(error)
    else:
        npu["error"] = "torch_npu is not installed"

    missing = [index for index, result in enumerate(results) if result["outcome"] == MISSING]
    if npu["imported"]:
        again = Resolver(torch_npu=True)  # torch_npu may have added modules and attributes
        for index in missing:
            second = again.resolve(results[index]["name"])
            if second["outcome"] == RESOLVES:
                second = {**second, "outcome": NEEDS_NPU, "detail": "added by torch_npu"}
            results[index] = second  # still missing: as it is with torch_npu too
    elif missing:
        dirs = list(spec.submodule_search_locations or []) if spec is not None else []
        words = _npu_words(dirs) if dirs else None
        for index in missing:
            if _may_come_from_torch_npu(results[index], words):
                results[index] = {
                    **results[index],
                    "outcome": UNVERIFIED,
                    "detail": f"{results[index]['detail']}; torch_npu may add it, "
                    f"but it cannot be consulted: {npu['error']}",
                }
    report["results"] = results
    return report


_TORCH: list[tuple[Any, str | None]] = []  # the one import of torch: (module or None, error)


def _import_torch() -> tuple[Any, str | None]:
    """torch, imported once with the backend autoload off (torch alone in the
    first pass); None and the error's first line when it does not import."""
    if not _TORCH:
        os.environ["TORCH_DEVICE_BACKEND_AUTOLOAD"] = "0"
        try:
            # torch's side: as in harness.py, once, where its failure is caught and reported
            import torch

            _TORCH.append((torch, None))
        except Exception as error:
            _TORCH.append((None, first_line(error)))
    return _TORCH[0]


def main() -> int:
    stdout = report_channel()  # imports may print; only the report goes to stdout
    # torch first: the caller may start this process before it knows the
    # names (checker.torch.resolve.resolution.Ahead), so the import overlaps its work
    _import_torch()
    request = json.load(sys.stdin)
    report = _resolve_request(request)
    stdout.write(json.dumps(report) + "\n")
    stdout.flush()
    return 0


def _resolve_request(request: Any) -> dict[str, Any]:
    if isinstance(request, list):
        return _resolve_all([str(name) for name in request])
    by_release = {str(release): list(names) for release, names in dict(request).items()}
    # Which list is ours is known only once torch is imported.
    torch, _ = _import_torch()
    release = _release(str(torch.__version__)) if torch is not None else None
    report = _resolve_all([str(name) for name in by_release.get(release or "", [])])
    report["requested_releases"] = sorted(by_release)
    return report


if __name__ == "__main__":
    sys.exit(main())
