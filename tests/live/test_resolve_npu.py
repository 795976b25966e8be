"""checker.resolve with the real torch_npu 2.13.0 and no CANN (the `npu_python`
fixture): `import torch_npu` fails on libhccl.so, so names that torch_npu adds
to torch (torch.nn.Module.npu) cannot be confirmed. They come out `unverified`
with that cause, never `missing`; a typo stays `missing`."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.catalogue import default_catalogue
from checker.model import Page, Severity
from checker.pipeline import read_corpus
from checker.resolve import Outcome, resolve_apis

from .support import LIVE_VARIABLES, REPO

RESOLVE = REPO / "tests" / "fixtures" / "resolve"
CORPUS_2_13 = "master/docs/zh/api/native_api/pytorch_2-13-0"
LIBHCCL = "ImportError: libhccl.so: cannot open shared object file: No such file or directory"


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in LIVE_VARIABLES:
        monkeypatch.delenv(name, raising=False)


def pages(path: Path) -> tuple[Page, ...]:
    corpus = read_corpus([str(path)], default_catalogue())
    assert corpus.errors == ()
    return corpus.pages


def test_torch_npu_names_are_unverified_with_the_cause(npu_python: str) -> None:
    report = resolve_apis(pages(RESOLVE), [npu_python])
    (environment,) = report.environments
    assert environment.release == "2.13.0"
    assert environment.torch_npu == "2.13.0"
    assert environment.torch_npu_imported is False
    assert environment.torch_npu_error == LIBHCCL
    assert environment.error is None  # torch imports: the script turns autoload off
    found = {r.api: r for r in report.results}
    npu = found["torch.nn.Module.npu"]
    assert npu.outcome is Outcome.UNVERIFIED
    assert npu.detail == (
        f"torch.nn.Module has no attribute 'npu'; torch_npu may add it, "
        f"but it cannot be consulted: {LIBHCCL}"
    )
    # torch_npu's sources write neither word anywhere: typos stay missing
    assert found["torch.Tensor.abss"].outcome is Outcome.MISSING
    assert found["torch.nn.functionl.relu"].outcome is Outcome.MISSING
    assert found["torch.Tensor.__init__"].outcome is Outcome.RESOLVES
    (unverified,) = [f for f in report.findings() if f.rule == "api-unverified"]
    assert (unverified.api, unverified.severity, unverified.line) == (
        "torch.nn.Module.npu",
        Severity.WARNING,
        129,
    )
    assert LIBHCCL in unverified.message


def test_the_master_snapshot_of_2_13_0_with_torch_npu(npu_python: str, corpus: Path) -> None:
    """The same counts as with the CPU torch alone (tests/test_resolve.py): the
    only name torch_npu may add is torch.nn.Module.npu, and the two names
    missing from torch 2.13.0 are not words of torch_npu's sources."""
    report = resolve_apis(pages(corpus / CORPUS_2_13), [npu_python])
    assert report.counts() == {
        "2.13.0": {
            "resolves": 3219,
            "needs-optional-dependency": 24,
            "error": 3,
            "unverified": 1,
            "missing": 2,
        }
    }
    unverified = [r.api for r in report.results if r.outcome is Outcome.UNVERIFIED]
    assert unverified == ["torch.nn.Module.npu"]
    missing = [r.api for r in report.results if r.outcome is Outcome.MISSING]
    assert missing == [
        "torch.fx.experimental.symbolic_shapes.ShapeEnv.set_unbacked_var_to_val",
        "torch.nn.modules.flatten.Unflatten.NamedShape",
    ]
