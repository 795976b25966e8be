"""`docs-check coverage`: the public callables of the torch release of each
docs version with an environment, in the namespaces its docs cover, that no
entry documents, less the configuration's exclusions. Listed by
checker/torch/scripts/public_api.py in this test run's interpreter, which has the
real torch 2.13.0 (a few seconds a run); the checker never imports torch.

The fixture documents relu and gelu of torch.nn.functional for 2.13.0 (and
torch.Tensor.abs: a class, no namespace), relu for 2.12.0, and excludes the
has_torch_function* helpers and the *_with_indices functions."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

from checker.torch.docs_coverage import namespaces_of
from tests.answered_once import answer_once
from tests.helpers import REPO, outcomes_of

DOCS = "tests/fixtures/coverage"
FUNCTIONAL = "torch.nn.functional"
Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(cli_at_repo: Invoke) -> Invoke:
    return cli_at_repo


def test_namespaces_are_the_parents_of_documented_names_in_torch() -> None:
    names = ["torch.nn.functional.relu", "torch.Tensor.abs", "os.path.join", "torch_npu.npu.x"]
    assert namespaces_of(names) == ["torch.Tensor", FUNCTIONAL, "torch_npu.npu"]


@pytest.fixture(scope="module")
def fixture_run() -> tuple[int, str, str, Any]:
    """`coverage DOCS --python THIS --format json` from the repository root, once
    for the module: (exit code, stdout, stderr, its outcome), which the text and
    Markdown tests render again (each run imports torch)."""
    from checker.cli import run

    out, err = io.StringIO(), io.StringIO()
    with pytest.MonkeyPatch.context() as patch, outcomes_of("coverage") as outcomes:
        patch.chdir(REPO)
        answer_once(patch)  # tests/report/test_json_schema.py asks the same
        with redirect_stdout(out), redirect_stderr(err):
            code = run(["coverage", DOCS, "--python", sys.executable, "--format", "json"])
    (outcome,) = outcomes
    return code, out.getvalue(), err.getvalue(), outcome


def test_coverage_of_the_fixture_against_torch_2_13_0(
    fixture_run: tuple[int, str, str, Any],
) -> None:
    code, out, err, _ = fixture_run
    assert (code, err) == (0, "")
    document = json.loads(out)
    (version,) = document["versions"]
    assert (version["version"], version["torch"].split("+")[0]) == ("2.13.0", "2.13.0")
    (functional,) = version["namespaces"]  # torch.Tensor is a class: no namespace
    assert (functional["namespace"], functional["source"]) == (FUNCTIONAL, "dir")
    assert functional["documented"] == 2
    missing = functional["missing"]
    assert f"{FUNCTIONAL}.huber_loss" in missing and f"{FUNCTIONAL}.relu" not in missing
    assert f"{FUNCTIONAL}.Optional" not in missing  # typing's, imported for annotations
    excluded = {item["name"].rsplit(".", 1)[1] for item in functional["excluded"]}
    assert {"max_pool2d_with_indices", "max_pool1d_with_indices"} <= excluded
    # re-exported, not torch.nn.functional's own: `from torch import Tensor`,
    # `from torch._C import has_torch_function` (the fixture's exclusion of
    # has_torch_function* now matches nothing public)
    for elsewhere in ("Tensor", "has_torch_function", "boolean_dispatch"):
        assert f"{FUNCTIONAL}.{elsewhere}" not in missing and elsewhere not in excluded
    assert functional["public"] == 2 + len(excluded) + len(missing)
    assert document["not_covered"] == [
        {"version": "2.12.0", "why": f"the torch of {sys.executable} is {version['torch']}"}
    ]
    assert "torch" not in sys.modules


def test_text_and_markdown(fixture_run: tuple[int, str, str, Any]) -> None:
    """The JSON run's outcome, as `--format text` and `--format markdown` print it."""
    from checker.report.formats import render

    code, _, _, outcome = fixture_run
    assert code == 0
    lines = render("text", outcome).splitlines()
    assert lines[0].startswith("2.13.0 against torch 2.13.0")
    assert lines[1].startswith(f"  {FUNCTIONAL}  ")
    assert lines[1].endswith("undocumented (2 documented, 8 excluded)")
    assert f"    {FUNCTIONAL}.instance_norm" in lines
    assert lines[-1].startswith("2.12.0: not measured: the torch of ")
    out = render("markdown", outcome)
    assert "| namespace | public | documented | excluded | missing |" in out.splitlines()
    assert f"- `{FUNCTIONAL}.instance_norm`" in out.splitlines()


