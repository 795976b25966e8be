"""One test module read with `ast` (never imported): its test cases as the
runner names them (checker.testmap.cases), and for each the names it reaches
into torch, each with how it was found:

- `call`: a name or attribute chain resolved through the module's imports,
  aliases and assignments (`F.relu`, `N.Linear`, `torch_npu.npu.synchronize`);
- `method`: a method (or attribute) of an object whose class the test knows
  from a constructor, an annotation or a tensor maker (`m = nn.Linear(...)`;
  `m.forward`), including its own classes' torch bases;
- `name`: a method called on an object of no known class, by its name only
  (matched against torch.Tensor's methods, with lower confidence);
  A torch.nn module called (`layer(x)`) runs its `forward`;
- `attr`: an attribute read on such an object (`d.mean`): like `name`, it
  names a member of a documented class the test itself names (`Normal(...)`);
- `opinfo`: the test's own name (`test_nan_to_num_bfloat16`), which names the
  op it tests;
- `opdb`: an `@ops` test's OpInfo table (`op_db`), whose entries
  checker.testmap.opdb reads; `opcall`: a function calling the `op` it is given.

A test reaches what its own body reaches, what its class's fixtures do
(`setUp`, `setUpClass`, `tearDown`, `tearDownClass`), and what the
helpers it calls or hands on do (`self._helper`, `cls._run`, `TestX._worker`,
a module function), transitively."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from checker.testmap.cases import OPS, Case, decorator_name, device_case, plain_case
from checker.testmap.ops import op_guards, tables
from checker.testmap.refs import (
    NPU,
    OPDB,
    OPINFO,
    OPSKIP,
    RUNS_ON,
    Function,
    FunctionRefs,
    Ref,
    device_named,
)
from checker.testmap.scopes import Scope, made
from checker.testmap.toplevel import assigned, global_values, torch_bases
from checker.testmap.walk import Nodes, top_level, walked

# a device-generic test's decorators that run it on another device only
_ELSEWHERE = frozenset(("onlyCPU", "onlyCUDA", "onlyMPS", "onlyXPU"))
# what unittest runs around each test of a class: its fixtures' reach is the test's too
_FIXTURES = ("setUp", "setUpClass", "tearDown", "tearDownClass")
# instantiate_device_type_tests' names of the NPU's device type (`only_for="privateuse1"`)
_NPU_TYPES = frozenset(("privateuse1", NPU))
# importing it makes torch's CUDA calls the NPU's (`x.cuda()`, `device="cuda"`)
_TRANSFER = "torch_npu.contrib.transfer_to_npu"


@dataclass(frozen=True)
class ModuleScan:
    """A test module's cases and what each reaches."""

    cases: tuple[Case, ...]
    refs: tuple[tuple[Ref, ...], ...]  # what each case reaches, in the order of `cases`


def scan(source: bytes | str, path: str = "<test>") -> ModuleScan:
    """The module's cases and what each reaches; a SyntaxError propagates."""
    tree = ast.parse(source, path)
    return ModuleReader(tree).scan()


