"""lint holds every page to the rules' `expect` (checker/checks/expected.py):
a docs change that contradicts a rule is a `doc-differs-from-rule` finding at
the line of the product's statement, with the id and message `verify
--no-live` gives the same mismatch; static, gated like any finding, judged
for a page passed alone too, and never hidden by a page cache written under
other rules."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import Invoke
from tests.helpers import FIXTURES, git

AGREEING = FIXTURES / "verify" / "docs"  # put_metric as the shipped rule expects, 2.12.0 and 2.13.0
NATIVE = "docs/zh/api/native_api"
PAGE = f"{NATIVE}/pytorch_2-12-0/torch-distributed-elastic.md"
OTHER = f"{NATIVE}/pytorch_2-13-0/torch-distributed-elastic.md"
ROW = 33  # put_metric's `| <term>Ascend 950DT</term> | ✘ |`
PUT_METRIC = "torch.distributed.elastic.metrics.put_metric"
FLIPPED = (
    f"{PAGE}:{ROW}: doc-differs-from-rule {PUT_METRIC} 2.12.0 on ascend-950: "
    "docs say supported, the rule expects unsupported"
)


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A docs root that agrees with the shipped rule, run from its folder."""
    root = tmp_path / "docs-root"
    shutil.copytree(AGREEING, root)
    monkeypatch.chdir(root)
    monkeypatch.setenv("DOCS_CHECK_CACHE_DIR", str(tmp_path / "cache"))
    return root


def flip(root: Path, path: str = PAGE, line: int = ROW, old: str = "✘", new: str = "✔") -> None:
    """One row's mark changed, as a commit to the docs would change it."""
    page = root / path
    lines = page.read_text(encoding="utf-8").split("\n")
    assert old in lines[line - 1], lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new)
    page.write_text("\n".join(lines), encoding="utf-8")


def test_the_unflipped_docs_lint_clean(cli: Invoke, docs: Path) -> None:
    assert cli("lint", "docs") == (
        0,
        "",
        "0 findings (0 errors, 0 warnings) in 2 files, 4 entries\n",
    )


def test_a_flipped_status_is_a_finding_at_the_row_and_fails(cli: Invoke, docs: Path) -> None:
    flip(docs)
    code, out, err = cli("lint", "docs")
    assert (code, out) == (1, FLIPPED + "\n")
    assert err == "1 finding (1 error, 0 warnings) in 2 files, 4 entries\n"


def test_lint_says_what_verify_no_live_says(cli: Invoke, docs: Path) -> None:
    """The same id, page, line and message; and verify reports it once, as its
    verdict, not a second time as a static finding."""
    flip(docs)
    _, linted, _ = cli("lint", "docs", "--format", "concise")
    _, verified, _ = cli("verify", "--no-live", "docs", "--format", "concise")
    assert linted == FLIPPED + "\n"
    assert verified == FLIPPED + "\n"
    code, out, _ = cli("verify", "--no-live", "docs", "--format", "json")
    document = json.loads(out)
    assert code == 1 and document["findings"] == []
    differs = [r for r in document["results"] if r["verdict"] == "doc-differs-from-rule"]
    assert [(r["path"], r["line"], r["product"]) for r in differs] == [(PAGE, ROW, "ascend-950")]


def test_the_json_finding_names_the_api_version_and_entry(cli: Invoke, docs: Path) -> None:
    flip(docs)
    _, out, _ = cli("lint", "docs", "--format", "json")
    (found,) = json.loads(out)["findings"]
    assert (found["rule"], found["severity"], found["path"], found["line"]) == (
        "doc-differs-from-rule",
        "error",
        PAGE,
        ROW,
    )
    assert (found["api"], found["version"], found["entry_line"]) == (PUT_METRIC, "2.12.0", 21)


def test_a_page_passed_alone_is_judged_against_the_rules_for_its_version(
    cli: Invoke, docs: Path
) -> None:
    """As pre-commit and lintrunner pass it: the version from the page's folder."""
    flip(docs)
    code, out, err = cli("lint", PAGE)
    assert (code, out) == (1, FLIPPED + "\n")
    assert err == "1 finding (1 error, 0 warnings) in 1 file, 2 entries\n"
    assert cli("lint", OTHER)[:2] == (0, "")


