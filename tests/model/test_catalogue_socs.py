"""The catalogue's SoC prefixes held to torch_npu's own SoC list: the names
torch.npu.get_device_name gives, which the installed wheel's libtorch_npu.so
holds. Every name is of exactly one product or of none, each as its family is
(the two Ascend 950 families are two products), and the catalogue names no SoC
that torch_npu does not know.

Without an installed torch_npu (tests/npu_env.py:torch_npu_library) the tests
skip with the reason; under DOCS_CHECK_REQUIRE_TORCH_NPU=1 (CI) they build the
torch_npu test environment as the tests of tests/torch do, and fail without
it, so that none passes there by being skipped."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from tests.npu_env import REQUIRE_TORCH_NPU, npu_interpreter, torch_npu_library

# A SoC name, when it is a whole printable string of the library (as `strings`
# cuts them): "Ascend950PR_9579", not the start of "Ascend950 not support".
SOC_NAME = re.compile(rb"Ascend[0-9]{3}[A-Za-z0-9_-]*")
PRINTABLE = frozenset(bytes([byte]) for byte in (9, *range(0x20, 0x7F)))

# The SoC families of torch_npu's names and the product each is: the oracle the
# catalogue's prefixes are held to, written from torch_npu's list, not from them.
FAMILIES = {
    "Ascend910B": "atlas-a2",  # 910B, B1, B2, B2C, B3, B4, B4-1
    "Ascend910_93": "atlas-a3",  # 9362 ... 9392
    "Ascend950DT_": "ascend-950",
    "Ascend950PR_": "ascend-950pr",
    "Ascend910A": "atlas-train",
    "Ascend910Pro": "atlas-train",  # ProA, ProB
    "Ascend910Premium": "atlas-train",  # PremiumA
    "Ascend310P": "atlas-infer",
    "Ascend310B": "atlas-200i-500-a2",
}


def soc_names(library: Path) -> frozenset[str]:
    data = library.read_bytes()
    # the ends looked at by hand: a look-behind in the pattern makes re try
    # every byte of the 100 MB, some 50 times slower
    return frozenset(
        match.group().decode()
        for match in SOC_NAME.finditer(data)
        if data[match.start() - 1 : match.start()] not in PRINTABLE
        and data[match.end() : match.end() + 1] not in PRINTABLE
    )


@pytest.fixture(scope="module")
def wheel_socs() -> tuple[frozenset[str], str]:
    """torch_npu's SoC names and its version."""
    found = torch_npu_library()
    if isinstance(found, str) and os.environ.get(REQUIRE_TORCH_NPU) == "1":
        npu_interpreter()  # built, or an AssertionError saying why not
        found = torch_npu_library()
        if isinstance(found, str):
            pytest.fail(f"{found}, and {REQUIRE_TORCH_NPU}=1 requires it")
    if isinstance(found, str):
        pytest.skip(f"{found} (set {REQUIRE_TORCH_NPU}=1 to build it)")
    library, version = found
    return soc_names(library), version


@pytest.fixture(scope="module")
def catalogue() -> Catalogue:
    return default_catalogue()


def family_of(name: str) -> str | None:
    return next((family for family in FAMILIES if name.startswith(family)), None)


def test_the_list_is_read_whole(wheel_socs: tuple[frozenset[str], str]) -> None:
    """The reading finds both Ascend 950 families and no message as a name."""
    names, version = wheel_socs
    for name in ("Ascend910B4-1", "Ascend910_9382", "Ascend950DT_9582x", "Ascend950PR_9579"):
        assert name in names, f"torch_npu {version}"
    assert not any(" " in name for name in names)


def test_every_soc_is_of_one_product_or_none_as_its_family_is(
    wheel_socs: tuple[frozenset[str], str], catalogue: Catalogue
) -> None:
    names, version = wheel_socs
    wrong = {}
    for name in sorted(names):
        products = [p.id for p in catalogue.products if p.knows_soc(name)]
        family = family_of(name)
        expected = [FAMILIES[family]] if family else []
        if products != expected or catalogue.by_soc(name) != (expected or [None])[0]:
            wrong[name] = (products, expected)
    assert wrong == {}, f"torch_npu {version}: SoC -> (products, its family's)"


def test_the_catalogue_names_no_soc_torch_npu_does_not_know(
    wheel_socs: tuple[frozenset[str], str], catalogue: Catalogue
) -> None:
    names, version = wheel_socs
    unknown = [
        (product.id, prefix)
        for product in catalogue.products
        for prefix in product.soc
        if not any(name.startswith(prefix) for name in names)
    ]
    assert unknown == [], f"prefixes no SoC of torch_npu {version} starts"
