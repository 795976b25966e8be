"""checker.torch.resolve.resolver: every documented API looked up in the torch release it is
documented for. The names are resolved by checker/torch/scripts/resolve_names.py in a
subprocess of this interpreter (sys.executable), which has the real CPU torch
2.13.0 of the test extra, no torch_npu, no tensorboard and no urllib3 (etcd's
client needs it); the test process itself never imports torch. The real
torch_npu without CANN is tested in tests/torch/resolve/test_resolve_npu.py."""

from __future__ import annotations

import json
import sys
from importlib import util
from pathlib import Path

import pytest

from checker.ids.registry import REGISTRY
from checker.model.catalogue import default_catalogue
from checker.model.finding import Severity
from checker.model.support import Page
from checker.process import run_command
from checker.sources.corpus import read_corpus
from checker.torch.resolve.resolved import Lookup, NameResult, ResolveReport
from checker.torch.resolve.resolver import SCRIPT, documented_names, resolve_apis
from tests.answered_once import answer_once
from tests.helpers import REPO, outside_page, tripwires, wrapper

FIXTURES = REPO / "tests" / "fixtures"
CATALOGUE = default_catalogue()
RESOLVE = FIXTURES / "resolve"
NATIVE = RESOLVE / "docs" / "zh" / "api" / "native_api"
X_13 = str(NATIVE / "pytorch_2-13-0" / "x.md")
Y_13 = str(NATIVE / "pytorch_2-13-0" / "y.md")
FAKE_NPU_PATCHES = REPO / "tests" / "fakes" / "fake_npu_patches"
CORPUS_2_13 = "master/docs/zh/api/native_api/pytorch_2-13-0"
# Variables of the test run's own environment that would change what the
# resolver finds; every run here starts without them.
VARIABLES = ("PYTHONPATH", "TORCH_DEVICE_BACKEND_AUTOLOAD")


@pytest.fixture(autouse=True)
def _clean_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)


def pages(path: Path | str) -> tuple[Page, ...]:
    corpus = read_corpus([str(path)], CATALOGUE)
    assert corpus.errors == ()
    return corpus.pages


@pytest.fixture(scope="module")
def report() -> ResolveReport:
    with pytest.MonkeyPatch.context() as patch:
        for name in VARIABLES:
            patch.delenv(name, raising=False)
        answer_once(patch)  # the resolver asked as test_a_second_interpreter... asks it
        return resolve_apis(pages(RESOLVE), [sys.executable], timeout=120)


def by_name(report: ResolveReport) -> dict[str, NameResult]:
    return {result.api: result for result in report.results}


def test_this_interpreter_is_the_environment_the_expectations_are_for() -> None:
    # Looked up without importing anything: the expectations below depend on it.
    assert util.find_spec("tensorboard") is None, "tensorboard is installed here"
    assert util.find_spec("urllib3") is None, "urllib3 is installed here"
    assert util.find_spec("torch_npu") is None, "torch_npu is installed here"
    assert util.find_spec("torch") is not None


# --- the fixture pages -----------------------------------------------------------


