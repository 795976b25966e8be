"""Static rules over the support model. Reading already reported what it found
in the text (unreadable statuses, unknown products, block house rules); these
rules judge the model. Every finding is then told the API of the entry it is
on, which ignores and baselines match by, that entry's heading line and the
docs version of its page."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import TYPE_CHECKING

from checker.checks.collection import (
    check_lang_parity,
    check_product_sets,
    documented_again,
    duplicates_among,
)
from checker.checks.entries import check_entry
from checker.checks.expected import expectation_findings
from checker.checks.named_versions import check_mentions
from checker.checks.reuse import Reuse, Store
from checker.model.catalogue import Catalogue
from checker.model.checked import Kept
from checker.model.finding import Finding
from checker.model.placed import with_api
from checker.model.query import by_folder
from checker.model.support import Page
from checker.model.version import page_release, path_key

if TYPE_CHECKING:
    from checker.model.expectation import Expectation


def lint_pages(
    pages: Sequence[Page],
    catalogue: Catalogue,
    context: Sequence[Page] = (),
    store: Store | None = None,
    rules: Sequence[Expectation] = (),
    found: Mapping[tuple[str, str], Kept] | None = None,
) -> list[Finding]:
    """Findings on `pages`. `context`: other pages of their versions, which the
    cross-page rule reads too, so that a page linted alone is told what it is
    told in a lint of the whole tree. `rules`: the rules whose `expect` the
    pages are held to (checker.checks.expected; verify judges them itself).

    Over the refs of a history most pages are the same blob ref after ref, and
    most version folders the same pages: a page's own rules run once per blob
    and a folder's cross-page rules once per set of blobs, and what they find
    is placed at each ref that has them (`Reuse`). `store`: where a page's own
    findings are kept from run to run (the page cache's), and so are what a
    whole run finds (`Reuse.whole`); `found`: what the page rules found where
    the pages were read (a read with `PageRules(page_rules)`), which is not
    run again."""
    reuse = Reuse(store, found)
    check = partial(_checked, pages, catalogue, context, rules, reuse)
    return reuse.whole(pages, context, tuple(map(repr, rules)), check)


def _checked(
    pages: Sequence[Page],
    catalogue: Catalogue,
    context: Sequence[Page],
    rules: Sequence[Expectation],
    reuse: Reuse,
) -> list[Finding]:
    """What the rules find on `pages`, sorted, besides what reading found
    (`Page.findings`), which `Reuse.whole` adds."""
    findings: list[Finding] = []
    for page in pages:
        findings.extend(reuse.own(page, partial(page_rules, page, catalogue)))
    if context:
        # The whole tree's order, which decides which of two entries is "first".
        every = sorted([*pages, *context], key=lambda page: (page.tree, path_key(page.path)))
        asked = {page.path for page in pages}
        for group in by_folder(every).values():
            findings.extend(f for f in _across(group, catalogue, reuse) if f.path in asked)
    else:
        for group in by_folder(pages).values():
            findings.extend(_across(group, catalogue, reuse))
    # the rules' expectations: not kept with a page's own findings (they
    # depend on the rule files), but apart, keyed by the rules that judge the
    # page; its pages found from the names the page rules kept
    findings.extend(expectation_findings(rules, pages, catalogue, context, reuse))
    return sorted(with_api(findings, pages, reuse.heads))


def page_rules(page: Page, catalogue: Catalogue) -> list[Finding]:
    """The rules that read one page alone, its reading's findings aside: run
    where the page is read, when its read is given them (model.checked).

    They run once per blob and path, kept in the page cache under those
    alone, and a page at a ref is read bare (by its path inside the tree):
    so they take the page as read, wherever they run. notes-product's
    products of a plain 是 are then those of a release folder's release, and
    at a git ref those of a current page: to follow the ref's release, a
    page's own findings would have to be kept under it too."""
    found = [*check_product_sets(page), *check_mentions(page)]
    products = catalogue.scope_at(page_release(page.inside))
    for entry in page.entries:
        found.extend(check_entry(entry, catalogue, products))
    return found


def _across(folder: Sequence[Page], catalogue: Catalogue, reuse: Reuse) -> list[Finding]:
    """The rules that compare the entries of one tree's version folder, once
    for the same blobs."""
    return reuse.across(folder, partial(_compared, folder, catalogue, reuse))


def _compared(folder: Sequence[Page], catalogue: Catalogue, reuse: Reuse) -> list[Finding]:
    """Only the pages holding a name documented twice are compared for
    duplicate-api (found from the pages' names, and once for the same holding
    blobs: most changes to a folder change none of them; where every page of
    the folder holds one, the folder's own entry keeps them), and only
    folders of both languages for lang-parity. Named by paths inside the tree."""
    repeated, holding = documented_again(folder, reuse.names)
    twice = tuple(sorted((lang, api) for (_, lang, _), apis in repeated.items() for api in apis))
    compare = partial(duplicates_among, repeated, holding, catalogue)
    if len(holding) == len(folder):  # kept as the folder's (`_across`), under the same blobs
        found = list(compare())
    else:
        found = reuse.inside_tree("duplicate-api", holding, lambda: list(compare()), twice)
    if len({page.lang for page in folder}) > 1:
        found = found + list(check_lang_parity(folder, catalogue))
    return found