class ModuleReader:
    def __init__(self, tree: ast.Module) -> None:
        self.scope = Scope()
        self.classes: dict[str, ast.ClassDef] = {}
        self.functions: dict[str, Function] = {}
        self.device: set[str] = set()
        self.npu_classes: set[str] = set()  # instantiated for the NPU's device type
        self.parametrized: set[str] = set()
        values: dict[str, ast.expr] = {}  # each name's value so far, as `only_for=` names it
        transfer = False
        for statement in top_level(tree.body):
            self.scope.bind(statement)
            if isinstance(statement, ast.ClassDef):
                self.classes[statement.name] = statement
            elif isinstance(statement, Function):
                self.functions[statement.name] = statement
            elif isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Call):
                self._instantiated(statement.value, values)
            elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
                if isinstance(statement.targets[0], ast.Name):
                    values[statement.targets[0].id] = statement.value
            elif isinstance(statement, ast.Import | ast.ImportFrom):
                transfer = transfer or _TRANSFER in _imported(statement)
        self.npu_devices = frozenset((NPU, "cuda") if transfer else (NPU,))
        self.npu_names = frozenset(
            name
            for name, value in values.items()
            if device_named(value, self.npu_devices, self.scope)
        )
        self.bases = torch_bases(self.classes, self.scope)
        self.globals = global_values(tree.body, self.scope)
        self.ops_names = OPS | {  # `_variant_ops = partial(ops, dtypes=…)`: an `ops` too
            name
            for name, value in assigned(tree.body).items()
            if isinstance(value, ast.Call)
            and decorator_name(value) == "partial"
            and value.args
            and decorator_name(value.args[0]) in OPS
        }
        self.table_values = assigned(tree.body)  # as `@ops` may name them
        self._methods_of: dict[str, list[Function]] = {}
        self._kinds_of: dict[str, dict[str, str]] = {}
        self._nodes: dict[int, Nodes] = {}
        self._reached: dict[tuple[str, str], dict[tuple[str, str], int]] = {}

    def _instantiated(self, call: ast.Call, values: dict[str, ast.expr]) -> None:
        called = decorator_name(call)
        first = call.args[0] if call.args else None
        if isinstance(first, ast.Name):
            if called == "instantiate_device_type_tests":
                self.device.add(first.id)
                if _for_npu(call, values):
                    self.npu_classes.add(first.id)
            elif called == "instantiate_parametrized_tests":
                self.parametrized.add(first.id)

    def scan(self) -> ModuleScan:
        cases: list[Case] = []
        refs: list[tuple[Ref, ...]] = []
        for cls, methods in self._test_classes():
            owner = self.classes[cls]
            for method in methods:
                if cls in self.device:
                    parametrized = cls in self.parametrized
                    case = device_case(cls, method, self.scope, parametrized, self.ops_names)
                else:
                    case = plain_case(cls, method, cls in self.parametrized)
                reached = dict(self._reach(cls, method.name))
                for fixture in _FIXTURES:
                    for key, line in self._reach(cls, fixture).items():
                        reached.setdefault(key, line)
                if case.ops:
                    for table in tables(method, self.ops_names, self.table_values, self.scope):
                        reached.setdefault((OPDB, table), method.lineno)
                    for guard, line in op_guards(method):
                        reached.setdefault((OPSKIP, guard), line)
                if cls in self.npu_classes:  # its `device` argument is the NPU's
                    reached.setdefault((RUNS_ON, NPU), method.lineno)
                cases.append(case)
                decorators = {decorator_name(d) for d in method.decorator_list}
                if "skip" in decorators or (cls in self.device and decorators & _ELSEWHERE):
                    refs.append(())  # `@unittest.skip(…)`, `@onlyCPU`: the NPU never runs it
                else:
                    refs.append(self._refs(reached, method, owner))
        for name, function in self.functions.items():
            if name.startswith("test"):
                cases.append(plain_case("", function, False))
                if "skip" in {decorator_name(d) for d in function.decorator_list}:
                    refs.append(())
                else:
                    refs.append(self._refs(self._reach("", name), function, None))
        return ModuleScan(tuple(cases), tuple(refs))

    @staticmethod
    def _refs(
        reached: dict[tuple[str, str], int], test: Function, owner: object
    ) -> tuple[Ref, ...]:
        found = [(kind, target, line) for (kind, target), line in reached.items()]
        stem = test.name.removeprefix("test_").removeprefix("test")
        if stem:
            found.append((OPINFO, stem, test.lineno))
        return tuple(sorted(found))

    def _test_classes(self) -> list[tuple[str, list[Function]]]:
        """Each class the runner runs, with its test methods (those of its
        bases in the module too, as unittest finds them)."""
        found: list[tuple[str, list[Function]]] = []
        for name in self.classes:
            methods = {m.name: m for m in self._methods(name) if m.name.startswith("test")}
            if methods:
                found.append((name, list(methods.values())))
        return found

    def _methods(self, cls: str, depth: int = 0) -> list[Function]:
        if cls not in self._methods_of:
            self._methods_of[cls] = self._methods_found(cls, depth)
        return self._methods_of[cls]

    def _methods_found(self, cls: str, depth: int) -> list[Function]:
        node = self.classes.get(cls)
        if node is None or depth > 4:
            return []
        own = [m for m in node.body if isinstance(m, Function)]
        named = {m.name for m in own}
        inherited: list[Function] = []
        for base in node.bases:
            if isinstance(base, ast.Name) and base.id != cls:
                inherited += [m for m in self._methods(base.id, depth + 1) if m.name not in named]
        return own + inherited

    def _method(self, cls: str, name: str) -> Function | None:
        if not cls:
            return self.functions.get(name)
        return next((m for m in self._methods(cls) if m.name == name), None)

    def _reach(self, cls: str, name: str) -> dict[tuple[str, str], int]:
        """What a method (or module function, `cls` "") reaches, with the
        helpers it calls, transitively; each (kind, target) at its first line."""
        key = (cls, name)
        if key in self._reached:
            return self._reached[key]
        self._reached[key] = {}  # a helper calling itself, or another in a circle
        function = self._method(cls, name)
        if function is None:
            return {}
        own, helpers, called = FunctionRefs(function, self, cls).collect()
        reached = dict(own)
        for owner, helper in helpers:
            for item, line in self._reach(owner, helper).items():
                reached.setdefault(item, line)
        for function_name in called:
            for item, line in self._reach("", function_name).items():
                reached.setdefault(item, line)
        self._reached[key] = reached
        return reached

    def nodes(self, function: Function) -> Nodes:
        """A function's nodes by what they are, parents first (walked once, kept)."""
        found = self._nodes.get(id(function))
        if found is None:
            found = self._nodes[id(function)] = walked(function)
        return found

    def self_kinds(self, cls: str) -> dict[str, str]:
        """`self.x = nn.Linear(...)` anywhere in the class: x's class."""
        if cls in self._kinds_of:
            return self._kinds_of[cls]
        kinds: dict[str, str] = self._kinds_of.setdefault(cls, {})
        for method in self._methods(cls):
            for node in self.nodes(method).binds:
                if isinstance(node, ast.Assign) and len(node.targets) == 1:
                    target = node.targets[0]
                    if (
                        isinstance(target, ast.Attribute)
                        and isinstance(target.value, ast.Name)
                        and target.value.id == "self"
                    ):
                        kind = made(node.value, self.scope, self.bases)
                        if kind is not None:
                            kinds[target.attr] = kind
        return kinds


