"""checker.app.live: which interpreter runs which tests for which docs version,
and where each test comes from. The interpreters are the FAKE harness of
tests/fakes/fake_harness (no torch, no test run: it records what it was asked
and where), so that each plan costs milliseconds; the real runs are in
tests/app/test_release_repo.py."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from checker.app.environments import Environments
from checker.app.live import NotRun, run_live
from checker.app.verify_live import not_run_note
from checker.app.verify_request import Request
from checker.errors import InputError, UsageError
from checker.model.catalogue import default_catalogue
from checker.model.expectation import Expectation
from checker.torch.runner import RUNNING
from checker.verify.rule_files import load_rules
from tests.app.release_repo import TEST, build_release_repo
from tests.helpers import FAKE_HARNESS_PYTHON, git, use_fake_harness

Invoke = Callable[..., tuple[int, str, str]]
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
RULES = f"""
[[rule]]
id = "with-test"
api = "torch.distributed.elastic.metrics.put_metric"
doc = "torch-distributed-elastic.md"
expect = "是"
behaviour = "put_metric"
test = "{TEST}"
"""


@pytest.fixture
def log(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "asked.jsonl"
    use_fake_harness(monkeypatch, path)
    return path


@pytest.fixture(scope="module")
def repo(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return build_release_repo(tmp_path_factory.mktemp("live") / "repo")


@pytest.fixture
def rules(tmp_path: Path) -> list[Expectation]:
    path = tmp_path / "rules.toml"
    path.write_text(RULES, encoding="utf-8")
    return load_rules([path], default_catalogue())


def fake(tmp_path: Path, torch: str) -> str:
    """A FAKE interpreter whose harness reports `torch`."""
    script = tmp_path / f"python-fake-{torch}"
    script.write_text(f'#!/bin/sh\nDOCS_CHECK_FAKE_TORCH={torch} exec {FAKE_HARNESS_PYTHON} "$@"\n')
    script.chmod(0o755)
    return str(script)


def asked(log: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines()]


def runs_of(evidence: Any) -> list[tuple[str, str | None, str]]:
    return [(run.source, run.ref, run.cases[0].name.split()[0]) for run in evidence.runs]


def test_without_mappings_the_main_interpreter_runs_the_working_tree_tests(
    rules: list[Expectation], repo: Path, log: Path
) -> None:
    where = Environments(python=FAKE_HARNESS_PYTHON)
    (evidence,) = run_live(rules, ["2.12.0"], [str(repo)], where, default_catalogue()).evidence
    assert evidence.version is None and evidence.speaks_for == "2.13.0"
    assert runs_of(evidence) == [("behaviour", None, "--behaviour"), ("repo-test", None, "--test")]
    assert [entry["cwd"] for entry in asked(log)][1] == str(repo)
    assert all(run.verdict == "passed" for run in evidence.runs)  # the file was there


def test_each_mapped_version_runs_its_refs_test_in_its_interpreter(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    pythons = {"2.7.1": fake(tmp_path, "2.7.1+cpu"), "2.12.0": fake(tmp_path, "2.12.0+cpu")}
    where = Environments(
        python_for=tuple(pythons.items()),
        test_refs=(("2.7.1", "v2.7.1"), ("2.12.0", "v2.12.0")),
        git_repo=str(repo),
    )
    evidence = run_live(rules, ["2.7.1", "2.12.0"], [], where, default_catalogue()).evidence
    # every version has its own interpreter: the main one does not run at all
    assert [(e.run_for, e.speaks_for) for e in evidence] == [
        ("2.7.1", "2.7.1"),
        ("2.12.0", "2.12.0"),
    ]
    for record in evidence:
        ref = {"2.7.1": "v2.7.1", "2.12.0": "v2.12.0"}[record.run_for]
        assert runs_of(record) == [("behaviour", None, "--behaviour"), ("repo-test", ref, "--test")]
        assert all(run.verdict == "passed" for run in record.runs)  # the ref's file was there
    tests = [entry for entry in asked(log) if entry["argv"][0] == "--test"]
    # the environments run side by side: the log is in the order they ran in
    assert sorted(entry["torch"] for entry in tests) == ["2.12.0+cpu", "2.7.1+cpu"]
    # each ran in its ref's extracted folder, which is gone once the runs are done
    assert all(not Path(entry["cwd"]).exists() for entry in tests)
    assert tests[0]["cwd"] != tests[1]["cwd"]


def test_the_main_interpreter_takes_the_test_ref_of_its_own_release(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    where = Environments(
        python=fake(tmp_path, "2.11.0+cpu"),
        python_for=(("2.12.0", fake(tmp_path, "2.12.0+cpu")),),
        test_refs=(("2.11.0", "v2.11.0"), ("2.12.0", "v2.12.0")),
        git_repo=str(repo),
    )
    main, mapped = run_live(rules, ["2.11.0", "2.12.0"], [], where, default_catalogue()).evidence
    assert (main.run_for, main.speaks_for, mapped.run_for) == ("2.11.0", "2.11.0", "2.12.0")
    assert runs_of(main) == [("behaviour", None, "--behaviour"), ("repo-test", "v2.11.0", "--test")]


def test_an_interpreter_of_another_release_counts_for_no_version(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    where = Environments(python_for=(("2.12.0", fake(tmp_path, "2.13.0+cpu")),))
    (evidence,) = run_live(rules, ["2.12.0"], [], where, default_catalogue()).evidence
    assert (evidence.run_for, evidence.environment.release, evidence.speaks_for) == (
        "2.12.0",
        "2.13.0",
        None,
    )
    assert evidence.to_object()["docs_versions"] == []


def test_a_test_missing_at_its_ref_is_not_run_and_is_named(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    empty_tree = git(repo, "hash-object", "-t", "tree", "/dev/null").strip()
    nothing = git(repo, "commit-tree", empty_tree, "-m", "a ref without the tests").strip()
    where = Environments(
        python_for=(("2.12.0", fake(tmp_path, "2.12.0+cpu")),),
        test_refs=(("2.12.0", nothing),),
        git_repo=str(repo),
    )
    live = run_live(rules, ["2.12.0"], [], where, default_catalogue())
    (evidence,) = live.evidence
    assert [run.source for run in evidence.runs] == ["behaviour"]  # the test is not run
    (untested,) = live.untested
    assert (untested.rule, untested.version, untested.path, untested.ref) == (
        "with-test",
        "2.12.0",
        TEST,
        nothing,
    )
    assert untested.at.endswith("rules.toml:8")  # the rule's `test` line


def test_an_unknown_test_ref_is_a_usage_error(
    rules: list[Expectation], repo: Path, log: Path
) -> None:
    where = Environments(
        test_refs=(("2.12.0", "v9.9.9"),), git_repo=str(repo), python=FAKE_HARNESS_PYTHON
    )
    with pytest.raises(UsageError, match=r"no such ref 'v9\.9\.9'"):
        run_live(rules, ["2.12.0"], [], where, default_catalogue())
    assert not log.exists()  # every ref is checked before anything runs


def test_a_release_given_to_another_interpreter_is_not_the_main_ones(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    """Only the interpreter --python-for names counts for its version; the main
    one runs for the versions left to it, which its torch is not."""
    where = Environments(
        python=fake(tmp_path, "2.13.0+cpu"),
        python_for=(("2.13.0", fake(tmp_path, "2.13.0+cpu.mapped")),),
        test_refs=(("2.13.0", "master"),),
        git_repo=str(repo),
    )
    main, mapped = run_live(rules, ["2.12.0", "2.13.0"], [], where, default_catalogue()).evidence
    assert (main.run_for, main.speaks_for) == ("2.12.0", None)
    assert (mapped.run_for, mapped.speaks_for) == ("2.13.0", "2.13.0")
    assert runs_of(main) == [("behaviour", None, "--behaviour")]  # no test ref of its own
    assert runs_of(mapped)[1] == ("repo-test", "master", "--test")


def test_without_mappings_the_main_interpreter_takes_its_releases_test_ref(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    """probe's case: one environment, its tests from its release's test ref."""
    where = Environments(
        python=fake(tmp_path, "2.12.0+cpu"), test_refs=(("2.12.0", "v2.12.0"),), git_repo=str(repo)
    )
    (evidence,) = run_live(rules, [], [], where, default_catalogue()).evidence
    assert (evidence.run_for, evidence.speaks_for) == ("2.12.0", "2.12.0")
    assert runs_of(evidence) == [
        ("behaviour", None, "--behaviour"),
        ("repo-test", "v2.12.0", "--test"),
    ]


# -- defaults, behaviour files, a ref over the working tree, the main one's version, progress

HELPER = "test/distributed/elastic/metrics/metrics_testing.py"  # a file of every branch


def test_the_defaults_are_verifys() -> None:
    request, where = Request(docs=()), Environments()
    assert (where.python, where.python_for, where.test_refs) == (None, (), ())
    assert (where.git_repo, where.timeout) == (request.git_repo, request.timeout) == (".", 120)
    with pytest.raises(dataclasses.FrozenInstanceError):
        where.timeout = 1  # type: ignore[misc]


def test_a_behaviour_file_at_a_ref_runs_as_written_out_of_it(
    rules: list[Expectation], repo: Path, log: Path
) -> None:
    (rule,) = rules
    mine = dataclasses.replace(
        rule, behaviour=HELPER, behaviour_file=HELPER, behaviour_ref="v2.12.0", test=None
    )
    where = Environments(python=FAKE_HARNESS_PYTHON, git_repo=str(repo))
    (evidence,) = run_live([mine], ["2.13.0"], [], where, default_catalogue()).evidence
    (run,) = evidence.runs
    assert (run.source, run.ref, run.verdict) == ("behaviour", "v2.12.0", "passed")
    (entry,) = asked(log)
    flag, path = entry["argv"]
    # the file written out of the ref, in a temporary folder gone once the runs are done
    assert flag == "--behaviour" and path.endswith(f"/{HELPER}")
    assert not path.startswith(str(repo)) and not Path(path).exists()


def test_a_behaviour_file_of_the_working_tree_runs_where_it_is(
    rules: list[Expectation], repo: Path, log: Path
) -> None:
    (rule,) = rules
    here = str(repo / HELPER)
    mine = dataclasses.replace(rule, behaviour=here, behaviour_file=here, test=None)
    where = Environments(python=FAKE_HARNESS_PYTHON)
    (evidence,) = run_live([mine], ["2.13.0"], [], where, default_catalogue()).evidence
    assert [(run.source, run.ref, run.verdict) for run in evidence.runs] == [
        ("behaviour", None, "passed")
    ]
    assert [entry["argv"] for entry in asked(log)] == [["--behaviour", here]]


def test_a_test_ref_is_taken_over_the_working_trees_copy_of_the_test(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    where = Environments(
        python_for=(("2.12.0", fake(tmp_path, "2.12.0+cpu")),),
        test_refs=(("2.12.0", "v2.12.0"),),
        git_repo=str(repo),
    )
    (evidence,) = run_live(rules, ["2.12.0"], [str(repo)], where, default_catalogue()).evidence
    assert runs_of(evidence) == [
        ("behaviour", None, "--behaviour"),
        ("repo-test", "v2.12.0", "--test"),
    ]


@pytest.mark.parametrize(
    ("versions", "left", "said"),
    [
        (["2.7.1", "2.12.0", "2.13.0"], ("2.7.1", "2.12.0"), "2.7.1, 2.12.0"),
        (["2.13.0"], (), "no version"),
    ],
)
def test_a_main_interpreter_whose_release_is_mapped_names_the_versions_left_to_it(
    rules: list[Expectation],
    repo: Path,
    log: Path,
    tmp_path: Path,
    versions: list[str],
    left: tuple[str, ...],
    said: str,
) -> None:
    """The versions are a tuple in the model, written as the text and the file
    have always written them."""
    where = Environments(
        python=fake(tmp_path, "2.13.0+cpu"),
        python_for=(("2.13.0", fake(tmp_path, "2.13.0+cpu.mapped")),),
    )
    main, _ = run_live(rules, versions, [], where, default_catalogue()).evidence
    assert (main.version, main.run_for, main.speaks_for) == (left, said, None)
    assert main.to_object()["version"] == said


@pytest.mark.parametrize(
    ("given", "why"),
    [("python", "not found"), ("python-for", "not found"), ("python-for", "not runnable")],
)
def test_an_interpreter_that_cannot_start_is_an_input_error_before_any_run(
    rules: list[Expectation], log: Path, tmp_path: Path, given: str, why: str
) -> None:
    python = tmp_path / "no-such-python"
    if why == "not runnable":
        python = tmp_path / "python"
        python.write_text("#!/bin/sh\nexit 0\n")  # mode 644: no executable
    if given == "python":
        where = Environments(python=str(python))
    else:  # beside a main interpreter that could run
        where = Environments(python=FAKE_HARNESS_PYTHON, python_for=(("2.12.0", str(python)),))
    with pytest.raises(InputError) as caught:
        run_live(rules, ["2.12.0"], [], where, default_catalogue())
    assert str(caught.value) == f"{python}: no such interpreter (executable {why}: {python})"
    assert not log.exists()  # every interpreter is checked before anything runs


def test_progress_is_one_step_per_environment_finished_then_done(
    rules: list[Expectation], repo: Path, log: Path
) -> None:
    steps: list[tuple[str, int, int]] = []
    where = Environments(python=FAKE_HARNESS_PYTHON)
    run_live(
        rules,
        ["2.13.0"],
        [str(repo)],
        where,
        default_catalogue(),
        progress=lambda *step: steps.append(step),
    )
    # one environment: its two jobs run in one interpreter, one step in all
    assert steps == [(RUNNING, 0, 1), (RUNNING, 1, 1)]


def test_an_interpreter_of_another_release_runs_no_repository_test(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    """The main interpreter left with 2.12.0 while its torch is 2.13.0 (given
    to another): it must not run v2.12.0's test on torch 2.13.0."""
    where = Environments(
        python=fake(tmp_path, "2.13.0+cpu"),
        python_for=(("2.13.0", fake(tmp_path, "2.13.0+cpu.mapped")),),
        test_refs=(("2.12.0", "v2.12.0"), ("2.13.0", "master")),
        git_repo=str(repo),
    )
    main, mapped = run_live(rules, ["2.12.0", "2.13.0"], [], where, default_catalogue()).evidence
    assert (main.run_for, main.speaks_for) == ("2.12.0", None)
    assert runs_of(main) == [("behaviour", None, "--behaviour")]
    assert runs_of(mapped)[1] == ("repo-test", "master", "--test")


