"""FAKE torch_npu: a test double for docs-check's own tests, never an NPU.

It does what the real torch_npu does to torch's namespace on import, for a few
names: it adds `torch.nn.Module.npu` (as torch_npu/utils/_module.py does) and a
module-level function, so that the resolver's second pass, with torch_npu
imported, can be tested without CANN. It marks itself with __docs_check_fake__."""

import torch

__docs_check_fake__ = True
__version__ = "0.0.0+fake"


def _npu(self, device=None):  # the real one moves the module's tensors to the NPU
    return self


def _npu_fake_helper():
    return None


torch.nn.Module.npu = _npu
torch.npu_fake_helper = _npu_fake_helper
