"""Rules run once per blob (and per folder of blobs) and their findings placed
at every ref that has them: a lint of many refs says, ref by ref, what a lint
of each ref alone says."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from checker.checks import reuse
from checker.checks.lint import lint_pages
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.model.support import Page
from checker.sources.corpus import read_corpus
from checker.sources.page_cache.checked_store import CheckedStore
from checker.sources.page_cache.store import PageCache
from tests.helpers import FIXTURES

CATALOGUE = default_catalogue()
# duplicate-api and api-conflict (cross-page, naming the other place),
# nonstandard-mark (a reading finding), notes-product (a page's own rule)
# lang-parity (a cross-page finding whose message names no other place, and
# one that does), and a folder of one page (link-version: 2.12.0 alone)
CASES = (
    "duplicate-api",
    "api-conflict",
    "nonstandard-mark",
    "notes-product",
    "lang-parity",
    "link-version",
)


def at_ref(pages: Sequence[Page], ref: str) -> list[Page]:
    """The pages as read at a git ref: named `ref:path`, as are their
    findings, their entries shared and named by the path inside the tree."""
    placed = []
    for page in pages:
        findings = tuple(dataclasses.replace(f, path=f"{ref}:{f.path}") for f in page.findings)
        blob = f"blob-of-{page.path}"
        placed.append(
            dataclasses.replace(
                page, path=f"{ref}:{page.path}", tree=ref, blob=blob, findings=findings
            )
        )
    return placed


@pytest.mark.parametrize("case", CASES)
def test_many_refs_are_linted_as_each_ref_alone(case: str) -> None:
    pages = read_corpus([str(FIXTURES / "lint" / case)], CATALOGUE).pages
    refs = ("r1", "r2", "r3")
    together = lint_pages([page for ref in refs for page in at_ref(pages, ref)], CATALOGUE)
    alone = sorted(f for ref in refs for f in lint_pages(at_ref(pages, ref), CATALOGUE))
    assert together == alone
    assert [_said(f) for f in together] == [_said(f) for f in alone]
    # and each ref's findings are the working tree's, named by the ref
    tree = lint_pages(pages, CATALOGUE)
    assert tree
    for ref in refs:
        mine = [f for f in together if f.path.startswith(f"{ref}:")]
        assert [_bare(f, ref) for f in mine] == [_said(f) for f in tree]


def test_a_ref_names_the_other_place_at_itself() -> None:
    """A cross-page finding reused at r2 names r2's page as the other place."""
    pages = read_corpus([str(FIXTURES / "lint" / "duplicate-api")], CATALOGUE).pages
    found = lint_pages([*at_ref(pages, "r1"), *at_ref(pages, "r2")], CATALOGUE)
    at_r2 = [f for f in found if f.rule == "duplicate-api" and f.path.startswith("r2:")]
    assert at_r2
    assert all(" as at r2:" in f.message for f in at_r2)


def test_rules_run_once_per_blob(monkeypatch: pytest.MonkeyPatch) -> None:
    pages = read_corpus([str(FIXTURES / "lint" / "duplicate-api")], CATALOGUE).pages
    runs: list[str] = []
    real = reuse.Reuse.own

    def counted(self: reuse.Reuse, page: Page, check: object) -> list[Finding]:
        def counting() -> list[Finding]:
            runs.append(page.path)
            return check()  # type: ignore[operator, no-any-return]

        return real(self, page, counting)

    monkeypatch.setattr(reuse.Reuse, "own", counted)
    lint_pages([page for ref in ("r1", "r2", "r3") for page in at_ref(pages, ref)], CATALOGUE)
    assert sorted(runs) == sorted(f"r1:{page.path}" for page in pages)


def _said(finding: Finding) -> tuple[str, int, str, str, str | None, int | None]:
    return (
        finding.path,
        finding.line,
        finding.rule,
        finding.message,
        finding.api,
        finding.entry_line,
    )


def _bare(finding: Finding, ref: str) -> tuple[str, int, str, str, str | None, int | None]:
    path, message = finding.path.removeprefix(f"{ref}:"), finding.message.replace(f"{ref}:", "")
    return (path, finding.line, finding.rule, message, finding.api, finding.entry_line)


def test_a_folder_of_the_same_blobs_is_compared_once(monkeypatch: pytest.MonkeyPatch) -> None:
    """duplicate-api at three refs of the same pages: each version folder's
    names gathered once, its holding pages compared once."""
    import checker.checks.lint

    pages = read_corpus([str(FIXTURES / "lint" / "duplicate-api")], CATALOGUE).pages
    calls: dict[str, int] = {"gathered": 0, "compared": 0}
    gather, compare = checker.checks.lint.documented_again, checker.checks.lint.duplicates_among

    def gathered(*arguments: Any) -> Any:
        calls["gathered"] += 1
        return gather(*arguments)

    def compared(*arguments: Any) -> Any:
        calls["compared"] += 1
        return compare(*arguments)

    monkeypatch.setattr(checker.checks.lint, "documented_again", gathered)
    monkeypatch.setattr(checker.checks.lint, "duplicates_among", compared)
    found = lint_pages(
        [page for ref in ("r1", "r2", "r3") for page in at_ref(pages, ref)], CATALOGUE
    )
    assert calls == {"gathered": 2, "compared": 1}  # 2.11.0 and 2.12.0; only 2.12.0 repeats
    assert sum(f.rule == "duplicate-api" for f in found) == 3 * 2


