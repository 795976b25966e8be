"""`docs-check tests [PATHS] [--tests DIR] [--git R --test-ref VERSION=REF]
[--disabled VERSION=PATH]`: for each docs version, the test tree at its test
ref (the working tree's `--tests` folder when it has none) read statically,
every documented API mapped to the test cases that reach it, the version's
NPU disabled-test list applied, and each entry's claims judged
(checker.testmap.claims). A report like coverage's with verdicts like
verify's: it fails on a verdict with a severity (claim-tests-disabled by
default), never on a note."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from checker.app.setup import Prepared, Settings, read_docs
from checker.errors import UsageError
from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.finding import Finding, Severity
from checker.model.support import Entry, Page, Support
from checker.model.version import version_key
from checker.outcome import Outcome, fails
from checker.progress import Progress
from checker.results import TestsReport, VersionMap
from checker.testmap.cache import ScanCache
from checker.testmap.claims import Disabling, Verdict, judge
from checker.testmap.disabled import DisabledList, is_list, list_for, release_of
from checker.testmap.documented import Documented
from checker.testmap.links import Link, links_of, ops_links, table_links
from checker.testmap.opdb import OpDb, installed_torch, read_op_db
from checker.testmap.refs import OPDB, RULE
from checker.testmap.tree import TestTree, read_lists, tree_at_ref, working_tree
from checker.verify.expectations import Expectation, load_rules, shipped_rule_files

if TYPE_CHECKING:
    from checker.sources.corpus import ReadOptions

Products = Callable[[str], str | None]

MAPPING = N_("mapping tests")


@dataclass(frozen=True)
class TestsRequest:
    tests: str = "test"  # --tests: the test folder (of the working tree; inside R at refs)
    test_refs: tuple[tuple[str, str], ...] = ()  # --test-ref VERSION=REF
    git_repo: str = "."  # --git
    disabled: tuple[tuple[str, str], ...] = ()  # --disabled VERSION=PATH: a list or a folder


def tests(
    docs: Sequence[str],
    settings: Settings,
    request: TestsRequest,
    progress: Progress | None = None,
) -> Outcome[TestsReport]:
    ready, corpus = read_docs(docs, settings, progress)
    options = settings.reading.options(progress)
    mapped = test_map(corpus.pages, ready.catalogue, map_rules(ready), request, options)
    gate = ready.gate
    levelled = [  # --select/--ignore choose the verdicts shown; [severity] re-levels them
        replace(v, severity=gate.verdict_level(v.check, v.path, v.api, v.severity))
        for v in mapped.verdicts
        if gate.selection.selects(v.check)
    ]
    levelled.sort(key=lambda v: (v.path, v.line, v.check, v.api))
    report = TestsReport(mapped.versions, tuple(levelled))
    failed = fails((v.severity for v in levelled), ready.fail_on)
    errors = (*corpus.errors, *mapped.errors)
    return Outcome("tests", report, errors, failed=failed, exit_zero=settings.exit_zero)


@dataclass(frozen=True)
class Mapped:
    """The test map of some pages: each version's, and the verdicts at the registry's levels."""

    versions: tuple[VersionMap, ...]  # in release order
    verdicts: tuple[Verdict, ...]
    errors: tuple[str, ...]  # a test module that does not parse, a malformed list


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
    entries: dict[str, list[Entry]] = {}
    scopes: dict[str, tuple[str, ...]] = {}
    for page in pages:
        for entry in page.placed_entries():
            entries.setdefault(entry.version, []).append(entry)
            scopes.setdefault(entry.path, catalogue.scope_for(entry.path))
    errors: list[str] = []
    cache = ScanCache(options.cache.folder if options.cache else None)
    trees: dict[str, TestTree] = {}
    refs = dict(request.test_refs)
    given = dict(request.disabled)
    product = _products(catalogue)
    held = _rule_links(rules)
    versions: list[VersionMap] = []
    verdicts: list[Verdict] = []
    read: dict[str, DisabledList | None] = {}  # each list once, whichever versions take it
    tables = _Tables(cache)
    ordered = sorted(entries, key=version_key)
    for done, version in enumerate(ordered):
        if progress:
            progress(MAPPING, done, len(ordered))
        tree = _tree_for(version, refs, request, trees, cache, product, options.jobs, errors)
        listed = _list(version, given, tree, product, errors, read)
        disabling = Disabling(listed)
        apis = {entry.api for entry in entries[version]}
        documented = Documented(apis)
        links = _links(tree, documented, disabling, tables) + _held(held, apis, tree)
        by_api: dict[str, list[Link]] = {}
        for link in links:
            by_api.setdefault(link.api, []).append(link)
        claims = _claims(entries[version], scopes)
        judged, shares = judge(version, entries[version], scopes, by_api, disabling)
        verdicts += judged
        kinds = sorted({link.kind for link in links})
        linked = tuple((k, len({link.api for link in links if link.kind == k})) for k in kinds)
        versions.append(
            VersionMap(
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
                    if any(disabling.of(link, p) is None for p in products or catalogue.scope)
                ),
                _disabled_for(links, disabling, catalogue.scope),
            )
        )
    return Mapped(tuple(versions), tuple(verdicts), tuple(errors))


def verdict_findings(verdicts: Sequence[Verdict], levels: Mapping[str, str]) -> list[Finding]:
    """The verdicts as findings of lint or verify, for their gate to take like
    any other (comments, selection, levels, ignores, baseline): each at its
    registry level or the configuration's (`levels`, which also turn one off:
    the gate then counts it ignored). A note (claim-unbacked,
    unsupported-but-tested, unless `[severity]` gives it a level) is no
    problem, and no finding: `docs-check tests` shows it."""
    found: list[Finding] = []
    for verdict in verdicts:
        level = levels.get(verdict.check)
        severity = Severity(level) if level in SEVERE else verdict.severity
        if severity is None:
            continue
        found.append(
            Finding(
                verdict.path,
                verdict.line,
                verdict.check,
                severity,
                verdict.message,
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
    entries: Sequence[Entry], scopes: dict[str, tuple[str, ...]]
) -> tuple[tuple[str, tuple[str, ...]], ...]:
    said: dict[str, set[str]] = {}
    for entry in entries:
        products = said.setdefault(entry.api, set())
        expanded = entry.expanded(scopes[entry.path]).items()
        products.update(p for p, status in expanded if status == Support.SUPPORTED)
    return tuple((api, tuple(sorted(products))) for api, products in sorted(said.items()))


class _Tables:
    """The OpInfo tables of the installed torch (checker.testmap.opdb), read
    once and only when an `@ops` test names one."""

    def __init__(self, cache: ScanCache) -> None:
        self.cache = cache
        self.read = False
        self.db: OpDb | None = None

    def get(self) -> OpDb | None:
        if not self.read:
            self.read = True
            root = installed_torch()
            self.db = read_op_db(root, self.cache.folder) if root is not None else None
        return self.db


def _links(
    tree: TestTree, documented: Documented, disabling: Disabling, tables: _Tables
) -> list[Link]:
    found: list[Link] = []
    for path, scanned in tree.modules:
        found += links_of(path, scanned, documented)
        for case, refs in zip(scanned.cases, scanned.refs, strict=True):
            if not case.ops:
                continue
            listed: list[Link] = []
            if case.cls in disabling.names_of:
                listed = ops_links(path, case, disabling.names_of[case.cls], documented)
            found += listed
            db = tables.get() if any(kind == OPDB for kind, _, _ in refs) else None
            if db is not None:
                named = {link.api for link in listed}  # a disabled list's names come first
                found += [
                    link
                    for link in table_links(path, case, refs, db, documented)
                    if link.api not in named
                ]
    return found


def _tree_for(
    version: str,
    refs: dict[str, str],
    request: TestsRequest,
    trees: dict[str, TestTree],
    cache: ScanCache,
    product: Products,
    jobs: int | None,
    errors: list[str],
) -> TestTree:
    ref = refs.get(version)
    key = ref if ref is not None else ""
    if key not in trees:
        if ref is None:
            tree = working_tree(request.tests, cache, product, jobs)
        else:
            tree = tree_at_ref(request.git_repo, ref, request.tests, cache, product, jobs)
        errors += tree.errors
        trees[key] = tree
    return trees[key]


def _list(
    version: str,
    given: dict[str, str],
    tree: TestTree,
    product: Products,
    errors: list[str],
    read: dict[str, DisabledList | None],
) -> DisabledList | None:
    """The disabled list that applies to `version`: among those --disabled
    gives it, else its test tree's (checker.testmap.disabled.list_for); each
    file read once, and only when a version takes it."""
    files = _files_given(given[version]) if version in given else list(tree.list_files)
    names = {path: DisabledList(path, _release(path), ()) for path, _ in files}
    chosen = list_for(list(names.values()), version)
    if chosen is None:
        return None
    if chosen.path not in read:
        wanted = [(path, data) for path, data in files if path == chosen.path]
        lists, failed = read_lists(wanted, product)
        errors += failed
        read[chosen.path] = lists[0] if lists else None
    return read[chosen.path]


def _release(path: str) -> str | None:
    from pathlib import PurePosixPath

    release = release_of(PurePosixPath(path).name)
    return release if isinstance(release, str) else None


def _files_given(path: str) -> list[tuple[str, bytes]]:
    """The disabled lists at --disabled's PATH: the file, or every list under the folder."""
    root = Path(path)
    if root.is_file():
        files = [root]
    elif root.is_dir():
        files = sorted(p for p in root.rglob("*") if p.is_file() and is_list(p.name))
    else:
        raise UsageError(message(N_("--disabled: no such file or folder {path}"), path=path))
    return [(str(file), file.read_bytes()) for file in files]


