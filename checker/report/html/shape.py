"""What every view of the site takes from the run, worked out once: the
versions and languages read, in order, the sides the run read (a git ref's
pages in one language: --ref given twice reads two trees of the same
versions, shown apart), and the findings grouped by page and by API (a
finding names its page; its language and ref are its page's). A finding on
no page read (a configuration, a rule file) is in neither: the index counts
it by rule. And the statements in dispute: an API documented twice in one
version (on one page or two) whose entries state a product otherwise; the
index counts them and the API table marks them as conflicts."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from checker.model.finding import Finding
from checker.model.query import Disputes, Side, disputes, sides_of, versions_of
from checker.results import Site


@dataclass(frozen=True)
class Shape:
    """What the site's files are made from: versions, languages, sides and findings."""

    versions: tuple[str, ...]  # in release order
    langs: tuple[str, ...]  # zh before en: the docs are written in zh first
    # (git ref, or "" for the working tree; language), refs in the order given
    sides: tuple[Side, ...]
    findings_by_page: dict[str, tuple[Finding, ...]]  # page name -> its findings, sorted
    # (api, lang, ref) -> the rules of its findings, and their count
    findings_by_api: dict[tuple[str, str, str], tuple[set[str], int]]
    disputes: Disputes  # checker.model.query's

    @property
    def trees(self) -> tuple[str, ...]:
        """The refs of the sides, in their order."""
        return tuple(dict.fromkeys(tree for tree, _lang in self.sides))


def shape_of(site: Site) -> Shape:
    pages = site.linted.corpus.pages
    sides = sides_of(pages, site.linted.refs)
    langs = tuple(dict.fromkeys(lang for _tree, lang in sides))
    side_of = {page.path: (page.lang, page.tree) for page in pages}
    by_page: dict[str, list[Finding]] = {}
    rules: dict[tuple[str, str, str], set[str]] = {}
    counts: Counter[tuple[str, str, str]] = Counter()
    for finding in site.linted.findings:
        side = side_of.get(finding.path)
        if side is None:
            continue
        by_page.setdefault(finding.path, []).append(finding)
        if finding.api:
            key = (finding.api, *side)
            rules.setdefault(key, set()).add(finding.rule)
            counts[key] += 1
    findings_by_api = {key: (named, counts[key]) for key, named in rules.items()}
    found = {path: tuple(sorted(findings)) for path, findings in by_page.items()}
    disputed = disputes(site.records)
    return Shape(versions_of(pages), langs, sides, found, findings_by_api, disputed)
