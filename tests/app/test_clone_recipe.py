"""docs/verify.md's "Every release in one run", followed as written on a
user's clone of the release-shaped repository (tests/app/release_repo.py),
whose release branches are only `origin/v2.7.1` etc., with ONLY the shipped
rule (rules/put_metric.toml) and the refs as a release engineer names them
(`v2.12.0`).

The only torch here is 2.13.0: the environments of 2.7.1, 2.11.0 and 2.12.0
are FAKE wrappers around the real torch_npu environment (fake_torch_python),
and every report must say so. Each live run imports torch several times, so
the runs are made once per module and shared."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from checker.cli import run
from tests.app.release_repo import TEST, clone_release_repo
from tests.helpers import fake_torch_python, git, outcomes_of

Invoke = Callable[..., tuple[int, str, str]]
BRANCHES = {"2.7.1": "v2.7.1", "2.11.0": "v2.11.0", "2.12.0": "v2.12.0", "2.13.0": "master"}
READ = {"2.7.1": "origin/v2.7.1", "2.11.0": "origin/v2.11.0", "2.12.0": "origin/v2.12.0"}
TESTS_RUN = {"2.7.1": 5, "2.11.0": 6, "2.12.0": 7, "2.13.0": 7}
FAILING = "v2.12.0-failing"  # v2.12.0 with one added test that fails
NO_TESTS = "no-tests"  # a branch without the test's file
ADDED = """
    def test_value_is_kept(self):
        self.assertEqual(self.put("m", 1), ("docs_check", "m", 2))
"""


def _branch(upstream: Path, name: str, start: str, change: Callable[[Path], None]) -> None:
    git(upstream, "checkout", "-q", "-b", name, start)
    change(upstream)
    git(upstream, "add", "-A")
    git(upstream, "commit", "-qm", f"{name}: a branch of the test")
    git(upstream, "checkout", "-q", "master")


def _add_failing_test(upstream: Path) -> None:
    test = upstream / TEST
    text = test.read_text(encoding="utf-8")
    test.write_text(text.replace("\n\nif __name__", f"\n{ADDED}\n\nif __name__"), "utf-8")


def _remove_tests(upstream: Path) -> None:
    git(upstream, "rm", "-rq", "test")


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory, npu_python: str) -> dict[str, Any]:
    """The clone (after a fetch of two more upstream branches), and an
    interpreter per docs version."""
    folder = tmp_path_factory.mktemp("clone-recipe")
    repo = clone_release_repo(folder)
    upstream = folder / "upstream"
    _branch(upstream, FAILING, "v2.12.0", _add_failing_test)
    _branch(upstream, NO_TESTS, "v2.12.0", _remove_tests)
    git(repo, "fetch", "-q")
    assert "v2.7.1" not in git(repo, "branch", "--list")  # only origin/v2.7.1
    pythons = {v: fake_torch_python(folder, npu_python, f"{v}+cpu") for v in ("2.7.1", "2.11.0")}
    pythons["2.12.0"] = fake_torch_python(folder, npu_python, "2.12.0+cpu")
    pythons["2.13.0"] = npu_python
    return {"repo": repo, "pythons": pythons}


def _python_for(clone: dict[str, Any], *versions: str) -> list[str]:
    return [f"--python-for={v}={clone['pythons'][v]}" for v in versions or clone["pythons"]]


class Ran:
    """One verify run: its exit code, the JSON report, the text report of the
    same outcome and the summary line."""

    def __init__(self, code: int, document: dict[str, Any], text: str, said: str) -> None:
        self.code, self.json, self.text, self.said = code, document, text, said

    def evidence(self, version: str) -> dict[str, Any]:
        (found,) = [e for e in self.json["evidence"] if e["version"] == version]
        return found

    def runs(self, version: str, source: str) -> list[dict[str, Any]]:
        return [run for run in self.evidence(version)["runs"] if run["source"] == source]


def _verify(clone: dict[str, Any], *argv: str) -> Ran:
    """`verify --git . --ref master docs ARGV --format json` in the clone, its
    outcome also rendered as text (one run, two reports)."""
    from checker.report.formats import render, summary

    output = Path(clone["repo"]).parent / "verify.json"
    with pytest.MonkeyPatch.context() as patch, outcomes_of("verify") as outcomes:
        patch.chdir(clone["repo"])
        base = ["verify", "--git", ".", "--ref", "master", "docs", *argv]
        code = run([*base, "--format", "json", "--output", str(output), "-q"])
    (outcome,) = outcomes
    said = summary(outcome)
    return Ran(code, json.loads(output.read_text("utf-8")), render("text", outcome), said)


@pytest.fixture(scope="module")
def recipe(clone: dict[str, Any]) -> Ran:
    """The recipe as docs/verify.md writes it, with the branches' plain names."""
    refs = [f"--test-ref={version}={ref}" for version, ref in BRANCHES.items()]
    return _verify(clone, *refs, *_python_for(clone))


