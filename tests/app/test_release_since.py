"""What a page says of a product at its release, one answer in every command,
on a clone shaped like torch-npu's with the branches of its 7.3.0 and 26.x
releases (tests/app/release_repo.py: DOCS_BRANCHES). 7.3.0 and 26.0.0 predate
Ascend 950 (rules/catalogue.toml, `since = "26.1.0"`): their 是 says nothing of
it.

Ref by ref, lint's doc-differs-from-rule (what the pre-commit hook and a
release gate fail on) is exactly verify --no-live's differing verdicts, and
export's records and show's statuses of the rule's API are the products and
statuses verify judges. The 2.7.1 page of 7.3.0 and of 26.0.0 is one blob at
one path, read once through the shared page cache: what it says of Ascend 950
is still told per release."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.app.release_repo import DOCS_BRANCHES, RELEASE_BRANCHES, clone_release_repo
from tests.conftest import Invoke

PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
REFS = ("master", *(f"origin/{branch}" for branch in DOCS_BRANCHES))
# What each ref's docs say of put_metric that its rule does not expect:
# (docs version, product, what the docs say).
A2_A3 = ("atlas-a2", "atlas-a3")
DIFFERING = {
    "master": set(),
    "origin/v2.7.1-7.3.0": {("2.8.0", product, "unsupported") for product in A2_A3},
    "origin/v2.7.1-26.0.0": set(),
    "origin/v2.7.1-26.1.0": {("2.9.0", "ascend-950", "supported")},
}
# All that 7.3.0's pages say of put_metric: nothing of Ascend 950.
SAID_AT_7_3_0 = {
    (version, product, status)
    for version, status in (
        ("2.6.0", "supported"),
        ("2.7.1", "supported"),
        ("2.8.0", "unsupported"),
    )
    for product in A2_A3
}


@pytest.fixture(scope="module")
def clone(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("since")
    return clone_release_repo(folder, branches=RELEASE_BRANCHES + DOCS_BRANCHES)


def _json(cli: Invoke, *argv: str) -> Any:
    code, out, err = cli(*argv, "--format", "json")
    assert code in (0, 1), err
    return json.loads(out)


def _verified(cli: Invoke, clone: Path, ref: str) -> list[dict[str, Any]]:
    results: list[dict[str, Any]] = _json(
        cli, "verify", "--no-live", "--git", str(clone), "--ref", ref
    )["results"]
    assert results and {r["api"] for r in results} == {PUT_METRIC}
    return results


@pytest.mark.parametrize("ref", REFS)
def test_lint_differs_where_verify_differs(cli: Invoke, clone: Path, ref: str) -> None:
    linted = _json(cli, "lint", "--git", str(clone), "--ref", ref)["findings"]
    lint = {
        (f["path"], f["line"], f["message"]) for f in linted if f["rule"] == "doc-differs-from-rule"
    }
    results = _verified(cli, clone, ref)
    differing = [r for r in results if r["documented"] != r["expected"]]
    verify = {
        (
            r["path"],
            r["line"],
            f"{r['api']} {r['version']} on {r['product']}: "
            f"docs say {r['documented']}, the rule expects {r['expected']}",
        )
        for r in differing
    }
    assert lint == verify
    assert {(r["version"], r["product"], r["documented"]) for r in differing} == DIFFERING[ref]


@pytest.mark.parametrize("ref", REFS)
def test_export_and_show_say_what_verify_judges(cli: Invoke, clone: Path, ref: str) -> None:
    judged = {(r["version"], r["product"], r["documented"]) for r in _verified(cli, clone, ref)}
    records = _json(cli, "export", "--git", str(clone), "--ref", ref)["records"]
    exported = {
        (r["version"], r["product"], r["status"]) for r in records if r["api"] == PUT_METRIC
    }
    entries = _json(cli, "show", PUT_METRIC, "--git", str(clone), "--ref", ref)["entries"]
    shown = {(e["version"], p, s) for e in entries for p, s in e["status"].items()}
    assert exported == shown == judged
    if ref == "origin/v2.7.1-7.3.0":
        assert judged == SAID_AT_7_3_0


@pytest.mark.parametrize("ref", REFS)
def test_tests_count_the_products_export_records(
    cli: Invoke, clone: Path, ref: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`docs-check tests`' shares per version: the products some entry of the
    version supports, as export's records say (none of Ascend 950 at 7.3.0).
    Run from the clone: its `test` folder is the one read."""
    monkeypatch.chdir(clone)
    records = _json(cli, "export", "--git", str(clone), "--ref", ref)["records"]
    supported = {(r["version"], r["product"]) for r in records if r["status"] == "supported"}
    versions = _json(cli, "tests", "--git", str(clone), "--ref", ref)["versions"]
    shared = {(v["version"], s["product"]) for v in versions for s in v["shares"]}
    assert shared == supported
    # 26.1.0's ✔ says it of Ascend 950; 7.3.0's and 26.0.0's 是 do not, master says ✘
    assert ("ascend-950" in {p for _, p in shared}) is (ref.endswith("-26.1.0"))
