"""What a test reaches: the kinds of reference (checker.testmap.modules lists
them), and one function's own references, read with its module's scope
(checker.testmap.scopes): a test's, a fixture's or a helper's."""

from __future__ import annotations

import ast
from typing import Protocol

from checker.testmap.scopes import EITHER, Scope, chain, dotted, made
from checker.testmap.walk import Nodes

CALL, METHOD, NAME, OPINFO, RULE = "call", "method", "name", "opinfo", "rule"
ATTR = "attr"  # an attribute read on an object of no known class: paired with the test's classes
# an @ops test's table (`op_db`, `unary_ufuncs`), and its calling of the op it is given
OPDB, OPCALL = "opdb", "opcall"
OPSKIP = "opskip"  # `if op.flag: self.skipTest(…)` ("flag"), `if not op.flag: …` ("!flag")
AUTOGRAD = "autograd"  # an OPSKIP: runs only an op with autograd or forward AD
# the function runs something on the NPU: (RUNS_ON, NPU, line) where it moves a tensor or
# module there (`.npu()`, `.to("npu")`, `device="npu:0"`) or calls torch.npu / torch_npu
RUNS_ON, NPU = "device", "npu"

# (kind, target, line): CALL, METHOD, NAME, ATTR or OPINFO; a dotted name, a
# method or attribute name (NAME, ATTR) or the test's name less `test_` (OPINFO);
# where. A plain tuple: a real tree has some 100,000 of them, cached and read back.
Ref = tuple[str, str, int]
Function = ast.FunctionDef | ast.AsyncFunctionDef
_SELF = frozenset(("self", "cls"))
# the attributes through which an object of no known class may still lead to a
# tensor or module (`out.grad.sum()`, `m.weight.data.clone()`); a method or
# attribute named through any other (`model.graph.input[0].type.tensor_type.shape.dim`,
# an ONNX protobuf's field) is no documented object's, even by its name only
_OBJECT_VALUED = frozenset(
    ("grad", "data", "T", "mT", "H", "mH", "real", "imag", "weight", "bias", "module")
)


class ModuleReader(Protocol):
    """What a function's references are read with: its module as
    checker.testmap.modules reads it (named here, so that neither imports the other)."""

    scope: Scope
    classes: dict[str, ast.ClassDef]
    functions: dict[str, Function]
    bases: dict[str, str]
    globals: dict[str, list[tuple[str, int]]]
    # the device names that are the NPU ("npu"; "cuda" too under transfer_to_npu), and
    # the module's names bound to such a device (`device = "npu:0"`)
    npu_devices: frozenset[str]
    npu_names: frozenset[str]

    def nodes(self, function: Function) -> Nodes: ...

    def self_kinds(self, cls: str) -> dict[str, str]: ...


