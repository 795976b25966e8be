"""A test module read statically: names resolved through imports and
aliases, methods on objects of known classes, device-generic names, helpers."""

from __future__ import annotations

import textwrap

import pytest

from checker.testmap.cases import Case
from checker.testmap.documented import Documented
from checker.testmap.links import links_of
from checker.testmap.modules import ModuleScan, scan


def scanned(source: str) -> ModuleScan:
    return scan(textwrap.dedent(source))


def reached(source: str, test: str = "test_it") -> set[tuple[str, str]]:
    module = scanned(source)
    for case, refs in zip(module.cases, module.refs, strict=True):
        if case.name.startswith(test):
            return {(kind, target) for kind, target, _ in refs}
    raise AssertionError(f"no case {test}: {module.cases}")


def linked(source: str, apis: list[str]) -> set[tuple[str, str, str]]:
    """(test, api, kind) of each link to `apis`."""
    return {
        (link.test.split("::", 1)[1], link.api, link.kind)
        for link in links_of("t.py", scanned(source), Documented(apis))
    }


def test_an_import_alias_and_a_from_import_alias_resolve() -> None:
    found = reached(
        """
        import torch.nn.functional as F
        from torch import nn as N

        class T(TestCase):
            def test_it(self):
                F.relu(N.Linear(2, 2).weight)
        """
    )
    assert ("call", "torch.nn.functional.relu") in found
    assert ("call", "torch.nn.Linear") in found


def test_a_name_bound_by_assignment_in_the_module_or_the_test_resolves() -> None:
    found = reached(
        """
        import torch
        absolute = torch.abs

        class T(TestCase):
            def test_it(self):
                add = torch.add
                add(absolute(x), 1)
        """
    )
    assert {("call", "torch.abs"), ("call", "torch.add")} <= found


def test_a_name_rebound_to_something_else_is_not_the_api() -> None:
    found = reached(
        """
        import torch

        class T(TestCase):
            def test_it(self):
                torch = object()
                torch.add(1)
        """
    )
    assert ("call", "torch.add") not in found


def test_a_method_on_a_constructed_object_is_its_class_method() -> None:
    found = reached(
        """
        import torch

        class T(TestCase):
            def test_it(self):
                opt = torch.optim.SGD([], lr=0.1)
                opt.step()
                torch.randn(2).abs()
        """
    )
    assert ("method", "torch.optim.SGD.step") in found
    assert ("method", "torch.Tensor.abs") in found


def test_an_annotation_gives_the_class_and_an_unknown_object_only_a_name() -> None:
    found = reached(
        """
        import torch

        def hook(state, bucket: torch.distributed.GradBucket):
            return bucket.buffer()

        class T(TestCase):
            def test_it(self):
                model.register_comm_hook(None, hook)
                thing.frobnicate()
        """
    )
    assert ("method", "torch.distributed.GradBucket.buffer") in found  # through the hook
    assert ("name", "frobnicate") in found


def test_a_helper_and_setup_are_what_the_test_reaches_too() -> None:
    found = reached(
        """
        import torch

        class T(TestCase):
            def setUp(self):
                torch.manual_seed(0)

            def _check(self):
                torch.sort(x)

            def test_it(self):
                self._check()
        """
    )
    assert {("call", "torch.sort"), ("call", "torch.manual_seed")} <= found


def test_a_device_generic_class_is_named_as_the_runner_names_it() -> None:
    module = scanned(
        """
        import torch
        from torch.testing._internal.common_device_type import dtypes, ops
        from torch.testing._internal.common_device_type import instantiate_device_type_tests

        class TestFoo(TestCase):
            @dtypes(torch.float, torch.half)
            def test_exponential(self, device, dtype):
                pass

            def test_plain(self, device):
                pass

            @dtypes(*floating_types())
            def test_many(self, device, dtype):
                pass

            @ops(op_db)
            def test_op(self, device, dtype, op):
                pass

        instantiate_device_type_tests(TestFoo, globals(), only_for="privateuse1")
        """
    )
    assert module.cases == (
        Case("TestFooPRIVATEUSE1", "test_exponential_npu", 8, ("_float32", "_float16")),
        Case("TestFooPRIVATEUSE1", "test_plain_npu", 11),
        Case("TestFooPRIVATEUSE1", "test_many_npu", 15, open=True),
        Case("TestFooPRIVATEUSE1", "test_op", 19, open=True, ops=True),
    )
    assert module.cases[0].names() == (
        "test_exponential_npu_float32",
        "test_exponential_npu_float16",
    )


