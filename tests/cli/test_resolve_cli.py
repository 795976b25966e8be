"""`--resolve-apis` on the command line: `lint` and `verify` (and `baseline`)
look every documented name up in the torch release it is documented for, the
findings pass the gate like any other, and every report format carries the
resolution. In-process through checker.cli.run from the repository root.

The resolver runs in a subprocess of this interpreter (sys.executable, the real
CPU torch 2.13.0 of the test extra, without torch_npu, tensorboard or urllib3;
tests/test_resolve.py checks that); the test process never imports torch.
Interpreters that should not or cannot resolve are shell wrappers in tmp_path.
Tests of what becomes of a resolution (the formats, the gate, the language,
which interpreter is asked for which version) ask each interpreter for each
set of names once (`resolve_once`): the first test to ask runs the resolver
for real, and the others get its answer; tests of the interpreters' starts
run them all."""

from __future__ import annotations

import dataclasses
import json
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from xml.etree import ElementTree as ET

import pytest

import checker.torch.resolve.resolution
from checker.process import Started, run_command
from checker.torch.resolve.resolution import ResolveOptions
from checker.torch.resolve.resolver import SCRIPT
from tests.answered_once import answer_once
from tests.helpers import REPO, git, outside_page, tripwires, wrapper

DOCS = "tests/fixtures/resolve/docs"
NATIVE = f"{DOCS}/zh/api/native_api"
X_13 = f"{NATIVE}/pytorch_2-13-0/x.md"
Y_13 = f"{NATIVE}/pytorch_2-13-0/y.md"
RULES = "tests/fixtures/resolve/rules.toml"
# the rule fixture names y.md; x.md documents its API too, and the other pages are
# read for the resolution alone
VERIFY = ("verify", "--docs", DOCS, "--rules", RULES, "--api", "torch.Tensor.abs", "--no-live")
PYTHON = sys.executable
NOT_RESOLVED_12 = (
    "  2.12.0: 2 not-resolved — no interpreter with torch 2.12.0 "
    "(give one with --python-for 2.12.0=PATH)"
)
COUNTS_13 = "  2.13.0: 10 resolves, 2 missing, 1 needs-optional-dependency, 1 error, 1 unverified"
COUNTS = {
    "2.12.0": {"not-resolved": 2},
    "2.13.0": {
        "resolves": 10,
        "missing": 2,
        "needs-optional-dependency": 1,
        "error": 1,
        "unverified": 1,
    },
}
NPU_DETAIL = (
    "torch.nn.Module has no attribute 'npu'; torch_npu may add it, "
    "but it cannot be consulted: torch_npu is not installed"
)
TENSORBOARD = (
    "importing torch.utils.tensorboard: ModuleNotFoundError: No module named 'tensorboard'"
)
CUDA = (
    "getattr(torch.backends.cuda.cufft_plan_cache, 'size'): "
    "AssertionError: Torch not compiled with CUDA enabled"
)
# (line in x.md of 2.13.0, name, outcome, detail): every name that does not resolve
NON_RESOLVING = [
    (109, "torch.Tensor.abss", "missing", "torch.Tensor has no attribute 'abss'"),
    (119, "torch.nn.functionl.relu", "missing", "torch.nn has no attribute 'functionl'"),
    (129, "torch.nn.Module.npu", "unverified", NPU_DETAIL),
    (
        141,
        "torch.utils.tensorboard.writer.SummaryWriter",
        "needs-optional-dependency",
        TENSORBOARD,
    ),
    (151, "torch.backends.cuda.cufft_plan_cache.size", "error", CUDA),
]
RESOLUTION_LINES = [
    f"resolution (torch 2.13.0+cpu via {PYTHON}):",
    NOT_RESOLVED_12,
    COUNTS_13,
    *(
        f"  {X_13}:{line}: {outcome} {api} — {detail}"
        for line, api, outcome, detail in NON_RESOLVING
    ),
]
FINDING_LINES = [
    f"{X_13}:109: api-missing torch.Tensor.abss is documented for torch 2.13.0 but absent "
    "from it: torch.Tensor has no attribute 'abss'",
    f"{X_13}:119: api-missing torch.nn.functionl.relu is documented for torch 2.13.0 but "
    "absent from it: torch.nn has no attribute 'functionl'",
    f"{X_13}:129: api-unverified torch.nn.Module.npu is absent from torch 2.13.0 alone: "
    + NPU_DETAIL,
    f"{X_13}:141: api-needs-optional-dependency torch.utils.tensorboard.writer.SummaryWriter "
    "cannot be checked against torch 2.13.0 without the optional package tensorboard, "
    f"missing from {PYTHON} ({TENSORBOARD})",
    f"{X_13}:151: api-error looking torch.backends.cuda.cufft_plan_cache.size up in torch "
    f"2.13.0 failed: {CUDA}",
]
DUPLICATE = (
    f"{Y_13}:3: duplicate-api torch.Tensor.abs is documented again for 2.13.0, as at {X_13}:75"
)
RESOLUTION_SUMMARY = "; resolution: 2.13.0 looked up (15 names), 2.12.0 not resolved (2 names)"
LINT_SUMMARY = "6 findings (3 errors, 3 warnings) in 3 files, 18 entries" + RESOLUTION_SUMMARY
# Variables of the test run's own environment that would change what the resolver finds.
VARIABLES = ("PYTHONPATH", "TORCH_DEVICE_BACKEND_AUTOLOAD")
Invoke = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(cli: Invoke, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """Runs docs-check with the repository root as cwd: (exit code, stdout, stderr)."""
    monkeypatch.chdir(REPO)
    for name in VARIABLES:
        monkeypatch.delenv(name, raising=False)
    return cli


def section(out: str) -> list[str]:
    """The resolution section of a text report: from its header to the end."""
    lines = out.splitlines()
    starts = [i for i, line in enumerate(lines) if line.startswith(("resolution (", "解析（"))]
    assert len(starts) == 1, out
    return lines[starts[0] :]


# -- lint ---------------------------------------------------------------------------------


def test_lint_text_findings_then_the_resolution_section(cli: Invoke, resolve_once: None) -> None:
    code, out, err = cli("lint", "--resolve-apis", DOCS)
    assert code == 1
    assert out.splitlines() == [*FINDING_LINES, DUPLICATE, *RESOLUTION_LINES]
    assert err == LINT_SUMMARY + "\n"
    # the checker's own process looked nothing up itself
    assert "torch" not in sys.modules


def test_lint_without_resolve_apis_is_unchanged(cli: Invoke) -> None:
    code, out, err = cli("lint", DOCS)
    assert (code, out) == (0, DUPLICATE + "\n")
    assert err == "1 finding (0 errors, 1 warning) in 3 files, 18 entries\n"
    _, out, _ = cli("lint", DOCS, "--format", "json")
    assert list(json.loads(out)) == [
        *("schema", "schema_version", "findings", "files", "entries", "errors")
    ]


def test_lint_json(cli: Invoke, resolve_once: None) -> None:
    code, out, err = cli("lint", "--resolve-apis", DOCS, "--format", "json")
    assert (code, err) == (1, "")
    document = json.loads(out)
    assert list(document) == [
        "schema",
        "schema_version",
        "findings",
        "files",
        "entries",
        "errors",
        "resolution",
        "resolution_counts",
        "resolution_environments",
    ]
    assert [(f["rule"], f["line"], f["entry_line"]) for f in document["findings"]] == [
        ("api-missing", 109, 109),
        ("api-missing", 119, 119),
        ("api-unverified", 129, 129),
        ("api-needs-optional-dependency", 141, 141),
        ("api-error", 151, 151),
        ("duplicate-api", 3, 3),
    ]
    assert document["resolution"] == [
        {
            "api": api,
            "version": "2.13.0",
            "path": X_13,
            "ref": None,
            "line": line,
            "outcome": outcome,
            "detail": detail,
        }
        for line, api, outcome, detail in NON_RESOLVING
    ]
    assert document["resolution_counts"] == COUNTS
    assert list(document["resolution_counts"]["2.13.0"]) == list(COUNTS["2.13.0"])  # in order
    (environment,) = document["resolution_environments"]
    duration = environment.pop("duration_s")
    assert isinstance(duration, float) and duration > 0
    assert environment == {
        "python": PYTHON,
        "torch": environment["torch"],
        "torch_npu": None,
        "torch_npu_imported": False,
        "torch_npu_error": "torch_npu is not installed",
        "torch_npu_fake": False,
        "command": [
            "TORCH_DEVICE_BACKEND_AUTOLOAD=0",
            PYTHON,
            str(SCRIPT),  # the installed copy in CI, the checkout here
        ],
        "resolved": 15,
        "error": None,
        "note": "",
    }
    assert environment["torch"].startswith("2.13.0")
    assert document["errors"] == []


# -- verify -------------------------------------------------------------------------------


def test_verify_cross_checks_every_page_of_the_api_and_resolves_every_page(
    cli: Invoke, resolve_once: None
) -> None:
    code, out, err = cli(*VERIFY, "--resolve-apis")
    assert code == 1
    lines = out.splitlines()
    rule = lines[1 : lines.index("findings:")]  # after the headline
    # the cross-check: y.md, the rule's page, and x.md, which documents the API too
    assert rule[2] == f"  2.13.0: docs match the rule  {Y_13}:3"
    assert rule[6] == f"  2.13.0: docs match the rule  {X_13}:75"
    assert len(rule) == 10
    # every name of x.md was read and resolved; the static findings are those on
    # the API's entries, the two pages' duplicate-api among them
    findings = lines[lines.index("findings:") + 1 :][: len(FINDING_LINES) + 1]
    assert findings == [f"  {line}" for line in [*FINDING_LINES, DUPLICATE]]
    assert section(out) == RESOLUTION_LINES
    assert err == (f"6 results (6 unverified); 6 findings{RESOLUTION_SUMMARY}; exit 1\n")


def test_verify_without_resolve_apis_reads_the_pages_of_the_api(cli: Invoke) -> None:
    code, out, err = cli(*VERIFY)
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    assert "resolution" not in out
    assert out.splitlines()[-2:] == ["findings:", f"  {DUPLICATE}"]
    assert err == "6 results (6 unverified); 1 finding; exit 0\n"
    _, out, _ = cli(*VERIFY, "--format", "json")
    assert list(json.loads(out)) == [
        *("schema", "schema_version", "results", "evidence", "findings", "errors", "notes")
    ]


def test_verify_json(cli: Invoke, resolve_once: None) -> None:
    code, out, err = cli(*VERIFY, "--resolve-apis", "--format", "json")
    assert (code, err) == (1, "")
    document = json.loads(out)
    assert list(document)[-3:] == [
        "resolution",
        "resolution_counts",
        "resolution_environments",
    ]
    assert document["resolution_counts"] == COUNTS
    assert [(r["line"], r["api"], r["outcome"], r["detail"]) for r in document["resolution"]] == (
        NON_RESOLVING
    )
    assert {f["rule"] for f in document["findings"]} == {
        "api-missing",
        "api-unverified",
        "api-needs-optional-dependency",
        "api-error",
        "duplicate-api",
    }


# -- the gate: severity, ignores, baseline; exit codes ------------------------------------


def test_resolution_findings_pass_the_gate(cli: Invoke, resolve_once: None, tmp_path: Path) -> None:
    config = tmp_path / ".docs-check.toml"
    config.write_text(
        "[severity]\n"
        'api-missing = "warning"\n'
        'api-unverified = "off"\n'
        "[[ignore]]\n"
        'rule = "api-error"\n'
        'path = "x.md"\n'
        'api = "torch.backends.cuda.*"\n'
        'reason = "a CPU build cannot look CUDA properties up"\n',
        encoding="utf-8",
    )
    code, out, _ = cli("lint", "--resolve-apis", DOCS, "--config", str(config), "--format", "json")
    assert code == 0  # warnings only: they do not fail the run (--fail-on)
    document = json.loads(out)
    assert [(f["rule"], f["severity"], f["line"]) for f in document["findings"]] == [
        ("api-missing", "warning", 109),
        ("api-missing", "warning", 119),
        ("api-needs-optional-dependency", "warning", 141),
        ("duplicate-api", "warning", 3),
    ]
    # the resolution itself is reported whatever the gate leaves out
    assert document["resolution_counts"] == COUNTS
    assert len(document["resolution"]) == 5


def test_baseline_records_them_and_require_all_versions_exits_3(
    cli: Invoke, resolve_once: None, tmp_path: Path
) -> None:
    baseline = str(tmp_path / "baseline.json")
    code, _, err = cli("baseline", "--resolve-apis", DOCS, "--output", baseline)
    assert (code, err) == (0, f"wrote 6 findings to {baseline}\n")
    rules = [record["rule"] for record in json.loads(Path(baseline).read_text())["findings"]]
    assert sorted(rules) == [
        "api-error",
        "api-missing",
        "api-missing",
        "api-needs-optional-dependency",
        "api-unverified",
        "duplicate-api",
    ]
    # every finding is known: clean, and 2.12.0 not resolved is only a count
    code, out, err = cli("lint", "--resolve-apis", DOCS, "--baseline", baseline)
    assert code == 0
    assert out.splitlines() == RESOLUTION_LINES
    assert err.endswith("; not shown: 6 in the baseline\n")
    # unless every version must be resolved: exit 3, verification could not be done
    code, out, _ = cli(
        "lint", "--resolve-apis", "--require-all-versions", DOCS, "--baseline", baseline
    )
    assert code == 3
    assert out.splitlines() == RESOLUTION_LINES
    # a finding still fails first
    code, _, _ = cli("lint", "--resolve-apis", "--require-all-versions", DOCS)
    assert code == 1
    code, _, err = cli(*VERIFY, "--resolve-apis", "--require-all-versions", "--baseline", baseline)
    assert code == 3
    assert err.endswith("; exit 3; not shown: 6 in the baseline\n")


def test_require_all_versions_passes_when_every_version_resolves(
    cli: Invoke, resolve_once: None, tmp_path: Path
) -> None:
    code, out, _ = cli("lint", "--resolve-apis", "--require-all-versions", X_13)
    assert code == 1  # the findings of x.md
    assert "not-resolved" not in out
    # y.md alone is still told of its duplicate in x.md; with that off, it is clean
    config = tmp_path / ".docs-check.toml"
    config.write_text('[severity]\nduplicate-api = "off"\n', encoding="utf-8")
    options = ("--resolve-apis", "--require-all-versions", "--config", str(config))
    code, out, err = cli("lint", *options, Y_13)
    assert code == 0
    assert out.splitlines() == [
        f"resolution (torch 2.13.0+cpu via {PYTHON}):",
        "  2.13.0: 1 resolves",
    ]
    assert err == (
        "0 findings (0 errors, 0 warnings) in 1 file, 1 entry; "
        "resolution: 2.13.0 looked up (1 names); not shown: 1 ignored\n"
    )


# -- which interpreter resolves which version ---------------------------------------------


def test_python_for_an_interpreter_of_another_release_resolves_nothing_for_it(
    cli: Invoke, resolve_once: None
) -> None:
    """2.12.0 given to this interpreter, whose torch is 2.13.0: not a match."""
    code, out, _ = cli("lint", "--resolve-apis", DOCS, "--python-for", f"2.12.0={PYTHON}")
    assert code == 1
    lines = section(out)
    assert lines[1] == f"  2.12.0: 2 not-resolved — the torch of {PYTHON} is 2.13.0+cpu"
    assert lines[2] == COUNTS_13
    assert not any(line.startswith("  note:") for line in lines)  # one interpreter, run once


@pytest.fixture(scope="module")
def other(tmp_path_factory: pytest.TempPathFactory) -> str:
    """Another interpreter of torch 2.13.0: this one, through a wrapper; one
    path for the module, so that what it is asked it answers once (resolve_once)."""
    return wrapper(tmp_path_factory.mktemp("other"), "python-2.13", f'exec "{PYTHON}" "$@"')


def test_python_for_gives_a_version_to_another_interpreter(
    cli: Invoke, resolve_once: None, other: str
) -> None:
    code, out, err = cli(
        "lint", "--resolve-apis", DOCS, "--python-for", f"2.13.0={other}", "--format", "json"
    )
    assert (code, err) == (1, "")
    document = json.loads(out)
    main, mapped = document["resolution_environments"]
    # this interpreter is asked only for what no --python-for takes: 2.12.0
    assert (main["python"], main["resolved"]) == (PYTHON, 0)
    assert main["note"] == "asked for 2.12.0, but its torch is 2.13.0+cpu"
    assert (mapped["python"], mapped["resolved"], mapped["note"]) == (other, 15, "")
    assert document["resolution_counts"] == COUNTS
    _, out, _ = cli("lint", "--resolve-apis", DOCS, "--python-for", f"2.13.0={other}")
    assert section(out)[:4] == [
        f"resolution (torch 2.13.0+cpu via {PYTHON}; torch 2.13.0+cpu via {other}):",
        NOT_RESOLVED_12,
        COUNTS_13,
        f"  note: {PYTHON}: asked for 2.12.0, but its torch is 2.13.0+cpu",
    ]


@pytest.fixture
def starts(monkeypatch: pytest.MonkeyPatch) -> list[Started]:
    """Every resolver interpreter a run starts, in order; with resolve_once
    (asked for first), what stands in for each."""
    seen: list[Started] = []
    real_start = checker.torch.resolve.resolution.start_resolver

    def recording(python: str) -> Started:
        started = real_start(python)
        seen.append(started)
        return started

    monkeypatch.setattr(checker.torch.resolve.resolution, "start_resolver", recording)
    return seen


def test_an_interpreter_given_for_every_version_leaves_this_one_unasked(
    cli: Invoke, resolve_once: None, other: str, starts: list[Started]
) -> None:
    """The versions are known from the pages' folders before any page is read:
    an interpreter that no version read is given to is not even started (its
    torch import would be for nothing)."""
    code, out, _ = cli("lint", "--resolve-apis", X_13, "--python-for", f"2.13.0={other}",
                       "--python-for", f"2.10.0={other}", "--format", "json")  # fmt: skip
    assert code == 1
    document = json.loads(out)
    assert [e["python"] for e in document["resolution_environments"]] == [other]
    assert [started.argv[0] for started in starts] == [other]
    _, out, _ = cli("lint", "--resolve-apis", X_13, "--python-for", f"2.10.0={other}")
    assert f"  note: --python-for 2.10.0={other}: no docs of 2.10.0 were read" in section(out)
    assert [started.argv[0] for started in starts] == [other, PYTHON]


def test_a_named_interpreter_that_cannot_be_used_is_an_input_error(
    cli: Invoke, resolve_once: None, tmp_path: Path
) -> None:
    missing = str(tmp_path / "no-such-python")
    code, out, err = cli("lint", "--resolve-apis", DOCS, "--python-for", f"2.13.0={missing}")
    assert code == 2
    error = f"{missing}: no such interpreter (executable not found: {missing})"
    assert err.splitlines()[-1] == f"docs-check: error: {error}"
    assert section(out) == [
        f"resolution (torch 2.13.0+cpu via {PYTHON}):",
        NOT_RESOLVED_12,
        f"  2.13.0: 15 not-resolved — {missing} could not be used",
        f"  note: {PYTHON}: asked for 2.12.0, but its torch is 2.13.0+cpu",
    ]
    assert out.splitlines()[:1] == [DUPLICATE]
    code, out, _ = cli("lint", "--resolve-apis", DOCS, "--python", missing, "--format", "json")
    assert code == 2
    assert json.loads(out)["errors"] == [error]
    no_torch = wrapper(tmp_path, "no-torch", f'exec "{PYTHON}" -S "$@"')
    code, _, err = cli(*VERIFY, "--resolve-apis", "--python", no_torch)
    assert code == 2
    assert err.splitlines()[-1] == (
        f"docs-check: error: {no_torch}: torch does not import: "
        "ModuleNotFoundError: No module named 'torch'"
    )


def test_this_interpreter_without_torch_is_only_tried(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_torch = wrapper(tmp_path, "no-torch", f'exec "{PYTHON}" -S "$@"')
    monkeypatch.setattr(sys, "executable", no_torch)
    code, out, err = cli("lint", "--resolve-apis", DOCS)
    assert code == 0  # the duplicate-api, a warning; no input error
    assert "docs-check: error" not in err
    assert section(out) == [
        "resolution (no interpreter with torch):",
        NOT_RESOLVED_12,
        "  2.13.0: 15 not-resolved — no interpreter with torch 2.13.0 "
        "(give one with --python-for 2.13.0=PATH)",
        f"  note: {no_torch}: torch does not import: ModuleNotFoundError: No module named 'torch'",
    ]


@pytest.mark.parametrize(
    "value", ["2.12", "2.12.0", "2.12.0=", "=python", "v2.12.0=python", "2.12.0-python"]
)
def test_a_bad_python_for_is_a_usage_error(cli: Invoke, value: str) -> None:
    code, out, err = cli("lint", "--resolve-apis", DOCS, "--python-for", value)
    assert (code, out) == (2, "")
    assert f"Invalid value for '--python-for': {value!r} is not VERSION=PATH" in err
    code, out, err = cli(*VERIFY, "--resolve-apis", "--python-for", value)
    assert (code, out) == (2, "")
    assert "Invalid value for '--python-for'" in err


def test_resolve_options_without_resolve_apis_are_usage_errors(cli: Invoke) -> None:
    for argv, message in [
        (("lint", DOCS, "--python-for", "2.12.0=python"), "--python-for needs --resolve-apis"),
        (("lint", DOCS, "--require-all-versions"), "--require-all-versions needs --resolve-apis"),
        (("lint", DOCS, "--python", PYTHON), "--python needs --resolve-apis"),
        ((*VERIFY, "--require-all-versions"), "--require-all-versions needs --resolve-apis"),
    ]:
        code, out, err = cli(*argv)
        assert (code, out) == (2, ""), argv
        assert err.splitlines()[-1] == f"Error: {message}"
    code, _, err = cli(
        "lint", "--resolve-apis", DOCS, "--python-for", "2.12.0=a", "--python-for", "2.12.0=b"
    )
    assert code == 2
    assert "2.12.0 is given two interpreters: a and b" in err


def test_interpreters_started_ahead_are_always_ended(
    cli: Invoke, tmp_path: Path, starts: list[Started]
) -> None:
    """Each interpreter a version read is given to starts before the pages are
    read (its torch import overlaps the reading); one that is not asked (its
    version's pages document no name), or a run that stops with a usage error
    after it started, leaves no process behind. The interpreter here only
    sleeps, so that what ends it is the run, not its own exit."""
    sleeper = wrapper(tmp_path, "sleeping-python", "exec sleep 60")
    empty = tmp_path / "docs" / "pytorch_2-10-0" / "empty.md"
    empty.parent.mkdir(parents=True)
    empty.write_text("# nothing documented\n", encoding="utf-8")
    code, _, _ = cli("lint", "--resolve-apis", str(empty), "--python-for", f"2.10.0={sleeper}")
    assert code == 0  # the interpreter was started, then not asked: no name of 2.10.0
    code, _, err = cli("verify", "--docs", X_13, "--rules", RULES, "--api", "torch.Tensor.abs",
                       "--no-live", "--resolve-apis", "--python", sleeper)  # fmt: skip
    assert (code, err) == (2, f"docs-check: error: no y.md under {X_13}\n")
    assert [started.argv[0] for started in starts] == [sleeper, sleeper]
    code, _, err = cli("lint", "--resolve-apis", "no/such/docs")
    assert (code, err) == (2, "docs-check: error: no/such/docs: no such file or folder\n")
    assert len(starts) == 2  # no page: no version, and nothing started
    for started in starts:
        assert started.process is not None
        assert started.process.returncode == -signal.SIGKILL  # ended by the run


# -- docs at git refs ---------------------------------------------------------------------


def test_at_two_refs_a_name_is_reported_in_each(
    cli: Invoke, resolve_once: None, tmp_path: Path
) -> None:
    repo = tmp_path / "docs-repo"
    page = "docs/zh/api/native_api/pytorch_2-13-0/x.md"
    (repo / page).parent.mkdir(parents=True)
    (repo / page).write_bytes((REPO / X_13).read_bytes())
    git(repo, "init", "-q", "-b", "master")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "--no-gpg-sign", "-m", "docs")
    git(repo, "tag", "v2.13.0")
    code, out, _ = cli(
        "lint", "--resolve-apis", "--git", str(repo), "--ref", "master", "--ref", "v2.13.0",
        "--format", "json",
    )  # fmt: skip
    assert code == 1
    document = json.loads(out)
    missing = [  # the page split into its ref and its path, as a finding's
        (r["ref"], r["path"], r["line"])
        for r in document["resolution"]
        if r["api"] == "torch.Tensor.abss"
    ]
    assert missing == [("master", page, 109), ("v2.13.0", page, 109)]
    assert [(f["ref"], f["path"], f["rule"]) for f in document["findings"]].count(
        ("v2.13.0", page, "api-missing")
    ) == 2
    # one lookup per name, reported in both trees
    (environment,) = document["resolution_environments"]
    assert environment["resolved"] == 15
    assert document["resolution_counts"]["2.13.0"]["resolves"] == 20


# -- every format carries the resolution --------------------------------------------------


@pytest.fixture
def resolve_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """The tests resolve each set of names in each interpreter once
    (tests/answered_once.py); so do the two of master's snapshot (3,249 names,
    seconds each)."""
    answer_once(monkeypatch)


@pytest.fixture(params=["lint", "verify"])
def command(request: pytest.FixtureRequest) -> tuple[str, ...]:
    return ("lint", DOCS) if request.param == "lint" else VERIFY


def test_markdown(cli: Invoke, resolve_once: None, command: tuple[str, ...]) -> None:
    code, out, _ = cli(*command, "--resolve-apis", "--format", "markdown")
    assert code == 1
    lines = out.splitlines()
    start = lines.index("### API resolution")
    assert lines[start + 1 : start + 10] == [
        "",
        f"Looked up with torch 2.13.0+cpu via {PYTHON}.",
        "",
        "| version | resolves | needs-torch_npu | missing | needs-optional-dependency "
        "| error | unverified | outside-torch | not-resolved |",
        "| --- | --: | --: | --: | --: | --: | --: | --: | --: |",
        "| 2.12.0 | 0 | 0 | 0 | 0 | 0 | 0 | 0 | 2 |",
        "| 2.13.0 | 10 | 0 | 2 | 1 | 1 | 1 | 0 | 0 |",
        "",
        "- 2.12.0: 2 names not resolved: no interpreter with torch 2.12.0 (give one with "
        "--python-for 2.12.0=PATH)",
    ]
    assert "Names that do not resolve (5):" in lines
    assert (
        f"| `{X_13}:109` | `torch.Tensor.abss` | missing | torch.Tensor has no attribute 'abss' |"
        in lines
    )
    assert lines[2].startswith("**✘ failed** (exit 1): ")
    assert lines[2].endswith(
        "; resolution: 2.13.0 looked up (15 names), 2.12.0 not resolved (2 names)"
    )


def test_markdown_outcome_of_exit_3(cli: Invoke, resolve_once: None, tmp_path: Path) -> None:
    baseline = str(tmp_path / "baseline.json")
    cli("baseline", "--resolve-apis", DOCS, "--output", baseline)
    for argv in (("lint", DOCS), VERIFY):
        code, out, _ = cli(*argv, "--resolve-apis", "--require-all-versions", "--baseline",
                           baseline, "--format", "markdown")  # fmt: skip
        assert code == 3
        assert "**✘ not every docs version resolved** (exit 3): " in out


def test_junit(cli: Invoke, resolve_once: None, command: tuple[str, ...]) -> None:
    code, out, _ = cli(*command, "--resolve-apis", "--format", "junit")
    assert code == 1
    root = ET.fromstring(out)
    (suite,) = [s for s in root.iter("testsuite") if s.get("name") == "resolution"]
    properties = {p.get("name"): p.get("value") for p in suite.iter("property")}
    assert properties == {
        "environment": f"torch 2.13.0+cpu via {PYTHON}",
        "2.12.0 not-resolved": "2",
        "2.13.0 resolves": "10",
        "2.13.0 missing": "2",
        "2.13.0 needs-optional-dependency": "1",
        "2.13.0 error": "1",
        "2.13.0 unverified": "1",
    }
    cases = {case.get("classname"): case for case in suite.iter("testcase")}
    assert list(cases) == ["resolution.pytorch_2-12-0", "resolution.pytorch_2-13-0"]
    skipped = cases["resolution.pytorch_2-12-0"].find("skipped")
    assert skipped is not None
    assert skipped.get("message") == (
        "2 names not resolved: no interpreter with torch 2.12.0 "
        "(give one with --python-for 2.12.0=PATH)"
    )
    failure = cases["resolution.pytorch_2-13-0"].find("failure")
    assert failure is not None
    assert failure.get("message") == "3 errors: api-missing, api-error"
    assert COUNTS_13.strip() in (failure.text or "")
    assert (suite.get("tests"), suite.get("failures"), suite.get("skipped")) == ("2", "1", "1")


def test_junit_fails_a_version_only_on_reported_errors(
    cli: Invoke, resolve_once: None, tmp_path: Path
) -> None:
    """A version fails on the error findings the gate lets through; with
    --require-all-versions a version not resolved fails instead of being skipped."""
    baseline = str(tmp_path / "baseline.json")
    cli("baseline", "--resolve-apis", DOCS, "--output", baseline)
    code, out, _ = cli("lint", DOCS, "--resolve-apis", "--baseline", baseline, "--format", "junit")
    assert code == 0
    root = ET.fromstring(out)
    assert root.get("failures") == "0"
    (suite,) = [s for s in root.iter("testsuite") if s.get("name") == "resolution"]
    cases = {case.get("classname"): case for case in suite.iter("testcase")}
    passed = cases["resolution.pytorch_2-13-0"]
    assert passed.find("failure") is None
    assert COUNTS_13.strip() in (passed.findtext("system-out") or "")
    code, out, _ = cli("lint", DOCS, "--resolve-apis", "--baseline", baseline,
                       "--require-all-versions", "--format", "junit")  # fmt: skip
    assert code == 3
    root = ET.fromstring(out)
    assert root.get("failures") == "1"
    (suite,) = [s for s in root.iter("testsuite") if s.get("name") == "resolution"]
    failure = next(iter(suite.iter("testcase"))).find("failure")
    assert failure is not None and failure.get("type") == "not-resolved"


def test_sarif(cli: Invoke, resolve_once: None, command: tuple[str, ...]) -> None:
    code, out, _ = cli(*command, "--resolve-apis", "--format", "sarif")
    assert code == 1
    (sarif_run,) = json.loads(out)["runs"]
    assert sarif_run["properties"]["resolution_counts"] == COUNTS
    (environment,) = sarif_run["properties"]["resolution_environments"]
    assert environment["python"] == PYTHON
    results = [(r["ruleId"], r["level"]) for r in sarif_run["results"]]
    for rule, level in [
        ("api-missing", "error"),
        ("api-unverified", "warning"),
        ("api-needs-optional-dependency", "warning"),
        ("api-error", "error"),
    ]:
        assert (rule, level) in results
    _, out, _ = cli(*command, "--format", "sarif")
    assert "properties" not in json.loads(out)["runs"][0]


def test_output_file_holds_the_same_report(cli: Invoke, resolve_once: None, tmp_path: Path) -> None:
    target = tmp_path / "report.txt"
    code, out, _ = cli("lint", "--resolve-apis", DOCS, "--output", str(target))
    assert (code, out) == (1, "")
    assert target.read_text(encoding="utf-8").splitlines()[-len(RESOLUTION_LINES) :] == (
        RESOLUTION_LINES
    )


# -- the master snapshot ------------------------------------------------------------------

# The same counts as tests/test_resolve.py measures with the resolver alone.
CORPUS_2_13 = {
    "resolves": 3219,
    "missing": 2,
    "needs-optional-dependency": 24,
    "error": 3,
    "unverified": 1,
}


@pytest.fixture
def master(corpus: Path) -> Path:
    return corpus / "master"


def test_master_snapshot_lint(cli: Invoke, resolve_once: None, master: Path) -> None:
    """How long it takes is the benchmark's business (benchmarks/bench.py), not a test's."""
    code, out, _ = cli("lint", "--resolve-apis", str(master), "--format", "json")
    assert code == 1
    document = json.loads(out)
    counts = document["resolution_counts"]
    assert list(counts) == ["2.7.1", "2.11.0", "2.12.0", "2.13.0"]
    assert counts["2.13.0"] == CORPUS_2_13
    assert all(list(counts[v]) == ["not-resolved"] for v in ("2.7.1", "2.11.0", "2.12.0"))
    missing = [
        (Path(r["path"]).name, r["line"], r["api"])
        for r in document["resolution"]
        if r["outcome"] == "missing"
    ]
    assert missing == [
        (
            "torch-fx-experimental.md",
            371,
            "torch.fx.experimental.symbolic_shapes.ShapeEnv.set_unbacked_var_to_val",
        ),
        ("torch-nn.md", 5999, "torch.nn.modules.flatten.Unflatten.NamedShape"),
    ]


def test_master_snapshot_verify(cli: Invoke, resolve_once: None, master: Path) -> None:
    code, out, _ = cli("verify", str(master), "--resolve-apis", "--no-live")
    assert code == 1
    lines = section(out)
    assert lines[0] == f"resolution (torch 2.13.0+cpu via {PYTHON}):"
    by_version = {line.split(":")[0].strip(): line for line in lines[1:5]}
    assert by_version["2.13.0"] == (
        "  2.13.0: 3219 resolves, 2 missing, 24 needs-optional-dependency, 3 error, 1 unverified"
    )
    assert by_version["2.12.0"].startswith("  2.12.0: ")
    assert "not-resolved — no interpreter with torch 2.12.0" in by_version["2.12.0"]
    # the cross-check still covers the rule's pages only: 4 versions × 3 products
    assert out.count("    atlas-a2    documented") == 4


def test_resolution_options_are_hashable() -> None:
    """Frozen: a run's options do not change under it."""
    options = ResolveOptions(python_for=(("2.12.0", "a"),), require_all_versions=True)
    assert hash(options) == hash(dataclasses.replace(options))


def test_no_test_here_imported_torch() -> None:
    assert "torch" not in sys.modules


# -- names outside torch and torch_npu: reported, never imported --------------------------

# A page template outside any pytorch_X-Y-Z folder (so reading tests/fixtures/resolve
# whole does not see it); outside_page puts it in tmp_path's pytorch_2-13-0.
# (line in outside.md, name, its first part): the names that are neither torch nor torch_npu
OUTSIDE_NAMES = [
    (15, "antigravity.x", "antigravity"),  # importing antigravity opens a web browser
    (23, "this_module_does_not_exist.y", "this_module_does_not_exist"),
    (31, "os.path.join", "os"),  # importable, and imported by torch already: still outside
    (39, "docs_check_tripwire.x", "docs_check_tripwire"),  # tripwires(): says if it is imported
]


def test_names_outside_torch_are_reported_and_never_imported(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = outside_page(tmp_path)
    imported, opened = tripwires(tmp_path, monkeypatch)
    code, out, err = cli("lint", "--resolve-apis", str(page))
    assert code == 1
    findings = [
        line
        for at, api, root in OUTSIDE_NAMES
        for line in (
            f"{page}:{at}: api-name-incomplete {api}: a short name this page gives no "
            "namespace for, kept as written",
            f"{page}:{at}: api-outside-torch {api} is documented for torch 2.13.0 but is "
            "not a torch or torch_npu name, so it was not looked up",
        )
    ]
    assert out.splitlines() == [
        *findings,
        f"resolution (torch 2.13.0+cpu via {PYTHON}):",
        "  2.13.0: 1 resolves, 4 outside-torch",
        *(
            f"  {page}:{at}: outside-torch {api} — {root} is neither torch nor torch_npu: "
            "not looked up"
            for at, api, root in OUTSIDE_NAMES
        ),
    ]
    assert err == (
        "8 findings (4 errors, 4 warnings) in 1 file, 5 entries; "
        "resolution: 2.13.0 looked up (5 names)\n"
    )
    assert not imported.exists()
    assert not opened.exists()
    # the tripwires are live: importing the two modules in that interpreter fires both
    control = run_command([PYTHON, "-c", "import docs_check_tripwire, antigravity"], timeout=60)
    assert control.exit_code == 0, control.stderr
    assert imported.read_text(encoding="utf-8") == "imported"
    assert opened.read_text(encoding="utf-8") == "https://xkcd.com/353/\n"


def test_names_outside_torch_in_json_and_through_the_gate(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    page = outside_page(tmp_path)
    imported, opened = tripwires(tmp_path, monkeypatch)
    config = tmp_path / ".docs-check.toml"
    config.write_text(
        '[severity]\napi-name-incomplete = "off"\n'
        '[[ignore]]\nrule = "api-outside-torch"\npath = "outside.md"\napi = "os.*"\n'
        'reason = "the standard library"\n',
        encoding="utf-8",
    )
    code, out, err = cli(
        "lint", "--resolve-apis", str(page), "--config", str(config), "--format", "json"
    )
    assert (code, err) == (1, "")
    document = json.loads(out)
    # os.path.join ignored, api-name-incomplete off
    assert [(f["rule"], f["severity"], f["line"]) for f in document["findings"]] == [
        ("api-outside-torch", "error", 15),
        ("api-outside-torch", "error", 23),
        ("api-outside-torch", "error", 39),
    ]
    assert document["resolution"] == [
        {
            "api": api,
            "version": "2.13.0",
            "path": str(page),
            "ref": None,
            "line": at,
            "outcome": "outside-torch",
            "detail": f"{root} is neither torch nor torch_npu: not looked up",
        }
        for at, api, root in OUTSIDE_NAMES
    ]
    assert document["resolution_counts"] == {"2.13.0": {"resolves": 1, "outside-torch": 4}}
    assert document["resolution_environments"][0]["resolved"] == 5
    assert not imported.exists()
    assert not opened.exists()


def test_the_resolution_section_in_chinese(cli: Invoke, resolve_once: None) -> None:
    """Its words translated; outcomes, paths, names and the interpreter's own
    words (a name's detail) as they are."""
    code, out, err = cli("--lang", "zh", "lint", "--resolve-apis", DOCS)
    assert code == 1
    assert section(out) == [
        f"解析（torch 2.13.0+cpu，经由 {PYTHON}）：",
        "  2.12.0：2 个 not-resolved — 没有带 torch 2.12.0 的解释器"
        "（用 --python-for 2.12.0=PATH 指定一个）",
        "  2.13.0：10 resolves, 2 missing, 1 needs-optional-dependency, 1 error, 1 unverified",
        *(
            f"  {X_13}:{line}: {outcome} {api} — {detail}"
            for line, api, outcome, detail in NON_RESOLVING
        ),
    ]
    assert err.endswith("；解析：2.13.0 已查找（15 个名称），2.12.0 未解析（2 个名称）\n")
    _, out, _ = cli("--lang", "zh", "lint", "--resolve-apis", "--format", "markdown", DOCS)
    assert "### API 解析" in out.splitlines()
    assert f"查找所用环境：torch 2.13.0+cpu，经由 {PYTHON}。" in out.splitlines()
    assert "| 页面：行 | API | 结果 | 详情 |" in out.splitlines()


def test_a_note_of_the_resolution_in_chinese(
    cli: Invoke, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    no_torch = wrapper(tmp_path, "no-torch", f'exec "{PYTHON}" -S "$@"')
    monkeypatch.setattr(sys, "executable", no_torch)
    _, out, _ = cli("--lang", "zh", "lint", "--resolve-apis", DOCS)
    assert section(out)[0] == "解析（没有带 torch 的解释器）："
    assert section(out)[-1] == (
        f"  说明：{no_torch}：torch 无法导入：ModuleNotFoundError: No module named 'torch'"
    )