def test_a_folder_compared_in_one_run_is_not_compared_in_the_next(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With the page cache's store, a folder's cross-page findings outlive the
    run, as its pages' own findings do: a warm history compares none again,
    though another folder changed (so the run as a whole is not kept)."""
    import checker.checks.lint

    pages = at_ref(read_corpus([str(FIXTURES / "lint" / "duplicate-api")], CATALOGUE).pages, "r1")
    cache = PageCache(tmp_path)
    with CheckedStore(cache, CATALOGUE) as store:
        first = lint_pages(pages, CATALOGUE, store=store)
    assert sum(f.rule == "duplicate-api" for f in first) == 2
    assert {page.version for page in pages} == {"2.11.0", "2.12.0"}
    changed = [
        dataclasses.replace(page, blob=page.blob + "-changed") if page.version == "2.11.0" else page
        for page in pages
    ]
    gathered_again: list[str] = []
    real = checker.checks.lint.documented_again

    def gathered(folder: Any, *rest: Any) -> Any:
        gathered_again.append(folder[0].version)
        if folder[0].version == "2.12.0":
            pytest.fail("a kept folder gathered again")
        return real(folder, *rest)

    monkeypatch.setattr(checker.checks.lint, "documented_again", gathered)
    with CheckedStore(cache, CATALOGUE) as store:
        assert lint_pages(changed, CATALOGUE, store=store) == first
    assert gathered_again == ["2.11.0"]  # the changed folder only
    other = dataclasses.replace(CATALOGUE, products=CATALOGUE.products[:1])
    with pytest.raises(pytest.fail.Exception), CheckedStore(cache, other) as store:
        lint_pages(pages, other, store=store)  # another catalogue: compared again


def test_a_whole_run_kept_runs_no_rule_until_a_page_or_a_rule_changes(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """What a lint found on its pages is kept under every page's place and
    blob and the rules: the same run again runs nothing and says the same
    (APIs, entry lines and versions included); a changed blob, another
    context or other rules run the rules again."""
    import checker.checks.lint
    from checker.verify.rule_files import load_rules, rule_files

    found = read_corpus([str(FIXTURES / "lint" / "duplicate-api")], CATALOGUE).pages
    pages = at_ref(found, "r1")
    rules = load_rules(rule_files([], (), False), CATALOGUE)
    cache = PageCache(tmp_path)
    with CheckedStore(cache, CATALOGUE) as store:
        first = lint_pages(pages, CATALOGUE, store=store, rules=rules)
    assert any(f.api and f.entry_line and f.version for f in first)
    ran: list[int] = []
    real = checker.checks.lint._checked

    def counting(pages: Any, *rest: Any) -> Any:
        ran.append(len(pages))
        return real(pages, *rest)

    monkeypatch.setattr(checker.checks.lint, "_checked", counting)
    with CheckedStore(cache, CATALOGUE) as store:
        again = lint_pages(pages, CATALOGUE, store=store, rules=rules)
    assert again == first and ran == []
    assert [(f.api, f.entry_line, f.version, f.message) for f in again] == [
        (f.api, f.entry_line, f.version, f.message) for f in first
    ]
    changed = [dataclasses.replace(pages[0], blob="another"), *pages[1:]]
    for run in (
        lambda store: lint_pages(changed, CATALOGUE, store=store, rules=rules),
        lambda store: lint_pages(pages, CATALOGUE, store=store),  # no rules
        lambda store: lint_pages(pages[1:], CATALOGUE, pages[:1], store=store, rules=rules),
    ):
        with CheckedStore(cache, CATALOGUE) as store:
            run(store)
    assert len(ran) == 3


def test_a_whole_run_keeps_what_the_rules_found_not_what_reading_found(tmp_path: Path) -> None:
    """Reading's findings are kept in each page's own entry: the whole run's
    entry keeps only what the rules found besides, and the same run again
    says them all, in the same order and placed alike."""
    read = read_corpus([str(FIXTURES / "read" / "table")], CATALOGUE).pages
    pages = [*at_ref(read, "r1"), *at_ref(read, "r2")]  # one page's are kept apart
    reading = [f for page in pages for f in page.findings]
    assert reading
    cache = PageCache(tmp_path)
    saved: list[Finding] = []
    with CheckedStore(cache, CATALOGUE) as store:
        save = store.save_compared

        def saving(key: str, findings: Sequence[Finding]) -> None:
            if key.startswith("lint\0"):  # the whole run's
                saved.extend(findings)
            save(key, findings)

        store.save_compared = saving  # type: ignore[method-assign]
        first = lint_pages(pages, CATALOGUE, store=store)
    assert len(saved) == len(first) - len(reading) > 0
    where = {(f.path, f.line, f.rule) for f in reading}
    assert not where & {(f.path, f.line, f.rule) for f in saved}
    with CheckedStore(cache, CATALOGUE) as store:
        again = lint_pages(pages, CATALOGUE, store=store)
    assert again == first
    assert [(f.api, f.entry_line, f.version, f.severity) for f in again] == [
        (f.api, f.entry_line, f.version, f.severity) for f in first
    ]


def keeping(
    cache: PageCache, pages: Sequence[Page], context: Sequence[Page] = ()
) -> tuple[list[Finding], list[str]]:
    """A lint of `pages` with a store in `cache`: its findings, and the keys
    of what it kept of the rules' across pages and runs (save_compared)."""
    keys: list[str] = []
    with CheckedStore(cache, CATALOGUE) as store:
        save = store.save_compared

        def saving(key: str, findings: Sequence[Finding]) -> None:
            keys.append(key)
            save(key, findings)

        store.save_compared = saving  # type: ignore[method-assign]
        return lint_pages(pages, CATALOGUE, context, store=store), keys


@pytest.mark.parametrize(
    ("case", "asked"),
    [
        ("duplicate-api", "pytorch_2-12-0/torch-Tensor.md"),  # its folder's rule finds
        ("link-version", "pytorch_2-12-0/torch-nn.md"),  # its own rules find
    ],
)
def test_one_page_keeps_no_whole_run_entry(
    case: str, asked: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One page's findings are its own entry's and its folder's: a lint of
    one page (its folder's other pages read beside it) keeps them under no
    run, and its warm run says them again, in the same order, running no
    rule."""
    import checker.checks.lint

    read = read_corpus([str(FIXTURES / "lint" / case)], CATALOGUE).pages
    [page] = [p for p in read if p.path.endswith(asked)]
    context = [p for p in read if p is not page and p.version == page.version]
    cache = PageCache(tmp_path)
    first, keys = keeping(cache, [page], context)
    assert [f for f in first if f.rule == case]
    assert keys and not [key for key in keys if key.startswith("lint\0")]
    ran: list[str] = []
    for rule in ("page_rules", "_compared"):
        real = getattr(checker.checks.lint, rule)
        monkeypatch.setattr(
            checker.checks.lint, rule, lambda *a, _r=real, _n=rule: ran.append(_n) or _r(*a)
        )
    with CheckedStore(cache, CATALOGUE) as store:
        again = lint_pages([page], CATALOGUE, context, store=store)
    assert again == first and ran == []
    assert [(f.api, f.entry_line, f.version) for f in again] == [
        (f.api, f.entry_line, f.version) for f in first
    ]


@pytest.mark.parametrize(("alone", "kept_apart"), [(True, False), (False, True)])
def test_duplicates_are_kept_apart_only_for_some_of_a_folders_pages(
    alone: bool, kept_apart: bool, tmp_path: Path
) -> None:
    """duplicate-api's findings are kept under the pages that hold a name
    twice, for a change to the folder's others; where those are all of its
    pages, the folder's own entry keeps them, and no second one is written.
    Either way the warm run says the same."""
    # a folder of a page that documents an API twice and one that does not
    docs = tmp_path / "docs" / "zh" / "api" / "native_api" / "pytorch_2-12-0"
    docs.mkdir(parents=True)
    for case, name in (("duplicate-api", "torch-Tensor.md"), ("link-version", "torch-nn.md")):
        page = FIXTURES / "lint" / case / "docs/zh/api/native_api/pytorch_2-12-0" / name
        shutil.copy(page, docs / name)
    folder = read_corpus([str(tmp_path / "docs")], CATALOGUE).pages
    pages = [p for p in folder if p.path.endswith("torch-Tensor.md")] if alone else folder
    cache = PageCache(tmp_path / "cache")
    first, keys = keeping(cache, pages)
    assert [f for f in first if f.rule == "duplicate-api"]
    assert any(key.startswith("('folder'") for key in keys)
    assert any(key.startswith("('duplicate-api'") for key in keys) is kept_apart
    with CheckedStore(cache, CATALOGUE) as store:
        assert lint_pages(pages, CATALOGUE, store=store) == first


def test_a_folder_of_one_page_repeating_an_api() -> None:
    """A page that documents an API twice, alone in its folder, at two refs."""
    pages = read_corpus([str(FIXTURES / "lint" / "duplicate-api")], CATALOGUE).pages
    [tensor] = [page for page in pages if page.path.endswith("pytorch_2-12-0/torch-Tensor.md")]
    found = lint_pages([*at_ref([tensor], "r1"), *at_ref([tensor], "r2")], CATALOGUE)
    assert [(f.path.split(":")[0], f.line, f.rule) for f in found if f.rule == "duplicate-api"] == [
        ("r1", 35, "duplicate-api"),
        ("r2", 35, "duplicate-api"),
    ]