def test_every_name_of_the_fixture_with_its_outcome_and_place(report: ResolveReport) -> None:
    got = [(Path(r.path).name, r.line, r.api, r.outcome.value) for r in report.results]
    assert got == [
        # as written: escaped (`torch.\_\_config\_\_.show`), from the link's anchor
        # (`Tensor.\_\_init\_\_`), from the generated page (`ndim()`), from the
        # enclosing class (`step()` under `### torch.optim.SGD`), underscores that
        # markdown reads as emphasis (`torch._foreach_neg_`)
        ("x.md", 5, "torch.__config__.show", "resolves"),
        ("x.md", 15, "torch.Tensor.__init__", "resolves"),
        ("x.md", 25, "torch.Tensor", "resolves"),
        ("x.md", 35, "torch.Tensor.ndim", "resolves"),
        ("x.md", 45, "torch.optim.SGD", "resolves"),
        ("x.md", 55, "torch.optim.SGD.step", "resolves"),
        ("x.md", 65, "torch._foreach_neg_", "resolves"),
        ("x.md", 75, "torch.Tensor.abs", "resolves"),
        # instance attributes the class declares, which are no class attributes
        ("x.md", 87, "torch.TypedStorage.dtype", "resolves"),
        ("x.md", 97, "torch.optim.lr_scheduler.StepLR.step_size", "resolves"),
        # typos, and torch_npu's monkey-patch without torch_npu
        ("x.md", 109, "torch.Tensor.abss", "missing"),
        ("x.md", 119, "torch.nn.functionl.relu", "missing"),
        ("x.md", 129, "torch.nn.Module.npu", "unverified"),
        # cannot be looked up in this environment
        ("x.md", 141, "torch.utils.tensorboard.writer.SummaryWriter", "needs-optional-dependency"),
        ("x.md", 151, "torch.backends.cuda.cufft_plan_cache.size", "error"),
    ]


def test_the_page_lines_are_the_entries_headings(report: ResolveReport) -> None:
    lines = Path(X_13).read_text(encoding="utf-8").splitlines()
    found = by_name(report)
    assert lines[found["torch.__config__.show"].line - 1] == r"### torch.\_\_config\_\_.show"
    assert lines[found["torch.Tensor.__init__"].line - 1] == r"### Tensor.\_\_init\_\_"
    assert lines[found["torch.optim.SGD.step"].line - 1] == '> <font size="3">step()</font>'


def test_details(report: ResolveReport) -> None:
    found = by_name(report)
    assert found["torch.__config__.show"].detail == ""
    assert found["torch.TypedStorage.dtype"].detail == (
        "an instance attribute annotated in TypedStorage"
    )
    assert found["torch.optim.lr_scheduler.StepLR.step_size"].detail == (
        "an instance attribute set in StepLR.__init__"
    )
    assert found["torch.Tensor.abss"].detail == "torch.Tensor has no attribute 'abss'"
    assert found["torch.nn.functionl.relu"].detail == "torch.nn has no attribute 'functionl'"
    assert found["torch.nn.Module.npu"].detail == (
        "torch.nn.Module has no attribute 'npu'; torch_npu may add it, "
        "but it cannot be consulted: torch_npu is not installed"
    )
    summary = found["torch.utils.tensorboard.writer.SummaryWriter"]
    assert summary.package == "tensorboard"
    assert summary.detail == (
        "importing torch.utils.tensorboard: ModuleNotFoundError: No module named 'tensorboard'"
    )
    # the CPU build: the cache manager's __getattr__ asks CUDA for the current device
    assert found["torch.backends.cuda.cufft_plan_cache.size"].detail == (
        "getattr(torch.backends.cuda.cufft_plan_cache, 'size'): "
        "AssertionError: Torch not compiled with CUDA enabled"
    )
    assert {result.python for result in report.results} == {sys.executable}


def test_a_name_twice_in_a_version_is_looked_up_once_at_its_first_entry(
    report: ResolveReport,
) -> None:
    # torch.Tensor.abs is on x.md:75 and again on y.md:3 (duplicate-api's business)
    abs_results = [r for r in report.results if r.api == "torch.Tensor.abs"]
    assert [(r.path, r.line) for r in abs_results] == [(X_13, 75)]
    documented = [(e.path, e.line) for p in pages(RESOLVE) for e in p.entries]
    assert (Y_13, 3) in documented
    names = documented_names(pages(RESOLVE))
    assert list(names) == ["2.12.0", "2.13.0"]
    assert len(names["2.13.0"]) == 15
    assert names["2.13.0"]["torch.Tensor.abs"].path == X_13
    assert names["2.12.0"]["torch.Tensor.abs"].line == 3


def test_counts_and_the_version_no_interpreter_matches(report: ResolveReport) -> None:
    assert report.counts() == {
        "2.12.0": {"not-resolved": 2},
        "2.13.0": {
            "resolves": 10,
            "missing": 2,
            "needs-optional-dependency": 1,
            "error": 1,
            "unverified": 1,
        },
    }
    assert report.not_resolved == (("2.12.0", 2),)
    assert {r.version for r in report.results} == {"2.13.0"}
    assert report.errors == ()


