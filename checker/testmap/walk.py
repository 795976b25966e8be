"""A function's nodes walked once, sorted by what a reading looks at, and a
module's top-level statements (checker.testmap.modules)."""

from __future__ import annotations

import ast
from dataclasses import dataclass


@dataclass
class Nodes:
    """A function's nodes that a reading looks at, each kind in walk order
    (parents first), gathered in one walk."""

    binds: list[ast.Import | ast.ImportFrom | ast.Assign | ast.AnnAssign | ast.For]
    withs: list[ast.withitem]
    calls: list[ast.Call]
    names: list[ast.Attribute | ast.Name]
    classes: list[ast.ClassDef]  # defined inside the function


_BINDS = frozenset((ast.Import, ast.ImportFrom, ast.Assign, ast.AnnAssign, ast.For))
# what no reading looks into: a name's context, positions, constants
_LEAVES = frozenset((ast.Load, ast.Store, ast.Del, int, str, type(None), ast.Constant))


def walked(root: ast.AST) -> Nodes:
    """ast.walk's nodes, sorted by kind as they come, without its generators
    (which cost a third of the time)."""
    nodes = Nodes([], [], [], [], [])
    binds, withs, calls, names = nodes.binds, nodes.withs, nodes.calls, nodes.names
    attribute, name, call, withitem = ast.Attribute, ast.Name, ast.Call, ast.withitem
    class_def = ast.ClassDef
    found: list[ast.AST] = [root]
    index = 0
    node_type = ast.AST
    # a function's decorators decide whether and how it runs (`@skipIf(not TEST_NPU)`,
    # `@dtypes(...)`): what they name, the test does not exercise
    decorators = getattr(root, "decorator_list", None)
    while index < len(found):
        node = found[index]
        index += 1
        kind = type(node)
        if kind is attribute or kind is name:
            names.append(node)  # type: ignore[arg-type]
        elif kind is call:
            calls.append(node)  # type: ignore[arg-type]
        elif kind in _BINDS:
            binds.append(node)  # type: ignore[arg-type]
        elif kind is withitem:
            withs.append(node)  # type: ignore[arg-type]
        elif kind is class_def and node is not root:
            nodes.classes.append(node)  # type: ignore[arg-type]
        for value in node.__dict__.values():  # the fields, and positions (ints) and ctx
            kind = type(value)
            if kind is list:
                if value is not decorators:
                    found.extend(item for item in value if isinstance(item, node_type))
            elif kind not in _LEAVES and isinstance(value, node_type):
                found.append(value)
    return nodes


def top_level(body: list[ast.stmt]) -> list[ast.stmt]:
    """The module's statements, with those inside a top-level if/try/with."""
    found: list[ast.stmt] = []
    for statement in body:
        found.append(statement)
        if isinstance(statement, ast.If | ast.With):
            found += top_level(statement.body)
            if isinstance(statement, ast.If):
                found += top_level(statement.orelse)
        elif isinstance(statement, ast.Try):
            for block in (statement.body, statement.orelse, statement.finalbody):
                found += top_level(block)
            for handler in statement.handlers:
                found += top_level(handler.body)
    return found