class FunctionRefs:
    """One function's own references, and the helpers and module functions it calls."""

    def __init__(self, function: Function, module: ModuleReader, cls: str) -> None:
        self.function, self.module, self.cls = function, module, cls
        self.scope = Scope(parent=module.scope)
        self.own: dict[tuple[str, str], int] = {}

    def collect(
        self,
    ) -> tuple[dict[tuple[str, str], int], list[tuple[str, str]], list[str]]:
        module, scope = self.module, self.scope
        arguments = self.function.args
        for argument in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]:
            if argument.annotation is not None:
                kind = dotted(argument.annotation, scope)
                if kind is not None:
                    scope.kinds[argument.arg] = kind
        nodes = module.nodes(self.function)
        for bound in nodes.binds:
            scope.bind(bound, module.bases)
        for local in nodes.classes:  # `class Fn(torch.autograd.Function): def jvp(...)`
            for base in local.bases:
                named = dotted(base, scope)
                if named is None and isinstance(base, ast.Name):
                    named = module.bases.get(base.id)
                if named is not None:
                    self._overrides(local, named)
                    break
        for item in nodes.withs:
            if isinstance(item.optional_vars, ast.Name):
                kind = made(item.context_expr, scope, module.bases) or _entered(
                    item.context_expr, scope
                )
                if kind is not None:
                    scope.kinds[item.optional_vars.id] = kind
        called = {id(call.func) for call in nodes.calls}
        given = {a.arg for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]}
        if "op" in given:  # an @ops test (or its helper) calling the OpInfo it is given
            for call in nodes.calls:
                func = call.func
                if isinstance(func, ast.Name) and func.id == "op":
                    self._add(OPCALL, "op", call.lineno)
                    break
        self_kinds = module.self_kinds(self.cls) if self.cls else {}
        for call in nodes.calls:  # a module called runs its forward: `layer(x)`, `nn.ReLU()(x)`
            func = call.func
            if self._on_npu(call):
                self._add(RUNS_ON, NPU, call.lineno)
            if isinstance(func, ast.Name):
                kind = scope.kind(func.id)
            elif isinstance(func, ast.Call):
                kind = made(func, scope, module.bases)
            elif (
                isinstance(func, ast.Attribute)
                and isinstance(func.value, ast.Name)
                and func.value.id == "self"
            ):
                kind = self_kinds.get(func.attr)
            else:
                kind = None
            for each in kind.split(EITHER) if kind is not None else ():
                if each.startswith("torch.nn.") and each.rsplit(".", 1)[-1][:1].isupper():
                    self._add(METHOD, f"{each}.forward", call.lineno)
        inner: set[int] = set()
        helpers: list[tuple[str, str]] = []  # (class, method)
        functions: list[str] = []
        attribute = ast.Attribute
        for node in nodes.names:  # a helper reached, called or handed on (a hook, a target)
            if isinstance(node, attribute):
                value = node.value
                if type(value) is ast.Name:
                    if value.id in _SELF:  # self._check, cls._run
                        helpers.append((self.cls, node.attr))
                    elif value.id in module.classes and scope.alias(value.id) is None:
                        helpers.append((value.id, node.attr))  # TestRpc._test_sync_call
            elif node.id in module.functions and scope.alias(node.id) is None:
                functions.append(node.id)
            elif node.id in module.bases and scope.alias(node.id) is None:
                self._overrides(module.classes[node.id], module.bases[node.id])
            if id(node) in inner:
                continue
            if type(node) is attribute:
                value = node.value
                while isinstance(value, ast.Attribute):
                    inner.add(id(value))
                    value = value.value
                inner.add(id(value))
            self._reference(node, id(node) in called, self_kinds)
        return self.own, helpers, functions

    def _add(self, kind: str, target: str, line: int) -> None:
        self.own.setdefault((kind, target), line)

    def _overrides(self, cls: ast.ClassDef, base: str) -> None:
        """A subclass of a torch class that the test uses reaches the base's hooks
        it overrides: the framework runs them (`Function.jvp` under forward-mode
        gradcheck, `Function.vmap` under vmap, `Module.forward` when called)."""
        for method in cls.body:
            if isinstance(method, Function) and not method.name.startswith(("_", "test")):
                self._add(METHOD, f"{base}.{method.name}", method.lineno)

    def _on_npu(self, call: ast.Call) -> bool:
        """Whether a call puts something on the NPU: `x.npu()` (`x.cuda()` under
        transfer_to_npu), or a device given as an argument (`.to("npu")`,
        `device="npu:0"`, `torch.device("npu")`, the module's `device`). A device
        compared (`if x.device.type == "npu"`) runs nothing there."""
        func, devices = call.func, self.module.npu_devices
        if isinstance(func, ast.Attribute) and func.attr in devices:
            return not isinstance(func.value, ast.Name) or self.scope.alias(func.value.id) is None
        for value in [*call.args, *(k.value for k in call.keywords)]:
            if device_named(value, devices, self.scope):
                return True
            if (
                isinstance(value, ast.Name)
                and value.id in self.module.npu_names
                and not self._bound_here(value.id)
            ):
                return True
        return False

    def _bound_here(self, name: str) -> bool:
        """Whether the function binds `name` itself (an argument, an assignment):
        then it is not the module's."""
        scope, arguments = self.scope, self.function.args
        if any(
            a.arg == name for a in [*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs]
        ):
            return True
        return any(
            name in bound
            for bound in (scope.aliases, scope.kinds, scope.plain, scope.unknown, scope.classes)
        )

    def _reference(
        self, node: ast.Attribute | ast.Name, call: bool, self_kinds: dict[str, str]
    ) -> None:
        scope, line = self.scope, node.lineno
        named = dotted(node, scope)
        if named is not None:
            self._add(CALL, named, line)
            if call and (named.startswith("torch_npu.") or named.startswith("torch.npu.")):
                self._add(RUNS_ON, NPU, line)  # torch_npu's own API runs on the NPU
            return
        if not isinstance(node, ast.Attribute):
            if node.id in self.module.globals and scope.alias(node.id) is None:
                for global_name, global_line in self.module.globals[node.id]:
                    self._add(CALL, global_name, global_line)
            return
        parts = chain(node)
        if parts is not None:
            root = parts[0]
            kind = scope.kind(root)
            if root == "self" and len(parts) >= 3:
                kind, parts = self_kinds.get(parts[1]), parts[1:]
            if kind is not None:
                self._add(METHOD, f"{kind}.{parts[1]}", line)
                return
            if root in _SELF or scope.is_plain(root) or scope.alias(root) is not None:
                return
            if root in self.module.classes or root in self.module.functions:
                return
            if any(part not in _OBJECT_VALUED for part in parts[1:-1]):
                return  # `proto.graph.node.clone()`: a field's field, no torch object
        else:
            kind = made(node.value, scope, self.module.bases)
            if kind is not None:
                self._add(METHOD, f"{kind}.{node.attr}", line)
                return
            if isinstance(node.value, ast.Constant | ast.List | ast.Dict | ast.Set | ast.JoinedStr):
                return
        self._add(NAME if call else ATTR, node.attr, line)


