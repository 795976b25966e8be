"""Rule selection as ruff has it: `--select`, `--extend-select`, `--ignore`
and the same keys of the configuration, taking ids or prefixes (`block-`);
the most specific selector decides; an unknown one is refused with the closest
id. And the exceptions that excuse nothing: a stale [[ignore]] and a stale
baseline entry are reported."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.config.selection import Selection
from checker.ids.registry import REGISTRY
from tests.helpers import REPO

Invoke = Callable[..., tuple[int, str, str]]
LINT_LINES = (REPO / "tests" / "fixtures" / "cli" / "lint.txt").read_text(encoding="utf-8")
(DIFFERS_EN, DUPLICATE, DIFFERS_11, UNREADABLE, MARK, LINK, BLOCK, DIFFERS_ZH) = LINT_LINES.replace(
    "examples/docs/", ""
).splitlines()
ELASTIC_12 = "docs/zh/api/native_api/pytorch_2-12-0/torch-distributed-elastic.md"


def rules_of(out: str) -> list[str]:
    return [line.split(": ", 1)[1].split(" ")[0] for line in out.splitlines()]


@pytest.mark.parametrize(
    ("selection", "kept"),
    [
        (Selection(), set(REGISTRY)),
        (Selection(("block-",)), {r for r in REGISTRY if r.startswith("block-")}),
        (
            Selection(("block",), (), ("block-unclosed",)),
            {r for r in REGISTRY if r.startswith("block-")} - {"block-unclosed"},
        ),
        (
            Selection(ignore=("block-",), extend_select=("block-unclosed",)),
            set(REGISTRY) - {r for r in REGISTRY if r.startswith("block-")} | {"block-unclosed"},
        ),
        (Selection(("link-version",), (), ("link-version",)), set()),  # as specific: ignore wins
        (Selection(("ALL",), (), ("api",)), {r for r in REGISTRY if not r.startswith("api-")}),
        (Selection(("block-id",)), {"block-id-duplicate", "block-id-mismatch"}),
    ],
)
def test_the_most_specific_selector_decides(selection: Selection, kept: set[str]) -> None:
    assert {rule for rule in REGISTRY if selection.selects(rule)} == kept


def test_select_reports_only_what_it_names(cli: Invoke, repo: Path) -> None:
    assert cli("lint", "--select", "link-,block-") == (
        1,
        f"{LINK}\n{BLOCK}\n",
        "2 findings (2 errors, 0 warnings) in 6 files, 22 entries\n",
    )


def test_ignore_and_extend_select_add_to_the_configurations(cli: Invoke, repo: Path) -> None:
    (repo / ".docs-check.toml").write_text(
        'select = ["block-", "duplicate-api"]\nignore = ["duplicate"]\n', encoding="utf-8"
    )
    assert rules_of(cli("lint")[1]) == ["duplicate-api", "block-id-mismatch"]  # id beats prefix
    assert rules_of(cli("lint", "--ignore", "block-id-mismatch")[1]) == ["duplicate-api"]
    out = cli("lint", "--extend-select", "nonstandard-mark")[1]
    assert rules_of(out) == ["duplicate-api", "nonstandard-mark", "block-id-mismatch"]
    assert rules_of(cli("lint", "--select", "status-")[1]) == ["status-unreadable"]


def test_verify_and_baseline_take_the_selection_too(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    output = tmp_path / "baseline.json"
    assert cli("baseline", "--output", str(output), "--select", "link-version")[0] == 0
    records = json.loads(output.read_text(encoding="utf-8"))["findings"]
    assert [record["rule"] for record in records] == ["link-version"]
    # The docs differ from the shipped put_metric rule in three versions.
    assert cli("verify", "--no-live", "-q")[0] == 1
    assert cli("verify", "--no-live", "-q", "--ignore", "doc-")[0] == 0


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (
            ("--select", "link-versoin"),
            "--select: unknown rule 'link-versoin'; did you mean 'link-version'?",
        ),
        (("--ignore", "blok-"), "--ignore: unknown rule 'blok-'; did you mean 'block-'?"),
        (("--extend-select", "link-version,"), "--extend-select: empty rule id"),
        (("--select", "zzzzzzzz"), "--select: unknown rule 'zzzzzzzz' (see `docs-check rules`)"),
        (("--select", "blo"), "--select: unknown rule 'blo'; did you mean 'block-'?"),
    ],
)
def test_an_unknown_selector_is_a_usage_error_with_the_closest_id(
    cli: Invoke, repo: Path, argv: tuple[str, ...], said: str
) -> None:
    assert cli("lint", *argv) == (2, "", f"docs-check: error: {said}\n")


@pytest.mark.parametrize(
    ("config", "said"),
    [
        (
            'select = ["link-versoin"]\n',
            "1: unknown rule 'link-versoin'; did you mean 'link-version'? in 'select'",
        ),
        (
            'docs = ["docs"]\nextend-select = [3]\n',
            "2: 'extend-select' must be an array of non-empty strings",
        ),
        (
            '[severity]\nproduct-set-difers = "off"\n',
            "2: unknown rule 'product-set-difers'; did you mean 'product-set-differs'? in severity",
        ),
        (
            '[severity]\nblock = "off"\n',
            "2: 'block' is a prefix of rule ids, not one id in severity",
        ),
        (
            '[[ignore]]\nrule = "link-verison"\npath = "*"\nreason = "r"\n',
            "2: unknown rule 'link-verison'; did you mean 'link-version'? in ignore",
        ),
    ],
)
def test_an_unknown_rule_in_the_configuration_names_its_line_and_the_closest_id(
    cli: Invoke, repo: Path, config: str, said: str
) -> None:
    (repo / ".docs-check.toml").write_text(config, encoding="utf-8")
    code, out, err = cli("lint")
    assert (code, out, err) == (2, "", f"docs-check: error: {repo / '.docs-check.toml'}:{said}\n")


# -- exceptions that excuse nothing -------------------------------------------------------

IGNORES = """\
[[ignore]]
rule = "link-version"
path = "{elastic}"
reason = "the 2.11 page is linked on purpose"