def test_the_environment_record(report: ResolveReport) -> None:
    (environment,) = report.environments
    assert environment.python == sys.executable
    assert environment.torch is not None and environment.torch.startswith("2.13.0")
    assert environment.release == "2.13.0"
    assert environment.torch_npu is None
    assert environment.torch_npu_imported is False
    assert environment.torch_npu_error == "torch_npu is not installed"
    assert environment.resolved == 15
    assert environment.error is None
    # one process for every name, torch alone in its first pass
    assert environment.command == (
        "TORCH_DEVICE_BACKEND_AUTOLOAD=0",
        sys.executable,
        str(SCRIPT),
    )


def test_findings_name_their_entry(report: ResolveReport) -> None:
    """An api-* finding is on its entry's heading: its entry_line is that
    line, as a lint finding on an entry has it (not None)."""
    findings = report.findings()
    assert findings
    assert [f.entry_line for f in findings] == [f.line for f in findings]
    assert all(f.version == "2.13.0" for f in findings)


def test_findings(report: ResolveReport) -> None:
    got = [(Path(f.path).name, f.line, f.rule, f.severity, f.api) for f in report.findings()]
    assert got == [
        ("x.md", 109, "api-missing", Severity.ERROR, "torch.Tensor.abss"),
        ("x.md", 119, "api-missing", Severity.ERROR, "torch.nn.functionl.relu"),
        ("x.md", 129, "api-unverified", Severity.WARNING, "torch.nn.Module.npu"),
        (
            "x.md",
            141,
            "api-needs-optional-dependency",
            Severity.WARNING,
            "torch.utils.tensorboard.writer.SummaryWriter",
        ),
        ("x.md", 151, "api-error", Severity.ERROR, "torch.backends.cuda.cufft_plan_cache.size"),
    ]
    messages = {f.api: f.message for f in report.findings()}
    assert messages["torch.Tensor.abss"] == (
        "torch.Tensor.abss is documented for torch 2.13.0 but absent from it: "
        "torch.Tensor has no attribute 'abss'"
    )
    assert messages["torch.utils.tensorboard.writer.SummaryWriter"] == (
        "torch.utils.tensorboard.writer.SummaryWriter cannot be checked against torch 2.13.0 "
        f"without the optional package tensorboard, missing from {sys.executable} "
        "(importing torch.utils.tensorboard: ModuleNotFoundError: No module named 'tensorboard')"
    )
    assert messages["torch.backends.cuda.cufft_plan_cache.size"] == (
        "looking torch.backends.cuda.cufft_plan_cache.size up in torch 2.13.0 failed: "
        "getattr(torch.backends.cuda.cufft_plan_cache, 'size'): "
        "AssertionError: Torch not compiled with CUDA enabled"
    )
    assert messages["torch.nn.Module.npu"].startswith(
        "torch.nn.Module.npu is absent from torch 2.13.0 alone: "
    )
    assert all(f.rule in REGISTRY for f in report.findings())


# --- torch_npu's second pass -----------------------------------------------------


def test_names_that_torch_npu_adds_need_torch_npu(monkeypatch: pytest.MonkeyPatch) -> None:
    """A FAKE torch_npu (tests/fakes/fake_npu_patches) that adds
    torch.nn.Module.npu on import, as the real one does."""
    monkeypatch.setenv("PYTHONPATH", str(FAKE_NPU_PATCHES))
    report = resolve_apis(pages(NATIVE / "pytorch_2-13-0" / "x.md"), [sys.executable])
    found = by_name(report)
    assert found["torch.nn.Module.npu"].outcome is Lookup.NEEDS_TORCH_NPU
    assert found["torch.nn.Module.npu"].detail == "added by torch_npu"
    # still absent with torch_npu
    assert found["torch.Tensor.abss"].outcome is Lookup.MISSING
    assert found["torch.Tensor.__init__"].outcome is Lookup.RESOLVES
    (environment,) = report.environments
    assert environment.torch_npu_imported is True
    assert environment.torch_npu_fake is True
    assert environment.torch_npu == "0.0.0+fake"
    assert environment.torch_npu_error is None
    assert "torch.nn.Module.npu" not in {f.api for f in report.findings()}
    assert report.counts()["2.13.0"]["needs-torch_npu"] == 1


