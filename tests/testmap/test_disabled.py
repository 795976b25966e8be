"""The NPU disabled-test lists: keys at their lines, products, the release a
list applies to, and malformed files as input errors at path:line."""

from __future__ import annotations

import pytest

from checker.errors import InputError
from checker.testmap.disabled import Disabled, list_for, read_list, release_of


def product(name: str) -> str | None:
    return {"A2": "atlas-a2"}.get(name)


LIST = b"""{
  "test_exponential_npu_float32 (__main__.TestTorchDeviceTypePRIVATEUSE1)": ["", [""]],
  "test_x (jit.test_models.TestModels)": ["", ["A2"]],
  "test_y (__main__.TestY)": ["", ["910A"]],
  "test_bare_npu_float64": ["", [""]],
  "test_z ( main .TestZ)": ["", [""]]
}
"""


def test_each_key_is_read_with_its_class_line_and_products() -> None:
    listed = read_list("t/.pytorch-disabled-tests.json", LIST, product)
    assert listed.release is None
    assert listed.tests == (
        Disabled("test_exponential_npu_float32", "TestTorchDeviceTypePRIVATEUSE1", 2, ()),
        Disabled("test_x", "TestModels", 3, ("atlas-a2",)),
        Disabled("test_y", "TestY", 4, (), ("910A",)),
        Disabled("test_bare_npu_float64", None, 5, ()),
    )
    assert listed.unread == 1  # the mangled key names no test


def test_the_file_name_says_the_torch_release() -> None:
    assert release_of(".pytorch-disabled-tests-2.11.json") == "2.11"
    assert release_of(".pytorch-disabled-tests.json") is None
    assert release_of("error_type.json") is False


def test_a_version_takes_the_list_of_its_release_else_the_branchs_own() -> None:
    own = read_list("a/.pytorch-disabled-tests.json", b"{}", product)
    older = read_list("a/.pytorch-disabled-tests-2.11.json", b"{}", product)
    assert list_for([own, older], "2.11.0") is older
    assert list_for([own, older], "2.12.0") is own
    assert list_for([older], "2.12.0") is None


@pytest.mark.parametrize(
    ("data", "said"),
    [
        (
            b'{\n  "a": ["", [""]],\n  "b" ["", [""]]\n}\n',
            "t.json:3: not JSON: Expecting ':' delimiter",
        ),
        (b"[1, 2]\n", "t.json:1: a disabled-test list is an object of test ids"),
        (
            b'{\n  "test_a (__main__.T)": 3\n}\n',
            "t.json:2: 'test_a (__main__.T)': the value is not [reason, [products]]",
        ),
        (b"\xff\n", "t.json:1: not UTF-8 (invalid start byte)"),
    ],
)
def test_a_malformed_list_is_an_input_error_at_its_line(data: bytes, said: str) -> None:
    with pytest.raises(InputError) as raised:
        read_list("t.json", data, product)
    assert str(raised.value) == said
