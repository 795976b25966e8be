"""What a name means in a test module, statically: the imports and their
aliases (`import torch.nn as nn`, `from torch import nn as N`), names bound
by assignment (`F = torch.nn.functional`, `add = torch.add`) and objects
made by a constructor or annotated (`m = nn.Linear(2, 2)`, `t: torch.Tensor`),
in the module and in one function. Nothing is imported."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field

# The roots whose names can be documented APIs (torch_npu spells torch.npu too).
ROOTS = ("torch", "torch_npu")
# Calls whose result is a tensor: what a method called on it is a method of.
_TENSOR_MAKERS = frozenset(
    [
        "tensor",
        "randn",
        "rand",
        "randint",
        "zeros",
        "ones",
        "empty",
        "full",
        "arange",
        "linspace",
        "eye",
        "randn_like",
        "rand_like",
        "zeros_like",
        "ones_like",
        "empty_like",
        "full_like",
        "as_tensor",
        "from_numpy",
        "cat",
        "stack",
    ]
)
TENSOR = "torch.Tensor"
# between the classes of an object made by calling one of several (`for cls in (SGD, Adam)`)
EITHER = "|"
# a tensor's (or storage's) method whose result is of a documented class:
# `t.storage().data_ptr()`; a typed storage's untyped view is an UntypedStorage
RETURNS = {
    "untyped_storage": "torch.UntypedStorage",
    "storage": "torch.TypedStorage",
    "untyped": "torch.UntypedStorage",
}


@dataclass
class Scope:
    """Names bound to a dotted name (`aliases`) or to an object of a known
    class (`kinds`); a function's scope falls back on its module's."""

    aliases: dict[str, str] = field(default_factory=dict)
    kinds: dict[str, str] = field(default_factory=dict)
    plain: set[str] = field(default_factory=set)  # bound to a literal: no tensor, no API
    unknown: set[str] = field(default_factory=set)  # bound to something else: not the module's
    # bound to a list of torch classes, or a loop's name to each of them in turn
    classes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    parent: Scope | None = None

    def choices(self, name: str) -> tuple[str, ...]:
        """The torch classes `name` stands for, one at a time (a loop over a
        list of classes); () when it is bound to anything else."""
        scope = self._binding(name)
        return scope.classes.get(name, ()) if scope else ()

    def alias(self, name: str) -> str | None:
        scope = self._binding(name)
        return scope.aliases.get(name) if scope else None

    def kind(self, name: str) -> str | None:
        scope = self._binding(name)
        return scope.kinds.get(name) if scope else None

    def is_plain(self, name: str) -> bool:
        scope = self._binding(name)
        return scope is not None and name in scope.plain

    def _binding(self, name: str) -> Scope | None:
        """The nearest scope that binds `name`, as whatever it is: a name a
        function binds hides its module's of the same name."""
        scope: Scope | None = self
        while scope is not None:
            if (
                name in scope.aliases
                or name in scope.kinds
                or name in scope.plain
                or name in scope.unknown
                or name in scope.classes
            ):
                return scope
            scope = scope.parent
        return None

    def bind(self, statement: ast.stmt, classes: dict[str, str] | None = None) -> None:
        """What an import, an assignment or an annotation binds here."""
        if isinstance(statement, ast.Import):
            for alias in statement.names:
                if alias.asname:
                    self.aliases[alias.asname] = alias.name
                else:
                    top = alias.name.split(".")[0]
                    self.aliases[top] = top
        elif isinstance(statement, ast.ImportFrom):
            if statement.level or not statement.module:
                return
            for alias in statement.names:
                if alias.name != "*":
                    self.aliases[alias.asname or alias.name] = f"{statement.module}.{alias.name}"
        elif isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            self._assign(statement.targets[0], statement.value, classes)
        elif isinstance(statement, ast.For) and isinstance(statement.target, ast.Name):
            # `for optim_cls in (SGD, Adam):` or over a list of classes named before
            found = self._classes_in(statement.iter)
            if found:
                self._forget(statement.target.id)
                self.classes[statement.target.id] = found
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            kind = dotted(statement.annotation, self)
            if kind is not None:
                self._forget(statement.target.id)
                self.kinds[statement.target.id] = kind
            if statement.value is not None:
                self._assign(statement.target, statement.value, classes)

    def _classes_in(self, value: ast.expr) -> tuple[str, ...]:
        """The torch classes a literal list or tuple names, each element one
        (`[Adadelta, AdamW]`), or a name bound to such a list; else ()."""
        if isinstance(value, ast.Name):
            return self.choices(value.id)
        if not isinstance(value, ast.List | ast.Tuple) or not value.elts:
            return ()
        found: list[str] = []
        for element in value.elts:
            named = dotted(element, self)
            if named is None or not named.rsplit(".", 1)[-1][:1].isupper():
                return ()
            found.append(named)
        return tuple(dict.fromkeys(found))

    def _assign(self, target: ast.expr, value: ast.expr, classes: dict[str, str] | None) -> None:
        if not isinstance(target, ast.Name):
            return
        name = target.id
        listed = self._classes_in(value) if isinstance(value, ast.List | ast.Tuple) else ()
        self._forget(name)
        if listed:
            self.classes[name] = listed
            return
        named = dotted(value, self)
        if named is not None:
            self.aliases[name] = named
            return
        kind = made(value, self, classes)
        if kind is not None:
            self.kinds[name] = kind
        elif isinstance(value, ast.Constant | ast.List | ast.Dict | ast.Set | ast.JoinedStr):
            self.plain.add(name)
        else:
            self.unknown.add(name)

    def _forget(self, name: str) -> None:
        self.aliases.pop(name, None)
        self.kinds.pop(name, None)
        self.plain.discard(name)
        self.unknown.discard(name)
        self.classes.pop(name, None)


def chain(node: ast.expr) -> list[str] | None:
    """`a.b.c` as ["a", "b", "c"]; None for anything but names and attributes."""
    parts: list[str] = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    if not isinstance(node, ast.Name):
        return None
    parts.append(node.id)
    return parts[::-1]


def dotted(node: ast.expr, scope: Scope) -> str | None:
    """The dotted name an expression of names and attributes spells, through
    the scope's aliases, when it is rooted in torch or torch_npu."""
    parts = chain(node)
    if parts is None:
        return None
    root = scope.alias(parts[0])
    if root is None:
        return None
    name = ".".join([root, *parts[1:]])
    return name if name.split(".")[0] in ROOTS else None


def made(value: ast.expr, scope: Scope, classes: dict[str, str] | None = None) -> str | None:
    """The class of what `value` makes: a constructor's, a tensor maker's
    (`torch.randn(...)` is a torch.Tensor), or a class of the module's own
    (`classes`: its name -> the dotted name of its nearest torch base)."""
    if not isinstance(value, ast.Call):
        return None
    called = dotted(value.func, scope)
    if called is not None:
        last = called.rsplit(".", 1)[-1]
        if last[:1].isupper():
            return called
        if last in _TENSOR_MAKERS:
            return TENSOR
        return None
    if isinstance(value.func, ast.Name):
        each = scope.choices(value.func.id)  # `opt = optim_cls(params)` in a loop over classes
        if each:
            return EITHER.join(each)
        return classes.get(value.func.id) if classes else None
    if isinstance(value.func, ast.Attribute) and not value.args:
        return RETURNS.get(value.func.attr)
    return None