# --- the script on its own -------------------------------------------------------


def test_the_script_takes_a_plain_list_and_prints_one_json_line() -> None:
    names = [
        "torch.Tensor.abs",
        "torch.Tensor.abs()",  # no Python name: missing, and nothing could add it
        "nosuchpackage.thing",
        "torch_npu.npu_format_cast",  # never imported in the torch-only pass
        "torch.nn.Module.npu",
    ]
    result = run_command(
        [sys.executable, str(SCRIPT)], timeout=120, stdin=json.dumps(names).encode()
    )
    assert result.exit_code == 0, result.stderr
    assert result.stdout.count("\n") == 1
    printed = json.loads(result.stdout)
    assert printed["schema"] == "docs-check/resolve"
    assert printed["release"] == "2.13.0"
    assert printed["torch_npu"]["error"] == "torch_npu is not installed"
    got = [(r["name"], r["outcome"], r["detail"]) for r in printed["results"]]
    assert got == [
        ("torch.Tensor.abs", "resolves", ""),
        ("torch.Tensor.abs()", "missing", "'torch.Tensor.abs()' is not a Python name"),
        (
            "nosuchpackage.thing",
            "outside-torch",
            "nosuchpackage is neither torch nor torch_npu: not looked up",
        ),
        (
            "torch_npu.npu_format_cast",
            "unverified",
            "a torch_npu name; torch_npu may add it, but it cannot be consulted: "
            "torch_npu is not installed",
        ),
        (
            "torch.nn.Module.npu",
            "unverified",
            "torch.nn.Module has no attribute 'npu'; torch_npu may add it, but it cannot "
            "be consulted: torch_npu is not installed",
        ),
    ]


def test_the_script_resolves_only_its_own_release_of_a_mapping() -> None:
    request = {"2.12.0": ["torch.Tensor.abs"], "2.13.0": ["torch.Tensor.abss"]}
    result = run_command(
        [sys.executable, str(SCRIPT)], timeout=120, stdin=json.dumps(request).encode()
    )
    printed = json.loads(result.stdout)
    assert [r["name"] for r in printed["results"]] == ["torch.Tensor.abss"]
    assert printed["requested_releases"] == ["2.12.0", "2.13.0"]


# --- interpreters that cannot resolve --------------------------------------------


def test_an_interpreter_that_is_missing_crashes_or_hangs_is_one_error(tmp_path: Path) -> None:
    missing = str(tmp_path / "no-such-python")
    crash = wrapper(tmp_path, "crash", "echo 'Fatal Python error: boom' >&2; exit 3")
    hang = wrapper(tmp_path, "hang", "exec sleep 30")
    report = resolve_apis(pages(RESOLVE), [missing, crash, hang], timeout=0.5)
    assert report.errors == (
        f"{missing}: no such interpreter (executable not found: {missing})",
        f"{crash}: the resolver crashed (exit 3): Fatal Python error: boom",
        f"{hang}: timed out after 0.5 s",
    )
    assert report.results == ()
    assert report.not_resolved == (("2.12.0", 2), ("2.13.0", 15))
    assert report.counts() == {"2.12.0": {"not-resolved": 2}, "2.13.0": {"not-resolved": 15}}
    assert report.findings() == []


def test_an_interpreter_whose_torch_does_not_import(tmp_path: Path) -> None:
    # -S: without site-packages, so without torch
    no_torch = wrapper(tmp_path, "no-torch", f'exec "{sys.executable}" -S "$@"')
    report = resolve_apis(pages(RESOLVE), [no_torch])
    assert report.errors == (
        f"{no_torch}: torch does not import: ModuleNotFoundError: No module named 'torch'",
    )
    assert report.not_resolved == (("2.12.0", 2), ("2.13.0", 15))


