"""The rules' expectations (`[[rule]]` `expect`: the shipped rules/*.toml, a
docs root's .docs-check.toml, the configuration's `rules`) against the pages
lint reads. What a page says of a product is a static fact, and so is what a
rule expects of it: a mismatch is `doc-differs-from-rule` wherever pages are
checked, the pre-commit hook's batches of single pages included, not only in
`verify`.

The pages judged are those verify's cross-check judges (checker.verify
.crosscheck, which shares `compared` and the messages): in each version a
rule checks (its `versions`, else every version whose folder has its `doc`),
the rule's page and every other page of that version documenting its API. A
finding is at the line that states the product (the table row, the block
item, the status line), with the message verify gives the verdict.

These findings depend on the rule files, which the page cache's key does not
cover: they are never kept with a page's own findings (checker.checks.reuse),
and cost a look at the entries of the few pages of the rules' APIs."""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Sequence, Set
from functools import partial
from typing import TYPE_CHECKING

from checker.i18n import N_, message
from checker.model.catalogue import Catalogue
from checker.model.expectation import Expectation, compared
from checker.model.finding import Finding, finding
from checker.model.support import Entry, Page
from checker.model.verdict import DIFFERS
from checker.model.words import STATUS_WORDS, word_message

if TYPE_CHECKING:
    from checker.checks.reuse import Reuse


def differs_detail(documented: str, expected: str) -> str:
    return message(
        N_("docs say {documented}, the rule expects {expected}"),
        documented=word_message(STATUS_WORDS, documented),
        expected=word_message(STATUS_WORDS, expected),
    )


def verdict_said(api: str, version: str, product: str, verdict: str, detail: str) -> str:
    """`torch.x 2.12.0 on atlas-a3: failed: zero value`: a verdict as one line,
    in verify's reports and as lint's finding. Every report shows the verdict's
    id beside its message, so the message says it only when nothing else is
    said (`torch.x 2.12.0 on atlas-a3: consistent`)."""
    return message(
        N_("{api} {version} on {product}: {said}"),
        api=api,
        version=version,
        product=product,
        said=detail or verdict,
    )


def expectation_findings(
    rules: Sequence[Expectation],
    pages: Sequence[Page],
    catalogue: Catalogue,
    context: Sequence[Page] = (),
    reuse: Reuse | None = None,
) -> list[Finding]:
    """`doc-differs-from-rule` on `pages`. `context`: the other pages of their
    version folders (a page linted alone), which tell which versions have a
    rule's page. `reuse` (checker.checks.reuse): the APIs a page documents,
    which a warm run has without decoding the page, so that only the pages of
    a rule's API are looked at; and what the rules found on a page at a ref,
    found once for its blob and the rules that judge it, and with a store
    kept from run to run (a warm history decodes none of its pages for it)."""
    if not rules:
        return []
    names = (lambda page: reuse.names(page).once) if reuse else _documented
    # (tree, docs root, version) -> its pages' file names
    named: dict[tuple[str, str, str], set[str]] = {}
    for page in (*pages, *context):
        at = (page.tree, page.root, page.version)
        named.setdefault(at, set()).add(os.path.basename(page.path))
    by_api: dict[str, list[Expectation]] = {}
    for rule in rules:
        by_api.setdefault(rule.api, []).append(rule)
    found: list[Finding] = []
    for page in pages:
        documented = names(page)
        apis = [api for api in by_api if api in documented]
        if not apis:  # most pages: none of the rules' APIs
            continue
        files = named[page.tree, page.root, page.version]
        judged = [
            rule
            for api in apis
            for rule in by_api[api]
            if (page.version in rule.versions if rule.versions else rule.doc in files)
        ]
        if not judged:
            continue
        judge = partial(_judged, page, judged, catalogue)
        if reuse is None:
            found += [_placed(f, page) for f in judge()]
        else:
            found += reuse.placed("expect", [page], judge, tuple(map(repr, judged)))
    return found


def _judged(page: Page, judged: Sequence[Expectation], catalogue: Catalogue) -> list[Finding]:
    """The rules' findings on the page, named by paths inside its tree."""
    return [
        found
        for entry in page.entries
        for rule in judged
        if entry.api == rule.api
        for found in _differences(rule, page, entry, catalogue)
    ]


def _placed(found: Finding, page: Page) -> Finding:
    return dataclasses.replace(found, path=page.path) if page.tree else found


def _documented(page: Page) -> Set[str]:
    return {entry.api for entry in page.entries}


def _differences(
    rule: Expectation, page: Page, entry: Entry, catalogue: Catalogue
) -> list[Finding]:
    return [
        finding(
            DIFFERS,
            entry.path,
            entry.line_of(product),
            verdict_said(
                rule.api, entry.version, product, DIFFERS, differs_detail(documented, expected)
            ),
            rule.api,
        )
        for product, documented, expected in compared(rule, page, entry, catalogue)
        if documented != expected
    ]
