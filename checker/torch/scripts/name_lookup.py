"""One name looked up in the interpreter as it is now, for
checker/torch/scripts/resolve_names.py (its docstring says how, and what each outcome
means), which runs it with torch alone and again with torch_npu. Standard
library only: it runs in the target interpreter beside that script."""

from __future__ import annotations

import importlib
import inspect
import re
import sys
from typing import TYPE_CHECKING, Any

# A sibling module: from the package where docs-check imports this file, from
# the script's own folder where resolve_names.py runs in the target interpreter.
if TYPE_CHECKING or __package__:
    from checker.torch.scripts.script_common import OWN_PACKAGES, first_line
else:
    from script_common import OWN_PACKAGES, first_line  # type: ignore[no-redef]

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