[[ignore]]
rule = "nonstandard-mark"
path = "torch-distributed-elastic.md"
reason = "fixed since"

[[ignore]]
rule = "block-id-mismatch"
path = "docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data-old.md"
reason = "the page was renamed"
"""


def test_a_stale_ignore_is_reported_at_its_table(cli: Invoke, repo: Path) -> None:
    (repo / ".docs-check.toml").write_text(IGNORES.format(elastic=ELASTIC_12), encoding="utf-8")
    page = repo / ELASTIC_12
    page.write_text(page.read_text(encoding="utf-8").replace("| ✗ |", "| ✘ |"), encoding="utf-8")
    code, out, _ = cli("lint", "--select", "nonstandard-mark,link-version,block-,unused-ignore")
    assert code == 1
    assert out.splitlines() == [
        ".docs-check.toml:6: unused-ignore [[ignore]] of nonstandard-mark for "
        "torch-distributed-elastic.md ignored nothing",
        ".docs-check.toml:11: unused-ignore [[ignore]] of block-id-mismatch for "
        "docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data-old.md matches no page of the docs",
        BLOCK,
    ]
    # Linting one page, the run cannot tell whether a page it did not read is gone.
    _, out, _ = cli("lint", ELASTIC_12)
    assert rules_of(out) == ["unused-ignore"]


def test_a_stale_baseline_entry_is_reported_at_its_record(
    cli: Invoke, repo: Path, tmp_path: Path
) -> None:
    baseline = tmp_path / "baseline.json"
    assert cli("baseline", "--output", str(baseline))[0] == 0
    page = repo / ELASTIC_12
    page.write_text(page.read_text(encoding="utf-8").replace("| ✗ |", "| ✘ |"), encoding="utf-8")
    record = next(
        n
        for n, line in enumerate(baseline.read_text(encoding="utf-8").splitlines(), 1)
        if '"rule": "nonstandard-mark"' in line
    )
    code, out, err = cli("lint", "--baseline", str(baseline))
    assert (code, out) == (
        0,
        f"{baseline}:{record}: stale-baseline baseline entry nonstandard-mark on {ELASTIC_12} "
        "(torch.distributed.elastic.events.record) is no longer found\n",
    )
    summary = "1 finding (0 errors, 1 warning) in 6 files, 22 entries"
    assert err == summary + "; not shown: 7 in the baseline\n"
    # A run over other pages says nothing of this page's entries.
    other = "docs/zh/api/native_api/pytorch_2-12-0/torch-utils-data.md"
    assert cli("lint", "--baseline", str(baseline), other)[:2] == (0, "")