# the machine's accelerator, which torch_npu registers (and loads with torch): the
# NPU where torch_npu's tests run (`acc.type if (acc := …current_accelerator()) else "cpu"`)
ACCELERATOR = "torch.accelerator.current_accelerator"


def device_named(value: ast.expr, devices: frozenset[str], scope: Scope) -> bool:
    """Whether an expression spells one of `devices`: `"npu"`, `"npu:0"`,
    `f"npu:{rank}"`, `torch.device("npu", 0)`, or the current accelerator."""
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return value.value.split(":", 1)[0] in devices
    if isinstance(value, ast.JoinedStr) and value.values:
        first = value.values[0]
        return (
            isinstance(first, ast.Constant)
            and isinstance(first.value, str)
            and first.value.split(":", 1)[0] in devices
            and ":" in first.value
        )
    if isinstance(value, ast.Attribute) and value.attr == "type":  # `….current_accelerator().type`
        return device_named(value.value, devices, scope)
    if isinstance(value, ast.IfExp | ast.NamedExpr):
        return any(
            isinstance(node, ast.Call) and dotted(node.func, scope) == ACCELERATOR
            for node in ast.walk(value)
        )
    if isinstance(value, ast.Call):
        if dotted(value.func, scope) == ACCELERATOR:
            return True
        func = value.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return name == "device" and bool(value.args) and device_named(value.args[0], devices, scope)
    return False


def _entered(value: ast.expr, scope: Scope) -> str | None:
    """What `with torch.x(...) as p` binds when `made` cannot tell: torch names
    some of its context-manager classes in lower case (`profile`,
    `inference_mode`), and a context manager is an object of the class called,
    so `p.key_averages()` is `torch.autograd.profiler.profile.key_averages`; a
    member the docs do not list links nothing."""
    if not isinstance(value, ast.Call):
        return None
    called = dotted(value.func, scope)
    if called is None or not (called == "torch" or called.startswith(("torch.", "torch_npu."))):
        return None
    return called
