"""Inline suppressions: `<!-- docs-check-disable-next-line RULE -->`, and
`disable` … `enable` regions, silence the findings of the rules they name on
the lines they cover; an unknown rule in a comment is a finding, and so is a
comment that silenced nothing (`unused-suppression`)."""

from __future__ import annotations

import dataclasses
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from checker.model.catalogue import default_catalogue
from checker.model.docfile import DocFile
from checker.model.suppression import DISABLE, ENABLE, NEXT_LINE, Directive, suppressions
from checker.read.reader import read_text
from checker.read.split import cut_lines, joined, parts
from tests.helpers import FIXTURES

Invoke = Callable[..., tuple[int, str, str]]
PAGE = "docs/zh/api/native_api/pytorch_2-12-0/torch-suppressed.md"
SUPPRESSED = FIXTURES / "suppress" / "docs"
FOUND = [
    f"{PAGE}:10: link-version torch.distributed.elastic.events.record: native-doc link is for "
    "PyTorch docs 2.11, the page documents 2.12.0",
    f"{PAGE}:40: suppression-unknown-rule docs-check-disable-next-line: unknown rule "
    "'link-versoin'; did you mean 'link-version'?",
    f"{PAGE}:40: unused-suppression docs-check-disable-next-line status-unreadable suppressed "
    "nothing on line 41",
]


@pytest.fixture
def docs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the fixture docs, the current folder."""
    shutil.copytree(SUPPRESSED, tmp_path / "docs")
    monkeypatch.chdir(tmp_path)
    return tmp_path / "docs"


def page_lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")


def test_comments_silence_what_they_name_and_report_what_they_did_not(
    cli: Invoke, docs: Path
) -> None:
    code, out, err = cli("lint", "docs")
    assert (code, out.splitlines()) == (1, FOUND)
    summary = "3 findings (2 errors, 1 warning) in 1 file, 2 entries; not shown: 3 suppressed"
    assert err == summary + "\n"


def test_a_warm_run_reads_the_comments_back_from_the_cache(
    cli: Invoke, docs: Path, tmp_path: Path
) -> None:
    cache = str(tmp_path / "cache")
    cold = cli("lint", "docs", "--cache-dir", cache)
    assert list((tmp_path / "cache").rglob("*")), "the cold run wrote the cache"
    assert cli("lint", "docs", "--cache-dir", cache) == cold


def test_without_the_comments_the_findings_come_back(cli: Invoke, docs: Path) -> None:
    page = docs / PAGE.removeprefix("docs/")
    lines = [line for line in page_lines(page) if "docs-check-" not in line]
    page.write_text("\n".join(lines), encoding="utf-8")
    _, out, _ = cli("lint", "docs")
    assert [line.split(": ", 1)[1].split(" ")[0] for line in out.splitlines()] == [
        "link-version",
        "nonstandard-mark",
        "nonstandard-mark",
        "link-version",
    ]


def test_a_region_never_enabled_runs_to_the_end_and_is_reported_so(cli: Invoke, docs: Path) -> None:
    page = docs / PAGE.removeprefix("docs/")
    text = page.read_text(encoding="utf-8").replace(
        "<!-- docs-check-enable nonstandard-mark -->", ""
    )
    page.write_text(text.replace("| ✗ |", "| ✔ |"), encoding="utf-8")
    selected = "unused-suppression,nonstandard-mark,status-unreadable"  # what the comments name
    _, out, _ = cli("lint", "docs", "--select", selected)
    assert out.splitlines() == [
        f"{PAGE}:14: unused-suppression docs-check-disable nonstandard-mark suppressed nothing "
        "from line 14 to the end of the page",
        FOUND[2],
    ]


def test_a_comment_of_no_known_rule_silences_nothing(cli: Invoke, docs: Path) -> None:
    page = docs / PAGE.removeprefix("docs/")
    text = page.read_text(encoding="utf-8")
    text = text.replace(
        "docs-check-disable-next-line link -->", "docs-check-disable-next-line lnk -->"
    )
    page.write_text(text.replace("docs-check-enable", "docs-check-enabled"), encoding="utf-8")
    _, out, _ = cli("lint", "docs", "--select", "suppression-unknown-rule,link-version")
    assert out.splitlines() == [
        FOUND[0],
        f"{PAGE}:21: suppression-unknown-rule unknown comment 'docs-check-enabled' (known: "
        "docs-check-disable-next-line, docs-check-disable, docs-check-enable)",
        f"{PAGE}:29: suppression-unknown-rule docs-check-disable-next-line: unknown rule 'lnk'; "
        "did you mean 'link-'?",
        f"{PAGE}:30: link-version torch.distributed.elastic.events.get_logging_handler: "
        "native-doc link is for PyTorch docs 2.11, the page documents 2.12.0",
        FOUND[1],
    ]


def test_a_comment_on_a_rule_not_selected_is_not_judged(cli: Invoke, docs: Path) -> None:
    code, out, _ = cli("lint", "docs", "--ignore", "status-unreadable,suppression-unknown-rule")
    assert (code, out.splitlines()) == (1, FOUND[:1])


def test_the_configuration_can_turn_unused_suppressions_off(cli: Invoke, docs: Path) -> None:
    (docs.parent / ".docs-check.toml").write_text(
        'ignore = ["unused-suppression", "suppression-"]\n', encoding="utf-8"
    )
    code, out, _ = cli("lint", "docs")
    assert (code, out.splitlines()) == (1, FOUND[:1])


# -- the lines each comment covers --------------------------------------------------------


def test_regions_pair_per_rule_and_an_enable_of_no_rule_closes_all() -> None:
    spans = suppressions(
        [
            Directive(3, DISABLE, ("link-", "block-unclosed")),
            Directive(5, NEXT_LINE, ()),
            Directive(8, ENABLE, ("link-",)),
            Directive(9, DISABLE, ("link-",)),
            Directive(12, ENABLE, ()),
            Directive(20, DISABLE, ("nonstandard-mark",)),
        ]
    )
    assert [(s.line, s.rule, s.first, s.last) for s in spans] == [
        (3, "link-", 3, 8),
        (3, "block-unclosed", 3, 12),
        (5, "", 6, 6),
        (9, "link-", 9, 12),
        (20, "nonstandard-mark", 20, None),
    ]
    assert spans[-1].covers(10_000) and not spans[-1].covers(19)


def test_a_page_read_in_parts_pairs_comments_across_them() -> None:
    text = (SUPPRESSED / PAGE.removeprefix("docs/")).read_text(encoding="utf-8")
    enable = "<!-- docs-check-enable nonstandard-mark -->"
    text = text.replace(enable, "").replace("<!-- docs-check-disable-next-line link -->", enable)
    doc = DocFile(PAGE, "2.12.0", "zh")
    catalogue = default_catalogue()
    whole = read_text(text, doc, catalogue)
    cuts = cut_lines(text, 200)
    assert len(cuts) >= 1, "the page is cut between its two entries"
    pieces = [read_text(part, doc, catalogue, whole=False) for part in parts(text, cuts)]
    together = joined(doc, pieces)
    assert dataclasses.replace(together, findings=()) == dataclasses.replace(whole, findings=())
    assert sorted(together.findings) == sorted(whole.findings)
    assert [d.line for d in whole.directives] == [14, 29, 40]
    assert whole.directives[0].reason == "the upstream table is copied as it is"
    region = suppressions(together.directives)[0]
    assert (region.rule, region.first, region.last) == ("nonstandard-mark", 14, 29)