def test_a_second_interpreter_of_the_same_release_is_asked_for_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer_once(monkeypatch)  # this interpreter is asked as for `report`
    same = wrapper(tmp_path, "same-torch", f'exec "{sys.executable}" "$@"')
    report = resolve_apis(pages(RESOLVE), [sys.executable, sys.executable, same])
    first, second = report.environments  # the same path twice runs once
    assert (first.python, first.resolved, first.note) == (sys.executable, 15, "")
    assert second.python == same
    assert second.resolved == 0
    assert second.note.startswith("no docs version left for torch 2.13.0")
    assert {r.python for r in report.results} == {sys.executable}
    assert len(report.results) == 15


# --- the real docs ---------------------------------------------------------------

# Measured by this test's own run: the master snapshot's 2.13.0 pages (62
# files, 3249 distinct names, read in place) against the CPU torch 2.13.0 of
# the test extra, without torch_npu, tensorboard or urllib3, on 2 cores:
# reading about 1 s; the resolver's one process 3.3-5.3 s (torch's import and the
# names' modules; the lookups themselves take under 0.01 s).
CORPUS_COUNTS = {
    "resolves": 3219,
    # torch.utils.tensorboard.writer.SummaryWriter and its 18 methods
    # (tensorboard); etcd_rendezvous_backend's create_backend,
    # EtcdRendezvousBackend and its 3 members (urllib3, which the etcd client needs)
    "needs-optional-dependency": 24,
    # torch.backends.cuda.cufft_plan_cache.{size,max_size,clear}: the CPU build
    "error": 3,
    # torch.nn.Module.npu: torch_npu's (torch_npu/utils/_module.py), not installed here
    "unverified": 1,
    "missing": 2,
}
# Checked by hand against torch 2.13.0 (its source, dir(), and the upstream
# 2.13 docs): both were removed before 2.13, and are not names shortened or
# escaped on the page (the method lines' links give the full names).
CORPUS_MISSING = [
    # torch-fx-experimental.md:371 `> set_unbacked_var_to_val()`: ShapeEnv has
    # set_real_tensor_prop_unbacked_vals in 2.13.0 (upstream renamed
    # unbacked_var_to_val to real_tensor_prop_unbacked_vals); the 2.12 docs list it
    (
        "torch-fx-experimental.md",
        371,
        "torch.fx.experimental.symbolic_shapes.ShapeEnv.set_unbacked_var_to_val",
    ),
    # torch-nn.md:5999 `> NamedShape()`: 2.13.0's Unflatten has only forward,
    # extra_repr and _require_tuple_int; its named-tensor form (NamedShape) is gone,
    # and the upstream 2.13 page of torch.nn.modules.flatten.Unflatten lists no NamedShape
    ("torch-nn.md", 5999, "torch.nn.modules.flatten.Unflatten.NamedShape"),
]


def test_the_master_snapshot_of_2_13_0(corpus: Path) -> None:
    report = resolve_apis(pages(corpus / CORPUS_2_13), [sys.executable], timeout=120)
    assert report.counts() == {"2.13.0": CORPUS_COUNTS}
    missing = [
        (Path(r.path).name, r.line, r.api) for r in report.results if r.outcome is Lookup.MISSING
    ]
    assert missing == CORPUS_MISSING
    found = by_name(report)
    assert found["torch.nn.Module.npu"].outcome is Lookup.UNVERIFIED
    # escaped on the page: `### torch.\_\_config\_\_.show`
    assert found["torch.__config__.show"].outcome is Lookup.RESOLVES
    # annotated on the class only: `dtype: torch.dtype`, `total_count: int`
    assert found["torch.TypedStorage.dtype"].outcome is Lookup.RESOLVES
    assert found["torch.distributions.multinomial.Multinomial.total_count"].outcome is (
        Lookup.RESOLVES
    )
    packages = {r.package for r in report.results if r.package}
    assert packages == {"tensorboard", "urllib3"}
    # one process for all 3249 names; far below what one per name would cost
    (environment,) = report.environments
    assert environment.resolved == 3249


