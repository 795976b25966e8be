"""Rules over many entries (duplicate-api, product-set-differs), the order lint
reports in, and the coverage of every rule id by the lint fixtures."""

from __future__ import annotations

from pathlib import Path

from checker.checks.lint import lint_pages
from checker.files import named_from_here
from checker.ids.registry import GATE, REGISTRY, RESOLVE, TESTS, VERIFY
from checker.model.catalogue import default_catalogue
from checker.model.finding import Finding
from checker.sources.corpus import read_corpus
from tests.helpers import FIXTURES, located, read_page, source_line

LINT = FIXTURES / "lint"
CATALOGUE = default_catalogue()
CLEAN_CASES = {"link-target-aliases"}  # besides every "<case>-ok"
# Rules whose fix is another rule's clean twin: two contradicting entries are
# made right by keeping one, as two agreeing ones are.
TWIN = {"api-conflict": "duplicate-api-ok"}
# Rules that `verify` reports from its cross-check, and those of resolving the
# documented names in torch (checker/torch/resolve/resolver.py); lint never reports them.
NOT_LINT = {
    "missing-entry",
    "doc-differs-from-rule",
    "doc-claims-support-test-fails",
    "doc-denies-support-test-passes",
    "unverified",
    "behaviour-run-error",
    "repo-test-missing",
    "api-missing",
    "api-outside-torch",
    "api-needs-optional-dependency",
    "api-error",
    "api-unverified",
}


def run(case: str) -> list[Finding]:
    corpus = read_corpus([str(LINT / case)], CATALOGUE)
    assert corpus.errors == ()
    return lint_pages(corpus.pages, CATALOGUE)


# --- duplicate-api ---------------------------------------------------------------

NAMED = "pytorch_2-12-0/Named-Tensors.md"
TENSOR = "pytorch_2-12-0/torch-Tensor.md"


def test_duplicate_api_in_one_file_and_across_files_not_across_versions() -> None:
    findings = run("duplicate-api")
    # 2.12.0: flatten in Named-Tensors.md:3 and again in torch-Tensor.md:19;
    # abs twice in torch-Tensor.md (3 and 35), all with the same table. 2.11.0
    # documents abs, flatten and rename once more each: another version, no finding.
    assert located(findings) == [
        (TENSOR, 19, "duplicate-api"),
        (TENSOR, 35, "duplicate-api"),
    ]
    assert source_line(findings[0]) == "### torch.Tensor.flatten"
    assert source_line(findings[1]) == "### torch.Tensor.abs"
    named = LINT / "duplicate-api" / "docs/zh/api/native_api" / NAMED
    tensor = LINT / "duplicate-api" / "docs/zh/api/native_api" / TENSOR
    assert findings[0].message == (
        "torch.Tensor.flatten is documented again for 2.12.0, "
        f"as at {named_from_here(str(named))}:3"
    )
    assert findings[1].message == (
        f"torch.Tensor.abs is documented again for 2.12.0, as at {named_from_here(str(tensor))}:3"
    )
    # Agreeing copies are noise to merge, not an error.
    assert {f.severity for f in findings} == {"warning"}


def test_api_conflict_names_both_statements_and_the_products() -> None:
    # duplicate-api's tree with two edits in flatten's table of torch-Tensor.md:
    # the A3 row (30) says ✘ and the 950DT row (31) ✔, where Named-Tensors.md
    # says ✔ (14) and ✘ (15). Reported at the first differing row.
    findings = run("api-conflict")
    assert located(findings) == [
        (TENSOR, 30, "api-conflict"),
        (TENSOR, 35, "duplicate-api"),
    ]
    assert source_line(findings[0]) == "| <term>Atlas A3 训练系列产品</term> | ✘ |"
    named = LINT / "api-conflict" / "docs/zh/api/native_api" / NAMED
    assert findings[0].message == (
        f"torch.Tensor.flatten for 2.12.0 contradicts {named_from_here(str(named))}:14 "
        "(atlas-a3 unsupported here, supported there; "
        "ascend-950 supported here, unsupported there)"
    )
    assert findings[0].severity == "error"
    assert findings[0].entry_line == 19