def test_a_parametrized_class_has_open_cases_and_a_plain_class_its_own_name() -> None:
    module = scanned(
        """
        class TestAdd(TestCase):
            @parametrize("shape", [1, 2])
            def test_config(self, shape):
                pass

            def test_plain(self):
                pass

        instantiate_parametrized_tests(TestAdd)
        """
    )
    assert [(c.cls, c.name, c.open) for c in module.cases] == [
        ("TestAdd", "test_config", True),
        ("TestAdd", "test_plain", False),
    ]
    assert module.cases[0].matches("test_config_shape_1")
    assert not module.cases[1].matches("test_plain_x")


def test_links_spell_torch_npu_as_torch_cuda_and_find_short_class_names() -> None:
    found = linked(
        """
        import torch_npu
        from torch.distributions import Normal

        class T(TestCase):
            def test_it(self):
                torch_npu.npu.synchronize()
                Normal(0, 1).log_prob(0)
        """,
        [
            "torch.cuda.synchronize",
            "torch.distributions.normal.Normal",
            "torch.distributions.normal.Normal.log_prob",
        ],
    )
    assert found == {
        ("T::test_it", "torch.cuda.synchronize", "call"),
        ("T::test_it", "torch.distributions.normal.Normal", "call"),
        ("T::test_it", "torch.distributions.normal.Normal.log_prob", "method"),
    }


def test_a_test_name_names_its_op_and_a_method_by_name_is_torch_tensors() -> None:
    found = linked(
        """
        class T(TestCase):
            def test_nan_to_num_bfloat16(self):
                x.clamp_(0)

            def test_type_promotion(self):
                pass
        """,
        ["torch.nan_to_num", "torch.Tensor.clamp_", "torch.Tensor.type"],
    )
    assert found == {
        ("T::test_nan_to_num_bfloat16", "torch.nan_to_num", "opinfo"),
        ("T::test_nan_to_num_bfloat16", "torch.Tensor.clamp_", "method"),
    }


def test_a_dtype_family_links_each_runner_name() -> None:
    found = linked(
        """
        import torch
        class TestFoo(TestCase):
            @dtypes(torch.float32, torch.float64)
            def test_exponential(self, device, dtype):
                pass
        instantiate_device_type_tests(TestFoo, globals())
        """,
        ["torch.Tensor.exponential_"],
    )
    assert found == {
        ("TestFooPRIVATEUSE1::test_exponential_npu_float32", "torch.Tensor.exponential_", "opinfo"),
        ("TestFooPRIVATEUSE1::test_exponential_npu_float64", "torch.Tensor.exponential_", "opinfo"),
    }


def test_a_module_that_does_not_parse_raises_a_syntax_error() -> None:
    with pytest.raises(SyntaxError):
        scan("def (:\n")


def test_a_function_called_through_its_defining_module_is_the_documented_one() -> None:
    found = linked(
        """
        import torch
        from torch.distributed.elastic.metrics import api

        class T(TestCase):
            def _put(self):
                api.put_metric("m", 1, "group")

            def test_it(self):
                self._put()
                torch.linalg.norm(x)
        """,
        ["torch.distributed.elastic.metrics.put_metric", "torch.norm"],
    )
    assert found == {("T::test_it", "torch.distributed.elastic.metrics.put_metric", "call")}


def test_a_helper_named_through_its_class_is_reached() -> None:
    found = reached(
        """
        import torch.distributed.rpc as rpc

        class TestRpc(TestCase):
            @classmethod
            def _worker(cls, rank):
                rpc.rpc_sync("worker1", len)

            def test_it(self):
                mp.spawn(TestRpc._worker, nprocs=2)
        """
    )
    assert ("call", "torch.distributed.rpc.rpc_sync") in found


def test_what_a_decorator_names_is_not_what_the_test_exercises() -> None:
    found = reached(
        """
        import torch
        import unittest
        RUN_NPU = torch.npu.is_available()

        class T(TestCase):
            @unittest.skipIf(not RUN_NPU, "requires npu")
            def test_it(self):
                torch.abs(x)
        """
    )
    assert ("call", "torch.abs") in found
    assert ("call", "torch.npu.is_available") not in found


