"""An `@ops` test (checker.testmap.cases): the OpInfo tables it runs over,
as its decorator names them, and the flags of the op it is given that it
skips on (checker.testmap.links matches both against the tables' entries)."""

from __future__ import annotations

import ast
from collections.abc import Mapping, Set

from checker.testmap.cases import decorator_name
from checker.testmap.refs import AUTOGRAD, Function
from checker.testmap.scopes import Scope, dotted

# where torch's test suite keeps its OpInfo tables (checker.testmap.opdb reads them)
OPINFO_MODULES = ("torch.testing._internal.common_methods_invocations.",)


def tables(
    test: Function, ops_names: Set[str], table_values: Mapping[str, ast.expr], scope: Scope
) -> list[str]:
    """The OpInfo tables an `@ops(...)` test runs over, when its argument
    names whole tables (`op_db`, `op_db + python_ref_db`, a module name
    bound to such a sum): a filtered table (`[op for op in op_db if …]`,
    `filter(…)`) is a subset a static reading cannot tell, so none."""
    for decorator in test.decorator_list:
        if (
            decorator_name(decorator) in ops_names
            and isinstance(decorator, ast.Call)
            and decorator.args
        ):
            return _table_names(decorator.args[0], 0, table_values, scope) or []
    return []


def _table_names(
    node: ast.expr, depth: int, values: Mapping[str, ast.expr], scope: Scope
) -> list[str] | None:
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left = _table_names(node.left, depth, values, scope)
        right = _table_names(node.right, depth, values, scope)
        if left is None and right is None:
            return None
        return (left or []) + (right or [])  # `op_db + [local_info]`: the table's ops
    if isinstance(node, ast.List | ast.Tuple) and not node.elts:
        return []
    named = dotted(node, scope)
    if named is not None:
        for module in OPINFO_MODULES:
            if named.startswith(module) and "." not in named[len(module) :]:
                return [named[len(module) :]]
        return None
    if isinstance(node, ast.Name) and depth < 4:
        value = values.get(node.id)
        return _table_names(value, depth + 1, values, scope) if value is not None else None
    return None


def op_guards(test: Function) -> list[tuple[str, int]]:
    """The test's own skips on a flag of the OpInfo it is given: `if
    op.supports_gradgrad: self.skipTest(…)` runs only the entries without the
    flag ("supports_gradgrad"), `if not op.test_neg_view: …` only those with
    it ("!test_neg_view")."""
    found: list[tuple[str, int]] = []
    for statement in test.body:
        if (
            isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Call)
            and decorator_name(statement.value) == "_skip_helper"
        ):  # torch's TestGradients: skips an op with neither autograd nor forward AD
            found.append((AUTOGRAD, statement.lineno))
        if not isinstance(statement, ast.If) or not _skips(statement.body):
            continue
        condition, negated = statement.test, False
        if isinstance(condition, ast.UnaryOp) and isinstance(condition.op, ast.Not):
            condition, negated = condition.operand, True
        if (
            isinstance(condition, ast.Attribute)
            and isinstance(condition.value, ast.Name)
            and condition.value.id == "op"
        ):
            found.append((("!" if negated else "") + condition.attr, statement.lineno))
    return found


def _skips(body: list[ast.stmt]) -> bool:
    """Whether a block skips the test: `self.skipTest(…)`, `raise unittest.SkipTest(…)`."""
    for statement in body:
        if isinstance(statement, ast.Raise) and statement.exc is not None:
            exc = statement.exc.func if isinstance(statement.exc, ast.Call) else statement.exc
            if decorator_name(exc) == "SkipTest":
                return True
        if (
            isinstance(statement, ast.Expr)
            and isinstance(statement.value, ast.Call)
            and decorator_name(statement.value) == "skipTest"
        ):
            return True
    return False