# --- names outside torch and torch_npu -------------------------------------------


def test_the_script_imports_nothing_outside_torch(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    imported, opened = tripwires(tmp_path, monkeypatch)
    names = [
        "antigravity.x",
        "this_module_does_not_exist.y",
        "os.path.join",  # importable, and torch imports os: still no torch name
        "docs_check_tripwire.x",
        "docs_check_tripwire",
        "torchvision.models",  # torch's neighbour, not torch
        "os.path.join()",  # no Python name: missing, as before
        # torch's own import of another package is still torch's business
        "torch.utils.tensorboard.writer.SummaryWriter",
        "torch.Tensor.abs",
    ]
    result = run_command(
        [sys.executable, str(SCRIPT)], timeout=120, stdin=json.dumps(names).encode()
    )
    assert result.exit_code == 0, result.stderr
    got = [(r["name"], r["outcome"], r["detail"]) for r in json.loads(result.stdout)["results"]]
    assert got == [
        (
            "antigravity.x",
            "outside-torch",
            "antigravity is neither torch nor torch_npu: not looked up",
        ),
        (
            "this_module_does_not_exist.y",
            "outside-torch",
            "this_module_does_not_exist is neither torch nor torch_npu: not looked up",
        ),
        ("os.path.join", "outside-torch", "os is neither torch nor torch_npu: not looked up"),
        (
            "docs_check_tripwire.x",
            "outside-torch",
            "docs_check_tripwire is neither torch nor torch_npu: not looked up",
        ),
        (
            "docs_check_tripwire",
            "outside-torch",
            "docs_check_tripwire is neither torch nor torch_npu: not looked up",
        ),
        (
            "torchvision.models",
            "outside-torch",
            "torchvision is neither torch nor torch_npu: not looked up",
        ),
        ("os.path.join()", "missing", "'os.path.join()' is not a Python name"),
        (
            "torch.utils.tensorboard.writer.SummaryWriter",
            "needs-optional-dependency",
            "importing torch.utils.tensorboard: ModuleNotFoundError: No module named 'tensorboard'",
        ),
        ("torch.Tensor.abs", "resolves", ""),
    ]
    assert not imported.exists()
    assert not opened.exists()


def test_names_outside_torch_are_findings_at_their_entries(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = outside_page(tmp_path)
    imported, opened = tripwires(tmp_path, monkeypatch)
    report = resolve_apis(pages(page), [sys.executable])
    got = [(r.line, r.api, r.outcome) for r in report.results]
    assert got == [
        (5, "torch.Tensor.abs", Lookup.RESOLVES),
        (15, "antigravity.x", Lookup.OUTSIDE_TORCH),
        (23, "this_module_does_not_exist.y", Lookup.OUTSIDE_TORCH),
        (31, "os.path.join", Lookup.OUTSIDE_TORCH),
        (39, "docs_check_tripwire.x", Lookup.OUTSIDE_TORCH),
    ]
    assert report.counts() == {"2.13.0": {"resolves": 1, "outside-torch": 4}}
    assert [(f.path, f.line, f.rule, f.severity, f.api, f.message) for f in report.findings()] == [
        (
            str(page),
            line,
            "api-outside-torch",
            Severity.ERROR,
            api,
            f"{api} is documented for torch 2.13.0 but is not a torch or torch_npu name, "
            "so it was not looked up",
        )
        for line, api in [
            (15, "antigravity.x"),
            (23, "this_module_does_not_exist.y"),
            (31, "os.path.join"),
            (39, "docs_check_tripwire.x"),
        ]
    ]
    assert REGISTRY["api-outside-torch"].stage == "resolve"
    assert not imported.exists()
    assert not opened.exists()