def test_duplicate_api_where_one_copy_is_silent_is_no_conflict() -> None:
    # sorted-order's torch-amp.md: autocast at 3 has no status, at 28 says 是.
    (found,) = [f for f in run("sorted-order") if f.rule in ("duplicate-api", "api-conflict")]
    assert (found.rule, found.line) == ("duplicate-api", 28)
    assert found.message.endswith("(one of the two says nothing of atlas-a2, atlas-a3, ascend-950)")


def test_duplicate_api_clean_twin() -> None:
    findings = run("duplicate-api-ok")
    assert findings == []
    corpus = read_corpus([str(LINT / "duplicate-api-ok")], CATALOGUE)
    apis = sorted((e.version, e.api) for page in corpus.pages for e in page.entries)
    # the same three APIs in 2.11.0 and in 2.12.0
    assert apis.count(("2.11.0", "torch.Tensor.abs")) == 1
    assert apis.count(("2.12.0", "torch.Tensor.abs")) == 1
    assert len(apis) == 8


# --- product-set-differs ---------------------------------------------------------

BACKENDS = "pytorch_2-12-0/torch-backends.md"


def test_product_set_differs_within_a_file() -> None:
    findings = run("product-set-differs")
    # torch-backends.md: three table entries name A2/A3/950; mkldnn.is_available
    # adds Atlas 训练系列产品, cudnn.is_available drops Ascend 950DT; the inline 是
    # entry names no product and is not compared; cudnn.version adds two products
    # and mps.is_available names 950 alone: several extra or missing products are
    # listed sorted. torch-cpu.md names only A2/A3 throughout: its own set, no finding.
    # Each finding is at the first extra product's row, else (only products
    # missing) at the table.
    assert located(findings) == [
        (BACKENDS, 13, "product-set-differs"),
        (BACKENDS, 44, "product-set-differs"),
        (BACKENDS, 87, "product-set-differs"),
        (BACKENDS, 103, "product-set-differs"),
    ]
    assert [f.message for f in findings] == [
        "torch.backends.mkldnn.is_available names other products than the rest of the file "
        "(extra: atlas-train; missing: none)",
        "torch.backends.cudnn.is_available names other products than the rest of the file "
        "(extra: none; missing: ascend-950)",
        "torch.backends.cudnn.version names other products than the rest of the file "
        "(extra: atlas-infer, atlas-train; missing: none)",
        "torch.backends.mps.is_available names other products than the rest of the file "
        "(extra: none; missing: atlas-a2, atlas-a3)",
    ]
    assert source_line(findings[0]) == "| <term>Atlas 训练系列产品</term> | ✔ |"
    assert source_line(findings[1]) == "| 硬件 | 是否支持 |"
    assert source_line(findings[2]) == "| <term>Atlas 训练系列产品</term> | ✔ |"
    assert source_line(findings[3]) == "| 硬件 | 是否支持 |"
    assert [f.entry_line for f in findings] == [3, 36, 77, 95]
    assert all(f.severity == "warning" for f in findings)


def test_product_set_differs_clean_twin() -> None:
    assert run("product-set-differs-ok") == []


# --- order -----------------------------------------------------------------------


def test_findings_sorted_by_path_line_rule() -> None:
    findings = run("sorted-order")
    keys = [(f.path, f.line, f.rule) for f in findings]
    assert keys == sorted(keys)
    # Emitted in another order (reading's findings first, then per entry, then
    # duplicates across all pages), so the sort is doing work here:
    assert located(findings) == [
        ("pytorch_2-12-0/torch-amp.md", 3, "missing-status"),
        ("pytorch_2-12-0/torch-amp.md", 7, "link-version"),
        ("pytorch_2-12-0/torch-amp.md", 24, "status-unreadable"),
        ("pytorch_2-12-0/torch-amp.md", 28, "duplicate-api"),
        ("pytorch_2-12-0/torch-autograd.md", 7, "link-target"),
        ("pytorch_2-12-0/torch-autograd.md", 11, "notes-product"),
    ]
    corpus = read_corpus([str(LINT / "sorted-order")], CATALOGUE)
    emitted = [f for page in corpus.pages for f in page.findings]
    assert [(f.line, f.rule) for f in emitted] == [(24, "status-unreadable")]


