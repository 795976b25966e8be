"""`docs-check tests [PATHS] [--tests DIR] [--git R --test-ref VERSION=REF]
[--disabled VERSION=PATH]`: for each docs version, the test tree at its test
ref (the working tree's `--tests` folder when it has none) read statically,
every documented API mapped to the test cases that reach it, the version's
NPU disabled-test list applied, and each entry's claims judged
(checker.testmap.backing). A report like coverage's with verdicts like
verify's: it fails on a verdict with a severity (claim-tests-disabled by
default), never on a note."""

from __future__ import annotations

import hashlib
import pickle
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from checker.app.setup import Prepared, Settings, read_docs
from checker.app.tests_links import Tables, held_links, map_rules, rule_links, tree_links
from checker.app.version_trees import (
    TestsRequest,
    disabled_list,
    given_lists,
    listing_for,
    products_of,
    test_commits,
    tree_for,
)
from checker.i18n import N_
from checker.linted import TestLink
from checker.model.catalogue import Catalogue
from checker.model.expectation import Expectation
from checker.model.finding import Finding, Severity
from checker.model.query import by_version
from checker.model.said import said_of
from checker.model.support import Entry, Page, Support
from checker.model.verdict import Verdict
from checker.model.version import version_key
from checker.outcome import Command, Outcome, fails
from checker.progress import Progress
from checker.results import TestsReport
from checker.sources.page_cache.store import blob_id, catalogue_fingerprint, reading_salt
from checker.testmap.backing import Disabling, judge
from checker.testmap.cache import ScanCache
from checker.testmap.disabled import DisabledList
from checker.testmap.documented import Documented
from checker.testmap.kept import Kept, KeptMaps, VersionMap, kept_key
from checker.testmap.links import Link
from checker.testmap.refs import RULE
from checker.testmap.tree import Listing, TestTree

if TYPE_CHECKING:
    from checker.sources.corpus import ReadOptions

MAPPING = N_("mapping tests")


def tests(
    docs: Sequence[str],
    settings: Settings,
    request: TestsRequest,
    progress: Progress | None = None,
    show_notes: bool = False,
) -> Outcome[TestsReport]:
    ready, corpus = read_docs(docs, settings, progress)
    options = settings.reading.options(progress)
    mapped = test_map(corpus.pages, ready.catalogue, map_rules(ready), request, options)
    gate = ready.gate
    levelled = [  # --select/--ignore choose the verdicts shown; [severity] re-levels them
        replace(v, severity=gate.verdict_level(v.verdict, v.path, v.api, v.severity))
        for v in mapped.verdicts
        if gate.selection.selects(v.verdict)
    ]
    levelled.sort(key=lambda v: (v.path, v.line, v.verdict, v.api))
    report = TestsReport(mapped.versions, tuple(levelled), show_notes)
    failed = fails((v.severity for v in levelled), ready.fail_on)
    errors = (*corpus.errors, *mapped.errors)
    return Outcome(Command.TESTS, report, errors, failed=failed, exit_zero=settings.exit_zero)


@dataclass(frozen=True)
class Mapped:
    """The test map of some pages: each version's, and the verdicts at the registry's levels."""

    versions: tuple[VersionMap, ...]  # in release order
    verdicts: tuple[Verdict, ...]
    errors: tuple[str, ...]  # a test module that does not parse, a malformed list

    def tested(self) -> dict[tuple[str, str], tuple[TestLink, ...]]:
        """(version, API) -> the test cases that reach the API at that version,
        by test, each with the products its version's disabled list disables
        it on: what export writes of a record and the site shows of a claim."""
        found: dict[tuple[str, str], list[TestLink]] = {}
        for version in self.versions:
            disabled_for = dict(version.disabled_for)
            for link in version.links:
                off = disabled_for.get(link.test, ())
                made = TestLink(link.test, link.kind, link.line, link.exact, off, link.device)
                found.setdefault((version.version, link.api), []).append(made)
        return {key: tuple(links) for key, links in found.items()}