def test_a_class_fixture_reaches_what_each_of_its_tests_reach() -> None:
    found = linked(
        """
        from torch.distributed.elastic.rendezvous.etcd_server import EtcdServer
        from unittest import TestCase

        class TestEtcd(TestCase):
            @classmethod
            def setUpClass(cls):
                cls.server = EtcdServer()

            def test_it(self):
                pass
        """,
        ["torch.distributed.elastic.rendezvous.etcd_server.EtcdServer"],
    )
    assert found == {
        ("TestEtcd::test_it", "torch.distributed.elastic.rendezvous.etcd_server.EtcdServer", "call")
    }


def test_an_object_made_by_each_class_of_a_list_has_each_class() -> None:
    apis = ["torch.optim.SGD", "torch.optim.SparseAdam", "torch.optim.SparseAdam.step"]
    apis += ["torch.optim.SGD.step", "torch.nn.Linear", "torch.nn.ReLU", "torch.nn.ReLU.forward"]
    source = """
        import torch
        from torch.optim import SGD, SparseAdam
        from torch import nn

        def test_it():
            optimizers = [SGD, SparseAdam]
            for optim_cls in optimizers:
                opt = optim_cls([], lr=0.1)
                opt.step()
            for module_cls in (nn.Linear, nn.ReLU):
                module_cls()(torch.ones(1))

        def test_not_a_list_of_classes():
            for maker in [SGD, len]:
                maker([]).step()
    """
    methods = {  # the second test's `step` is paired with SGD by its name only
        (link.test.split("::", 1)[1], link.api)
        for link in links_of("t.py", scanned(source), Documented(apis))
        if link.kind == "method" and link.exact
    }
    assert methods == {
        ("test_it", "torch.optim.SGD.step"),
        ("test_it", "torch.optim.SparseAdam.step"),
        ("test_it", "torch.nn.ReLU.forward"),
    }


def test_a_legacy_storage_has_the_typed_storage_members() -> None:
    found = linked(
        """
        import torch

        def test_it():
            storage = torch.IntStorage([1, 2])
            storage.half()
        """,
        ["torch.IntStorage", "torch.TypedStorage", "torch.TypedStorage.half"],
    )
    assert ("test_it", "torch.TypedStorage.half", "method") in found


def test_submodules_names_that_their_package_exports() -> None:
    apis = [
        "torch.nn.modules.flatten.Flatten",
        "torch.utils.data.random_split",
        "torch.utils.data.DataLoader",
        "torch.accelerator.memory.empty_cache",
        "torch.accelerator.current_accelerator",
    ]
    source = """
        import torch
        from torch.utils.data.dataset import random_split

        def test_it():
            torch.nn.Flatten()
            random_split([1, 2], [1, 1])
            torch.accelerator.empty_cache()
    """
    found = linked(source, apis)
    assert {api for _, api, _ in found} == set(apis) - {
        "torch.utils.data.DataLoader",
        "torch.accelerator.current_accelerator",
    }
    exact = {link.api: link.exact for link in links_of("t.py", scanned(source), Documented(apis))}
    # a package's re-export of its submodule's function is of lower confidence
    assert exact["torch.accelerator.memory.empty_cache"] is False
    assert exact["torch.utils.data.random_split"] is True


def test_torch_npus_classes_named_for_the_npu_are_cudas() -> None:
    found = linked(
        """
        import torch
        import torch_npu

        def test_it():
            graph = torch_npu.npu.NPUGraph()
            graph.replay()
        """,
        ["torch.cuda.CUDAGraph", "torch.cuda.CUDAGraph.replay"],
    )
    assert found == {
        ("test_it", "torch.cuda.CUDAGraph", "call"),
        ("test_it", "torch.cuda.CUDAGraph.replay", "method"),
    }


def test_an_ops_cases_bare_op_is_torchs_not_a_namespaces() -> None:
    documented = Documented(["torch.linalg.cholesky", "torch.linalg.norm"])
    assert documented.op("cholesky", formatted=True) is None
    assert documented.op("linalg_norm", formatted=True) == "torch.linalg.norm"


def test_an_inplace_ops_case_reaches_the_ops_inplace_variant() -> None:
    from checker.testmap.links import ops_links

    case = Case("TestGradPRIVATEUSE1", "test_inplace_grad", 3, open=True, ops=True)
    names = {"test_inplace_grad_ceil_npu_float64", "test_inplace_grad_linalg_cholesky_npu_float64"}
    documented = Documented(["torch.ceil", "torch.Tensor.ceil_", "torch.linalg.cholesky"])
    assert [link.api for link in ops_links("t.py", case, names, documented)] == [
        "torch.Tensor.ceil_"
    ]