# --- lang-parity -----------------------------------------------------------------


def test_lang_parity_at_the_line_of_each_side() -> None:
    """zh 2.12.0 and en 2.12.0: abs is No in en (all products), view supported
    on Ascend 950 in en only, flatten's en row deleted, names only in en; add's
    en status is unreadable (status-unreadable's finding, not this rule's).
    2.11.0 has no en page: rename there is compared with nothing."""
    findings = [f for f in run("lang-parity") if f.rule == "lang-parity"]
    assert [(f.path.split("/docs/")[1][:2], *located([f])[0][1:]) for f in findings] == [
        ("en", 5, "lang-parity"),
        ("en", 6, "lang-parity"),
        ("en", 7, "lang-parity"),
        ("zh", 5, "lang-parity"),
        ("zh", 7, "lang-parity"),
        ("zh", 13, "lang-parity"),
    ]
    lines = [source_line(f) for f in findings]
    assert lines[:3] == [
        "| torch.Tensor.abs | No | - |",
        "| torch.Tensor.view | Yes | - |",
        "| torch.Tensor.names | Yes | - |",
    ]
    assert lines[3:] == [
        "**是否支持**：是",
        "### torch.Tensor.flatten",
        "**是否支持**：是，暂不支持<term>Ascend 950DT</term>",
    ]
    zh = "lang-parity/docs/zh/api/native_api/pytorch_2-12-0/torch-Tensor.md"
    assert findings[1].message == (
        "torch.Tensor.view: the zh page for 2.12.0 says otherwise, at "
        f"{named_from_here(str(LINT / zh))}:13 (ascend-950 supported here, unsupported there)"
    )
    assert findings[4].message == "torch.Tensor.flatten has no en entry for 2.12.0"
    assert findings[2].message == "torch.Tensor.names has no zh entry for 2.12.0"


def test_lang_parity_of_pages_linted_with_their_context() -> None:
    """The zh page linted, the en page its context (as for one changed file):
    the zh side's findings only."""
    pages = read_corpus([str(LINT / "lang-parity" / "docs")], CATALOGUE).pages
    zh = [page for page in pages if page.lang == "zh" and page.version == "2.12.0"]
    others = [page for page in pages if page not in zh]
    found = [f for f in lint_pages(zh, CATALOGUE, others) if f.rule == "lang-parity"]
    assert [(f.path, f.line) for f in found] == [(zh[0].path, 5), (zh[0].path, 7), (zh[0].path, 13)]


def test_lang_parity_needs_both_languages_in_the_docs_read() -> None:
    """One language's folder alone (a page linted with its version's context) is
    compared with nothing."""
    zh = LINT / "lang-parity" / "docs/zh"
    corpus = read_corpus([str(zh)], CATALOGUE)
    assert [f for f in lint_pages(corpus.pages, CATALOGUE) if f.rule == "lang-parity"] == []


# --- coverage of the rule ids ----------------------------------------------------


def _cases() -> list[str]:
    return sorted(path.name for path in LINT.iterdir() if path.is_dir())


def test_every_rule_has_a_triggering_fixture_and_clean_fixtures_are_clean() -> None:
    triggered: set[str] = set()
    clean = [case for case in _cases() if case.endswith("-ok") or case in CLEAN_CASES]
    for case in _cases():
        rules = {f.rule for f in run(case)}
        if case in clean:
            assert rules == set(), case
        triggered |= rules
    assert {c.id for c in REGISTRY.values() if c.stage in (VERIFY, RESOLVE)} == NOT_LINT
    # The gate's own ids judge comments, ignores and baselines: tests/gate has them;
    # the claims against the tests are `docs-check tests`' (tests/cli/test_tests_cli.py).
    gate = {c.id for c in REGISTRY.values() if c.stage in (GATE, TESTS)}
    assert triggered == set(REGISTRY) - NOT_LINT - gate
    # each rule's own case triggers that rule, and has its clean twin
    for rule in set(REGISTRY) - NOT_LINT - gate:
        assert rule in {f.rule for f in run(rule)}, rule
        twin = "blocks-ok" if rule.startswith("block-") else TWIN.get(rule, f"{rule}-ok")
        assert twin in clean, rule


