"""checker.torch.resolve.resolver with the real torch_npu 2.13.0 and no CANN (the `npu_python`
fixture): `import torch_npu` fails on libhccl.so, so names that torch_npu adds
to torch (torch.nn.Module.npu) cannot be confirmed. They come out `unverified`
with that cause, never `missing`; a typo stays `missing`."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from checker.cli import run
from checker.model.catalogue import default_catalogue
from checker.model.finding import Severity
from checker.model.support import Page
from checker.sources.corpus import read_corpus
from checker.torch.resolve.resolved import Lookup
from checker.torch.resolve.resolver import resolve_apis
from tests.answered_once import answer_once
from tests.helpers import outcomes_of

from ..support import LIVE_VARIABLES, REPO

RESOLVE = REPO / "tests" / "fixtures" / "resolve"
# the page with every kind of name; 2.13.0's, the release of the environment
X_13 = RESOLVE / "docs" / "zh" / "api" / "native_api" / "pytorch_2-13-0" / "x.md"
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


@pytest.fixture
def resolve_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The torch_npu environment asked for x.md's names once: the tests here
    ask it the same (each run imports torch and tries torch_npu, seconds)."""
    answer_once(monkeypatch)


def test_torch_npu_names_are_unverified_with_the_cause(npu_python: str, resolve_once: None) -> None:
    report = resolve_apis(pages(X_13), [npu_python])
    (environment,) = report.environments
    assert environment.release == "2.13.0"
    assert environment.torch_npu == "2.13.0"
    assert environment.torch_npu_imported is False
    assert environment.torch_npu_error == LIBHCCL
    assert environment.error is None  # torch imports: the script turns autoload off
    found = {r.api: r for r in report.results}
    npu = found["torch.nn.Module.npu"]
    assert npu.outcome is Lookup.UNVERIFIED
    assert npu.detail == (
        f"torch.nn.Module has no attribute 'npu'; torch_npu may add it, "
        f"but it cannot be consulted: {LIBHCCL}"
    )
    # torch_npu's sources write neither word anywhere: typos stay missing
    assert found["torch.Tensor.abss"].outcome is Lookup.MISSING
    assert found["torch.nn.functionl.relu"].outcome is Lookup.MISSING
    assert found["torch.Tensor.__init__"].outcome is Lookup.RESOLVES
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
    unverified = [r.api for r in report.results if r.outcome is Lookup.UNVERIFIED]
    assert unverified == ["torch.nn.Module.npu"]
    missing = [r.api for r in report.results if r.outcome is Lookup.MISSING]
    assert missing == [
        "torch.fx.experimental.symbolic_shapes.ShapeEnv.set_unbacked_var_to_val",
        "torch.nn.modules.flatten.Unflatten.NamedShape",
    ]


def test_the_command_line_gives_a_version_to_the_torch_npu_environment(
    npu_python: str,
    resolve_once: None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """`lint --resolve-apis --python-for 2.13.0=PATH`: 2.13.0 is resolved in the
    torch_npu environment, and this interpreter is asked only for 2.12.0 (its
    torch is 2.13.0 too, so 2.12.0 stays not resolved)."""
    monkeypatch.chdir(REPO)
    docs = "tests/fixtures/resolve/docs"
    argv = ["lint", "--resolve-apis", docs, "--python-for", f"2.13.0={npu_python}"]
    with outcomes_of("lint") as outcomes:
        code = run([*argv, "--format", "json"])
    out, err = capsys.readouterr()
    assert (code, err) == (1, "")
    document = json.loads(out)
    here, npu = document["resolution_environments"]
    assert (here["python"], here["resolved"]) == (sys.executable, 0)
    assert (npu["python"], npu["resolved"], npu["torch_npu"]) == (npu_python, 15, "2.13.0")
    assert npu["torch_npu_imported"] is False
    assert npu["torch_npu_error"] == LIBHCCL
    assert document["resolution_counts"]["2.12.0"] == {"not-resolved": 2}
    assert document["resolution_counts"]["2.13.0"]["unverified"] == 1
    (unverified,) = [r for r in document["resolution"] if r["outcome"] == "unverified"]
    assert unverified["api"] == "torch.nn.Module.npu"
    assert unverified["detail"].endswith(f"but it cannot be consulted: {LIBHCCL}")
    # the text report of the same run (a second run would import torch twice again)
    from checker.report.formats import render

    (outcome,) = outcomes
    out = render("text", outcome)
    assert (
        f"resolution (torch 2.13.0+cpu via {sys.executable}; torch 2.13.0+cpu via {npu_python}):"
        in out.splitlines()
    )