def sleepy(tmp_path: Path, torch: str, spans: Path) -> str:
    """A FAKE interpreter that reports `torch`, takes a second and logs when
    it started and ended."""
    script = tmp_path / f"python-sleepy-{torch}"
    script.write_text(
        "#!/bin/sh\n"
        f'echo "start $(date +%s.%N)" >> "{spans}-{torch}"\n'
        f'sleep 1; DOCS_CHECK_FAKE_TORCH={torch} {FAKE_HARNESS_PYTHON} "$@"; status=$?\n'
        f'echo "end $(date +%s.%N)" >> "{spans}-{torch}"\n'
        "exit $status\n"
    )
    script.chmod(0o755)
    return str(script)


def outline(evidence: Any) -> list[Any]:
    """What the evidence says, without the extracted folders' temporary names."""
    return [
        (
            e.run_for,
            e.speaks_for,
            [(r.source, r.ref, r.verdict, [c.name for c in r.cases]) for r in e.runs],
        )
        for e in evidence
    ]


def test_environments_run_side_by_side_up_to_jobs_with_the_serial_evidence(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    spans = tmp_path / "spans"
    versions = ["2.7.1", "2.12.0"]
    where = Environments(
        python_for=tuple((v, sleepy(tmp_path, f"{v}+cpu", spans)) for v in versions),
        test_refs=(("2.7.1", "v2.7.1"), ("2.12.0", "v2.12.0")),
        git_repo=str(repo),
    )

    def run(jobs: int) -> tuple[list[Any], list[tuple[float, float]]]:
        for path in tmp_path.glob("spans-*"):
            path.unlink()
        live = run_live(
            rules, versions, [], dataclasses.replace(where, jobs=jobs), default_catalogue()
        )
        times = []
        for path in sorted(tmp_path.glob("spans-*")):
            marks = [float(line.split()[1]) for line in path.read_text().splitlines()]
            times.append((min(marks), max(marks)))
        return outline(live.evidence), times

    serial, one_at_a_time = run(1)
    parallel, side_by_side = run(2)
    assert parallel == serial  # in the order of the versions, whichever finished first
    assert [version for version, *_ in parallel] == versions
    (_, first_end), (second_start, _) = sorted(one_at_a_time)
    assert second_start >= first_end  # --jobs 1: one environment after the other
    (_, first_end), (second_start, _) = sorted(side_by_side)
    assert second_start < first_end  # --jobs 2: both at once


def test_environments_side_by_side_give_the_evidence_of_one_after_the_other(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    pythons = {v: fake(tmp_path, f"{v}+cpu") for v in ("2.7.1", "2.11.0", "2.12.0")}
    refs = (("2.7.1", "v2.7.1"), ("2.12.0", "v2.12.0"))

    def records(jobs: int) -> list[Any]:
        where = Environments(
            python_for=tuple(pythons.items()), test_refs=refs, git_repo=str(repo), jobs=jobs
        )
        live = run_live(rules, list(pythons), [], where, default_catalogue())
        return [
            (e.run_for, e.speaks_for, e.environment.torch, runs_of(e), [r.verdict for r in e.runs])
            for e in live.evidence
        ]

    serial = records(1)
    assert [record[0] for record in serial] == ["2.7.1", "2.11.0", "2.12.0"]
    assert records(3) == serial


def test_each_environment_starts_one_interpreter_for_its_probe_and_all_its_jobs(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    """The probe, the behaviour and the repository test its release asks
    for: one start per environment, whatever the number of jobs."""
    starts = tmp_path / "starts"
    versions = ["2.7.1", "2.12.0"]
    pythons = []
    for version in versions:
        script = tmp_path / f"python-counted-{version}"
        script.write_text(
            f'#!/bin/sh\necho {version} >> "{starts}"\n'
            f'DOCS_CHECK_FAKE_TORCH={version}+cpu exec {FAKE_HARNESS_PYTHON} "$@"\n'
        )
        script.chmod(0o755)
        pythons.append((version, str(script)))
    where = Environments(
        python_for=tuple(pythons),
        test_refs=(("2.7.1", "v2.7.1"), ("2.12.0", "v2.12.0")),
        git_repo=str(repo),
    )
    live = run_live(rules, versions, [], where, default_catalogue())
    assert [runs_of(e) for e in live.evidence] == [
        [("behaviour", None, "--behaviour"), ("repo-test", ref, "--test")]
        for ref in ("v2.7.1", "v2.12.0")
    ]
    assert sorted(starts.read_text().split()) == sorted(versions)  # one each
    assert len(asked(log)) == 4  # and each job was asked of it


# -- a requested test that no environment runs: named, with why ---------------------------


def test_a_test_ref_of_a_version_no_environment_runs_is_named_not_run(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    """--test-ref 2.12.0=v2.12.0 without --python-for 2.12.0, and the main
    torch is 2.13.0: it runs 2.13.0's test at master, and 2.12.0's is named."""
    main = fake(tmp_path, "2.13.0+cpu")
    where = Environments(
        python=main,
        test_refs=(("2.12.0", "v2.12.0"), ("2.13.0", "master")),
        git_repo=str(repo),
    )
    live = run_live(rules, ["2.12.0", "2.13.0"], [], where, default_catalogue())
    (evidence,) = live.evidence
    assert runs_of(evidence)[1] == ("repo-test", "master", "--test")
    assert live.not_run == [
        NotRun("with-test", PUT_METRIC, "2.12.0", TEST, "v2.12.0", main, False, "2.13.0+cpu")
    ]
    assert live.untested == []


def test_a_test_ref_whose_interpreter_has_another_torch_is_named_not_run(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    given = fake(tmp_path, "2.13.0+cpu")
    where = Environments(
        python_for=(("2.12.0", given),), test_refs=(("2.12.0", "v2.12.0"),), git_repo=str(repo)
    )
    live = run_live(rules, ["2.12.0"], [], where, default_catalogue())
    assert live.not_run == [
        NotRun("with-test", PUT_METRIC, "2.12.0", TEST, "v2.12.0", given, True, "2.13.0+cpu")
    ]


def test_a_version_no_rule_checks_names_no_test_not_run(
    rules: list[Expectation], repo: Path, log: Path, tmp_path: Path
) -> None:
    """A test ref of a version outside the run (probe's case: none) is no request."""
    where = Environments(
        python=fake(tmp_path, "2.13.0+cpu"),
        test_refs=(("2.12.0", "v2.12.0"),),
        git_repo=str(repo),
    )
    assert run_live(rules, ["2.13.0"], [], where, default_catalogue()).not_run == []


@pytest.mark.parametrize(
    ("python", "given", "why"),
    [
        (None, False, "no environment for 2.12.0 (the installed torch is 2.13.0+cpu; "
         "give --python-for 2.12.0=PATH)"),
        ("/x/python", False, "no environment for 2.12.0 (the torch of --python /x/python is "
         "2.13.0+cpu; give --python-for 2.12.0=PATH)"),
        ("/x/python", True, "the interpreter given for it (/x/python) has torch 2.13.0+cpu"),
    ],
)  # fmt: skip
def test_the_note_of_a_test_not_run_says_why(python: str | None, given: bool, why: str) -> None:
    not_run = NotRun("r", "torch.x", "2.12.0", TEST, "v2.12.0", python, given, "2.13.0+cpu")
    assert str(not_run_note(not_run)) == (
        f"rule r's test {TEST} at v2.12.0 did not run for docs 2.12.0: {why}"
    )


def test_verify_names_each_test_not_run_in_text_json_and_pr(
    cli: Invoke, repo: Path, log: Path, tmp_path: Path
) -> None:
    """The repository's configuration names a test ref for every version; one
    interpreter of torch 2.13.0 runs 2.13.0's, and names the other three."""
    main = fake(tmp_path, "2.13.0+cpu")
    argv = ["verify", "--git", str(repo), "--ref", "master", "docs", "--python", main, "-q"]
    said = [
        f"rule elastic-put-metric's test {TEST} at {ref} did not run for docs {version}: "
        f"no environment for {version} (the torch of --python {main} is 2.13.0+cpu; "
        f"give --python-for {version}=PATH)"
        for version, ref in (("2.7.1", "v2.7.1"), ("2.11.0", "v2.11.0"), ("2.12.0", "v2.12.0"))
    ]
    code, out, _ = cli(*argv)
    assert code == 0
    lines = out.splitlines()
    assert lines[lines.index("notes:") + 1 :] == [f"  {line}" for line in said]
    _, out, _ = cli(*argv, "--format", "json")
    assert json.loads(out)["notes"] == said
    _, out, _ = cli(*argv, "--format", "pr", "--lang", "en")
    assert [line for line in out.splitlines() if "did not run" in line] == [
        f"- {line}" for line in said
    ]
    _, out, _ = cli(*argv, "--format", "pr")
    assert (
        f"- 规则 elastic-put-metric 的测试 {TEST}（v2.12.0）未为文档 2.12.0 运行："
        f"2.12.0 没有运行环境（--python {main} 的 torch 为 2.13.0+cpu；"
        "请用 --python-for 2.12.0=PATH 指定）"
    ) in out.splitlines()
    _, out, _ = cli(*argv, "--format", "markdown", "--lang", "en")
    assert f"- {said[0]}" in out.splitlines()