def _tensor_page(class_status: str, flatten_950: str) -> str:
    row = "| <term>Atlas A2 训练系列产品</term> | ✔ |\n| <term>Ascend 950DT</term> | {} |\n"
    table = "| 硬件 | 是否支持 |\n| ---- | :----: |\n" + row
    return (
        "# torch.Tensor\n\n### <code><i>class</i></code> torch.Tensor\n\n"
        '<div style="margin-left: 2em">\n\n'
        "**原生文档**：[torch.Tensor](https://pytorch.org/docs/2.12/tensors.html)\n\n"
        + (f"**支持情况**：\n\n{table.format(class_status)}\n" if class_status else "")
        + '> <font size="3">flatten()</font>\n\n'
        + f"**支持情况**：\n\n{table.format(flatten_950)}\n</div>\n"
    )


def test_a_class_heading_that_only_groups_its_methods_is_no_second_entry() -> None:
    # Named-Tensors.md repeats `class torch.Tensor` over the methods it lists.
    # Heading, link and no status of its own, its block holding the methods: it
    # groups them, and is neither a duplicate of torch-Tensor.md's class entry
    # nor an entry missing a status (tests/checks/test_entries.py has the one
    # whose block closes first); the method under it keeps its full name, so a
    # contradiction is still one.
    tensor = read_page(_tensor_page("✘", "✔"), "torch-Tensor.md")
    named = read_page(_tensor_page("", "✘"), "Named-Tensors.md")
    assert [e.api for e in named.entries] == ["torch.Tensor.flatten"]
    found = lint_pages([named, tensor], CATALOGUE)
    assert [(Path(f.path).name, f.line, f.rule) for f in found] == [
        ("torch-Tensor.md", 23, "api-conflict")  # the 950DT row
    ]
    # A class heading that states a status is an entry, wherever it is repeated.
    stated = read_page(_tensor_page("✘", "✔"), "Named-Tensors.md")
    assert [e.api for e in stated.entries] == ["torch.Tensor", "torch.Tensor.flatten"]


def test_a_class_repeated_over_its_methods_is_no_duplicate_but_may_conflict() -> None:
    # Both pages head their methods with the class and say the same of it: the
    # page's frame, as on master's Named-Tensors.md (3 duplicate-api before).
    # A method documented twice is still a duplicate, and a class the two pages
    # say different things of still a conflict.
    tensor = read_page(_tensor_page("✘", "✔"), "torch-Tensor.md")
    stated = read_page(_tensor_page("✘", "✔"), "Named-Tensors.md")
    found = lint_pages([stated, tensor], CATALOGUE)
    assert [(Path(f.path).name, f.line, f.rule) for f in found] == [
        ("torch-Tensor.md", 16, "duplicate-api"),
    ]
    other = read_page(_tensor_page("✔", "✔"), "Named-Tensors.md")
    found = lint_pages([other, tensor], CATALOGUE)
    assert [(Path(f.path).name, f.line, f.rule) for f in found] == [
        ("torch-Tensor.md", 14, "api-conflict"),  # the class's 950DT row
        ("torch-Tensor.md", 16, "duplicate-api"),
    ]
    # A class that heads no methods on one of the pages is documented again there.
    alone = _tensor_page("✘", "✔").split('> <font size="3">')[0] + "</div>\n"
    found = lint_pages([read_page(alone, "Named-Tensors.md"), tensor], CATALOGUE)
    assert [(Path(f.path).name, f.line, f.rule) for f in found] == [
        ("torch-Tensor.md", 3, "duplicate-api"),
    ]