def test_map(
    pages: Sequence[Page],
    catalogue: Catalogue,
    rules: Sequence[Expectation],
    request: TestsRequest,
    options: ReadOptions,
) -> Mapped:
    """The one computation of the claims against the tests, which `tests`
    reports and `lint --tests` / `verify --tests` add to their findings
    (verdict_findings): the pages' entries per version, each version's test
    tree and disabled list, the links, the verdicts. `rules`: those whose
    `test` backs their API; `options`: the reading's cache folder, workers and
    progress."""
    progress = options.progress
    # a page's entries are of its version (they are read with it); they are
    # decoded only for a version whose map is not kept
    holding = by_version(page for page in pages if len(page.entries))
    errors: list[str] = []
    cache = ScanCache(options.cache.folder if options.cache else None)
    trees: dict[str, TestTree] = {}
    refs = dict(request.test_refs)
    given = dict(request.disabled)
    product = products_of(catalogue)
    held = rule_links(rules)
    versions: list[VersionMap] = []
    verdicts: list[Verdict] = []
    read: dict[str, DisabledList | None] = {}  # each list once, whichever versions take it
    tables = Tables(cache)
    ordered = sorted(holding, key=version_key)
    kept = KeptMaps(options.cache.folder if options.cache else None)
    listings: dict[str, Listing] = {}
    commits = test_commits(request)  # every test ref once, before a tree is listed
    reading = reading_salt()  # the code that reads an entry: part of every version's key
    for done, version in enumerate(ordered):
        if progress:
            progress(MAPPING, done, len(ordered))
        listing = listing_for(version, refs, request, listings, commits)
        # read once: the key and the map take the same bytes
        lists = given_lists(version, given, errors)
        key = kept_key(
            _inputs(version, holding[version], reading, catalogue, listing, lists, tables, held)
        )
        found = kept.get(key)
        if found is not None:  # made before from the same inputs
            versions.append(found.map)
            verdicts += found.verdicts
            continue
        # each entry with what it says of a product at its page's release
        # (checker.model.said)
        entries = [
            (entry, said_of(catalogue, page, entry))
            for page in holding[version]
            for entry in page.placed_entries()
        ]
        tree = tree_for(
            version, refs, request, trees, cache, product, options.jobs, errors, listings
        )
        listed = disabled_list(version, lists, tree, product, errors, read)
        disabling = Disabling(listed)
        apis = {entry.api for entry, _ in entries}
        documented = Documented(apis)
        links = tree_links(tree, documented, disabling, tables) + held_links(held, apis, tree)
        by_api: dict[str, list[Link]] = {}
        for link in links:
            by_api.setdefault(link.api, []).append(link)
        claims = _claims(entries)
        judged, shares = judge(version, entries, by_api, disabling)
        kinds = sorted({link.kind for link in links})
        linked = tuple((k, len({link.api for link in links if link.kind == k})) for k in kinds)
        made = VersionMap(
            version,
            tree.label,
            listed.path if listed else None,
            len(tree.modules),
            sum(len(scanned.cases) for _, scanned in tree.modules),
            len(apis),
            linked,
            len({link.api for link in links if link.kind != RULE}),
            tuple(sorted(links, key=lambda link: (link.api, link.test, link.kind))),
            tuple(shares),
            claims,
            frozenset(
                api
                for api, products in claims
                for link in by_api.get(api, ())
                if link.on_npu
                and any(disabling.of(link, p) is None for p in products or catalogue.scope)
            ),
            _disabled_for(links, disabling, catalogue.scope),
            len({link.api for link in links if link.kind != RULE and link.on_npu}),
        )
        versions.append(made)
        verdicts += judged
        if not errors and not tree.errors:  # a run with input errors keeps nothing it made
            kept.put(key, Kept(made, tuple(judged)))
    return Mapped(tuple(versions), tuple(verdicts), tuple(errors))


