"""Test cases named as the test runner names them, so that they match the
NPU disabled-test lists: a plain unittest method is `Class::test_x`; a class
given to `instantiate_device_type_tests` runs as `ClassPRIVATEUSE1` (the NPU
is PyTorch's privateuse1 backend), each test as `test_x_npu`, with a dtype
suffix per `@dtypes(...)` (`test_x_npu_float32`); `@parametrize`d and `@ops`
tests get suffixes that a static reading cannot list (they are `open`)."""

from __future__ import annotations

import ast
from dataclasses import dataclass

from checker.testmap.scopes import Scope, dotted

DEVICE_CLASS = "PRIVATEUSE1"  # instantiate_device_type_tests' suffix for the NPU's backend
DEVICE = "npu"
# the decorators that run a test once per entry of a table: an OpInfo (`@ops`) or a
# ModuleInfo (`@modules`: `test_forward_nn_Linear_npu_float32`)
OPS = frozenset(("ops", "modules"))
# str(torch.<name>) for the dtypes torch spells twice: the runner names the canonical one
_DTYPES = {
    "float": "float32",
    "double": "float64",
    "half": "float16",
    "cfloat": "complex64",
    "cdouble": "complex128",
    "chalf": "complex32",
    "long": "int64",
    "int": "int32",
    "short": "int16",
}
_CANONICAL = frozenset(
    [
        "float16",
        "float32",
        "float64",
        "bfloat16",
        "complex32",
        "complex64",
        "complex128",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "bool",
    ]
)


@dataclass(frozen=True)
class Case:
    """A test case as the runner names it, with its variants."""

    cls: str  # the class the runner names ("" for a module-level test function)
    name: str  # the runner's name, or the stem its suffixes follow (`open`)
    line: int
    variants: tuple[str, ...] = ()  # suffixes, one case each (`_float32`); () the name alone
    open: bool = False  # suffixes not listed here: any `name_…` of the class is one of its cases
    ops: bool = False  # an @ops test: `name_{op}_npu…` names the op it ran

    def names(self) -> tuple[str, ...]:
        """The runner's names of its listed cases."""
        return tuple(self.name + v for v in self.variants) if self.variants else (self.name,)

    def matches(self, name: str) -> bool:
        """Whether the runner's test `name` is one of its cases."""
        return name in self.names() or (self.open and name.startswith(self.name + "_"))


def decorator_name(decorator: ast.expr) -> str:
    """`dtypes` for `@dtypes(...)`, `@common_device_type.dtypes(...)`, `@dtypes`."""
    node = decorator.func if isinstance(decorator, ast.Call) else decorator
    if isinstance(node, ast.Attribute):
        return node.attr
    return node.id if isinstance(node, ast.Name) else ""


def device_case(
    cls: str,
    test: ast.FunctionDef | ast.AsyncFunctionDef,
    scope: Scope,
    parametrized: bool,
    ops_names: frozenset[str] = OPS,
) -> Case:
    """A test of a device-generic class, as the NPU's instantiated class runs it;
    `ops_names`: the decorators that are `ops` (`_variant_ops = partial(ops, …)`)."""
    runner = cls + DEVICE_CLASS
    decorators = {decorator_name(d): d for d in test.decorator_list}
    ops = any(name in decorators for name in ops_names)
    opened = ops or "parametrize" in decorators or (parametrized and "parametrize" in decorators)
    if opened:
        return Case(runner, test.name, test.lineno, open=True, ops=ops)
    chosen = decorators.get("dtypesIfPRIVATEUSE1") or decorators.get("dtypes")
    if chosen is None:
        return Case(runner, f"{test.name}_{DEVICE}", test.lineno)
    names = _dtype_names(chosen, scope)
    if names is None:
        return Case(runner, f"{test.name}_{DEVICE}", test.lineno, open=True)
    return Case(runner, f"{test.name}_{DEVICE}", test.lineno, tuple(f"_{n}" for n in names))


def plain_case(cls: str, test: ast.FunctionDef | ast.AsyncFunctionDef, parametrized: bool) -> Case:
    """A unittest (or module-level) test; `@parametrize`d ones are open."""
    opened = parametrized and any(decorator_name(d) == "parametrize" for d in test.decorator_list)
    return Case(cls, test.name, test.lineno, open=opened)


def _dtype_names(decorator: ast.expr, scope: Scope) -> tuple[str, ...] | None:
    """`@dtypes(torch.float, torch.int64)` as ("float32", "int64"); None when
    an argument is no single dtype spelt out (`*floating_types()`, a tuple)."""
    if not isinstance(decorator, ast.Call) or not decorator.args or decorator.keywords:
        return None
    names: list[str] = []
    for argument in decorator.args:
        spelt = dotted(argument, scope)
        if spelt is None or not spelt.startswith("torch.") or spelt.count(".") != 1:
            return None
        name = spelt.split(".")[1]
        name = _DTYPES.get(name, name)
        if name not in _CANONICAL:
            return None
        names.append(name)
    return tuple(dict.fromkeys(names))