def test_a_rule_checks_only_its_versions(cli: Invoke, docs: Path) -> None:
    (docs / "only-2.13.toml").write_text(
        '[[rule]]\nid = "init-2-13"\napi = "torch.distributed.elastic.metrics.initialize_metrics"\n'
        'doc = "torch-distributed-elastic.md"\nexpect = "是"\nversions = ["2.13.0"]\n',
        encoding="utf-8",
    )
    (docs / ".docs-check.toml").write_text('rules = ["only-2.13.toml"]\n', encoding="utf-8")
    code, out, _ = cli("lint", "docs")
    assert code == 1
    # 2.13.0's ✘ on Ascend 950DT differs from the rule's 是; 2.12.0's, which says
    # the same, is not checked
    assert [line.split(": ")[0] for line in out.splitlines()] == [f"{OTHER}:17"]
    code, out, _ = cli("lint", PAGE)  # alone, its version is still not the rule's
    assert (code, out) == (0, "")


def test_another_page_of_the_version_documenting_the_api_is_judged_too(
    cli: Invoke, docs: Path
) -> None:
    """As verify's cross-check judges it: a second page saying otherwise is as wrong."""
    lines = (docs / PAGE).read_text(encoding="utf-8").split("\n")
    copy = "\n".join(["# elastic, again", "", *lines[20:]])  # put_metric's entry alone
    second = f"{NATIVE}/pytorch_2-12-0/elastic-again.md"
    (docs / second).write_text(copy, encoding="utf-8")
    flip(docs, second, ROW - 18)
    _, out, _ = cli("lint", "docs", "--select", "doc-differs-from-rule")
    _, verified, _ = cli("verify", "--no-live", "docs", "--format", "concise")
    assert [line.split(": ")[0] for line in out.splitlines()] == [f"{second}:{ROW - 18}"]
    assert [line for line in verified.splitlines() if "doc-differs" in line] == out.splitlines()


# -- gating ---------------------------------------------------------------------------


def test_selection_and_severity_apply(cli: Invoke, docs: Path) -> None:
    flip(docs)
    assert cli("lint", "docs", "--ignore", "doc-differs-from-rule")[:2] == (0, "")
    assert cli("lint", "docs", "--select", "doc-")[:2] == (1, FLIPPED + "\n")
    assert cli("lint", "docs", "--select", "block-")[:2] == (0, "")
    (docs / ".docs-check.toml").write_text(
        '[severity]\ndoc-differs-from-rule = "warning"\n', encoding="utf-8"
    )
    _, out, err = cli("lint", "docs", "--format", "json")
    assert [f["severity"] for f in json.loads(out)["findings"]] == ["warning"]
    (docs / ".docs-check.toml").write_text(
        f'[[ignore]]\nrule = "doc-differs-from-rule"\npath = "{PAGE}"\napi = "{PUT_METRIC}"\n'
        'reason = "950 support lands with the next release"\n',
        encoding="utf-8",
    )
    code, out, err = cli("lint", "docs")
    assert (code, out) == (0, "") and err.endswith("; not shown: 1 ignored\n")
    code, out, err = cli("--lang", "zh", "lint", "docs")
    assert (code, out) == (0, "") and err.endswith("；未显示：已忽略 1 个\n")


def test_an_inline_suppression_silences_it_and_an_unused_one_is_reported(
    cli: Invoke, docs: Path
) -> None:
    """A region around the table (a comment line inside it would end the table)."""
    page = docs / PAGE
    lines = page.read_text(encoding="utf-8").split("\n")
    lines.insert(ROW, "<!-- docs-check-enable doc-differs-from-rule -->")  # after the row
    lines.insert(28, "<!-- docs-check-disable doc-differs-from-rule -- 950 lands in 7.4.0 -->")
    page.write_text("\n".join(lines), encoding="utf-8")  # the row is now ROW + 1
    code, out, _ = cli("lint", "docs")
    assert code == 0  # the unused-suppression is a warning
    assert out.splitlines() == [
        f"{PAGE}:29: unused-suppression docs-check-disable doc-differs-from-rule "
        "suppressed nothing on lines 29-35"
    ]
    flip(docs, PAGE, ROW + 1)
    code, out, err = cli("lint", "docs")
    assert (code, out) == (0, "")
    assert err.endswith("; not shown: 1 suppressed\n")