@pytest.fixture(scope="module")
def failing(clone: dict[str, Any]) -> Ran:
    """2.12.0's tests from the branch with a failing test, 2.11.0's from one
    without the test file; the other versions in the main interpreter."""
    refs = [f"--test-ref=2.12.0={FAILING}", f"--test-ref=2.11.0={NO_TESTS}"]
    return _verify(clone, *refs, *_python_for(clone, "2.11.0", "2.12.0"))


@pytest.fixture
def in_clone(clone: dict[str, Any], monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.chdir(clone["repo"])
    yield


# -- the recipe ---------------------------------------------------------------------------


def test_every_branch_runs_its_test_in_its_versions_environment(
    recipe: Ran, clone: dict[str, Any]
) -> None:
    assert recipe.code == 0, recipe.text
    assert [e["version"] for e in recipe.json["evidence"]] == list(BRANCHES)
    for version, branch in BRANCHES.items():
        (test,) = recipe.runs(version, "repo-test")
        assert test["ref"] == READ.get(version, branch)  # the ref actually read
        assert test["behaviour"] == TEST
        assert clone["pythons"][version] in test["command"]
        assert (test["verdict"], test["framework"], test["exit_code"]) == ("passed", "unittest", 0)
        assert len(test["cases"]) == TESTS_RUN[version]
        env = recipe.evidence(version)["environment"]
        assert env["torch"] == f"{version}+cpu"
        assert env["fake_torch"] is (version != "2.13.0")  # labelled FAKE
    at = [line for line in recipe.text.splitlines() if "[repo-test " in line]
    assert [line.split(" at ")[1].split("]")[0] for line in at] == [
        "origin/v2.7.1",
        "origin/v2.11.0",
        "origin/v2.12.0",
        "master",
    ]
    assert recipe.said == "12 results (12 unverified); 0 findings; exit 0"


def test_the_behaviour_runs_once_per_environment_and_reads_no_ref(recipe: Ran) -> None:
    for version in BRANCHES:
        (behaviour,) = recipe.runs(version, "behaviour")  # one rule, one run
        assert (behaviour["ref"], behaviour["framework"]) == (None, "")
    assert recipe.text.count("[behaviour put_metric]") == 4


MINE = f"""[[rule]]
id = "mine"
api = "torch.distributed.elastic.metrics.put_metric"
doc = "torch-distributed-elastic.md"
expect = "是，暂不支持 Ascend 950DT"
behaviour = "put_metric"
test = "{TEST}"
"""


def test_two_rules_of_one_behaviour_and_test_plan_each_once(tmp_path: Path) -> None:
    """The engineer's own rule beside the shipped one, both naming put_metric's
    behaviour and the repository's test, as the issue had it."""
    from checker.app.live import behaviour_jobs, repo_jobs
    from checker.model.catalogue import default_catalogue
    from checker.verify.rule_files import load_rules, shipped_rule_files

    (tmp_path / "mine.toml").write_text(MINE, encoding="utf-8")
    files = [*shipped_rule_files(), tmp_path / "mine.toml"]
    rules = load_rules(files, default_catalogue())
    assert [rule.id for rule in rules] == ["elastic-put-metric", "mine"]
    assert len(behaviour_jobs(rules)) == 1
    (tree := tmp_path / "tree" / Path(TEST).parent).mkdir(parents=True)
    (tree / Path(TEST).name).write_text("", encoding="utf-8")
    assert len(repo_jobs(rules, "v2.12.0", {"v2.12.0": str(tmp_path / "tree")}, ())) == 1


def test_each_rule_cites_the_one_run(recipe: Ran, clone: dict[str, Any], tmp_path: Path) -> None:
    """The recipe's 2.13.0 record, read back (schema 3) for two rules: both
    rules' results rest on its one behaviour run and one test run."""
    record = tmp_path / "evidence.json"
    record.write_text(json.dumps(recipe.evidence("2.13.0")), encoding="utf-8")
    (tmp_path / "mine.toml").write_text(MINE, encoding="utf-8")
    again = _verify(clone, "--no-live", "--evidence", str(record), "--rules",
                    str(tmp_path / "mine.toml"))  # fmt: skip
    assert again.code == 0
    (evidence,) = again.json["evidence"]
    assert [run["source"] for run in evidence["runs"]] == ["behaviour", "repo-test"]
    cited = {(r["rule"], r["detail"]) for r in again.json["results"] if r["version"] == "2.13.0"}
    said = "no NPU evidence; CPU reference run: passed; CPU reference run: passed"
    assert cited == {("elastic-put-metric", said), ("mine", said)}
    assert again.text.count("[behaviour put_metric]") == 1


# -- a failing test, a missing test ---------------------------------------------------------


def test_the_headline_names_the_failed_test(failing: Ran) -> None:
    headline = failing.text.splitlines()[0]
    assert headline.startswith(
        "✘ failed (exit 1): test_metrics_api.py failed on origin/v2.12.0-failing under torch "
        "2.12.0+cpu (FAKE release) (1 of 8 tests: test_value_is_kept); "
    ), headline
    assert failing.code == 1
    # the runs: 2.13.0's behaviour and test, 2.11.0's behaviour, 2.12.0's behaviour and test
    assert failing.said == "12 results (12 unverified); 1 of 5 runs failed; 1 finding; exit 1"


def test_the_failed_run_shows_the_frameworks_status_and_its_whole_failure(failing: Ran) -> None:
    (test,) = failing.runs("2.12.0", "repo-test")
    assert (test["verdict"], test["framework"], test["exit_code"]) == ("failed", "unittest", 1)
    assert test["summary"].endswith("FAILED (failures=1)")
    (case,) = [case for case in test["cases"] if not case["passed"]]
    assert case["name"] == f"{TEST}::TestMetricsApi::test_value_is_kept"
    whole = case["traceback"]
    assert whole.startswith("Traceback (most recent call last):\n")
    assert f'File "{TEST}", line' in whole  # the repository's path, not a temporary one
    assert "- ('docs_check', 'm', 1)\n?" in whole and whole.rstrip().endswith("^")  # not cut
    row = next(line for line in failing.text.splitlines() if f"at origin/{FAILING}]" in line)
    assert ": failed 7/8 cases in " in row and ", unittest exit 1 — Ran 8 tests in " in row
    shown = failing.text.split("FAILED " + case["name"], 1)[1].splitlines()
    assert shown[1] == "        Traceback (most recent call last):"
    assert shown[9] == "        … 3 more lines: the whole text is in --format json"


def test_a_test_missing_at_its_ref_is_a_finding_naming_ref_and_path(failing: Ran) -> None:
    (found,) = failing.json["findings"]
    assert found["rule"] == "repo-test-missing"
    assert found["message"] == (
        f"{TEST} is not at origin/{NO_TESTS}: rule elastic-put-metric's test did not run "
        "for docs 2.11.0"
    )
    assert found["path"].endswith("put_metric.toml")
    assert failing.runs("2.11.0", "repo-test") == []  # nothing ran for it
    assert [run["source"] for run in failing.runs("2.11.0", "behaviour")] == ["behaviour"]


# -- refs -------------------------------------------------------------------------------------


def test_every_unknown_ref_is_named_in_one_line_with_the_closest_names(
    cli: Invoke, in_clone: None
) -> None:
    argv = ["verify", "--git", ".", "--ref", "mastr", "docs", "--test-ref", "2.7.1=v2.7.2"]
    code, out, err = cli(*argv, "--test-ref", "2.12.0=v2.12.0", "--test-ref", "2.11.0=v2.11")
    assert (code, out) == (2, "")
    assert err == (
        "docs-check: error: .: no such refs 'mastr' (closest: master, origin/master), "
        "'v2.7.2' (closest: origin/v2.7.1, origin/v2.12.0, origin/v2.11.0), "
        "'v2.11' (closest: origin/v2.11.0, origin/v2.7.1, origin/v2.12.0)\n"
    )


def test_a_docs_ref_named_without_its_remote_is_read_from_it(cli: Invoke, in_clone: None) -> None:
    """lint too: `--ref v2.12.0` reads origin/v2.12.0, and says so."""
    code, _, err = cli("lint", "--git", ".", "--ref", "v2.12.0", "--ref", "master", "-q")
    assert code == 2  # the release branch has no API pages, as the real ones
    assert err.endswith("docs-check: error: no API pages at origin/v2.12.0\n"), err


def rule_without_test(folder: Path) -> Path:
    """A rule file of one rule that names no repository test."""
    rules = folder / "no-test.toml"
    rules.write_text(
        '[[rule]]\nid = "no-test"\napi = "torch.distributed.elastic.metrics.prof"\n'
        'doc = "torch-distributed-elastic.md"\nexpect = "是"\n',
        encoding="utf-8",
    )
    return rules


def test_test_refs_that_no_rule_can_use_are_a_usage_error(
    cli: Invoke, in_clone: None, tmp_path: Path
) -> None:
    rules = rule_without_test(tmp_path)
    argv = ["verify", "--git", ".", "--ref", "master", "docs", "--rules", str(rules)]
    code, out, err = cli(*argv, "--api", "torch.distributed.elastic.metrics.prof",
                         "--test-ref", "2.12.0=v2.12.0")  # fmt: skip
    assert (code, out) == (2, "")
    assert err == (
        "docs-check: error: --test-ref runs the rules' repository tests, but no rule of this "
        "run has a `test` (rules: no-test)\n"
    )
    # with the shipped rule besides it: a note names the rule --test-ref does not serve
    code, out, _ = cli(*argv, "--test-ref", "2.12.0=v2.12.0", "--no-live", "--format", "json")
    assert json.loads(out)["notes"] == [
        "--test-ref serves only the rules with a `test`; these have none: no-test"
    ]


def test_probe_refuses_test_refs_that_no_rule_can_use(
    cli: Invoke, in_clone: None, tmp_path: Path
) -> None:
    rules = rule_without_test(tmp_path)
    output = tmp_path / "evidence.json"
    argv = ["probe", "--output", str(output), "--rules", str(rules), "--api"]
    code, _, err = cli(*argv, "torch.distributed.elastic.metrics.prof", "--test-ref=2.13.0=master")
    assert (code, output.exists()) == (2, False)  # refused before anything ran
    assert err.endswith("no rule of this run has a `test` (rules: no-test)\n")