def test_what_a_torch_context_manager_binds_is_its_class_in_lower_case_too() -> None:
    found = linked(
        """
        import torch
        from torch.autograd.profiler import profile

        class T(TestCase):
            def test_it(self):
                with profile(record_shapes=True) as prof:
                    torch.randn(2)
                prof.key_averages()
                prof.self_cpu_time_total
                with open("f") as f:
                    f.read()
        """,
        [
            "torch.autograd.profiler.profile",
            "torch.autograd.profiler.profile.key_averages",
            "torch.autograd.profiler.profile.self_cpu_time_total",
            "torch.Tensor.read",
        ],
    )
    assert found == {
        ("T::test_it", "torch.autograd.profiler.profile", "call"),
        ("T::test_it", "torch.autograd.profiler.profile.key_averages", "method"),
        ("T::test_it", "torch.autograd.profiler.profile.self_cpu_time_total", "method"),
        ("T::test_it", "torch.Tensor.read", "method"),  # by its name only: open() is not torch's
    }


def test_a_modules_case_a_disabled_list_names_reaches_its_module() -> None:
    from checker.testmap.links import ops_links

    module = scanned(
        """
        class TestModule(TestCase):
            @modules(module_db)
            def test_forward(self, device, dtype, module_info, training):
                module_info.module_cls(**kwargs)

        instantiate_device_type_tests(TestModule, globals())
        """
    )
    (case,) = module.cases
    assert (case.cls, case.name, case.open, case.ops) == (
        "TestModulePRIVATEUSE1",
        "test_forward",
        True,
        True,
    )
    names = {"test_forward_nn_ZeroPad1d_npu_float64", "test_forward_nn_functional_relu_npu_float32"}
    documented = Documented(["torch.nn.ZeroPad1d", "torch.nn.functional.relu"])
    assert [link.api for link in ops_links("t.py", case, names, documented)] == [
        "torch.nn.ZeroPad1d",
        "torch.nn.functional.relu",
    ]


def test_a_storages_untyped_view_is_no_typed_storage() -> None:
    found = linked(
        """
        import torch

        class T(TestCase):
            def test_it(self):
                x = torch.ones(2)
                x.storage().untyped().data_ptr()
        """,
        ["torch.TypedStorage.data_ptr", "torch.UntypedStorage.data_ptr"],
    )
    assert found == {("T::test_it", "torch.UntypedStorage.data_ptr", "method")}


def test_a_field_of_an_unknown_objects_field_is_no_tensors_by_name() -> None:
    found = linked(
        """
        import torch

        class T(TestCase):
            def test_it(self):
                for dim in graph_input.type.tensor_type.shape.dim:
                    pass
                x = torch.Tensor(2)
                proto.graph.node.clone()
                out.grad.sum()
        """,
        ["torch.Tensor", "torch.Tensor.dim", "torch.Tensor.clone", "torch.Tensor.sum"],
    )
    assert found == {  # `.grad` of an object can be a tensor; `.shape`, `.node` cannot
        ("T::test_it", "torch.Tensor", "call"),
        ("T::test_it", "torch.Tensor.sum", "method"),
    }


def test_a_hook_a_subclass_overrides_is_reached_where_the_test_uses_the_subclass() -> None:
    source = """
        import torch
        from torch.autograd import Function

        class Twice(Function):
            @staticmethod
            def forward(ctx, x):
                return x * 2

            @staticmethod
            def jvp(ctx, t):
                return t * 2

        class T(TestCase):
            def test_module_level(self):
                gradcheck(Twice.apply, (x,), check_forward_ad=True)

            def test_local(self):
                class Local(torch.autograd.Function):
                    @staticmethod
                    def vmap(info, dims, x):
                        return x, 0

                torch.func.vmap(Local.apply)(x)

            def test_other(self):
                torch.abs(x)
        """
    apis = [
        "torch.autograd.Function.forward",
        "torch.autograd.Function.jvp",
        "torch.autograd.Function.vmap",
        "torch.abs",
    ]
    found = {(test, api) for test, api, kind in linked(source, apis) if kind == "method"}
    assert found == {
        ("T::test_module_level", "torch.autograd.Function.forward"),
        ("T::test_module_level", "torch.autograd.Function.jvp"),
        ("T::test_local", "torch.autograd.Function.vmap"),
    }