def test_the_baseline_holds_it(cli: Invoke, docs: Path, tmp_path: Path) -> None:
    flip(docs)
    baseline = tmp_path / "baseline.json"
    assert cli("baseline", "docs", "--output", str(baseline))[0] == 0
    (recorded,) = json.loads(baseline.read_text(encoding="utf-8"))["findings"]
    assert (recorded["rule"], recorded["api"]) == ("doc-differs-from-rule", PUT_METRIC)
    code, out, err = cli("lint", "docs", "--baseline", str(baseline))
    assert (code, out) == (0, "") and err.endswith("; not shown: 1 in the baseline\n")
    flip_a3(docs)  # and Atlas A3 flipped ✔ → ✘ on the same entry: one more, which is new
    code, out, err = cli("lint", "docs", "--baseline", str(baseline))
    assert code == 1 and len(out.splitlines()) == 1
    assert out.split(": ")[1].startswith("doc-differs-from-rule ")
    assert err.endswith("; not shown: 1 in the baseline\n")


def flip_a3(root: Path) -> None:
    flip(root, PAGE, 32, "✔", "✘")


# -- the page cache --------------------------------------------------------------------


def test_a_warm_cache_never_hides_a_changed_rule(cli: Invoke, docs: Path) -> None:
    """The pages' own findings are cached; what a rule finds is not: after the
    rule's expect changes, a warm run says what a run without the cache says."""
    rule = docs / "mine.toml"
    write_rule = lambda expect: rule.write_text(  # noqa: E731
        '[[rule]]\nid = "init"\napi = "torch.distributed.elastic.metrics.initialize_metrics"\n'
        f'doc = "torch-distributed-elastic.md"\nexpect = "{expect}"\n',
        encoding="utf-8",
    )
    (docs / ".docs-check.toml").write_text('rules = ["mine.toml"]\n', encoding="utf-8")
    write_rule("是，暂不支持<term>Ascend 950DT</term>")
    assert cli("lint", "docs") == cli("lint", "docs", "--no-cache")
    assert cli("lint", "docs")[:2] == (0, "")  # warm, and clean
    write_rule("是")  # the rule now says Ascend 950DT is supported
    warm = cli("lint", "docs")
    assert warm == cli("lint", "docs", "--no-cache")
    assert warm[0] == 1
    assert [line.split(": ")[0] for line in warm[1].splitlines()] == [
        f"{PAGE}:17",
        f"{OTHER}:17",
    ]
    write_rule("是，暂不支持<term>Ascend 950DT</term>")
    assert cli("lint", "docs")[:2] == (0, "")


def test_a_warm_cache_never_hides_a_flipped_status(cli: Invoke, docs: Path) -> None:
    assert cli("lint", "docs")[0] == 0
    flip(docs)
    assert cli("lint", "docs")[:2] == (1, FLIPPED + "\n")
    assert cli("lint", PAGE)[:2] == (1, FLIPPED + "\n")


# -- at git refs -----------------------------------------------------------------------


def test_at_a_ref_the_rules_are_those_of_the_configuration_at_the_ref(
    cli: Invoke, docs: Path
) -> None:
    """The ref's .docs-check.toml names a rule file of the ref; the working
    tree's configuration (another rule) is not read."""
    rule = (
        '[[rule]]\nid = "init"\napi = "torch.distributed.elastic.metrics.initialize_metrics"\n'
        'doc = "torch-distributed-elastic.md"\nexpect = "{}"\n'
    )
    (docs / "mine.toml").write_text(rule.format("是"), encoding="utf-8")
    (docs / ".docs-check.toml").write_text('rules = ["mine.toml"]\n', encoding="utf-8")
    git(docs, "init", "-q", "-b", "master")
    git(docs, "add", "-A")
    git(docs, "commit", "-q", "--no-gpg-sign", "-m", "docs and a rule")
    (docs / "mine.toml").write_text(rule.format("是，暂不支持 Ascend 950DT"), encoding="utf-8")
    assert cli("lint", "docs")[:2] == (0, "")  # the working tree's rule agrees
    code, out, _ = cli("lint", "--git", ".", "--ref", "master", "docs")
    assert code == 1
    assert [line.split(": ")[0] for line in out.splitlines()] == [
        f"master:{PAGE}:17",
        f"master:{OTHER}:17",
    ]


