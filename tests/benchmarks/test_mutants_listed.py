"""The equivalent-mutant lists name mutants by where they are (module,
function, the line's text, mutation), so an edit elsewhere in a module leaves
them standing. An entry that names no mutant any more is stale: the code it
judged changed, and the mutant must be judged again."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

from tests.helpers import REPO


@pytest.fixture(scope="module")
def mutate() -> ModuleType:
    """benchmarks/mutate.py, a script outside the package, loaded by its path."""
    spec = importlib.util.spec_from_file_location("mutate", REPO / "benchmarks" / "mutate.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["mutate"] = module  # dataclasses look their module up by name
    spec.loader.exec_module(module)
    return module


def test_every_listed_equivalent_mutant_is_a_mutant_of_today(mutate: ModuleType) -> None:
    modules = {key.split(" | ")[0] for key in mutate.equivalent()}
    assert modules <= set(mutate.MODULES), "a list names a module that is not mutated"
    keys = {m.key for module in modules for m in mutate.mutants(module)}
    stale = sorted(set(mutate.equivalent()) - keys)
    assert not stale, "stale equivalent mutants (judge them again):\n" + "\n".join(stale)


def test_an_edit_above_a_listed_mutant_leaves_its_key(
    mutate: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    source = "def f(x):\n    return x == 1\n"
    (tmp_path / "m.py").write_text(source, encoding="utf-8")
    monkeypatch.setattr(mutate, "REPO", tmp_path)
    before = {m.key for m in mutate.mutants("m.py")}
    (tmp_path / "m.py").write_text("import os\n\n\n" + source, encoding="utf-8")
    after = mutate.mutants("m.py")
    assert {m.key for m in after} == before
    assert "m.py | f | return x == 1 | Eq -> NotEq" in before
    assert [m.line for m in after if m.what == "Eq -> NotEq"] == [5]  # the line moved


def test_an_edit_of_the_line_itself_changes_its_key(
    mutate: ModuleType, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(mutate, "REPO", tmp_path)
    (tmp_path / "m.py").write_text("def f(x):\n    return x == 1  # one\n", encoding="utf-8")
    (first,) = [m.key for m in mutate.mutants("m.py") if m.what == "Eq -> NotEq"]
    (tmp_path / "m.py").write_text("def f(x):\n    return x == 2\n", encoding="utf-8")
    (second,) = [m.key for m in mutate.mutants("m.py") if m.what == "Eq -> NotEq"]
    assert first == "m.py | f | return x == 1 | Eq -> NotEq"  # the comment is not part of it
    assert second != first
