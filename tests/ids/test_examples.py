"""ids/examples.toml: every registry id has a wrong and a right example,
and they are true. Each example of an id that a lint run reports is run
through the real command line: the wrong one reports the id, the right one
nothing; missing-entry's and doc-differs-from-rule's through `verify
--no-live`. The verdicts of NPU runs and the outcomes of looking names up in
torch need an NPU or a torch: their pages are checked to lint clean, so that
what they show wrong is only what the run observed."""

from __future__ import annotations

import json
import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from checker.errors import DataError
from checker.ids.examples import (
    BASELINE,
    CONFIGURATION,
    DEFAULT_FILE,
    FOLDER,
    PAGE,
    RUN,
    TRANSLATION,
    Example,
    examples,
    load,
)
from checker.ids.registry import GATE, LINT, READ, REGISTRY, RESOLVE, VERIFY
from tests.conftest import Invoke

LINTED = [rule for rule, check in REGISTRY.items() if check.stage in (READ, LINT)]
VERIFIED = [rule for rule, check in REGISTRY.items() if check.stage in (VERIFY, RESOLVE)]
GATED = [rule for rule, check in REGISTRY.items() if check.stage == GATE]


@pytest.fixture
def at_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Runs in tmp_path, so that pages are named from it, as in the examples."""
    monkeypatch.chdir(tmp_path)
    return tmp_path


def write_page(root: Path, example: Example, text: str) -> None:
    """A translation's text is the en page; its zh `page` is written beside it."""
    page = root / example.path
    if example.shows == TRANSLATION:
        assert example.page is not None
        write_page(root, replace(example, shows=PAGE), example.page)
        page = root / example.translated_path
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(text, encoding="utf-8")


def linted(cli: Invoke, *argv: str) -> tuple[int, list[str]]:
    """The exit code and the ids of the findings of `lint ... docs`."""
    # --fail-on warning: a wrong example of a warning rule fails the run too
    code, out, err = cli("lint", "--format", "json", "--fail-on", "warning", *argv, "docs")
    assert code in (0, 1), err
    return code, [finding["rule"] for finding in json.loads(out)["findings"]]


def test_every_registry_id_has_an_example_and_no_other_id_has_one() -> None:
    assert set(examples()) == set(REGISTRY)
    for rule, example in examples().items():
        assert example.wrong.strip() and example.right.strip(), rule
        assert example.wrong != example.right, rule


@pytest.mark.parametrize("rule", LINTED)
def test_the_wrong_page_reports_the_id_and_nothing_else(
    rule: str, cli: Invoke, at_tmp: Path
) -> None:
    example = examples()[rule]
    assert example.shows in (PAGE, TRANSLATION)
    write_page(at_tmp, example, example.wrong)
    code, found = linted(cli)
    assert code == 1
    assert set(found) == {rule}


@pytest.mark.parametrize("rule", LINTED)
def test_the_right_page_lints_clean(rule: str, cli: Invoke, at_tmp: Path) -> None:
    example = examples()[rule]
    write_page(at_tmp, example, example.right)
    assert linted(cli) == (0, [])


# -- the run's own exceptions ------------------------------------------------------
# These fail until suppressions, unused ignores and stale baselines are reported.


def gate_run(cli: Invoke, at_tmp: Path, rule: str, which: str) -> tuple[int, list[str]]:
    """Lints the example's page, with its configuration or baseline where it
    shows one."""
    example = examples()[rule]
    text = getattr(example, which)
    if example.shows == PAGE:
        write_page(at_tmp, example, text)
        return linted(cli)
    assert example.page is not None
    write_page(at_tmp, example, example.page)
    if example.shows == CONFIGURATION:
        (at_tmp / ".docs-check.toml").write_text(text, encoding="utf-8")
        return linted(cli)
    assert example.shows == BASELINE
    (at_tmp / "baseline.json").write_text(text, encoding="utf-8")
    return linted(cli, "--baseline", "baseline.json")


@pytest.mark.parametrize("rule", GATED)
def test_the_wrong_example_of_a_gate_id_reports_it(rule: str, cli: Invoke, at_tmp: Path) -> None:
    code, found = gate_run(cli, at_tmp, rule, "wrong")
    assert rule in found
    assert code == 1


@pytest.mark.parametrize("rule", GATED)
def test_the_right_example_of_a_gate_id_is_clean(rule: str, cli: Invoke, at_tmp: Path) -> None:
    assert gate_run(cli, at_tmp, rule, "right") == (0, [])


def test_the_stale_baseline_is_what_baseline_records_of_the_page_before_its_fix(
    cli: Invoke, at_tmp: Path
) -> None:
    """The example's baseline is a real one: of its page with the mark it had."""
    example = examples()["stale-baseline"]
    assert example.page is not None
    write_page(at_tmp, example, example.page.replace("| ✘ |", "| ✗ |"))
    code, _, err = cli("baseline", "docs", "--output", "recorded.json")
    assert code == 0, err
    recorded = json.loads((at_tmp / "recorded.json").read_text(encoding="utf-8"))
    assert recorded == json.loads(example.wrong)


# -- verify and resolve ----------------------------------------------------------