def test_lint_imports_no_torch_and_runs_no_process(docs: Path) -> None:
    flip(docs)
    probe = (
        "import sys\n"
        "import checker.process\n"
        "def refuse(*a, **k):\n"
        "    raise AssertionError('a process was started')\n"
        "checker.process.run_command = refuse\n"
        "from checker.cli import run\n"
        "code = run(['lint', 'docs', '-q'])\n"
        "print(code, 'torch' in sys.modules)\n"
    )
    import sys

    done = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, cwd=docs, check=False
    )
    assert done.stdout.splitlines()[-1] == "1 False", done.stderr


def test_diff_between_refs_names_a_flip_as_introduced(cli: Invoke, docs: Path) -> None:
    """`diff A B` between refs reports the lint findings B introduced: a status
    flipped against a rule is one of them."""
    git(docs, "init", "-q", "-b", "master")
    git(docs, "add", "-A")
    git(docs, "commit", "-q", "--no-gpg-sign", "-m", "docs as the rule says")
    git(docs, "checkout", "-q", "-b", "flipped")
    flip(docs)
    git(docs, "commit", "-q", "--no-gpg-sign", "-am", "950 supported on 2.12.0")
    code, out, _ = cli("diff", "--git", ".", "master", "flipped")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].endswith("; findings 1 introduced, 0 fixed")
    assert f"introduced flipped:{FLIPPED}" in lines


def test_a_rule_file_lint_cannot_read_is_one_error_line(cli: Invoke, docs: Path) -> None:
    """lint reads the rule files now: a broken one is an input error (exit 2)."""
    (docs / ".docs-check.toml").write_text(
        '[[rule]]\nid = "x"\napi = "torch.distributed.elastic.metrics.put_metric"\n'
        'doc = "torch-distributed-elastic.md"\nexpect = "maybe"\n',
        encoding="utf-8",
    )
    code, out, err = cli("lint", "docs")
    assert (code, out) == (2, "")
    assert err == (
        f"docs-check: error: {docs / '.docs-check.toml'}:5: cannot read expect: "
        "cannot read support status 'maybe'\n"
    )


# -- the module's functions ------------------------------------------------------------


def test_the_comparison_alone_finds_the_pages_of_the_rules_api(docs: Path) -> None:
    """Without the names a lint run keeps, a page's own entries tell whether it
    documents a rule's API."""
    from checker.checks.expected import expectation_findings
    from checker.model.catalogue import load_catalogue
    from checker.sources.corpus import read_corpus
    from checker.verify.rule_files import load_rules, shipped_rule_files

    flip(docs)
    catalogue = load_catalogue()
    pages = read_corpus(["docs"], catalogue).pages
    rules = load_rules(shipped_rule_files(), catalogue)
    (found,) = expectation_findings(rules, pages, catalogue)
    assert (found.rule, found.path, found.line, found.api) == (
        "doc-differs-from-rule",
        PAGE,
        ROW,
        PUT_METRIC,
    )
    assert expectation_findings([], pages, catalogue) == []


def test_a_verdict_line_without_a_detail_has_no_brackets() -> None:
    from checker.checks.expected import verdict_said

    assert verdict_said("torch.x", "2.12.0", "atlas-a2", "consistent", "") == (
        "torch.x 2.12.0 on atlas-a2: consistent"
    )
    assert verdict_said("torch.x", "2.12.0", "atlas-a2", "unverified", "no NPU") == (
        "torch.x 2.12.0 on atlas-a2: no NPU"
    )