def test_an_interpreter_named_that_cannot_be_used_is_an_error(cli: Invoke, tmp_path: Path) -> None:
    python = str(tmp_path / "no-python")
    # both versions given to it: no other interpreter is asked (nor imports torch)
    code, out, err = cli("coverage", DOCS, "--python-for", f"2.12.0={python}",
                         "--python-for", f"2.13.0={python}", "--format", "json")  # fmt: skip
    assert code == 2
    assert err.startswith(f"docs-check: error: {python}: no such interpreter")
    assert json.loads(out)["not_covered"][-1]["version"] == "2.13.0"


def test_an_exclusion_without_a_reason_is_refused(cli: Invoke, tmp_path: Path) -> None:
    config = tmp_path / "coverage.toml"
    config.write_text('[coverage]\nexclude = [{ name = "torch.x*" }]\n', encoding="utf-8")
    code, out, err = cli("coverage", DOCS, "--config", str(config))
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: {config}:2: exclude needs a non-empty string 'reason' "
        "(why the names are left out)\n"
    )


def test_the_master_docs_of_2_13_0(cli: Invoke, corpus: Path) -> None:
    """torch.nn.functional has no __all__: 135 public callables in torch 2.13.0
    (dir() without _ names, less typing's Optional and Callable and the six
    names it imports from elsewhere: Tensor, boolean_dispatch, ...), 102 of
    them documented in master's 2.13.0 pages, 33 not (were 141 and 39)."""
    master = str(corpus / "master")
    code, out, _ = cli("coverage", master, "--python", sys.executable, "--format", "json")
    assert code == 0
    (version,) = json.loads(out)["versions"]
    (functional,) = [n for n in version["namespaces"] if n["namespace"] == FUNCTIONAL]
    assert (functional["public"], functional["documented"], len(functional["missing"])) == (
        135,
        102,
        33,
    )
    assert {f"{FUNCTIONAL}.huber_loss", f"{FUNCTIONAL}.instance_norm"} <= set(functional["missing"])


def test_a_re_exported_name_is_not_the_modules_own() -> None:
    """torch.utils.model_zoo is `from torch.hub import tqdm,
    load_state_dict_from_url as load_url`: tqdm is torch.hub's, load_url the
    name model_zoo gives its API. torch.cuda has an __all__, which decides."""
    from checker.torch.docs_coverage import SCRIPT

    asked = json.dumps(["torch.utils.model_zoo", "torch.nn.functional", "torch.cuda"])
    done = subprocess.run(
        [sys.executable, str(SCRIPT)], input=asked, capture_output=True, text=True, timeout=600
    )
    spaces = json.loads(done.stdout.splitlines()[-1])["namespaces"]
    assert spaces["torch.utils.model_zoo"] == {
        "outcome": "module",
        "source": "dir",
        "names": ["load_url"],
    }
    functional = spaces[FUNCTIONAL]["names"]
    assert "Tensor" not in functional and "handle_torch_function" not in functional
    assert {"conv2d", "gelu", "relu"} <= set(functional)  # torch's builtins, named here
    assert (
        spaces["torch.cuda"]["source"] == "__all__"
        and "empty_cache" in spaces["torch.cuda"]["names"]
    )