def _inputs(
    version: str,
    pages: Sequence[Page],
    reading: bytes,
    catalogue: Catalogue,
    listing: Listing,
    lists: list[tuple[str, bytes]] | None,
    tables: Tables,
    held: Sequence[Link],
) -> Iterator[str]:
    """Everything a version's map is made from, for its key (checker.testmap.kept):
    the version, its pages' entries and the catalogue that scopes them and names the
    lists' products, its test tree's modules and lists by blob, the lists
    --disabled gives it, the OpInfo tables, and the rules' links."""
    yield version
    yield catalogue_fingerprint(catalogue).hex()
    yield reading.hex()
    for page in pages:
        # what its entries are read from, as the page cache keys them (with the
        # catalogue and the reading's code above); else the entries themselves,
        # pickled (equal bytes, equal entries: fields of frozen dataclasses)
        if page.blob:
            yield f"{page.path}\0{page.tree}\0{page.version}\0{page.lang}\0{page.blob}"
        else:
            entries = list(page.placed_entries())
            yield hashlib.sha256(pickle.dumps(entries, protocol=5)).hexdigest()
    yield listing.label
    for path, blob in listing.files:
        yield f"{path}\0{blob}"
    yield "given" if lists is not None else "the tree's"
    for path, data in lists or ():
        yield f"{path}\0{blob_id(data)}"
    yield tables.key()
    yield from map(repr, held)


def verdict_findings(verdicts: Sequence[Verdict], levels: Mapping[str, str]) -> list[Finding]:
    """The verdicts as findings of lint or verify, for their gate to take like
    any other (comments, selection, levels, ignores, baseline): each at its
    registry level or the configuration's (`levels`, which also turn one off:
    the gate then counts it ignored). A note (claim-unbacked,
    unsupported-but-tested, unless `[severity]` gives it a level) is no
    problem, and no finding: `docs-check tests` shows it."""
    found: list[Finding] = []
    for verdict in verdicts:
        level = levels.get(verdict.verdict)
        severity = Severity(level) if level in SEVERE else verdict.severity
        if severity is None:
            continue
        found.append(
            Finding(
                verdict.path,
                verdict.line,
                verdict.verdict,
                severity,
                verdict.detail,
                api=verdict.api,
                entry_line=verdict.entry_line,
                version=verdict.version,
            )
        )
    return found


SEVERE = (Severity.ERROR.value, Severity.WARNING.value)


def _disabled_for(
    links: Sequence[Link], disabling: Disabling, scope: Sequence[str]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    off: dict[str, tuple[str, ...]] = {}
    for link in links:
        if link.test not in off:
            off[link.test] = tuple(p for p in scope if disabling.of(link, p) is not None)
    return tuple((test, products) for test, products in sorted(off.items()) if products)


def _claims(
    entries: Sequence[tuple[Entry, Mapping[str, str]]],
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    supported: dict[str, set[str]] = {}
    for entry, statuses in entries:
        products = supported.setdefault(entry.api, set())
        products.update(p for p, status in statuses.items() if status == Support.SUPPORTED)
    return tuple((api, tuple(sorted(products))) for api, products in sorted(supported.items()))


@dataclass(frozen=True)
class VersionLinks:
    """One docs version's test tree, its links to the documented APIs and its
    disabled list: what `verify --backed` plans from."""

    tree: TestTree
    links: tuple[Link, ...]
    disabling: Disabling


def version_links(
    version: str,
    apis: set[str],
    request: TestsRequest,
    settings: Settings,
    ready: Prepared,
    errors: list[str],
) -> VersionLinks:
    """As `tests` maps one version: its tree (at its test ref, else the
    working tree's folder), every link to its documented `apis`, the rules'
    links among them, and the disabled list that applies."""
    product = products_of(ready.catalogue)
    options = replace(settings.reading, refs=()).options()  # the cache and workers only
    cache = ScanCache(options.cache.folder if options.cache else None)
    refs = dict(request.test_refs)
    tree = tree_for(version, refs, request, {}, cache, product, options.jobs, errors)
    given = given_lists(version, dict(request.disabled), errors)
    listed = disabled_list(version, given, tree, product, errors, {})
    disabling = Disabling(listed)
    links = tree_links(tree, Documented(apis), disabling, Tables(cache)) + held_links(
        rule_links(map_rules(ready)), apis, tree
    )
    return VersionLinks(tree, tuple(links), disabling)