def test_a_rules_findings_at_a_ref_are_kept_for_the_next_run(
    docs: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At a ref, what the rules find on a page is kept (under the rules that
    judge it) with the page cache's store: the next run judges nothing again,
    and says the same; other rules judge it again."""
    import dataclasses

    import checker.checks.expected as expected
    from checker.checks.lint import lint_pages
    from checker.model.catalogue import load_catalogue
    from checker.sources.corpus import read_corpus
    from checker.sources.page_cache.checked_store import CheckedStore
    from checker.sources.page_cache.store import PageCache
    from checker.verify.rule_files import load_rules, shipped_rule_files

    flip(docs)
    catalogue = load_catalogue()
    pages = [
        dataclasses.replace(page, path=f"r1:{page.path}", tree="r1", blob=f"blob-{page.path}")
        for page in read_corpus(["docs"], catalogue).pages
    ]
    rules = load_rules(shipped_rule_files(), catalogue)
    cache = PageCache(docs / "cache")
    with CheckedStore(cache, catalogue) as store:
        first = lint_pages(pages, catalogue, store=store, rules=rules)
    differs = [(f.path, f.line) for f in first if f.rule == "doc-differs-from-rule"]
    assert differs == [(f"r1:{PAGE}", ROW)]
    judged: list[str] = []
    real = expected._differences
    monkeypatch.setattr(
        expected, "_differences", lambda rule, *rest: judged.append(rule.id) or real(rule, *rest)
    )
    with CheckedStore(cache, catalogue) as store:
        assert lint_pages(pages, catalogue, store=store, rules=rules) == first
    assert judged == []
    changed = [dataclasses.replace(rule, expect_at=f"{rule.expect_at}!") for rule in rules]
    with CheckedStore(cache, catalogue) as store:
        lint_pages(pages, catalogue, store=store, rules=changed)
    assert judged


def hide(root: Path, written: str) -> None:
    """put_metric written otherwise in its heading, link text and anchor (line
    21 and 25 of the page), as a change made to walk around the rule would."""
    page = root / PAGE
    text = page.read_text(encoding="utf-8")
    assert text.count("metrics.put_metric") == 3
    page.write_text(text.replace("metrics.put_metric", f"metrics.{written}"), encoding="utf-8")


@pytest.mark.parametrize(
    ("written", "why"),
    [
        ("put_\u2060metric", "U+2060 WORD JOINER"),
        ("put_\u00admetric", "U+00AD SOFT HYPHEN"),
        ("\ufeffput_metric", "U+FEFF ZERO WIDTH NO-BREAK SPACE"),
        ("put_\u200cmetric", "U+200C ZERO WIDTH NON-JOINER"),
        ("put_\u200bmetric", "U+200B ZERO WIDTH SPACE"),
    ],
)
def test_an_invisible_character_in_the_name_hides_no_flip(
    cli: Invoke, docs: Path, written: str, why: str
) -> None:
    """The flip is found under the plain name, as lint and as verify see it,
    and the name that needed cleaning is a finding at its heading."""
    flip(docs)
    hide(docs, written)
    unplain = (
        f"{PAGE}:21: api-name-not-plain {'torch.distributed.elastic.metrics.' + written!r} "
        f"is not written plainly: {why}; "
        f"it is read as {PUT_METRIC}"
    )
    code, out, _ = cli("lint", "docs", "--format", "concise")
    assert (code, out) == (1, f"{unplain}\n{FLIPPED}\n")
    code, out, _ = cli("verify", "--no-live", "docs", "--format", "concise")
    assert (code, out) == (1, f"{unplain}\n{FLIPPED}\n")
    code, out, _ = cli("lint", PAGE, "--format", "concise")  # as the pre-commit hook runs it
    assert (code, out) == (1, f"{unplain}\n{FLIPPED}\n")


def test_a_look_alike_letter_in_the_name_is_a_finding(cli: Invoke, docs: Path) -> None:
    """No normal form makes a Cyrillic `а` Latin: the name is another, and
    says why it matches no rule."""
    flip(docs)
    hide(docs, "put_m\u0435tric")
    code, out, _ = cli("lint", "docs", "--format", "concise")
    assert code == 1
    assert out == (
        f"{PAGE}:21: api-name-not-plain 'torch.distributed.elastic.metrics.put_m\u0435tric' "
        "is not written plainly: U+0435 CYRILLIC SMALL LETTER IE; it is read as "
        "torch.distributed.elastic.metrics.put_m\u0435tric\n"
    )


def test_a_name_the_command_line_or_configuration_writes_with_a_hidden_character_is_the_api(
    cli: Invoke, docs: Path
) -> None:
    """`show`, `verify --api` and an `[[ignore]]`'s `api` key names as the
    pages' names are keyed."""
    hidden = PUT_METRIC.replace("put_", "put_\u00ad")
    assert cli("show", hidden, "--docs", "docs") == cli("show", PUT_METRIC, "--docs", "docs")
    flip(docs)
    code, out, _ = cli("verify", "--no-live", "docs", "--api", hidden, "--format", "concise")
    assert (code, out) == (1, FLIPPED + "\n")
    (docs / ".docs-check.toml").write_text(
        f'[[ignore]]\nrule = "doc-differs-from-rule"\npath = "{PAGE}"\napi = "{hidden}"\n'
        'reason = "950 support lands with the next release"\n',
        encoding="utf-8",
    )
    code, out, err = cli("lint", "docs")
    assert (code, out) == (0, "") and err.endswith("; not shown: 1 ignored\n")