def _products(catalogue: Catalogue) -> Products:
    """A disabled list's product name (`A2`, `910A`) as a catalogue id, or None."""

    def product(name: str) -> str | None:
        return (
            catalogue.by_name(name) or catalogue.by_name(f"Atlas {name}") or catalogue.by_npu(name)
        )

    return product


def _held(rules: list[Link], apis: set[str], tree: TestTree) -> list[Link]:
    """The rules' links of the documented APIs whose test file the tree holds
    (a rule names it from the repository's root, the tree may be `test/` or
    `ref:test`): a test the tree lacks backs nothing there."""
    paths = [path for path, _ in tree.modules]
    return [
        link
        for link in rules
        if link.api in apis
        and any(
            path == link.path or path.endswith((f"/{link.path}", f":{link.path}")) for path in paths
        )
    ]


def map_rules(ready: Prepared) -> list[Expectation]:
    """The rules whose `test` backs their API in `tests` and `lint --tests`:
    the shipped ones and the configuration's (verify maps with its own)."""
    files = shipped_rule_files() + [Path(name) for name in ready.config.rules]
    return load_rules(files, ready.catalogue)


def _rule_links(rules: Sequence[Expectation]) -> list[Link]:
    """A rule's `test` backs its API (kind `rule`)."""
    found: list[Link] = []
    for rule in rules:
        if rule.test:
            path = rule.test.split("::", 1)[0]
            found.append(Link(rule.api, rule.test, RULE, 0, True, None, path))
    return found


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
    product = _products(ready.catalogue)
    options = replace(settings.reading, refs=()).options()  # the cache and workers only
    cache = ScanCache(options.cache.folder if options.cache else None)
    refs = dict(request.test_refs)
    tree = _tree_for(version, refs, request, {}, cache, product, options.jobs, errors)
    listed = _list(version, dict(request.disabled), tree, product, errors, {})
    disabling = Disabling(listed)
    links = _links(tree, Documented(apis), disabling, _Tables(cache)) + _held(
        _rule_links(map_rules(ready)), apis, tree
    )
    return VersionLinks(tree, tuple(links), disabling)
