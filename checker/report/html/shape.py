"""What every view of the site takes from the run, worked out once: the
versions and languages read, in order, and the findings grouped by page and
by API (a finding names its page; its language is its page's). A finding on
no page read (a configuration, a rule file) is in neither: the index counts
it by rule."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from checker.model.finding import Finding
from checker.model.version import version_key
from checker.results import Site


@dataclass(frozen=True)
class Shape:
    versions: tuple[str, ...]  # in release order
    langs: tuple[str, ...]  # zh before en: the docs are written in zh first
    findings_by_page: dict[str, tuple[Finding, ...]]  # page name -> its findings, sorted
    findings_by_api: dict[tuple[str, str], tuple[set[str], int]]  # (api, lang) -> rules, count


def shape_of(site: Site) -> Shape:
    pages = site.linted.corpus.pages
    versions = tuple(sorted({page.version for page in pages}, key=version_key))
    langs = tuple(sorted({page.lang for page in pages}, key=lambda lang: (lang != "zh", lang)))
    lang_of = {page.path: page.lang for page in pages}
    by_page: dict[str, list[Finding]] = {}
    rules: dict[tuple[str, str], set[str]] = {}
    counts: Counter[tuple[str, str]] = Counter()
    for finding in site.linted.findings:
        lang = lang_of.get(finding.path)
        if lang is None:
            continue
        by_page.setdefault(finding.path, []).append(finding)
        if finding.api:
            rules.setdefault((finding.api, lang), set()).add(finding.rule)
            counts[(finding.api, lang)] += 1
    findings_by_api = {key: (named, counts[key]) for key, named in rules.items()}
    found = {path: tuple(sorted(findings)) for path, findings in by_page.items()}
    return Shape(versions, langs, found, findings_by_api)
