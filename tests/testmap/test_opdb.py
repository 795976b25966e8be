"""torch's OpInfo tables read statically, and an `@ops` test linked to the
ops of the tables it runs over, by the variants it uses."""

from __future__ import annotations

import textwrap
from pathlib import Path

from checker.testmap.documented import Documented
from checker.testmap.links import table_links
from checker.testmap.modules import scan
from checker.testmap.opdb import OpDb, read_op_db
from tests.helpers import REPO

TORCH = REPO / "tests/fixtures/testmap/torch-src/torch"
APIS = [
    "torch.abs",
    "torch.absolute",
    "torch.Tensor.abs",
    "torch.Tensor.abs_",
    "torch.Tensor.absolute",
    "torch.gt",
    "torch.greater",
    "torch.Tensor.gt",
    "torch.linalg.norm",
    "torch.special.erf",
    "torch.frobnicate",
]


def db() -> OpDb:
    found = read_op_db(TORCH)
    assert found is not None
    return found


def test_the_tables_are_read_with_their_definitions_and_sums() -> None:
    tables = db().tables
    names = [entry.name for entry in tables["op_db"]]
    assert names == ["abs", "gt", "frobnicate", "linalg.norm", "special.erf"]
    # op_db + python_ref_db: the references name nothing documented
    assert [e.name for e in tables["ops_and_refs"]] == names
    # [op for op in ops_and_refs if isinstance(op, UnaryUfuncInfo)]: a subclass's entries
    assert [e.name for e in tables["unary_ufuncs"]] == ["abs", "special.erf"]
    # any other filter is a subset no static reading can tell
    assert "autograd_ops" not in tables


def test_an_entry_has_its_variants_unless_it_says_otherwise() -> None:
    by_name = {entry.name: entry for entry in db().entries("op_db")}
    abs_ = by_name["abs"]
    assert (abs_.function, abs_.method, abs_.inplace, abs_.aliases) == (
        "torch.abs",
        "torch.Tensor.abs",
        "torch.Tensor.abs_",
        ("absolute",),
    )
    own = by_name["frobnicate"]  # op=lambda …, method_variant=None
    assert (own.function, own.method, own.inplace) == (None, None, None)
    norm = by_name["linalg.norm"]  # a namespace's op has no method
    assert (norm.function, norm.method) == ("torch.linalg.norm", None)


def test_the_tables_are_cached_by_the_files_content(tmp_path: Path) -> None:
    first = read_op_db(TORCH, tmp_path)
    assert list(tmp_path.glob("op-db-*.json"))
    assert read_op_db(TORCH, tmp_path) == first


def test_a_torch_without_tables_has_none(tmp_path: Path) -> None:
    assert read_op_db(tmp_path) is None


def links(source: str) -> set[tuple[str, str]]:
    module = scan(textwrap.dedent(source))
    found: set[tuple[str, str]] = set()
    for case, refs in zip(module.cases, module.refs, strict=True):
        if case.ops:
            for link in table_links("t.py", case, refs, db(), Documented(APIS)):
                assert link.kind == "opinfo" and not link.exact
                found.add((link.test.split("::", 1)[1], link.api))
    return found


HEAD = """
    import functools
    from torch.testing._internal.common_device_type import instantiate_device_type_tests, ops
    from torch.testing._internal.common_methods_invocations import op_db, unary_ufuncs
    from torch.testing._internal.common_utils import TestCase
"""


def test_an_ops_test_that_calls_its_op_reaches_each_function_of_the_table() -> None:
    found = links(
        HEAD
        + """
    class TestFoo(TestCase):
        @ops(unary_ufuncs)
        def test_it(self, device, dtype, op):
            for sample in op.sample_inputs(device, dtype):
                op(sample.input)

    instantiate_device_type_tests(TestFoo, globals())
    """
    )
    assert found == {
        ("TestFooPRIVATEUSE1::test_it_abs", "torch.abs"),
        ("TestFooPRIVATEUSE1::test_it_special_erf", "torch.special.erf"),
    }


def test_the_method_and_alias_variants_only_when_the_test_names_them() -> None:
    found = links(
        HEAD
        + """
    _variant_ops = functools.partial(ops, dtypes=None)
    _all = op_db + []

    class TestFoo(TestCase):
        @_variant_ops(_all)
        def test_it(self, device, dtype, op):
            self._check(op, [op.method_variant, op.inplace_variant, *op.aliases])

        def _check(self, op, variants):
            op(1)

    instantiate_device_type_tests(TestFoo, globals())
    """
    )
    assert {api for _, api in found} == {
        "torch.abs",
        "torch.Tensor.abs",
        "torch.Tensor.abs_",
        "torch.absolute",
        "torch.Tensor.absolute",
        "torch.gt",
        "torch.Tensor.gt",
        "torch.greater",
        "torch.linalg.norm",
        "torch.special.erf",
    }


def test_a_filtered_table_links_nothing() -> None:
    found = links(
        HEAD
        + """
    class TestFoo(TestCase):
        @ops([op for op in op_db if op.supports_autograd])
        def test_it(self, device, dtype, op):
            op(1)

    instantiate_device_type_tests(TestFoo, globals())
    """
    )
    assert found == set()


def test_a_test_that_skips_itself_on_a_flag_runs_only_the_entries_it_keeps() -> None:
    found = links(
        HEAD
        + """
    class TestFoo(TestCase):
        @ops(op_db)
        def test_it(self, device, dtype, op):
            if not op.supports_autograd:
                self.skipTest("no autograd")
            op(1)

        @ops(op_db)
        def test_other(self, device, dtype, op):
            if op.supports_autograd:
                self.skipTest("only those without autograd")
            op(1)

        @ops(op_db)
        def test_grad(self, device, dtype, op):
            self._skip_helper(op, device, dtype)
            op(1)

    instantiate_device_type_tests(TestFoo, globals())
    """
    )
    # gt says supports_autograd=False; the others take OpInfo's default, True
    assert {(test.split("::")[1].split("_")[1], api) for test, api in found} == {
        ("it", "torch.abs"),
        ("it", "torch.linalg.norm"),
        ("it", "torch.special.erf"),
        ("other", "torch.gt"),
        ("grad", "torch.abs"),
        ("grad", "torch.linalg.norm"),
        ("grad", "torch.special.erf"),
    }


def test_a_skipped_test_or_one_for_another_device_reaches_nothing_on_the_npu() -> None:
    module = scan(
        textwrap.dedent(
            HEAD
            + """
    import unittest
    import torch
    from torch.testing._internal.common_device_type import onlyCPU

    class TestFoo(TestCase):
        @onlyCPU
        def test_abs(self, device):
            torch.abs(torch.ones(1))

        @unittest.skip("not yet")
        def test_neg(self, device):
            torch.neg(torch.ones(1))

    instantiate_device_type_tests(TestFoo, globals())
    """
        )
    )
    assert module.refs == ((), ())
