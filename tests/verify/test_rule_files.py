"""Rules: the shipped rule, and every way a rule file can be wrong, each named
by path:line. Rule files are data (TOML): nothing in them is ever executed."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from checker.app.verify_request import Request, select_rules
from checker.errors import DataError
from checker.model.catalogue import default_catalogue, rules_dir
from checker.model.expectation import Expectation
from checker.model.support import Status, Support
from checker.verify.rule_files import REPO_RULES, load_rules, shipped_rule_files
from tests.helpers import REPO

FIXTURES = REPO / "tests" / "fixtures"
RULES = FIXTURES / "verify" / "rules"
DOCS = FIXTURES / "verify" / "docs"
# The copy docs-check reads: inside the installed wheel in CI, rules/ in a checkout.
SHIPPED = rules_dir() / "put_metric.toml"
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
RECORD = "torch.distributed.elastic.events.record"


def load(*paths: Path) -> list[Expectation]:
    return load_rules(list(paths), default_catalogue())


def error_of(*paths: Path) -> str:
    with pytest.raises(DataError) as caught:
        load(*paths)
    return str(caught.value)


# -- the shipped rule ---------------------------------------------------------------------


def test_shipped_rule_files_are_the_rule_files_not_the_catalogue() -> None:
    assert shipped_rule_files() == [SHIPPED]


def test_shipped_rule_loads() -> None:
    (rule,) = load(*shipped_rule_files())
    assert rule.id == "elastic-put-metric"
    assert rule.api == PUT_METRIC
    assert rule.doc == "torch-distributed-elastic.md"
    assert rule.expect == "是，暂不支持 Ascend 950DT"
    assert rule.versions == ()
    assert rule.behaviour == "put_metric"
    assert rule.test == "test/distributed/elastic/metrics/test_metrics_api.py"  # the file
    assert rule.test_at == f"{SHIPPED}:21"
    assert rule.source == f"{SHIPPED}:15"
    assert SHIPPED.read_text(encoding="utf-8").splitlines()[14] == "[[rule]]"


def test_shipped_expect_is_read_by_the_normaliser() -> None:
    (rule,) = load(SHIPPED)
    assert rule.expected == Status(
        named=(("ascend-950", Support.UNSUPPORTED),), rest=Support.SUPPORTED
    )
    assert rule.expected.over(default_catalogue().scope) == {
        "atlas-a2": "supported",
        "atlas-a3": "supported",
        "ascend-950": "unsupported",
    }


def test_two_rules_in_a_file_each_with_its_own_header_line(tmp_path: Path) -> None:
    path = tmp_path / "two.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    second = text.replace("elastic-record", "elastic-record-2").split("\n", 2)[2]
    path.write_text(text + "\n" + second, encoding="utf-8")
    first, other = load(path)
    assert (first.id, other.id) == ("elastic-record", "elastic-record-2")
    assert first.source == f"{path}:3"
    assert other.source == f"{path}:10"
    assert first.versions == other.versions == ("2.12.0", "2.13.0")


# -- broken rule files --------------------------------------------------------------------


def test_unknown_key_names_path_and_line_of_that_key() -> None:
    path = RULES / "unknown-key.toml"
    assert error_of(path) == (
        f"{path}:9: unknown rule key 'colour' "
        "(known: api, behaviour, doc, expect, id, test, versions)"
    )
    assert path.read_text(encoding="utf-8").splitlines()[8].startswith("colour =")


def test_unknown_key_of_the_second_rule_names_its_line() -> None:
    path = RULES / "two-rules.toml"
    assert error_of(path).startswith(f"{path}:14: unknown rule key 'versoins'")


def test_misspelt_rule_table_names_its_line() -> None:
    # [[rules]] at line 3; before the fix this said line 1. `rules` is the
    # configuration's list of rule files, so the typo is a table of the wrong type.
    path = RULES / "typo-table.toml"
    assert error_of(path) == (
        f"{path}:3: 'rules' must be an array of non-empty strings (rule tables are [[rule]])"
    )


def test_unknown_sub_table_of_a_rule_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "sub.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    path.write_text(text + "\n[rule.options]\nfast = true\n", encoding="utf-8")
    assert error_of(path).startswith(f"{path}:10: unknown rule key 'options'")


def test_toml_syntax_error_names_path_and_line() -> None:
    path = RULES / "syntax-error.toml"
    assert error_of(path) == f"{path}:4: TOML syntax error: Invalid value"


def test_toml_error_at_end_of_document_names_the_last_line(tmp_path: Path) -> None:
    path = tmp_path / "open.toml"
    path.write_text('[[rule]]\nid = "a"\napi = "x.y"\nexpect = "是', encoding="utf-8")
    # tomllib says "(at end of document)"; before the fix this was reported as line 1
    assert error_of(path) == f"{path}:4: TOML syntax error: Unterminated string"


def test_missing_required_key_names_the_rule() -> None:
    path = RULES / "missing-expect.toml"
    assert error_of(path) == f"{path}:3: rule needs a non-empty string 'expect'"


@pytest.mark.parametrize("key", ["id", "api", "doc", "expect"])
def test_every_required_key_is_required(tmp_path: Path, key: str) -> None:
    lines = (RULES / "extra-record.toml").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "rule.toml"
    path.write_text("\n".join(ln for ln in lines if not ln.startswith(key)), encoding="utf-8")
    assert error_of(path) == f"{path}:3: rule needs a non-empty string {key!r}"


def test_blank_required_value_is_missing(tmp_path: Path) -> None:
    path = tmp_path / "rule.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    path.write_text(text.replace('api = "torch.distributed.elastic.events.record"', 'api = "  "'))
    assert error_of(path) == f"{path}:3: rule needs a non-empty string 'api'"


def test_unreadable_expect_names_its_line() -> None:
    path = RULES / "unreadable-expect.toml"
    assert error_of(path) == (
        f"{path}:5: cannot read expect: cannot read support status '，暂不支持 Ascend 950DT'"
    )


def test_expect_naming_an_unknown_product(tmp_path: Path) -> None:
    path = tmp_path / "rule.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    path.write_text(text.replace("Ascend 950DT", "<term>Ascend 999X</term>"), encoding="utf-8")
    assert error_of(path) == f"{path}:7: cannot read expect: unknown product 'Ascend 999X'"


def test_duplicate_id_across_files_names_both() -> None:
    path = RULES / "duplicate-id.toml"
    assert error_of(SHIPPED, path) == (
        f"{path}:3: rule id 'elastic-put-metric' already defined at {SHIPPED}:15"
    )


@pytest.mark.parametrize("name", ["versions-string.toml", "versions-numbers.toml"])
def test_versions_must_be_a_list_of_strings(name: str) -> None:
    path = RULES / name
    assert error_of(path) == f"{path}:6: 'versions' must be a list of strings like \"2.12.0\""


def test_behaviour_must_be_a_string(tmp_path: Path) -> None:
    path = tmp_path / "rule.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    path.write_text(text + "behaviour = 3\n", encoding="utf-8")
    assert error_of(path) == f"{path}:9: 'behaviour' must be a string"


def test_behaviour_must_be_a_name_or_a_py_file_inside_the_rule_files_folder() -> None:
    path = RULES / "behaviour-path.toml"
    assert error_of(path) == (
        f"{path}:9: 'behaviour' must be a shipped behaviour's name like \"put_metric\", "
        "or the path of a .py file from the rule file's folder"
    )


@pytest.mark.parametrize("given", ["../runner.py", "/etc/x.py", "ci/x.txt", "ci/../../x.py"])
def test_a_behaviour_path_may_not_leave_the_rule_files_folder(tmp_path: Path, given: str) -> None:
    path = tmp_path / "rule.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    path.write_text(text + f'behaviour = "{given}"\n', encoding="utf-8")
    assert "'behaviour' must be a shipped behaviour's name" in error_of(path)


def test_a_docs_repositorys_own_behaviour_file(tmp_path: Path) -> None:
    path = tmp_path / "rule.toml"
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    path.write_text(text + 'behaviour = "ci/record.py"\n', encoding="utf-8")
    (rule,) = load(path)
    assert (rule.behaviour, rule.behaviour_file, rule.behaviour_ref) == (
        "ci/record.py",
        str(tmp_path / "ci" / "record.py"),
        None,
    )
    with pytest.raises(DataError) as caught:  # checked before anything runs
        select_rules(Request(docs=(), rule_files=(str(path),)), default_catalogue())
    assert str(caught.value) == f"{path}:3: no behaviour test file {tmp_path / 'ci' / 'record.py'}"


def test_unknown_behaviour_is_a_data_error_naming_the_rule() -> None:
    path = RULES / "unknown-behaviour.toml"
    (rule,) = load(path)  # the name is well-formed; select_rules checks that it exists
    assert rule.behaviour == "record_event"
    with pytest.raises(DataError) as caught:
        select_rules(Request(docs=(), rule_files=(str(path),)), default_catalogue())
    assert str(caught.value) == (
        f"{path}:1: unknown behaviour test 'record_event' (known: put_metric)"
    )


def test_unreadable_rule_file(tmp_path: Path) -> None:
    path = tmp_path / "latin1.toml"
    path.write_bytes(b'[[rule]]\nid = "caf\xe9"\n')
    assert error_of(path).startswith(f"{path}: cannot read rule file: ")
    missing = tmp_path / "missing.toml"
    assert error_of(missing).startswith(f"{missing}: cannot read rule file: ")


# -- rules are data -----------------------------------------------------------------------


def test_python_in_strings_stays_a_string(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    path = RULES / "code-in-strings.toml"
    (rule,) = load(path)
    assert rule.id == "__import__('pathlib').Path('PWNED-id').touch()"
    assert rule.api == "__import__('pathlib').Path('PWNED-api').touch()"
    assert rule.test == "tests/test_x.py::test_x; exec(\"open('PWNED-test', 'w')\")"
    # selecting it for verify runs nothing either
    select_rules(Request(docs=(str(DOCS),), rule_files=(str(path),)), default_catalogue())
    assert sorted(p.name for p in tmp_path.iterdir()) == []


# -- where verify finds rules -------------------------------------------------------------


def test_docs_repo_rules_at_the_docs_root_are_picked_up(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    shutil.copytree(DOCS, root)
    shutil.copy(RULES / "extra-record.toml", root / REPO_RULES)
    rules = select_rules(Request(docs=(str(root),)), default_catalogue())
    assert [(rule.id, rule.source) for rule in rules] == [
        ("elastic-put-metric", f"{SHIPPED}:15"),
        ("elastic-record", f"{root / REPO_RULES}:3"),
    ]


def test_docs_repo_rules_below_the_docs_root_are_not_picked_up(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    shutil.copytree(DOCS, root)
    shutil.copy(RULES / "extra-record.toml", root / "docs" / REPO_RULES)
    rules = select_rules(Request(docs=(str(root),)), default_catalogue())
    assert [rule.id for rule in rules] == ["elastic-put-metric"]


def test_a_docs_root_given_twice_reads_its_rules_once(tmp_path: Path) -> None:
    # before the fix: "rule id 'elastic-record' already defined at" the same line
    root = tmp_path / "repo"
    shutil.copytree(DOCS, root)
    shutil.copy(RULES / "extra-record.toml", root / REPO_RULES)
    request = Request(docs=(str(root), str(root) + "/"), rule_files=(str(root / REPO_RULES),))
    rules = select_rules(request, default_catalogue())
    assert [rule.id for rule in rules] == ["elastic-put-metric", "elastic-record"]


def test_extra_rule_files_and_api_selection() -> None:
    request = Request(docs=(), rule_files=(str(RULES / "extra-record.toml"),))
    assert [r.api for r in select_rules(request, default_catalogue())] == [PUT_METRIC, RECORD]
    only = Request(docs=(), rule_files=(str(RULES / "extra-record.toml"),), api=RECORD)
    assert [r.id for r in select_rules(only, default_catalogue())] == ["elastic-record"]


def test_the_rules_docs_check_reads_are_the_repository_rules() -> None:
    """In CI the wheel is installed: its packaged copy must equal rules/."""
    for name in ("catalogue.toml", "put_metric.toml"):
        packaged = (rules_dir() / name).read_text(encoding="utf-8")
        assert packaged == (REPO / "rules" / name).read_text(encoding="utf-8"), name
