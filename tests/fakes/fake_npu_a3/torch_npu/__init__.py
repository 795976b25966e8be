"""FAKE torch_npu: a test double for docs-check's own tests, never an NPU.

It answers torch.npu's questions as an Atlas A3 machine would (two visible
devices named Ascend910_9382) so that the probe's NPU-present path can be
tested here; it marks itself with __docs_check_fake__ and a +fake version,
and docs-check labels every run that meets it as fake."""

import os

import torch

__docs_check_fake__ = True
__version__ = "0.0.0+fake"
_SOC = os.environ.get("DOCS_CHECK_FAKE_SOC", "Ascend910_9382")


class _FakeUtils:
    @staticmethod
    def get_cann_version() -> str:
        return "0.0.0-fake"


class _FakeNpu:
    utils = _FakeUtils()

    @staticmethod
    def is_available() -> bool:
        return True

    @staticmethod
    def device_count() -> int:
        return 2

    @staticmethod
    def get_device_name(index: int = 0) -> str:
        return _SOC

    @staticmethod
    def set_device(index: int) -> None:
        pass


npu = _FakeNpu()
torch.npu = npu