def _imported(statement: ast.Import | ast.ImportFrom) -> set[str]:
    """The modules an import names: `a.b` and, of `from a import b`, `a.b` too."""
    if isinstance(statement, ast.Import):
        return {alias.name for alias in statement.names}
    module = statement.module or ""
    return {module, *(f"{module}.{alias.name}" for alias in statement.names)}


def _for_npu(call: ast.Call, values: dict[str, ast.expr]) -> bool:
    """Whether `instantiate_device_type_tests(...)` makes the class's NPU variant:
    no `only_for`, or one naming privateuse1 (or npu), and no `except_for` naming
    it. A device list the module does not spell out (`only_for=devices()`) is
    not taken to include the NPU."""
    given = {k.arg: k.value for k in call.keywords if k.arg}
    if "only_for" in given:
        named = _device_types(given["only_for"], values)
        if named is None or not named & _NPU_TYPES:
            return False
    if "except_for" in given:
        named = _device_types(given["except_for"], values)
        if named is None or named & _NPU_TYPES:
            return False
    return True


def _device_types(value: ast.expr, values: dict[str, ast.expr], depth: int = 0) -> set[str] | None:
    """The device types a literal spells (`"cpu"`, `("cpu", "npu")`, a name bound to
    one, either side of `a if c else b`), lower-cased; None for anything else."""
    if depth > 4:
        return None
    if isinstance(value, ast.Constant) and isinstance(value.value, str):
        return {value.value.lower()}
    if isinstance(value, ast.Constant) and value.value is None:
        return set()
    if isinstance(value, ast.Name) and value.id in values:
        return _device_types(values[value.id], values, depth + 1)
    if isinstance(value, ast.IfExp):
        sides = [_device_types(side, values, depth + 1) for side in (value.body, value.orelse)]
        return None if None in sides else set().union(*(s for s in sides if s is not None))
    if isinstance(value, ast.Tuple | ast.List | ast.Set):
        found: set[str] = set()
        for element in value.elts:
            each = _device_types(element, values, depth + 1)
            if each is None:
                return None
            found |= each
        return found
    return None
