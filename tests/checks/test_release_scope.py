"""A page's scope follows its torch-npu release, end to end: one rows page,
byte for byte the same, under a folder named like the v2.7.1-7.3.0 branch and
under a plain one (tests/fixtures/release/). Ascend 950 comes after 7.3.0
(rules/catalogue.toml), so the branch's plain 是 does not speak of it."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES, REPO

Invoke = Callable[..., tuple[int, str, str]]
RELEASE = (FIXTURES / "release").relative_to(REPO)
PAGE = "docs/zh/native_apis/pytorch_2-7-1/torch-distributed-elastic.md"
OLD = f"{RELEASE}/rows-v2.7.1-7.3.0"
PLAIN = f"{RELEASE}/plain"
MASTER = f"{RELEASE}/master"  # an inline page of 2.7.1: 是，暂不支持 Ascend 950DT
CATALOGUE = default_catalogue()


def findings(*folders: str) -> list[Finding]:
    corpus = read_corpus([str(REPO / folder) for folder in folders], CATALOGUE)
    assert corpus.errors == ()
    return lint_pages(corpus.pages, CATALOGUE)


def said(found: list[Finding]) -> list[tuple[str, int, str]]:
    return [(f.path.removeprefix(f"{REPO}/"), f.line, f.rule) for f in found]


def test_the_two_pages_are_the_same() -> None:
    assert (REPO / OLD / PAGE).read_bytes() == (REPO / PLAIN / PAGE).read_bytes()


def test_show_on_the_release_page_leaves_ascend_950_out(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo("show", "put_metric", OLD)
    assert (code, err) == (0, "")
    assert out == (
        "torch.distributed.elastic.metrics.put_metric\n"
        f"  2.7.1   zh rows    atlas-a2=supported  atlas-a3=supported  {OLD}/{PAGE}:8\n"
    )


def test_show_on_the_plain_page_still_speaks_of_ascend_950(cli_at_repo: Invoke) -> None:
    code, out, err = cli_at_repo("show", "put_metric", PLAIN)
    assert (code, err) == (0, "")
    assert out == (
        "torch.distributed.elastic.metrics.put_metric\n"
        "  2.7.1   zh rows    atlas-a2=supported  atlas-a3=supported  ascend-950=supported  "
        f"{PLAIN}/{PAGE}:8\n"
    )


def test_show_json_gives_each_entry_its_own_scope(cli_at_repo: Invoke) -> None:
    code, out, _ = cli_at_repo("show", "put_metric", OLD, PLAIN, "--format", "json")
    assert code == 0
    entries = json.loads(out)["entries"]
    shown = {entry["path"]: (entry["status"], entry["lines"]) for entry in entries}
    assert shown == {
        f"{OLD}/{PAGE}": (
            {"atlas-a2": "supported", "atlas-a3": "supported"},
            {"atlas-a2": 8, "atlas-a3": 8},
        ),
        f"{PLAIN}/{PAGE}": (
            {"atlas-a2": "supported", "atlas-a3": "supported", "ascend-950": "supported"},
            {"atlas-a2": 8, "atlas-a3": 8, "ascend-950": 8},
        ),
    }


def test_a_product_named_before_its_time_is_shown(cli_at_repo: Invoke) -> None:
    # Explicit wins: the 7.3.0 page's row names Ascend 950DT, so 950 is shown.
    code, out, _ = cli_at_repo("show", "metrics.prof", OLD)
    assert code == 0
    assert out.splitlines()[1].split()[3:6] == [
        "atlas-a2=supported",
        "atlas-a3=unstated",
        "ascend-950=unsupported",
    ]


def test_notes_may_name_ascend_950_only_where_the_yes_speaks_of_it() -> None:
    # The branch's 是 does not speak of Ascend 950, so its notes may not name
    # it; the plain folder's 是 does. The row that names 950DT itself is fine.
    assert said(findings(OLD)) == [(f"{OLD}/{PAGE}", 9, "notes-product")]
    assert findings(PLAIN) == []


def test_two_checkouts_are_two_trees_compared_with_neither() -> None:
    # Master's 2.7.1 page denies Ascend 950 and the plain folder's 是 says it
    # is supported: two checkouts of the docs, each a docs tree of its own
    # (checker.model.roots), so neither is a duplicate or a conflict of the
    # other. Each gets in the run what it gets alone.
    for folder in (PLAIN, OLD):
        together = findings(folder, MASTER)
        assert not [f for f in together if f.rule in {"duplicate-api", "api-conflict"}]
        assert together == sorted(findings(folder) + findings(MASTER))


def test_on_the_real_release_branch_page_verify_no_longer_wants_950(
    cli: Invoke, corpus: Path
) -> None:
    """The corpus's page of branch v2.7.1-7.3.0 says 是 for put_metric; before
    `since`, that read as Ascend 950 supported and differed from the rule."""
    folder = corpus / "rows-v2.7.1-7.3.0"
    code, out, _ = cli("verify", str(folder), "--no-live", "--format", "json")
    results = json.loads(out)["results"]
    assert [(r["product"], r["documented"], r["verdict"]) for r in results] == [
        ("atlas-a2", "supported", "unverified"),
        ("atlas-a3", "supported", "unverified"),
    ]
    assert code == 0
