"""Live runs for the tests of checker.torch: the harness in a real subprocess on
a real interpreter. One run per environment is shared through fixtures, since
each costs a torch import (one to three seconds).

Environments:
  - this interpreter: the real CPU torch 2.13.0 of the test extra;
  - the real torch_npu 2.13.0 without CANN, whose `import torch` fails on the
    backend extension (libhccl.so missing): the `npu_python` fixture of
    tests/conftest.py;
  - the FAKE torch_npu test double (tests/fakes/fake_npu_a3) on PYTHONPATH."""

from __future__ import annotations

import pytest

from checker.model.catalogue import Catalogue, default_catalogue
from checker.model.evidence import Evidence

from .support import FAKE_NPU, TWO_JOBS, live_run


@pytest.fixture(scope="session")
def catalogue() -> Catalogue:
    return default_catalogue()


@pytest.fixture(scope="session")
def cpu_evidence(catalogue: Catalogue) -> Evidence:
    """put_metric, then a second job, on this interpreter: the real CPU torch, no torch_npu."""
    return live_run(catalogue, jobs=TWO_JOBS)


@pytest.fixture(scope="session")
def npu_evidence(catalogue: Catalogue, npu_python: str) -> Evidence:
    """put_metric, then a second job, on the real torch_npu without CANN."""
    return live_run(catalogue, npu_python, jobs=TWO_JOBS)


@pytest.fixture(scope="session")
def fake_evidence(catalogue: Catalogue) -> dict[str, Evidence]:
    """put_metric with the FAKE torch_npu, by the SoC it reports."""
    runs: dict[str, Evidence] = {}
    for soc in ("default", "Ascend950PR_xxxx"):
        env = {"PYTHONPATH": str(FAKE_NPU)}
        if soc != "default":
            env["DOCS_CHECK_FAKE_SOC"] = soc
        runs[soc] = live_run(catalogue, env=env)
    return runs