@pytest.mark.parametrize("rule", VERIFIED)
def test_the_pages_of_a_verify_or_resolve_id_lint_clean(
    rule: str, cli: Invoke, at_tmp: Path
) -> None:
    """What such an example shows wrong is for verify or --resolve-apis to
    see; lint has nothing to say of its pages. A verdict's pages are about the
    example's own rule, which may expect of put_metric another status than the
    shipped rule (which lint holds every page to, as verify does): that one
    id is left out for them."""
    example = examples()[rule]
    pages = [example.wrong, example.right] if example.shows == PAGE else [example.page]
    assert example.shows in (PAGE, RUN)
    own_rule = ("--ignore", "doc-differs-from-rule") if example.rule is not None else ()
    for page in pages:
        assert page is not None
        write_page(at_tmp, example, page)
        assert linted(cli, *own_rule) == (0, []), page


@pytest.mark.parametrize("rule", [r for r in VERIFIED if REGISTRY[r].stage == VERIFY])
def test_a_verify_example_names_its_rule(rule: str) -> None:
    example = examples()[rule]
    assert example.rule is not None
    (written,) = tomllib.loads(example.rule)["rule"]
    assert written["doc"] == example.file != DEFAULT_FILE


def verified(cli: Invoke, at_tmp: Path, rule: str, which: str) -> tuple[dict[str, Any], Any]:
    """The verify JSON of the example's page against its rule, and that rule."""
    example = examples()[rule]
    assert example.rule is not None
    write_page(at_tmp, example, getattr(example, which))
    (at_tmp / "rule.toml").write_text(example.rule, encoding="utf-8")
    code, out, err = cli("verify", "--no-live", "--rules", "rule.toml", "--format", "json", "docs")
    assert code in (0, 1), err
    (written,) = tomllib.loads(example.rule)["rule"]
    return json.loads(out), written


@pytest.mark.parametrize(("which", "reported"), [("wrong", True), ("right", False)])
def test_missing_entry_example(cli: Invoke, at_tmp: Path, which: str, reported: bool) -> None:
    document, written = verified(cli, at_tmp, "missing-entry", which)
    ours = [
        f
        for f in document["findings"]
        if f["rule"] == "missing-entry" and f["api"] == written["api"]
    ]
    assert bool(ours) is reported
    assert all(f["path"] == f"{FOLDER}/{written['doc']}" for f in ours)


@pytest.mark.parametrize(("which", "reported"), [("wrong", True), ("right", False)])
def test_doc_differs_from_rule_example(
    cli: Invoke, at_tmp: Path, which: str, reported: bool
) -> None:
    document, written = verified(cli, at_tmp, "doc-differs-from-rule", which)
    ours = [r for r in document["results"] if r["rule"] == written["id"]]
    assert ours  # the rule found its entry
    differs = [r["product"] for r in ours if r["verdict"] == "doc-differs-from-rule"]
    assert differs == (["ascend-950"] if reported else [])


# -- the loader ------------------------------------------------------------------


def broken(tmp_path: Path, text: str) -> str:
    """The error of loading the shipped examples with `text` appended."""
    from checker.ids.examples import EXAMPLES_FILE

    path = tmp_path / "examples.toml"
    path.write_text(EXAMPLES_FILE.read_text(encoding="utf-8") + text, encoding="utf-8")
    with pytest.raises(DataError) as error:
        load(path)
    return str(error.value).replace(str(path), "examples.toml")


def shipped_lines() -> int:
    from checker.ids.examples import EXAMPLES_FILE

    return len(EXAMPLES_FILE.read_text(encoding="utf-8").splitlines())


def test_an_id_the_registry_does_not_have_is_an_error_at_its_table(tmp_path: Path) -> None:
    said = broken(tmp_path, '\n[link-versoin]\nwrong = "a"\nright = "b"\n')
    line = shipped_lines() + 2
    assert said == (
        f"examples.toml:{line}: [link-versoin] is no id of the registry; "
        "did you mean 'link-version'?"
    )


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ('wrong = "a"\nright = ""\n', r"examples\.toml:3: link-version\.right is not a non-empty"),
        (
            'wrong = "a"\nright = "b"\nwhy = "c"\n',
            r"examples\.toml:4: unknown key 'why' \(keys: wrong, ",
        ),
        ('wrong = "a"\n', r"examples\.toml:1: link-version has no 'right'$"),
        (
            'wrong = "a"\nright = "b"\nshows = "run"\n',
            r":1: link-version: shows = 'run' needs the 'page' it is",
        ),
        (
            'wrong = "a"\nright = "b"\nfile = "a/b.md"\n',
            r":1: link-version: file 'a/b.md' is not the file name",
        ),
    ],
)
def test_each_table_is_checked_where_it_is_written(tmp_path: Path, text: str, said: str) -> None:
    path = tmp_path / "examples.toml"
    path.write_text("[link-version]\n" + text, encoding="utf-8")
    with pytest.raises(DataError, match=said):
        load(path)


def test_an_id_without_example_is_named(tmp_path: Path) -> None:
    path = tmp_path / "examples.toml"
    path.write_text('[link-version]\nwrong = "a"\nright = "b"\n', encoding="utf-8")
    # the first problem of the file is the missing ids, once every table is well formed
    with pytest.raises(DataError) as error:
        load(path)
    said = str(error.value)
    assert said.startswith(f"{path}: no example for status-unreadable, unknown-product, ")
    assert "link-version" not in said


def test_a_toml_syntax_error_names_its_line(tmp_path: Path) -> None:
    path = tmp_path / "examples.toml"
    path.write_text('[link-version]\nwrong = "a\n', encoding="utf-8")
    with pytest.raises(DataError, match=r"examples\.toml:2: TOML syntax error"):
        load(path)
