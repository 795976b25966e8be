"""Issue 28, code from outside the tree: a rule's `test` names a test of the
docs repository's own suite, a path inside the repository (or the test ref's
tree), as `behaviour` names a file inside the rule file's folder. An absolute
path, one that climbs out with `..`, or a file that a link takes out of the
repository is refused with one line naming the rule's path:line (exit 2),
and never run."""

from __future__ import annotations

from pathlib import Path

import pytest

from checker.errors import DataError
from checker.model.catalogue import default_catalogue
from checker.verify.rule_files import load_rules
from tests.app.test_verify import INITIALIZE, docs_repo
from tests.conftest import Invoke
from tests.helpers import REPO

RULES = REPO / "tests" / "fixtures" / "verify" / "rules"
OUTSIDE = ["/abs/path/evil_test.py::test_x", "../../outside/evil_test.py::test_x",
           "tests/../../evil_test.py", "/evil_test.py"]  # fmt: skip
REFUSED = (
    "'test' must be the path of a test file inside the docs repository, "
    'like "test/test_x.py::TestX::test_y"'
)


def rule_text(test: str) -> str:
    text = (RULES / "extra-record.toml").read_text(encoding="utf-8")
    return text + f'test = "{test}"\n'


def line_of_test(text: str) -> int:
    return text.splitlines().index(next(s for s in text.splitlines() if s.startswith("test ="))) + 1


@pytest.mark.parametrize("test", OUTSIDE)
def test_repo_test_outside_tree_in_a_rule_file_is_refused(tmp_path: Path, test: str) -> None:
    path = tmp_path / ".docs-check.toml"
    path.write_text(rule_text(test), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        load_rules([path], default_catalogue())
    assert str(caught.value) == f"{path}:{line_of_test(rule_text(test))}: {REFUSED}"


@pytest.mark.parametrize("test", OUTSIDE)
def test_repo_test_outside_tree_in_a_rule_file_at_a_ref_is_refused(test: str) -> None:
    name = "v2.12.0:.docs-check.toml"
    with pytest.raises(DataError) as caught:
        load_rules([Path(name)], default_catalogue(), {name: rule_text(test)})
    assert str(caught.value) == f"{name}:{line_of_test(rule_text(test))}: {REFUSED}"


@pytest.mark.parametrize(
    "test", ["test/distributed/elastic/metrics/test_metrics_api.py", "tests/t.py::C::test_x"]
)
def test_repo_test_inside_the_tree_is_kept_as_written(tmp_path: Path, test: str) -> None:
    path = tmp_path / "rules.toml"
    path.write_text(rule_text(test), encoding="utf-8")
    (rule,) = load_rules([path], default_catalogue())
    assert rule.test == test


def evil(tmp_path: Path) -> tuple[Path, Path]:
    """A test outside the repository that leaves a mark when it runs."""
    outside = tmp_path / "outside"
    outside.mkdir()
    mark = tmp_path / "ran"
    (outside / "evil_test.py").write_text(
        f"def test_x():\n    open({str(mark)!r}, 'w').close()\n", encoding="utf-8"
    )
    return outside / "evil_test.py", mark


@pytest.mark.parametrize("how", ["absolute", "climbing"])
def test_repo_test_outside_tree_is_never_run(cli: Invoke, tmp_path: Path, how: str) -> None:
    test_file, mark = evil(tmp_path)
    test = f"{test_file}::test_x" if how == "absolute" else "../outside/evil_test.py::test_x"
    root = docs_repo(tmp_path, test)
    code, _, err = cli("verify", str(root), "--api", INITIALIZE)
    assert not mark.exists()
    assert code == 2
    config = root / ".docs-check.toml"
    line = line_of_test(config.read_text(encoding="utf-8"))
    assert err.splitlines()[-1] == f"docs-check: error: {config}:{line}: {REFUSED}"


def test_repo_test_linked_out_of_the_tree_is_never_run(cli: Invoke, tmp_path: Path) -> None:
    """A path inside the repository whose file is a link to one outside it."""
    test_file, mark = evil(tmp_path)
    root = docs_repo(tmp_path, "tests/linked_test.py::test_x")
    (root / "tests" / "linked_test.py").symlink_to(test_file)
    code, _, err = cli("verify", str(root), "--api", INITIALIZE)
    assert not mark.exists()
    assert code == 2
    config = root / ".docs-check.toml"
    assert err.splitlines()[-1] == (
        f"docs-check: error: {config}:1: 'test' tests/linked_test.py::test_x is "
        f"{test_file}, outside the docs repository {root}"
    )
