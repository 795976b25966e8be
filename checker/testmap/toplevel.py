"""What a test module binds at its top, read once for all its tests
(checker.testmap.modules): the names bound once to an expression (as `@ops`
may name them), the values that name torch APIs, and the classes with a torch
class among their ancestors."""

from __future__ import annotations

import ast

from checker.testmap.scopes import Scope, dotted
from checker.testmap.walk import walked


def assigned(body: list[ast.stmt]) -> dict[str, ast.expr]:
    """The module's names bound once at its top to an expression."""
    return {
        s.targets[0].id: s.value
        for s in body
        if isinstance(s, ast.Assign) and len(s.targets) == 1 and isinstance(s.targets[0], ast.Name)
    }


def global_values(body: list[ast.stmt], scope: Scope) -> dict[str, list[tuple[str, int]]]:
    """A module-level name bound to a value that names torch APIs (a list
    of optimizers, a table of ops): the dotted names in it, which a test
    using the name reaches."""
    values: dict[str, list[tuple[str, int]]] = {}
    for statement in body:
        if not isinstance(statement, ast.Assign) or len(statement.targets) != 1:
            continue
        target = statement.targets[0]
        if not isinstance(target, ast.Name) or target.id in scope.aliases:
            continue
        names: list[tuple[str, int]] = []
        for node in walked(statement.value).names:
            named = dotted(node, scope)
            if named is not None:
                names.append((named, getattr(node, "lineno", statement.lineno)))
        if names:
            values[target.id] = names
    return values


def torch_bases(classes: dict[str, ast.ClassDef], scope: Scope) -> dict[str, str]:
    """Each class of the module with a torch class among its ancestors: that class."""
    bases: dict[str, str] = {}
    for _ in range(4):  # a chain of the module's own classes, a few deep
        for name, node in classes.items():
            for base in node.bases:
                found = dotted(base, scope)
                if found is None and isinstance(base, ast.Name):
                    found = bases.get(base.id)
                if found is not None:
                    bases.setdefault(name, found)
                    break
    return bases
