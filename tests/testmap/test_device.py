"""Whether a test case runs what it reaches on the NPU, read statically: its
class instantiated for the NPU's device type, or its body (with its helpers
and fixtures) moving tensors and modules to the NPU or calling torch.npu /
torch_npu; otherwise the link is a CPU one."""

from __future__ import annotations

import textwrap

from checker.testmap.documented import Documented
from checker.testmap.links import CPU, links_of
from checker.testmap.modules import scan
from checker.testmap.refs import NPU


def devices(source: str, apis: list[str]) -> dict[tuple[str, str], str]:
    """(test name, api) -> the link's device."""
    return {
        (link.test.rsplit("::", 1)[1], link.api): link.device
        for link in links_of("t.py", scan(textwrap.dedent(source)), Documented(apis))
    }


def test_a_plain_test_on_cpu_tensors_is_a_cpu_link() -> None:
    found = devices(
        """
        import torch
        from torch.nn.utils import rnn

        class T(TestCase):
            def test_pad(self):
                rnn.pad_packed_sequence(rnn.pack_sequence([torch.ones(2)]))
        """,
        ["torch.nn.utils.rnn.pad_packed_sequence"],
    )
    assert found == {("test_pad", "torch.nn.utils.rnn.pad_packed_sequence"): CPU}


def test_moving_to_the_npu_or_calling_torch_npu_makes_an_npu_link() -> None:
    found = devices(
        """
        import torch
        import torch_npu
        from torch_npu.testing.common_utils import create_common_tensor

        device = "npu:0"
        device_type = acc.type if (acc := torch.accelerator.current_accelerator()) else "cpu"

        class T(TestCase):
            def _npu(self, x):
                return x.npu()

            def test_method(self):
                torch.abs(torch.ones(2).npu())

            def test_to(self):
                torch.abs(torch.ones(2).to("npu"))

            def test_keyword(self):
                torch.abs(torch.ones(2, device="npu:0"))

            def test_device(self):
                torch.abs(torch.ones(2, device=torch.device("npu")))

            def test_fstring(self):
                torch.abs(torch.ones(2).to(f"npu:{rank}"))

            def test_module_name(self):
                torch.abs(torch.ones(2).to(device))

            def test_accelerator(self):
                torch.abs(torch.ones(2).to(device_type))

            def test_accelerator_called(self):
                torch.abs(torch.ones(2, device=torch.accelerator.current_accelerator()))

            def test_torch_npu(self):
                torch.abs(torch_npu.npu_format_cast(x, 2))

            def test_torch_dot_npu(self):
                torch.npu.synchronize()
                torch.abs(x)

            def test_npu_helper(self):
                create_common_tensor(item, 0, 1)
                torch.abs(x)

            def test_helper(self):
                torch.abs(self._npu(x))

            def test_cpu(self):
                torch.abs(torch.ones(2).to("cpu"))

            def test_compared(self):
                if x.device.type == "npu":
                    torch.abs(x)

            def test_cuda(self):
                torch.abs(torch.ones(2).cuda())
        """,
        ["torch.abs"],
    )
    npu = {name for (name, _), device in found.items() if device == NPU}
    assert npu == {
        "test_method",
        "test_to",
        "test_keyword",
        "test_device",
        "test_fstring",
        "test_module_name",
        "test_accelerator",
        "test_accelerator_called",
        "test_torch_npu",
        "test_torch_dot_npu",
        "test_npu_helper",
        "test_helper",
    }
    assert {name for (name, _), device in found.items() if device == CPU} == {
        "test_cpu",
        "test_compared",
        "test_cuda",
    }


def test_a_setup_that_moves_to_the_npu_makes_its_tests_npu_links() -> None:
    found = devices(
        """
        import torch

        class T(TestCase):
            def setUp(self):
                self.model = torch.nn.Linear(2, 2).npu()

            def test_it(self):
                torch.abs(x)
        """,
        ["torch.abs"],
    )
    assert found == {("test_it", "torch.abs"): NPU}


def test_cuda_is_the_npu_where_the_module_imports_transfer_to_npu() -> None:
    found = devices(
        """
        import torch
        from torch_npu.contrib import transfer_to_npu

        class T(TestCase):
            def test_it(self):
                torch.abs(torch.ones(2).cuda())

            def test_keyword(self):
                torch.abs(torch.ones(2, device="cuda"))
        """,
        ["torch.abs"],
    )
    assert set(found.values()) == {NPU}


def test_a_device_class_is_npu_where_it_is_instantiated_for_the_npu() -> None:
    source = """
        import torch
        from torch.testing._internal.common_device_type import (
            instantiate_device_type_tests, onlyCPU, onlyPRIVATEUSE1)

        class TestAll(TestCase):
            def test_all(self, device):
                torch.abs(torch.ones(2, device=device))

            @onlyCPU
            def test_cpu_only(self, device):
                torch.abs(x)

        class TestNpu(TestCase):
            def test_npu(self, device):
                torch.abs(x)

        class TestNpuTuple(TestCase):
            def test_npu_tuple(self, device):
                torch.abs(x)

        class TestCpu(TestCase):
            def test_cpu(self, device):
                torch.abs(x)

        class TestNamed(TestCase):
            def test_named(self, device):
                torch.abs(x)

        class TestRebound(TestCase):
            def test_rebound(self, device):
                torch.abs(x)

        class TestExcept(TestCase):
            def test_except(self, device):
                torch.abs(x)

        class TestUnknown(TestCase):
            def test_unknown(self, device):
                torch.abs(x)

        instantiate_device_type_tests(TestAll, globals())
        instantiate_device_type_tests(TestNpu, globals(), only_for="privateuse1")
        instantiate_device_type_tests(TestNpuTuple, globals(), only_for=("cpu", "npu"))
        instantiate_device_type_tests(TestCpu, globals(), only_for="cpu")
        only_for = ("privateuse1",)
        instantiate_device_type_tests(TestNamed, globals(), only_for=only_for)
        only_for = ("cpu",)
        instantiate_device_type_tests(TestRebound, globals(), only_for=only_for)
        instantiate_device_type_tests(TestExcept, globals(), except_for=("privateuse1",))
        instantiate_device_type_tests(TestUnknown, globals(), only_for=get_devices())
        """
    found = devices(source, ["torch.abs"])
    assert {name for (name, _), device in found.items() if device == NPU} == {
        "test_all_npu",
        "test_npu_npu",
        "test_npu_tuple_npu",
        "test_named_npu",
    }
    assert {name for (name, _), device in found.items() if device == CPU} == {
        "test_cpu_npu",
        "test_rebound_npu",
        "test_except_npu",
        "test_unknown_npu",
    }  # test_cpu_only reaches nothing: @onlyCPU
